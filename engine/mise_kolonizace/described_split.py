"""A tie over an area whose worth the player already knows, read into a `score_area` document ("blue and me both have
2 cosmonauts in the swamp, it's worth 13: who gets the odd point?"; "three of us tie on cosmonauts in a 10 point
area, how does that work?"; "me and jana tied on cosmonauts in an area worth 13"). Read only when the worth and the
number of tied players are both said outright (a bare "we tied" is not a count) and every number is one of them or
the tied players' cosmonauts."""

from __future__ import annotations

import re
from typing import Any

from engine.words import doubts, plain

OPERATION = "score_area"
ASKER = "you"
_WORTH = re.compile(r"\bworth (?P<n>\d+)(?: points?| pts)?(?: (?:total|in total|altogether))?\b|"
                    r"\b(?P<m>\d+)[- ]point (?:area|forest|meadow|swamp)\b")
_TIED = (
    re.compile(r"\b(?P<k>\d+) of us (?:are )?(?:tie|tied|tying)\b|\b(?P<w>\d+)[- ]way tie\b|"
               r"\b(?:the )?(?P<t>2|both) of us (?:are )?(?:tie|tied)\b"),
    re.compile(r"\b(?:(?:my )?(?P<who>[a-z]+) and (?:i|me)|(?:i|me) and (?:my )?(?P<who2>[a-z]+)) (?:both )?"
               r"(?:have|got) (?:exactly )?(?P<c>\d+|one|a) cosmonauts?(?: each)?\b"),
    re.compile(r"\b(?:(?:my )?(?P<who3>[a-z]+) and (?:i|me)|(?:i|me) and (?:my )?(?P<who4>[a-z]+)) (?:are )?"
               r"(?:tie|tied|tying)\b"),  # two named players tied: their counts are equal, whatever they are
    re.compile(r"\b(?:i |we )?(?:tie|tied|tying)(?: (?P<a>\d+)-(?P<b>\d+))?(?: on (?:cosmonauts|guys|people|"
               r"astronauts))? with (?:my )?(?P<who5>[a-z]+)\b"),  # 'tied 2-2 on cosmonauts with petr'
)
_ASKS = re.compile(r"\bwho gets\b|\bhow much\b|\bodd (?:point|one|number)\b|\bsplit\b|\bdivid|\bshar|"
                   r"\bhow (?:does|do) (?:that|it|we)\b|\bhow many\b|\bwhat do (?:i|we)(?: each)? get\b|\bmy share\b|"
                   r"\bremainder\b|\bleft ?over\b|\bwhat if\b|\bwhat happens\b")
_DOUBT = doubts("about", "around", "some", "few", "plus", "more", "most", "majority", "aliens?", "tiles?",
                "lasers?", "neighbou?r(?:s|ing)?")


def describe_split(question: str) -> tuple[str, dict[str, Any]] | None:
    """The score_area document of a tie over an area of known worth, or None."""
    text = plain(question)
    if not _ASKS.search(text) or _DOUBT.search(text):
        return None
    worths = list(_WORTH.finditer(text))
    if len(worths) != 1:
        return None
    worth = int(worths[0].group("n") or worths[0].group("m"))
    said = [worths[0].span()]
    players: int | None = None
    cosmonauts: int | None = None
    name = "player2"
    for pattern in _TIED:
        for m in pattern.finditer(text):
            if players is not None:
                return None  # the tie said twice: read only one way of saying it
            count = m.groupdict()
            if count.get("k") or count.get("w") or count.get("t"):
                players = 2 if count.get("t") == "both" else int(count.get("k") or count.get("w") or count["t"])
            elif count.get("who3") or count.get("who4"):
                players, name = 2, count.get("who3") or count["who4"]
            elif count.get("who5"):
                if count.get("a") != count.get("b"):
                    return None  # '3-2' is no tie
                players, name = 2, count["who5"]
                cosmonauts = int(count["a"]) if count.get("a") else None
            else:
                players, cosmonauts = 2, 1 if count["c"] in ("one", "a") else int(count["c"])
                name = count["who"] or count["who2"]
            said.append(m.span())
    if players is None or players < 2 or cosmonauts == 0:
        return None
    if any(not any(s <= d.start() and d.end() <= e for s, e in said) for d in re.finditer(r"\d+", text)):
        return None  # a number that is neither the worth nor the tie
    each = cosmonauts or 1
    tied = {ASKER: each} | ({name: each} if players == 2 else {f"player{i}": each for i in range(2, players + 1)})
    return OPERATION, {"area": {"worth": worth, "cosmonauts": tied}, "for": ASKER}
