"""Small-to-big passages: widen the chunks that matched into the text of their section around them, merging the
section's other matched chunks, and for a short parent section add its subsections, within a character budget."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulespal.chunking import blocks
from rulespal.rulebook import Rulebook, Section

PER_HIT_CHARS = 1200
TOTAL_CHARS = 5000
SHORT_PARENT = 300  # a section whose own text is shorter than this is read with its subsections


@dataclass(frozen=True)
class Passage:
    """Text returned for a hit: the matched span widened within its section (and subsections)."""

    text: str
    span: str
    covered: tuple[str, ...]  # sections whose whole text the passage holds


def _matched(spans: Sequence[tuple[int, int]], budget: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The best span and, best first, each other matched span that fits: joined to it when the text between
    fits too, else as a piece of its own."""
    (lo, hi), pieces = spans[0], list[tuple[int, int]]()
    for start, end in spans[1:]:
        apart = sum(e - s + 2 for s, e in pieces)
        clear = all(end <= a or start >= b for a, b in [(lo, hi), *pieces])
        if max(hi, end) - min(lo, start) + apart <= budget:
            lo, hi = min(lo, start), max(hi, end)
        elif clear and hi - lo + apart + end - start + 2 <= budget:
            pieces.append((start, end))
    return (lo, hi), pieces


def _widen(text: str, core: tuple[int, int], budget: int) -> tuple[int, int]:
    """The window around the core: blocks it partly holds taken whole, then neighbouring blocks, within budget."""
    lo, hi = core
    units = blocks(text)
    for start, end in units:  # a block the window only partly holds is taken whole when it fits
        if start < hi and end > lo and max(hi, end) - min(lo, start) <= budget:
            lo, hi = min(lo, start), max(hi, end)
    before = [b for b in units if b[1] <= lo][::-1]
    after = [b for b in units if b[0] >= hi]
    while before or after:
        grown = False
        for side in (before, after):
            if side and max(hi, side[0][1]) - min(lo, side[0][0]) <= budget:
                start, end = side.pop(0)
                lo, hi, grown = min(lo, start), max(hi, end), True
        if not grown:
            break
    return lo, hi


def _union(parts: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(parts):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _descendants(book: Rulebook, section: Section) -> list[Section]:
    return [s for s in book.sections if s.id.startswith(section.id + "/")]


def _piece(section: Section) -> str:
    return f"{section.title}\n{section.text}".strip()


def _siblings(book: Rulebook, section: Section) -> tuple[list[Section], list[Section]]:
    """Sections sharing the parent, before (nearest first) and after."""
    kin = [s for s in book.sections if s.parent_id == section.parent_id and s.level == section.level]
    at = kin.index(section)
    return kin[:at][::-1], kin[at + 1:]


def _subsections(book: Rulebook, section: Section, room: int, matched: Sequence[str]) -> list[Section]:
    """The subsections of a section that fit into `room` characters, in reading order: those the search
    matched first (best first), then the others in reading order."""
    family = _descendants(book, section)
    rank = {sid: n for n, sid in enumerate(matched)}
    taken: list[Section] = []
    for child in sorted(family, key=lambda s: rank.get(s.id, len(rank))):
        if len(_piece(child)) + 2 <= room:
            taken.append(child)
            room -= len(_piece(child)) + 2
        elif child.id not in rank:
            break
    return sorted(taken, key=family.index)


def build(book: Rulebook, section: Section, spans: Sequence[tuple[int, int]], budget: int = PER_HIT_CHARS,
          matched: Sequence[str] = ()) -> Passage:
    """The passage for a section hit: spans are the matched (start, end) offsets in the section text, best first
    (none, or (0, 0), for a heading-only section). It holds the best span, the section text around it (with
    other matched spans too far away to join it as pieces of their own, in reading order), and when the
    whole section fits, the subsections of a short section (those among the `matched` section ids first) or
    else its nearest sibling sections, within `budget` characters (never less than the best span)."""
    text = section.text
    spans = [s for s in spans if s[1] > s[0]] or [(0, min(len(text), budget))]
    span = text[spans[0][0]:spans[0][1]]
    limit = max(budget, spans[0][1] - spans[0][0])
    core, pieces = _matched(spans, limit)
    window = _widen(text, core, limit - sum(end - start + 2 for start, end in pieces))
    parts = _union([window, *pieces])
    own = "\n\n".join(text[a:b] for a, b in parts) if window[1] > window[0] else section.title
    gaps = zip([0] + [end for _start, end in parts], [start for start, _end in parts] + [len(text)], strict=True)
    if any(text[a:b].strip() for a, b in gaps):  # part of the section left out
        return Passage(own, span or section.title, ())
    used, covered = len(own), [section.id]
    before: list[str] = []
    after: list[str] = []
    if len(text) < SHORT_PARENT:
        for child in _subsections(book, section, budget - used, matched):
            after.append(_piece(child))
            covered.append(child.id)
            used += len(after[-1]) + 2
    if len(covered) == 1:  # no subsections taken: read the section with its nearest siblings
        earlier, later = _siblings(book, section)
        for side, kin in ((after, later[:1]), (before, earlier[:1]), (after, later[1:2]), (before, earlier[1:2])):
            for sibling in kin:
                if used + len(_piece(sibling)) + 2 <= budget:
                    side.append(_piece(sibling))
                    covered.append(sibling.id)
                    used += len(side[-1]) + 2
    parent = book.section(section.parent_id) if section.parent_id else None
    if len(covered) == 1 and parent is not None and parent.text.strip() and used + len(_piece(parent)) + 2 <= budget:
        before.append(_piece(parent))  # a lone subsection is read after the rule it qualifies
        covered.append(parent.id)
    text_out = "\n\n".join([*before[::-1], own, *after])
    return Passage(text_out, span or section.title, tuple(covered))
