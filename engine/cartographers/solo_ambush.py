"""Solo ambushes: where the monster shape goes on your own map, or that the card is disregarded.

Reading (docs/rulings.md, C3): the monster shape keeps its printed orientation. Its bounding box starts in the card's
solo corner; candidate positions walk the map edge (the box touching the outer ring) in the arrow's direction
(clockwise or counterclockwise as seen on the sheet) until the whole ring is tried, then the next ring inward, and so
on. The first position whose cells are all empty is used. If none exists, the ambush card is disregarded (the solo
rules have no 1x1 fallback)."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import AmbushCard, find_playable_card
from engine.cartographers.grid import SIZE, Board, cell_of, fmt_cells, index
from engine.cartographers.placement import normalise
from engine.cartographers.position import check_keys, parse_grid, parse_map, require_object
from engine.cartographers.rules import REF_SOLO_AMBUSH
from engine.kit import PositionError, Problems, shown

# Solo start corner -> (bottom row?, right column?) of the rectangle of candidate box positions.
_CORNERS = {"top-left": (0, 0), "top-right": (0, 1), "bottom-right": (1, 1), "bottom-left": (1, 0)}


def _ring_walk(height: int, width: int, ring: int, corner: str, arrow: str) -> list[tuple[int, int]]:
    """Top-left anchors of a height x width box touching ring `ring`, walked from `corner` in the arrow direction."""
    top, bottom = ring, SIZE - ring - height
    left, right = ring, SIZE - ring - width
    if top > bottom or left > right:
        return []
    loop = [(top, c) for c in range(left, right + 1)] + [(r, right) for r in range(top + 1, bottom + 1)]
    loop += [(bottom, c) for c in range(right - 1, left - 1, -1)] + [(r, left) for r in range(bottom - 1, top, -1)]
    loop = list(dict.fromkeys(loop))
    row_end, col_end = _CORNERS[corner]
    start = loop.index((bottom if row_end else top, right if col_end else left))
    step = 1 if arrow == "clockwise" else -1
    return [loop[(start + step * k) % len(loop)] for k in range(len(loop))]


def solo_ambush_placement(board: Board, ambush: AmbushCard) -> tuple[tuple[int, ...], int | None]:
    """The cells the solo rule fills with monsters and the ring they lie on; ((), None) when disregarded."""
    shape = normalise(ambush.shape.cells)
    height = 1 + max(r for r, _ in shape)
    width = 1 + max(c for _, c in shape)
    ring = 0
    while anchors := _ring_walk(height, width, ring, ambush.solo_start_corner, ambush.arrow):
        for top, left in anchors:
            cells = tuple(sorted(index(top + r, left + c) for r, c in shape))
            if not any(board.filled(i) for i in cells):
                return cells, ring
        ring += 1
    return (), None


def solo_ambush_cells(board: Board, ambush: AmbushCard) -> tuple[int, ...]:
    """Where the solo rule puts an ambush's monsters; () when the card is disregarded."""
    return solo_ambush_placement(board, ambush)[0]


def run_solo_ambush(doc: Any) -> dict[str, Any]:
    """Where a solo ambush's monsters go on the given sheet, or that the card is disregarded."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("map", "grid", "card"), (), problems)
    side = parse_map(doc.get("map"), ("map",), problems)
    board = parse_grid(doc.get("grid"), side, ("grid",), problems)
    value = doc.get("card")
    card = find_playable_card(value) if isinstance(value, str) else None
    if not isinstance(card, AmbushCard):
        problems.add(("card",), f"expected an ambush card (Goblin Attack, Bugbear Assault, Kobold "
                                f"Onslaught, Gnoll Raid), got {shown(value)}")
    if problems or board is None or not isinstance(card, AmbushCard):
        raise PositionError(problems.errors)
    cells, ring = solo_ambush_placement(board, card)
    start = f"start at the {card.solo_start_corner} corner, shape as printed, moving {card.arrow}"
    if not cells:
        return {"card": card.name, "disregarded": True, "cells": [], "rule_ref": REF_SOLO_AMBUSH,
                "detail": f"{card.name}: {start}; the shape fits on no ring of the map, so the ambush card is "
                          f"disregarded (no monster is drawn; solo play has no 1x1 fallback)."}
    where = "on the outer ring" if ring == 0 else f"on ring {ring} (counting the outer ring as 0)"
    return {"card": card.name, "disregarded": False, "cells": [list(cell_of(i)) for i in cells], "ring": ring,
            "corner": card.solo_start_corner, "arrow": card.arrow, "rule_ref": REF_SOLO_AMBUSH,
            "grid_after": board.drawn(cells, "X").rows(),
            "detail": f"{card.name}: {start}; the first position where every space is empty is {where}: monsters "
                      f"at {fmt_cells(cells)}."}
