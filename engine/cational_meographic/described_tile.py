"""A tile placement described in a player's words, read into a `score_tile` document ("I placed a x3 meadow; it
touches a x1 meadow, a x4 meadow and a x2 river, and it finished a x5 mission: how many Pawints?"; "Mountain tile,
x3. Edge neighbours: one mountain x4. Corner-only neighbour: a mountain x1. It finished the x5 mission card.").

Each value said ('x3', '3-pawint', 'worth 3', 'a 3 forest') is a tile when a landscape type goes with it (or 'same
type' / 'different type', or 'one worth 2' after 'two other forests') and a photo mission card when a mission word
goes with it. The first tile is the one placed; the others touch it along an edge unless their clause, or the label
they are listed under ('Corner-only neighbour:'), says corner or diagonal. Missions not mentioned are none (the
engine's lines say so). Read only when the question asks for the Pawints and everything is accounted for: every
number, every landscape word, as many cards as it says were completed, at most four edge neighbours; a covered card
and its bonus, a tile without its value or type, a tile placed after others are named, a hedge or a negation: not
read, and the answer stays the quoted rule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.cational_meographic.rules import TILE_PAWINTS
from engine.cational_meographic.tile_value import SIDES
from engine.words import doubts, plain

OPERATION = "score_tile"
SAME, OTHER = "\0same", "\0other"  # a neighbour's type said only in relation to the placed tile
PLACED = "placed"  # the placed tile's type when only relations are said ('a x2 touching a same-type x1')

_ASKS = re.compile(r"\bhow (?:many|much)\b|\btotal\b|\bwhat (?:do|did) i (?:get|score|earn)\b|\bwhat(?:'s| is) "
                   r"(?:that|it|my score) worth\b|\bscor(?:e|es|ed|ing)\b|\bpoints?\b|\bpawints?\b|\bearn\b")
_PLACE = re.compile(r"\b(?:plac(?:e|ed|es|ing)|put(?:ting)?|laid|lay(?:ing)?|play(?:ed|ing)?|drop(?:ped|ping)?|"
                    r"add(?:ed|ing)?)\b")
_DOUBT = doubts("cover(?:s|ed|ing)?", "bonus", "half", "title", "rounds?", "aliens?", "end of (?:the )?game",
                "so far", "already have", "some", "few", "several", "any(?! photo missions?\b| missions?\b)",
                "dunno", "unknown", "forgot", "no idea", "guess", "if i")
_N = r"[1-9]"
_VALUES = re.compile(
    rf"\bx\s?(?P<a>{_N})\b|\b(?P<b>{_N})\s?x\b|\((?:x\s?)?(?P<c>{_N})\)|\b(?P<d>{_N})[- ]?pawints?\b|"
    rf"\b(?:worth|valued? (?:at )?|of value|with a value of|showing)\s(?P<e>{_N}|one)\b(?:\s?pawints?\b)?|"
    rf"\bwith (?P<f>{_N}) pawints?\b|\b(?:an?|another|the|one|and)\s(?P<g>{_N})(?=\s+[a-z]{{3,}})")
_NOT_TYPE = frozenset(
    "tile tiles one ones the and but then that this with its it's which next beside touching touches touch touched "
    "adjacent also plus another other more new just placed place put played laid dropped added got have has mission "
    "missions card cards photo shape shapes pawint pawints point points worth valued value same different matching "
    "type landscape terrain kind total for from into onto above below left right side sides edge edges corner "
    "corners diagonal diagonally only both all are was were is now there here what how many much get score earn "
    "completes completed complete completing finishes finished finish finishing scoring gives give gets along each "
    "sits sit sitting shares share showing neighbour neighbours neighbor neighbors too".split())
_RELATIVE_AFTER = re.compile(r"\s*(?:(?:tile|one)\s+)?(?:of\s+)?(?:the\s+|a\s+)?(?P<rel>same|matching|different|other)"
                             r"(?:[- ](?:landscape|type|terrain|kind))?(?:\s+(?:landscape|type|terrain|kind))?\b")
_RELATIVE_BEFORE = re.compile(r"\b(?P<rel>same|matching|different|other)[- ](?:landscape|type|terrain|kind)"
                              r"(?:\s+tile)?\s+$")
_TYPE_AFTER = re.compile(r"\s+(?:tile\s+)?(?P<w>[a-z]{3,})")
_TYPE_BEFORE = re.compile(r"(?P<w>[a-z]{3,})(?:\s+tile)?(?:\s+(?:is|was))?(?:\s+only)?\s*,?\s*$")
_PRONOUN = re.compile(r"\bone\s+$")  # 'one worth 1 and one worth 2', after 'two other forests'
_PLURAL = re.compile(r"\b(?P<n>[2-4])\s+(?:other\s+|more\s+)?(?P<w>[a-z]{3,}s)\b")
_MISSION = re.compile(r"\b(?:photo\s+)?(?:missions?|mission cards?|cards?|objectives?|goals?)\b")
_MISSION_COUNT = re.compile(r"\b(?P<n>[2-4]|both)\s+(?:different\s+|separate\s+|photo\s+)*(?:missions?|mission cards|"
                            r"cards)\b")
_NO_MISSION = re.compile(r"\bno (?:photo )?missions?(?: (?:cards?|completed|done|this (?:turn|time)))?\b|"
                         r"\b(?:didn'?t|did not|doesn'?t|does not|won'?t) (?:complete|finish|score) (?:any|a) "
                         r"(?:photo )?missions?\b|\bnothing (?:got )?(?:completed|finished)\b")
_SHAPES = re.compile(r"\b(?:both|[2-9]) (?:of (?:the|its) )?(?:shapes|patterns)\b")
_CORNER = re.compile(r"\bdiagonal(?:ly)?\b|\bcorners?\b")
_SENTENCES = re.compile(r"[.;!?]")
_CLAUSES = re.compile(r"[.;!?()]|,|\band\b|\bbut\b|\bwhile\b")
_ALL_SIDES = re.compile(r"\ball (?P<n>4) (?:of its )?(?:sides|edges)\b")
_LABEL = re.compile(r"[^.;!?:,]*:")  # 'Edge neighbours:', 'corner:'
_SAME_LIST = re.compile(  # 'same type tiles touching it are a x2, a x3 and a x4': each of the list is same-type
    r"\b(?:the\s+)?same[- ](?:type|landscape|kind|terrain)\s+(?:tiles?|ones?|neighbou?rs?)\s+(?:touching it|next to it|"
    r"around it|beside it|adjacent(?: to it)?|it touches)\s*(?:are|:)\s+"
    r"(?P<list>an?\s+x[1-9](?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)an?\s+x[1-9])*)")
_MISSION_AFTER = re.compile(r"(?:\s+[a-z]+){0,2}?\s+(?:photo\s+)?(?:missions?|mission cards?|cards?)\b")


@dataclass
class _Value:
    value: int
    start: int
    end: int
    type: str | None = None
    mission: bool = False
    copies: int = 1
    corner: bool = False


def _typed(text: str, m: re.Match[str], plurals: list[re.Match[str]]) -> _Value:
    """A value with the landscape type said with it, if any (the span grown to cover it)."""
    said = next(v for v in m.groupdict().values() if v)
    found = _Value(1 if said == "one" else int(said), m.start(), m.end())
    before_text = text[:m.start()]
    if m.group("g"):  # 'a 2 forest': the bare number stands before its type
        found.start = m.start("g")
    relative = _RELATIVE_AFTER.match(text, m.end())
    after = _TYPE_AFTER.match(text, m.end())
    relative_before = _RELATIVE_BEFORE.search(before_text)
    before = _TYPE_BEFORE.search(text[:found.start])
    pronoun = _PRONOUN.search(text[:found.start])
    if relative:
        found.type, found.end = SAME if relative.group("rel") in ("same", "matching") else OTHER, relative.end()
    elif after and after.group("w") not in _NOT_TYPE:
        found.type, found.end = after.group("w"), after.end()
    elif relative_before:
        found.type = SAME if relative_before.group("rel") in ("same", "matching") else OTHER
        found.start = relative_before.start()
    elif before and before.group("w") not in _NOT_TYPE and not m.group("g"):
        found.type, found.start = before.group("w"), before.start()
    elif pronoun and plurals and plurals[-1].end() <= found.start:
        found.type, found.start = _singular(plurals[-1].group("w")), pronoun.start()
    count = re.search(r"\b(?P<n>[2-4])\s+(?:more\s+|other\s+)?$", text[:found.start])
    if count and found.type and found.type != _singular(found.type):  # 'two x2 forests'
        found.copies, found.start = int(count.group("n")), count.start()
    return found


def _values(text: str) -> list[_Value]:
    plurals = list(_PLURAL.finditer(text))
    found = []
    for m in _VALUES.finditer(text):
        value = _typed(text, m, [p for p in plurals if p.end() <= m.start()])
        if value.type is None and m.group("g"):
            continue  # 'a 2' with no landscape after it: not a value
        found.append(value)
    return found


def _roles(text: str, values: list[_Value]) -> bool:
    """Mark the mission cards; False when a bare value is neither a tile nor a card (the first, the placed tile,
    may be given without its type)."""
    for i, v in reversed(list(enumerate(values))):
        if v.type is not None:
            continue
        sentence_start = max([0, *(m.end() for m in _SENTENCES.finditer(text, 0, v.start))])
        after = _MISSION_AFTER.match(text, v.end)  # 'a x5 mission', 'the x3 photo mission card'
        earlier = list(_MISSION.finditer(text, sentence_start, v.start))
        tiles_between = earlier and any(w.type is not None and earlier[-1].end() <= w.start < v.start
                                        for w in values[:i])
        listed = i + 1 < len(values) and values[i + 1].mission and re.fullmatch(
            r"\s*(?:,|and|,\s*and|&|\+)\s*", text[v.end:values[i + 1].start])  # 'the x5 and x3 missions'
        v.mission = bool(after) or bool(earlier and not tiles_between) or bool(listed)
        if not v.mission and i > 0:
            return False
    return True


def _corners(text: str, neighbours: list[_Value]) -> bool:
    """Mark the neighbours touching only at a corner: listed under a corner label ('Corner-only neighbour: ...', up to
    the sentence's end), or alone in a clause that says corner or diagonal ('a x1 sits diagonally, corner to
    corner'); False when such a clause names several neighbours, or none after an edge neighbour."""
    sentences = [0, *(m.end() for m in _SENTENCES.finditer(text)), len(text)]
    labels = [m for m in _LABEL.finditer(text) if _CORNER.search(m.group())]
    for label in labels:
        end = min((b for b in sentences if b > label.end()), default=len(text))
        for n in neighbours:
            if label.end() <= n.start < end:
                n.corner = True
    bounds = [0, *(m.end() for m in _CLAUSES.finditer(text)), len(text)]
    for m in _CORNER.finditer(text):
        if any(label.start() <= m.start() < label.end() for label in labels):
            continue
        low = max(b for b in bounds if b <= m.start())
        high = min(b for b in bounds if b >= m.end())
        inside = [n for n in neighbours if low <= n.start < high]
        if not inside and re.search(r"\b(?:one of|either|which|one)\b", text[low:high]):
            return False  # 'one of them diagonally': which one?
        if not inside:  # 'just corner to corner', '(diagonal only)': about the neighbour just named
            start = max(b for b in sentences if b <= m.start())
            inside = [n for n in neighbours if start <= n.start < m.start()][-1:]
        if len(inside) != 1:
            return False
        inside[0].corner = True
    return True


def _missions(text: str, cards: list[_Value]) -> list[dict[str, Any]] | None:
    """The completed cards, once each; None when the words say another number of cards, or name a card without its
    Pawints ('and I finished a mission')."""
    sentences = [0, *(m.end() for m in _SENTENCES.finditer(text)), len(text)]
    for word in _MISSION.finditer(text):
        low = max(b for b in sentences if b <= word.start())
        high = min(b for b in sentences if b > word.start())
        if not any(low <= card.start < high for card in cards):
            return None
    said = list(_MISSION_COUNT.finditer(text))
    if any((2 if m.group("n") == "both" else int(m.group("n"))) != len(cards) for m in said):
        return None
    shapes = _SHAPES.search(text)
    if shapes and not cards:
        return None
    read: list[dict[str, Any]] = []
    for card in cards:
        near = shapes and card.start - 60 <= shapes.start() <= card.end + 60
        read.append({"pawints": card.value} | ({"shapes": 2} if near and len(cards) == 1 else {}))
    return read


def describe_tile(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_tile document a question describes in full, or None when any part of it is not accounted for."""
    text = plain(question).replace("×", "x")
    text = _SAME_LIST.sub(lambda m: "it touches " + re.sub(r"\b(an?)\s+x", r"\1 same-type x", m.group("list")), text)
    none_said = bool(_NO_MISSION.search(text))
    text = _NO_MISSION.sub(lambda m: " " * len(m.group()), text)
    if not _ASKS.search(text) or _DOUBT.search(text):
        return None
    values = _values(text)
    if not _roles(text, values):
        return None
    tiles = [v for v in values if not v.mission]
    cards = [v for v in values if v.mission]
    low, high = TILE_PAWINTS
    if any(not low <= t.value <= high for t in tiles):
        return None  # no tile shows that value: a misreading or a slip
    if not tiles or (none_said and cards) or tiles[0].type in (SAME, OTHER):
        return None
    placed, *neighbours = tiles
    if neighbours and _PLACE.search(text, neighbours[0].start):
        return None  # a tile placed after others were named: which one is new?
    if not _corners(text, neighbours):
        return None
    all_sides = _ALL_SIDES.search(text)
    for n in neighbours:  # 'all four of its sides touch x4 lakes'
        if n.copies == 1 and n.type and n.type != _singular(n.type):
            if not all_sides or len(neighbours) != 1:
                return None
            n.copies = int(all_sides.group("n"))
    missions = _missions(text, cards)
    if missions is None or sum(n.copies for n in neighbours if not n.corner) > SIDES:
        return None
    if not _accounted(text, values):
        return None
    mine = _singular(placed.type) if placed.type else PLACED
    read = []
    for n in neighbours:
        if n.type is None or (n.type not in (SAME, OTHER) and mine == PLACED):
            return None
        kind = mine if n.type == SAME else f"not {mine}" if n.type == OTHER else _singular(n.type)
        read += [{"type": kind, "pawints": n.value} | ({"touch": "corner"} if n.corner else {})] * n.copies
    return OPERATION, {"tile": {"type": mine, "pawints": placed.value}, "neighbours": read, "missions": missions}


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _accounted(text: str, values: list[_Value]) -> bool:
    """Every number is a value read, and every landscape word belongs to a value read (or to 'two other forests'
    that 'one worth 1 and one worth 2' go on to list)."""
    spans = [(v.start, v.end) for v in values]
    spans += [m.span() for m in _PLURAL.finditer(text)
              if any(v.start > m.end() and v.type == _singular(m.group("w")) for v in values)]
    spans += [m.span() for m in _ALL_SIDES.finditer(text)] + [m.span() for m in _MISSION_COUNT.finditer(text)]
    spans += [m.span() for m in _SHAPES.finditer(text)]
    if any(not any(s <= d.start() and d.end() <= e for s, e in spans) for d in re.finditer(r"\d+", text)):
        return False
    types = {_singular(v.type) for v in values if v.type not in (None, SAME, OTHER)}
    if not types:
        return True
    words = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in sorted(types)) + r")s?\b")
    return all(any(s <= w.start() < e for s, e in spans) for w in words.finditer(text))
