"""Shapes on the sheet: the 8 rotations/reflections of a card's shapes and every in-bounds placement as a bit mask."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engine.cartographers.cards import AmbushCard, Cell, ExploreCard
from engine.cartographers.grid import CELL_COUNT, SIZE, index, mask_of

Card = ExploreCard | AmbushCard
# The 8 symmetries of the square: 4 rotations, then the same after a mirror.
_TRANSFORMS: tuple[Callable[[int, int], Cell], ...] = (
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r),
)


@dataclass(frozen=True)
class Placement:
    """One way to draw a card shape (or a 1x1 fallback): the flat cells, their mask, the shape index and coin."""

    cells: tuple[int, ...]
    mask: int
    shape_index: int | None
    coin: bool


def normalise(cells: list[Cell] | tuple[Cell, ...]) -> frozenset[Cell]:
    """Cells shifted so that the smallest row and column are 0."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(cells: tuple[Cell, ...]) -> tuple[frozenset[Cell], ...]:
    """The distinct rotations and reflections of a shape, normalised, in a fixed order."""
    return tuple(dict.fromkeys(normalise([t(r, c) for r, c in cells]) for t in _TRANSFORMS))


def translations(shape: frozenset[Cell]) -> list[tuple[int, ...]]:
    """Every in-bounds position of a fixed shape, as sorted flat cell tuples (row-major anchor order)."""
    height = 1 + max(r for r, _ in shape)
    width = 1 + max(c for _, c in shape)
    return [tuple(sorted(index(top + r, left + c) for r, c in shape))
            for top in range(SIZE - height + 1) for left in range(SIZE - width + 1)]


@cache
def shape_table(card: Card) -> dict[frozenset[Cell], tuple[int, bool]]:
    """Normalised oriented shape -> (index of the card shape, coin) for matching a drawn shape."""
    table: dict[frozenset[Cell], tuple[int, bool]] = {}
    for k, shape in enumerate(card.shapes):
        for oriented in orientations(shape.cells):
            table.setdefault(oriented, (k, shape.coin))
    return table


@cache
def card_placements(card: Card) -> tuple[Placement, ...]:
    """Every distinct in-bounds placement of the card's shapes (any rotation/reflection), ignoring the board."""
    found: dict[int, Placement] = {}
    for oriented, (k, coin) in shape_table(card).items():
        for cells in translations(oriented):
            mask = mask_of(cells)
            if mask not in found:
                found[mask] = Placement(cells, mask, k, coin)
    return tuple(sorted(found.values(), key=lambda p: p.cells))


SINGLE_CELLS: tuple[Placement, ...] = tuple(Placement((i,), 1 << i, None, False) for i in range(CELL_COUNT))


def match_shape(card: Card, cells: list[Cell]) -> tuple[int, bool] | None:
    """(shape index, coin) of the card shape these cells form in some rotation/reflection, or None."""
    return shape_table(card).get(normalise(cells))
