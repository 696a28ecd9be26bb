"""A scoring card's stars from the counts a player states instead of the map: the village clusters' sizes for
Shieldgate and Wildholds, the side of the largest all-filled square for Lost Barony. Only cards whose score those
counts settle; every other card needs the map (`score`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cartographers.cards import find_scoring_card
from engine.cartographers.edicts import (
    LOST_BARONY_EACH,
    SHIELDGATE_EACH,
    WILDHOLDS_EACH,
    WILDHOLDS_SIZE,
    lost_barony_points,
    shieldgate_points,
    wildholds_points,
)
from engine.cartographers.grid import SIZE
from engine.cartographers.position import check_keys, require_object
from engine.kit import Problems, read_int, shown
from engine.protocol import Breakdown, PositionError, ScoreLine


def _shieldgate(sizes: list[int]) -> tuple[int, str]:
    ranked = sorted(sizes, reverse=True)
    if len(ranked) < 2:
        return 0, f"{len(ranked)} village cluster(s); a second-largest needs two: 0"
    tie = " (tied with the largest)" if ranked[0] == ranked[1] else ""
    points = shieldgate_points(sizes)
    return points, (f"village cluster sizes {', '.join(map(str, ranked))}; second largest{tie}: {ranked[1]} spaces × "
                     f"{SHIELDGATE_EACH} = {points}")


def _wildholds(sizes: list[int]) -> tuple[int, str]:
    big = sum(1 for size in sizes if size >= WILDHOLDS_SIZE)
    points = wildholds_points(sizes)
    return points, (f"village cluster sizes {', '.join(map(str, sorted(sizes, reverse=True)))}; "
                    f"{big} of {WILDHOLDS_SIZE}+ spaces × {WILDHOLDS_EACH} = {points}")


def _lost_barony(side: int) -> tuple[int, str]:
    points = lost_barony_points(side)
    return points, f"largest filled square {side}×{side}: {side} × {LOST_BARONY_EACH} = {points}"


# card -> (the count it takes, what the count is, its scorer)
COUNTED_CARDS: dict[str, tuple[str, str, Callable[[Any], tuple[int, str]]]] = {
    "Shieldgate": ("clusters", "the sizes of the village clusters", _shieldgate),
    "Wildholds": ("clusters", "the sizes of the village clusters", _wildholds),
    "Lost Barony": ("square", "the side of the largest square of filled spaces", _lost_barony),
}


def score_edict_counts(doc: Any) -> dict[str, Any]:
    """The `edict_counts` answer: one scoring card's stars from the counts that settle it."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("card", "clusters", "square"), (), problems)
    name = doc.get("card")
    card = find_scoring_card(name) if isinstance(name, str) else None
    if card is None or card.name not in COUNTED_CARDS:
        problems.add(("card",), f"expected one of {', '.join(COUNTED_CARDS)} (the other cards need the map), "
                                f"got {shown(name)}")
        raise PositionError(problems.errors)
    key, what, scorer = COUNTED_CARDS[card.name]
    for other in {"clusters", "square"} - {key}:
        if other in doc:
            problems.add((other,), f"{card.name} does not count this; give {key}: {what}")
    value: Any = None
    if key not in doc:
        problems.add((key,), f"required: {what}")
    elif key == "square":
        value = read_int(doc[key], (key,), problems, 1, SIZE)
    elif not isinstance(doc[key], list):
        problems.add((key,), f"expected a list of cluster sizes, got {shown(doc[key])}")
    else:
        value = [read_int(size, (key, i), problems, 1, SIZE * SIZE) for i, size in enumerate(doc[key])]
    problems.raise_if_any()
    points, detail = scorer(value)
    return Breakdown((ScoreLine(f"card:{card.slug}", card.name, points, card.rule_ref, detail),),
                     {"card": card.name}).to_dict()
