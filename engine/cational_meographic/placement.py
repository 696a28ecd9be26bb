"""Placement legality: the first tile goes anywhere, later tiles need an edge shared with a board tile."""

from __future__ import annotations

from collections.abc import Mapping

from engine.cational_meographic.components import Cell, LandscapeTile, show_cell
from engine.cational_meographic.rules import CORNER_NEIGHBOURS, EDGE_NEIGHBOURS, REF_PLACEMENT
from engine.protocol import Reason, Verdict


def neighbours(board: Mapping[Cell, LandscapeTile], at: Cell,
               offsets: tuple[tuple[str, int, int], ...] = EDGE_NEIGHBOURS) -> list[tuple[str, Cell, LandscapeTile]]:
    """Return the board tiles next to a space as (direction, space, tile), edge neighbours by default."""
    found = []
    for direction, dr, dc in offsets:
        space = (at[0] + dr, at[1] + dc)
        if space in board:
            found.append((direction, space, board[space]))
    return found


def valid_spaces(board: Mapping[Cell, LandscapeTile]) -> list[Cell]:
    """Return the empty spaces sharing an edge with the board, sorted by row then column."""
    return sorted({(r + dr, c + dc) for r, c in board for _, dr, dc in EDGE_NEIGHBOURS} - board.keys())


def _listed(found: list[tuple[str, Cell, LandscapeTile]]) -> str:
    return ", ".join(f"{tile} at {show_cell(space)} ({direction})" for direction, space, tile in found)


def _verdict(legal: bool, code: str, message: str, summary: str) -> Verdict:
    return Verdict(legal, (Reason(code, message, REF_PLACEMENT),), summary)


def check_placement(board: Mapping[Cell, LandscapeTile], at: Cell) -> Verdict:
    """Judge whether a tile may be placed on space `at` of a board."""
    where = show_cell(at)
    if not board:
        return _verdict(True, "first_tile", f"The board is empty, so the first tile may go anywhere, including "
                                            f"{where}.", f"Legal: {where} holds the first tile.")
    if at in board:
        return _verdict(False, "occupied", f"Space {where} already holds {board[at]}; a tile can only go on an empty "
                                           "space.", f"Illegal: {where} is occupied.")
    edges = neighbours(board, at)
    if edges:
        return _verdict(True, "adjacent", f"{where} shares an edge with {_listed(edges)}.",
                        f"Legal: {where} touches the board along an edge.")
    corners = neighbours(board, at, CORNER_NEIGHBOURS)
    if corners:
        return _verdict(False, "corner_only", f"{where} touches {_listed(corners)} only at a corner; corner contact is "
                                              "not enough, at least one edge must touch a tile already placed.",
                        f"Illegal: {where} touches the board only at a corner.")
    return _verdict(False, "not_adjacent", f"{where} touches no tile; every tile after the first must share at least "
                                           "one edge with a tile already placed.",
                    f"Illegal: {where} is away from the board.")
