"""A Cational Meographic position: a player's board, the tile being placed and the photo missions in play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cational_meographic.components import Cell, LandscapeTile, Mission, Tile, show_cell
from engine.cational_meographic.parsing import (
    read_bool,
    read_card_fields,
    read_cell,
    read_landscape,
    read_list,
    read_object,
)
from engine.cational_meographic.rulings import ruling
from engine.kit import Loc, PositionError, Problems, read_int

TILE_FIELDS = ("at", "type", "pawints")
MISSION_FIELDS = ("name", "pawints", "pattern")
MISSION_OPTIONAL = ("bonus", "covered")


@dataclass(frozen=True)
class Position:
    """Board tiles by space (no two on one space), the placed tile, and the missions in play."""

    board: Mapping[Cell, LandscapeTile]
    placed: Tile
    missions: tuple[Mission, ...]


def _read_tile(value: Any, loc: Loc, problems: Problems) -> Tile | None:
    obj = read_object(value, loc, problems, TILE_FIELDS)
    if obj is None:
        return None
    at = read_cell(obj["at"], loc + ("at",), problems) if "at" in obj else None
    landscape = read_landscape(obj, loc, problems)
    return Tile(at, landscape) if at is not None and landscape is not None else None


def _read_board(value: Any, problems: Problems) -> dict[Cell, LandscapeTile]:
    board: dict[Cell, LandscapeTile] = {}
    index_of: dict[Cell, int] = {}
    for i, item in enumerate(read_list(value, ("board",), problems, "tiles") or []):
        tile = _read_tile(item, ("board", i), problems)
        if tile is None:
            continue
        if tile.at in board:
            problems.add(("board", i, "at"), f"space {show_cell(tile.at)} already holds board[{index_of[tile.at]}] "
                                             f"({board[tile.at]}); two tiles can never share a space")
            continue
        board[tile.at] = tile.landscape
        index_of[tile.at] = i
    return board


def _read_mission(value: Any, loc: Loc, problems: Problems) -> Mission | None:
    obj = read_object(value, loc, problems, MISSION_FIELDS, MISSION_OPTIONAL)
    if obj is None:
        return None
    card = read_card_fields(obj, loc, problems, pattern_required=True)
    bonus = read_int(obj["bonus"], loc + ("bonus",), problems, 0) if "bonus" in obj else 0
    covered = read_bool(obj["covered"], loc + ("covered",), problems) if "covered" in obj else False
    if card is None or bonus is None or covered is None:
        return None
    return Mission(card, bonus, covered)


def parse_position(doc: Any) -> Position:
    """Validate a position document and return it, or raise PositionError listing every problem found."""
    problems = Problems()
    obj = read_object(doc, (), problems, ("board", "placed"), ("missions",))
    if obj is None:
        raise PositionError(problems.errors)
    board = _read_board(obj["board"], problems) if "board" in obj else {}
    placed = _read_tile(obj["placed"], ("placed",), problems) if "placed" in obj else None
    missions = [_read_mission(m, ("missions", i), problems)
                for i, m in enumerate(read_list(obj.get("missions", []), ("missions",), problems, "photo missions")
                                      or [])]
    _check_covering(missions, problems)
    problems.raise_if_any()
    if placed is None:  # unreachable: a missing or bad tile was recorded above
        raise PositionError(problems.errors)
    return Position(board, placed, tuple(m for m in missions if m is not None))


def _check_covering(missions: list[Mission | None], problems: Problems) -> None:
    """At most one card is half-covered, by one card whose bonus is the covered card's Pawints (rulings R2, R4)."""
    covered = [(i, m) for i, m in enumerate(missions) if m is not None and m.covered]
    covering = [(i, m) for i, m in enumerate(missions) if m is not None and m.bonus]
    for i, m in covered:
        if m.bonus:
            problems.add(("missions", i), f"{m.card.name!r} is both covered (covered: true) and covering another card "
                                          f"(bonus: {m.bonus}); a half-covered card lies under another, never on top")
    for (first, _), (i, _) in zip(covered, covered[1:], strict=False):
        problems.add(("missions", i, "covered"), f"missions {first} and {i} are both covered; at most one card is "
                                                 f"half-covered at a time ({ruling('R2')})")
    for (first, _), (i, _) in zip(covering, covering[1:], strict=False):
        problems.add(("missions", i, "bonus"), f"missions {first} and {i} both carry a bonus; only the one card "
                                               f"covering the half-covered card does ({ruling('R4')})")
    if covering and not covered:
        i, m = covering[0]
        problems.add(("missions", i, "bonus"), f"bonus {m.bonus} says {m.card.name!r} covers a card, but no mission is "
                                               f"covered: list the covered card with covered: true, or give bonus 0")
    if len(covered) == 1 and len(covering) == 1 and covered[0][0] != covering[0][0]:
        (i, low), (j, top) = covered[0], covering[0]
        if top.bonus != low.card.pawints:
            problems.add(("missions", j, "bonus"),
                         f"bonus {top.bonus} differs from the {low.card.pawints} Pawints of the covered card "
                         f"missions[{i}] {low.card.name!r}; the bonus is the covered card's Pawints ({ruling('R4')})")
    if covered and not covering and covered[0][1].card.pawints:
        i, low = covered[0]
        problems.add(("missions", i, "covered"), f"{low.card.name!r} is covered, but no mission carries its "
                                                 f"{low.card.pawints} Pawints as bonus: give the covering card "
                                                 f"bonus: {low.card.pawints}")
