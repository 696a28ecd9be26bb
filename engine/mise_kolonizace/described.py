"""A closed area described in a player's words, read into a `score_area` document ("I just closed a 3-tile forest
with my cosmonaut in it; green lasers join it to a 2-tile swamp with an alien and to the space base. How many
points?"). Read only when every number, area, alien, cosmonaut and laser colour in the question is accounted for;
anything else (another player's cosmonauts, a tie, an area named without its size, a neighbour whose laser is not
said, a hedge or negation) is not read, and the answer stays the quoted rule. The space base needs its laser said too:
its own sides are green, but the other tile's side may carry a red laser."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.mise_kolonizace.rules import BASE_KIND
from engine.words import doubts, numbers, plain

OPERATION = "score_area"
_ONE = r"(?:\d+|one|a single)"
_KIND = r"(?:cosmic |radioactive |bubbling )?(?P<kind>forest|meadow|swamp)"
_SIZED = (
    re.compile(rf"\b(?P<n>{_ONE})[- ](?:tiles?|squares?)[- ](?:(?:big|large|sized?|long) )?(?:of )?{_KIND}s?\b"),
    re.compile(rf"\b{_KIND}(?: area)? (?:of|with|that'?s|that is|which is|made of|covering) (?P<n>{_ONE}) "
               r"(?:tiles?|squares?)\b"),
    re.compile(rf"\b(?P<n>{_ONE}) {_KIND} tiles\b"),
)
_BASE = re.compile(r"\b(?:the |a )?(?:space ?base|starting tile)\b")
_LEFTOVER_AREA = re.compile(r"\b(?:forest|meadow|swamp|base)s?\b")
_CLOSES_BEFORE = re.compile(r"\b(?:clos(?:e|es|ed|ing)|seal(?:s|ed|ing)?|complet(?:e|es|ed|ing)|finish(?:es|ed|ing)?)"
                            r"\s+(?:off\s+|up\s+)?(?:(?:a|an|my|the|this|that|our)\s+)?$")
_CLOSED_AFTER = re.compile(r"^\s*(?:(?:that|which)\s+)?(?:i\s+|we\s+)?(?:just\s+)?(?:is\s+|gets\s+|got\s+|was\s+|"
                           r"has been\s+)?(?:now\s+|just\s+)?(?:closed|sealed|completed|finished)\b")
_ALIENS = re.compile(r"\b(?P<n>\d+|an?|one|no)\s+(?:other\s+)?aliens?\b")
_NO_ALIENS_ANYWHERE = re.compile(r"\s*(?:anywhere|at all|in any of (?:them|it|these|those))\b")
_ALIEN_GAP = re.compile(r"^\s*,?\s*(?:with|having|that has|which has|containing|and)\s+"
                        r"(?:my (?:own )?cosmonaut(?: in it)?\s+and\s+)?$")
_ALIEN_TAIL = re.compile(r"\s+(?:in|on|inside)\s+(?:it|there|them)\b")
_COSMONAUT_OK = re.compile(
    r"\bmy (?:own |single |only |lone )?cosmonauts?\b|"
    r"\b(?:i'?m|i am) the only (?:one|player) (?:with|that has|who has) (?:a |any |my )?cosmonauts?\b|"
    r"\bonly (?:i|me) (?:have|has|got) (?:a |any )?cosmonauts?\b|"
    r"\bi(?: have|'ve got| got) (?:a|the only) cosmonauts?\b")
_COSMONAUT = re.compile(r"\bcosmonauts?\b")
_DOUBT = doubts("no one", "nobody", "tie", "tied", "ties", "share", "shared", "split", "both", "each", "equal",
                "opponent", "someone", "other player")
_ASKS_POINTS = re.compile(r"\bhow (?:many|much)\b|\bworth\b|\btotal\b|\bscor(?:e|es|ed|ing)\b|\bpoints?\b")
_COLOUR = r"(?P<c>green|red)"
_LASER_NOUN = r"(?:\s+(?:lasers?|borders?|lines?|edges?|walls?))?"
_LASER_COUNT = re.compile(rf"\b(?P<n>\d+)\s+{_COLOUR}\b")
_POST = re.compile(rf"^\W*(?:(?:only|just|also)\s+)?(?:through|via|by|across|over|behind|with|using)\s+"
                   rf"(?:(?:\d+|a|an|one|several|multiple|its|the)\s+)?{_COLOUR}{_LASER_NOUN}")
_PRE = re.compile(rf"\b{_COLOUR}{_LASER_NOUN}\s+(?:[a-z']+\s+){{0,3}}?(?:to|into|onto|with|borders|touches|meets|"
                  r"reaches)\s+(?:(?:a|an|the|another)\s+)?$")  # 'by green lasers to a', 'green lasers link it to'
_LIST = re.compile(r"^\W*(?:and|plus|as well as|&)\s+(?:also\s+)?(?:to\s+|with\s+)?(?:(?:a|an|the|another)\s+)?$")


@dataclass
class _Area:
    kind: str
    tiles: int
    start: int
    end: int
    aliens: int | None = None
    laser: str | None = None
    laser_shared: bool = False  # the colour came before it ('by green lasers to A and B'), so a list shares it
    spans: list[tuple[int, int]] = field(default_factory=list)


def _count(word: str) -> int:
    return 1 if word in ("a", "an", "one", "a single") else 0 if word == "no" else int(word)


def _areas(text: str) -> list[_Area] | None:
    found: list[_Area] = []
    for pattern in _SIZED:
        for m in pattern.finditer(text):
            found.append(_Area(m.group("kind"), _count(m.group("n")), m.start(), m.end()))
    for m in _BASE.finditer(text):
        found.append(_Area(BASE_KIND, 1, m.start(), m.end()))
    found.sort(key=lambda a: a.start)
    if any(b.start < a.end for a, b in zip(found, found[1:], strict=False)):
        return None  # two readings of the same words
    rest = text
    for area in found:
        rest = rest[:area.start] + " " * (area.end - area.start) + rest[area.end:]
    return None if _LEFTOVER_AREA.search(rest) else found


def _attach_aliens(text: str, areas: list[_Area], used: list[tuple[int, int]]) -> bool:
    for m in _ALIENS.finditer(text):
        count = _count(m.group("n"))
        if count == 0 and _NO_ALIENS_ANYWHERE.match(text, m.end()):
            for area in areas:
                if area.aliens is None:
                    area.aliens = 0
            used.append((m.start(), m.end()))
            continue
        before = [a for a in areas if a.end <= m.start()]
        if not before or before[-1].aliens is not None or not _ALIEN_GAP.match(text[before[-1].end:m.start()]):
            return False
        owner = before[-1]
        owner.aliens = count
        tail = _ALIEN_TAIL.match(text, m.end())
        owner.spans.append((owner.end, tail.end() if tail else m.end()))
        used.append((m.start(), m.end()))
    return len(re.findall(r"\baliens?\b", text)) == len(used)


def _lasers(text: str, areas: list[_Area]) -> bool:
    said: set[int] = set()  # where the colours read are
    for j, area in enumerate(areas[1:], start=1):
        previous = areas[j - 1]
        start = max([previous.end, *(e for _, e in previous.spans)])
        pre = text[start:area.start]
        own_end = max([area.end, *(e for _, e in area.spans)])
        post = text[own_end:areas[j + 1].start if j + 1 < len(areas) else len(text)]
        before, after = _PRE.search(pre), _POST.match(post)
        colours = {m.group("c") for m in (before, after) if m}
        if len(colours) > 1:
            return False
        said |= {start + m.start("c") for m in (before,) if m} | {own_end + m.start("c") for m in (after,) if m}
        if after:
            area.spans.append((own_end, own_end + after.end()))
        if colours:
            area.laser, area.laser_shared = colours.pop(), bool(before)
        elif j > 1 and previous.laser_shared and _LIST.match(pre):
            area.laser, area.laser_shared = previous.laser, True
        if area.laser is None:
            return False
    return said == {m.start() for m in re.finditer(r"\b(?:green|red)\b", text)}  # no colour left unread


def _closed_first(text: str, areas: list[_Area]) -> bool:
    first = areas[0]
    return first.kind != BASE_KIND and bool(_CLOSES_BEFORE.search(text[:first.start])
                                            or _CLOSED_AFTER.match(text[first.end:]))


def _all_numbers_read(text: str, areas: list[_Area], used: list[tuple[int, int]]) -> bool:
    spans = used + [(a.start, a.end) for a in areas]
    spans += [(m.start(), m.end()) for m in _LASER_COUNT.finditer(text)]
    for m in numbers(text):
        if not any(s <= m.start() and m.end() <= e for s, e in spans):
            return False
    return True


def describe(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_area document a question describes in full, or None when any part of it is not accounted for."""
    text = plain(question)
    if not _ASKS_POINTS.search(text) or _DOUBT.search(text):
        return None
    areas = _areas(text)
    if not areas or len(areas) < 1 or not _closed_first(text, areas):
        return None
    used: list[tuple[int, int]] = []
    if not _attach_aliens(text, areas, used) or not _lasers(text, areas):
        return None
    mine = [(m.start(), m.end()) for m in _COSMONAUT_OK.finditer(text)]
    if len(mine) != len(_COSMONAUT.findall(text)):
        return None  # someone else's cosmonauts, or a count of them: who takes the area is not read here
    if not _all_numbers_read(text, areas, used + mine):
        return None
    closed, *others = areas
    area: dict[str, Any] = {"kind": closed.kind, "tiles": closed.tiles, "aliens": closed.aliens or 0}
    neighbours = [{"kind": BASE_KIND, "laser": a.laser} if a.kind == BASE_KIND else
                  {"kind": a.kind, "tiles": a.tiles, "aliens": a.aliens or 0, "laser": a.laser} for a in others]
    return OPERATION, {"area": area, "neighbours": neighbours}
