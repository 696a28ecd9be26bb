"""Scoring a placed tile from its description (its type and value, the tiles touching it and the photo missions it
completed), for when the player describes the placement instead of laying out the board."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.cational_meographic.components import LandscapeTile
from engine.cational_meographic.parsing import read_landscape, read_list, read_object
from engine.cational_meographic.rules import REF_PHOTO_MISSIONS
from engine.cational_meographic.rulings import ruling
from engine.cational_meographic.scoring import (
    corner_refusal,
    earned_line,
    not_earned_line,
    own_line,
    qualifies,
    refusal,
)
from engine.kit import Loc, Problems, read_int
from engine.protocol import Breakdown, ScoreLine

SIDES = 4  # a square tile has 4 edge neighbours and 4 corner neighbours at most
TOUCHES = ("edge", "corner")


def _tile(value: Any, loc: Loc, problems: Problems, optional: tuple[str, ...] = ()) -> tuple[LandscapeTile | None,
                                                                                             Mapping[str, Any]]:
    obj = read_object(value, loc, problems, ("type", "pawints"), optional)
    return (None, {}) if obj is None else (read_landscape(obj, loc, problems), obj)


def _neighbours(value: Any, problems: Problems) -> list[tuple[LandscapeTile, str]]:
    items = read_list(value, ("neighbours",), problems, "tiles touching the placed one") or []
    read: list[tuple[LandscapeTile, str]] = []
    for i, item in enumerate(items):
        tile, obj = _tile(item, ("neighbours", i), problems, ("touch",))
        touch = obj.get("touch", "edge")
        if touch not in TOUCHES:
            problems.add(("neighbours", i, "touch"), f"expected how it touches the placed tile, edge or corner, "
                                                     f"got {touch!r}")
        elif tile is not None:
            read.append((tile, touch))
    for touch in TOUCHES:
        count = sum(t == touch for _, t in read)
        if count > SIDES:
            problems.add(("neighbours",), f"a tile has {SIDES} {touch} neighbours at most, got {count}")
    return read


def _missions(value: Any, problems: Problems) -> list[ScoreLine]:
    items = read_list(value, ("missions",), problems, "completed photo mission cards") or []
    lines: list[ScoreLine] = []
    for i, item in enumerate(items):
        loc: Loc = ("missions", i)
        obj = read_object(item, loc, problems, ("pawints",), ("bonus", "shapes"))
        if obj is None:
            continue
        printed = read_int(obj["pawints"], loc + ("pawints",), problems, 0) if "pawints" in obj else None
        bonus = read_int(obj.get("bonus", 0), loc + ("bonus",), problems, 0)
        shapes = read_int(obj.get("shapes", 1), loc + ("shapes",), problems, 1)
        if printed is None or bonus is None or shapes is None:
            continue
        notes = [f"Worth ×{printed}" + (f" printed + {bonus} bonus from the card it covers = {printed + bonus} "
                                        f"({ruling('R4')})." if bonus else ".")]
        if shapes > 1:
            notes.append(f"The tile completed {shapes} of its shapes; the card still scores only once "
                         f"({ruling('R12')}).")
        lines.append(ScoreLine(f"mission:{i + 1}", f"Photo mission ×{printed}", printed + bonus, REF_PHOTO_MISSIONS,
                               " ".join(notes)))
    return lines


def score_tile(doc: Any) -> dict[str, Any]:
    """The `score_tile` answer: a placed tile's own Pawints, each edge neighbour of the same type with equal or fewer
    Pawints, and each photo mission card it completed (once per card)."""
    problems = Problems()
    fields = read_object(doc, (), problems, ("tile",), ("neighbours", "missions")) or {}
    placed, _ = _tile(fields.get("tile"), ("tile",), problems) if "tile" in fields else (None, {})
    touching = _neighbours(fields.get("neighbours", []), problems)
    missions = _missions(fields.get("missions", []), problems)
    problems.raise_if_any()
    assert placed is not None  # a missing or unreadable tile is a problem raised above
    lines = [own_line(placed, str(placed))]
    refused: list[str] = []
    for tile, touch in touching:
        where = f"{tile} ({'sharing an edge' if touch == 'edge' else 'at a corner'})"
        if touch == "edge" and qualifies(tile, placed):
            lines.append(replace(earned_line(tile, placed, where), label=f"Adjacency Pawints: {tile}"))
        elif touch == "edge":
            refused.append(refusal(tile, placed, where))
        elif qualifies(tile, placed):
            refused.append(corner_refusal(where))
    lines += [not_earned_line(refused)] if refused else []
    lines += missions or [ScoreLine("missions", "Photo missions: none completed", 0, REF_PHOTO_MISSIONS,
                                    "No completed photo mission card was given.")]
    return Breakdown(tuple(lines)).to_dict()
