"""A scoring card given by the counts that settle it, read into an `edict_counts` document ("shieldgate: my village
clusters are 5, 5 and 3, how many stars?"; "lost barony, my biggest filled square is 4 by 4"). Read only when one
such card is named, points are asked, and every number is a cluster size of the one list or the square's side; a
number someone else claims ("my friend says 6") is left out of the reading, a hedge or negation stops it."""

from __future__ import annotations

import re
from typing import Any

from engine.cartographers.cards import CARD_NAMES
from engine.cartographers.edict_counts import COUNTED_CARDS
from engine.cartographers.grid import CELL_COUNT, SIZE
from engine.words import doubts, numbers, plain

OPERATION = "edict_counts"
_ASKS = re.compile(r"\bhow (?:many|much)\b|\bworth\b|\bpts\b|\bpoints?\b|\bstars?\b|\bscor(?:e|es|ing)\b|"
                   r"\bwhat do i get\b")
_DOUBT = doubts("about", "around", "some", "few", "plus", "more", "most", "another", "other than", "if i")
# a claim someone makes ('buddy says 2nd biggest is the 3 so 6 pts', 'i say it's the other 5'), up to its sentence's end
_CLAIM = re.compile(r"\b(?:says?|said|thinks?|claims?|reckons?)\b[^.?!]*")
_SIZES = re.compile(r"\b(?:clusters?|groups?|blobs?|villages?)\b(?:\s+(?:are|is|of|sized|sizes?|:))*\s*[:=]?\s*"
                    r"(?P<list>\d+(?:\s*(?:,|and|&|\+)\s*(?:and\s+)?\d+)+)")
_COUNT = re.compile(r"\b(?P<n>\d+) (?:village )?(?:clusters|groups|blobs|villages)\b")
_SQUARE = re.compile(r"\b(?P<a>\d+)\s*(?:by|x|×)\s*(?P<b>\d+)\b")


def describe_edict(question: str) -> tuple[str, dict[str, Any]] | None:
    """The edict_counts document of a counted scoring card, or None."""
    text = _CLAIM.sub(" ", plain(question))
    named = [name for name, pattern in CARD_NAMES if pattern.search(text)]
    if len(named) != 1 or named[0] not in COUNTED_CARDS or not _ASKS.search(text) or _DOUBT.search(text):
        return None
    card = named[0]
    key = COUNTED_CARDS[card][0]
    value: list[int] | int
    if key == "clusters":
        lists = list(_SIZES.finditer(text))
        if len(lists) != 1:
            return None
        said, value = lists[0].span("list"), [int(n) for n in re.findall(r"\d+", lists[0].group("list"))]
    else:
        squares = [m for m in _SQUARE.finditer(text) if m.group("a") == m.group("b")]
        if len(squares) != 1:
            return None
        said, value = squares[0].span(), int(squares[0].group("a"))
    counted = _COUNT.search(text)  # '3 village blobs: 6, 6 and 3': the clusters counted before they are listed
    if counted and isinstance(value, list) and int(counted.group("n")) == len(value):
        said_too = [said, counted.span("n")]
    else:
        said_too = [said]
    if any(not any(s <= m.start() < e for s, e in said_too) for m in numbers(text)):
        return None  # a number the reading does not explain
    sizes = value if isinstance(value, list) else [value]
    if min(sizes) < 1 or sum(sizes) > CELL_COUNT or (key == "square" and max(sizes) > SIZE):
        return None  # more than the map holds: a misreading, not a map
    return OPERATION, {"card": card, key: value}
