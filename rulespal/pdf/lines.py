"""Glyphs into text segments (runs on one baseline), rows of segments into lines; running headers and footers out."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulespal.pdf.glyphs import Glyph, RawPage

SEGMENT_GAP = 0.8  # a horizontal gap wider than this many font sizes ends a segment (table cells, columns)
WORD_GAP = 0.15  # a gap wider than this many font sizes between glyphs is a space even when no space is drawn
MARGIN_BAND = 0.09  # headers and footers live in the top and bottom 9% of the page
_PAGE_NUMBER = re.compile(r"^(?:page|p\.|seite|pág\.?)?\s*[-–—(]?\s*#\s*(?:(?:/|of|von|de)\s*#)?\s*[-–—)]?$", re.I)


@dataclass(frozen=True)
class Word:
    """A word with its left edge and whether every glyph is bold."""

    text: str
    x0: float
    bold: bool


@dataclass(frozen=True)
class Segment:
    """Glyphs drawn one after another on one baseline without a wide gap; also a whole line once rows are merged."""

    page: int
    words: tuple[Word, ...]
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool
    mono: bool

    @property
    def text(self) -> str:
        """The words joined by single spaces."""
        return " ".join(w.text for w in self.words)


def _segment(page: int, glyphs: Sequence[Glyph]) -> Segment:
    words: list[Word] = []
    current: list[Glyph] = []
    for glyph in [*glyphs, None]:
        spaced = current and glyph is not None and glyph.x0 - current[-1].x1 > WORD_GAP * glyph.size
        if glyph is not None and glyph.char.strip() and not spaced:
            current.append(glyph)
            continue
        if current:
            words.append(Word("".join(g.char for g in current), current[0].x0, all(g.bold for g in current)))
        current = [glyph] if glyph is not None and glyph.char.strip() else []
    ink = [g for g in glyphs if g.char.strip()]  # spaces carry no trustworthy geometry
    sizes = Counter(round(g.size * 2) / 2 for g in ink)
    return Segment(page, tuple(words), ink[0].x0, max(g.x1 for g in ink), min(g.top for g in ink),
                   max(g.bottom for g in ink), sizes.most_common(1)[0][0], all(g.bold for g in ink),
                   all(g.mono for g in ink))


def segments(page: RawPage) -> list[Segment]:
    """The page's glyphs (content order) cut into segments wherever the baseline changes or a wide gap opens."""
    runs: list[list[Glyph]] = []
    for glyph in page.glyphs:
        if not glyph.char.strip():
            if runs and runs[-1]:
                runs[-1].append(glyph)  # spaces keep word breaks but never decide geometry
            continue
        last = next((g for g in reversed(runs[-1]) if g.char.strip()), None) if runs else None
        size = max(glyph.size, last.size) if last else glyph.size
        joins = (last is not None and abs(glyph.bottom - last.bottom) <= 0.3 * size
                 and -0.5 * size <= glyph.x0 - last.x1 <= SEGMENT_GAP * size)
        if joins:
            runs[-1].append(glyph)
        else:
            runs.append([glyph])
    return [_segment(page.number, run) for run in runs]


def merge_row(row: Sequence[Segment]) -> Segment:
    """Segments side by side on one row (a list marker and its text, justified gaps) as one line."""
    if len(row) == 1:
        return row[0]
    row = sorted(row, key=lambda s: s.x0)
    chars: Counter[float] = Counter()
    for seg in row:
        chars[seg.size] += sum(len(w.text) for w in seg.words)
    return Segment(row[0].page, tuple(w for s in row for w in s.words), row[0].x0, max(s.x1 for s in row),
                   min(s.top for s in row), max(s.bottom for s in row), chars.most_common(1)[0][0],
                   all(s.bold for s in row), all(s.mono for s in row))


def rows(items: Iterable[Segment]) -> list[list[Segment]]:
    """Segments grouped into rows (baselines within 0.4 of the smaller font size), top to bottom."""
    grouped: list[list[Segment]] = []
    for seg in sorted(items, key=lambda s: (s.bottom, s.x0)):
        if grouped and abs(seg.bottom - grouped[-1][0].bottom) <= 0.4 * min(seg.size, grouped[-1][0].size):
            grouped[-1].append(seg)
        else:
            grouped.append([seg])
    return grouped


def _margin_key(seg: Segment) -> str:
    return re.sub(r"\d+", "#", seg.text.lower()).strip()


def strip_running(pages: Sequence[RawPage], per_page: Sequence[list[Segment]]) -> list[list[Segment]]:
    """Drop page numbers and text repeated in the top/bottom band of at least half the pages (two at least)."""
    def in_band(seg: Segment, page: RawPage) -> bool:
        return seg.bottom < page.height * MARGIN_BAND or seg.top > page.height * (1 - MARGIN_BAND)

    seen = Counter(key for page, segs in zip(pages, per_page, strict=True)
                   for key in {_margin_key(s) for s in segs if in_band(s, page)})
    repeated = {key for key, n in seen.items() if n >= max(2, len(pages) / 2)}
    def running(seg: Segment, page: RawPage) -> bool:
        return in_band(seg, page) and (_margin_key(seg) in repeated or bool(_PAGE_NUMBER.match(_margin_key(seg))))

    return [[s for s in segs if not running(s, page)]
            for page, segs in zip(pages, per_page, strict=True)]
