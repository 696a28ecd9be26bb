"""A tile placement described in a player's words, read into a `score_tile` document ("I placed a x3 meadow; it
touches a x1 meadow, a x4 meadow and a x2 river, and it finished a x5 mission: how many Pawints?"). Read only when
the question asks for the Pawints of the placement and every number in it is a tile's value (with its landscape type,
or 'same type' / 'different type') or a completed mission card's Pawints; a tile touching only at a corner must be
said alone in its clause. Missions not mentioned are none (the engine's lines say so). Anything else (a covered card
and its bonus, a tile without its type, a tile named before the placed one, a hedge or a negation) is not read, and
the answer stays the quoted rule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.words import doubts, plain

OPERATION = "score_tile"
SAME, OTHER = "\0same", "\0other"  # a neighbour's type said only in relation to the placed tile
UNKNOWN = ""  # the placed tile's type not said: only 'same' / 'different' neighbours can then be read

_ASKS = re.compile(r"\bhow (?:many|much)\b|\btotal\b|\bwhat do i (?:get|score|earn)\b|\bwhat(?:'s| is) (?:that|it) "
                   r"worth\b|\bscor(?:e|es|ed|ing)\b|\bpoints?\b|\bpawints?\b|\bearn\b")
_PLACE = re.compile(r"\b(?:plac(?:e|ed|ing)|put(?:ting)?|laid|lay(?:ing)?|play(?:ed|ing)?|drop(?:ped|ping)?|"
                    r"add(?:ed|ing)?|set(?:ting)?|new)\b")
_DOUBT = doubts("cover(?:s|ed|ing)?", "bonus", "half", "title", "rounds?", "aliens?", "end of (?:the )?game",
                "so far", "already have", "each", "some", "few", "several", "any")
_VALUE = (r"(?:x\s?(?P<v1>[1-9])\b|(?P<v2>[1-9])\s?x\b|\((?:x\s?)?(?P<v3>[1-9])\)|(?P<v4>[1-9])[- ]?pawints?\b|"
          r"(?:worth|valued? (?:at )?|of value|with a value of)\s(?P<v5>[1-9])\b(?:\s?pawints?\b)?|"
          r"with (?P<v6>[1-9]) pawints?\b)")
_VALUE_AT = re.compile(_VALUE)
_RELATIVE = re.compile(r"\s*(?:(?:tile|one)\s+)?(?:of\s+)?(?:the\s+|a\s+)?(?P<rel>same|matching|different|other)"
                       r"(?:[- ](?:landscape|type|terrain|kind))?(?:\s+(?:landscape|type|terrain|kind))?\b")
_RELATIVE_BEFORE = re.compile(r"\b(?P<rel>same|matching|different|other)[- ](?:landscape|type|terrain|kind)"
                              r"(?:\s+tile)?\s+$")
_WORD = r"(?P<type>[a-z]{3,})"
_NOT_TYPE = frozenset(
    "tile tiles one ones the and but then that this with its it's which next beside touching touches touch touched "
    "adjacent also plus another other more new just placed place put played laid dropped added set got have has "
    "mission missions card cards photo shape shapes pawint pawints point points worth valued value same different "
    "matching type landscape terrain kind total for from into onto above below left right side sides edge edges "
    "corner corners diagonal diagonally only both all are was were is now there here what how many much get score "
    "earn completes completed complete completing finishes finished finish finishing scoring gives give gets".split())
_MISSION_WORD = re.compile(r"\b(?:photo\s+)?(?:missions?|cards?|objectives?|goals?)\b")
_MISSION_NEAR_AFTER = re.compile(r"\s*(?:-?\s*)?(?:photo\s+)?(?:missions?|mission cards?)\b")
_MISSION_NEAR_BEFORE = re.compile(r"\b(?:photo\s+)?missions?(?:\s+cards?)?\s*(?:,\s*)?$")
_NO_MISSION = re.compile(r"\bno (?:photo )?missions?(?: (?:cards?|completed|done|this (?:turn|time)))?\b|"
                         r"\b(?:didn'?t|did not|doesn'?t|does not|won'?t) (?:complete|finish|score) (?:any|a) "
                         r"(?:photo )?missions?\b")
_SHAPES = re.compile(r"\b(?:both|(?P<n>[2-9])) (?:of (?:the|its) )?(?:shapes|patterns)\b|\btwice\b")
_SAME_CARD = re.compile(r"\bsame\b[^.?!]{0,25}\bcard\b|\bone card\b")
_CORNER = re.compile(r"\bdiagonal(?:ly)?\b|\bcorners?\b")
_CLAUSE = re.compile(r"[.;:!?()]|,|\band\b|\bbut\b|\bwhile\b")
_COUNT = re.compile(r"(?P<n>[2-4])\s+(?:more\s+|other\s+)?$")
_PLURAL_AFTER = re.compile(r"\s*(?:[a-z]{3,}s|tiles)\b")


@dataclass
class _Mention:
    value: int
    start: int
    end: int
    type: str | None = None  # None: no landscape said
    mission: bool = False
    copies: int = 1
    corner: bool = False


def _mentions(text: str) -> list[_Mention]:
    found: list[_Mention] = []
    for m in _VALUE_AT.finditer(text):
        value = int(next(v for k, v in m.groupdict().items() if v))
        mention = _Mention(value, m.start(), m.end())
        after = re.compile(r"\s+(?:tile\s+)?" + _WORD).match(text, m.end())
        relative = _RELATIVE.match(text, m.end())
        before = re.search(_WORD + r"(?:\s+tile)?\s*(?:,\s*)?$", text[:m.start()])
        relative_before = _RELATIVE_BEFORE.search(text[:m.start()])
        if relative:
            mention.type, mention.end = (SAME if relative.group("rel") in ("same", "matching") else OTHER,
                                         relative.end())
        elif after and after.group("type") not in _NOT_TYPE:
            mention.type, mention.end = after.group("type"), after.end()
        elif relative_before:
            mention.type, mention.start = (SAME if relative_before.group("rel") in ("same", "matching") else OTHER,
                                           relative_before.start())
        elif before and before.group("type") not in _NOT_TYPE:
            mention.type, mention.start = before.group("type"), before.start()
        mention.mission = bool(_MISSION_NEAR_AFTER.match(text, mention.end)
                               or _MISSION_NEAR_BEFORE.search(text[:mention.start]))
        count = _COUNT.search(text[:mention.start])
        if count and _PLURAL_AFTER.match(text, m.end()) and not mention.mission:
            mention.copies, mention.start = int(count.group("n")), count.start()
        found.append(mention)
    return found


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _missions_in_lists(text: str, mentions: list[_Mention]) -> None:
    """'x5 and x3 missions': a bare value listed just before a mission is a mission too."""
    for left, right in reversed(list(zip(mentions, mentions[1:], strict=False))):
        if right.mission and left.type is None and re.fullmatch(r"\s*(?:,|and|,\s*and|&|\+)\s*",
                                                                text[left.end:right.start]):
            left.mission = True


def _corners(text: str, neighbours: list[_Mention]) -> bool:
    """Mark the neighbour said to touch only at a corner; False when a corner is said where it cannot be placed."""
    bounds = [0, *(m.end() for m in _CLAUSE.finditer(text)), len(text)]
    for m in _CORNER.finditer(text):
        low = max(b for b in bounds if b <= m.start())
        high = min(b for b in bounds if b >= m.end())
        inside = [n for n in neighbours if low <= n.start and n.end <= high]
        if len(inside) != 1:
            return False
        inside[0].corner = True
    return True


def describe_tile(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_tile document a question describes in full, or None when any part of it is not accounted for."""
    text = plain(question).replace("×", "x")
    no_mission = bool(_NO_MISSION.search(text))
    text = _NO_MISSION.sub(" ", text)
    if not _ASKS.search(text) or _DOUBT.search(text):
        return None
    mentions = _mentions(text)
    _missions_in_lists(text, mentions)
    tiles = [m for m in mentions if not m.mission]
    missions = [m for m in mentions if m.mission]
    if not tiles or (no_mission and missions):
        return None
    placed, *neighbours = tiles
    if not _PLACE.search(text[:placed.start]) or placed.copies > 1 or placed.type in (SAME, OTHER):
        return None
    if not _corners(text, neighbours):
        return None
    spans = [(m.start, m.end) for m in mentions]
    if any(not any(s <= d.start() and d.end() <= e for s, e in spans) for d in re.finditer(r"\d+", text)):
        return None  # a number that is no tile's value and no mission's Pawints
    mine = _singular(placed.type or UNKNOWN)
    read: list[dict[str, Any]] = []
    for n in neighbours:
        if n.type is None or (n.type not in (SAME, OTHER) and not mine):
            return None
        kind = mine if n.type == SAME else f"not {mine}".strip() if n.type == OTHER else _singular(n.type)
        read += [{"type": kind or "placed", "pawints": n.value} | ({"touch": "corner"} if n.corner else {})] * n.copies
    shapes = _SHAPES.search(text)
    if shapes and not (len(missions) == 1 and _SAME_CARD.search(text)):
        return None
    cards = [{"pawints": m.value} | ({"shapes": int(shapes.group("n") or 2)} if shapes else {}) for m in missions]
    return OPERATION, {"tile": {"type": mine or "placed", "pawints": placed.value}, "neighbours": read,
                       "missions": cards}
