"""The table as a grid: which area of which tile owns each side of each square once rotations are applied."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.mise_kolonizace.model import Cell, Placement, Position
from engine.mise_kolonizace.rules import BASE_KIND, BASE_LABEL, BASE_SIDE_EDGE, KINDS, SIDES, STEP


@dataclass(frozen=True)
class Node:
    """One area of one tile as it lies on the table (the space base is a node too)."""

    kind: str
    cell: Cell
    tile_index: int | None  # index in the position's tiles; None for the space base
    area_index: int
    cosmonauts: Mapping[str, int]
    aliens: int


@dataclass(frozen=True)
class Square:
    """A covered grid square: the node and edge ("open"/"red"/"green") on each world side, and its diagonal."""

    sides: Mapping[str, tuple[int, str]]
    diagonal: tuple[int, int, str] | None  # (north-half node, south-half node, laser)


@dataclass(frozen=True)
class Board:
    """Every node and every covered square."""

    nodes: tuple[Node, ...]
    squares: Mapping[Cell, Square]


def kind_label(kind: str) -> str:
    """The rulebook's name of an area kind, e.g. 'cosmic forest'."""
    return BASE_LABEL if kind == BASE_KIND else KINDS[kind][1]


def neighbour(cell: Cell, side: str) -> Cell:
    """The square beyond `side` of `cell`."""
    dx, dy = STEP[side]
    return cell[0] + dx, cell[1] + dy


def turn_side(side: str, rotation: int) -> str:
    """Where a side ends up after turning its tile clockwise by `rotation` degrees."""
    return SIDES[(SIDES.index(side) + rotation // 90) % 4]


def world_sides(placement: Placement) -> dict[str, tuple[int, str]]:
    """World side -> (index of the tile's area owning it, edge), for a tile as placed."""
    result: dict[str, tuple[int, str]] = {}
    for index, area in enumerate(placement.tile.areas):
        for side, edge in area.sides.items():
            result[turn_side(side, placement.rotation)] = (index, edge)
    return result


def build_board(position: Position, count: int) -> Board:
    """The board made of the space base and the first `count` placed tiles (squares must not overlap)."""
    nodes: list[Node] = []
    squares: dict[Cell, Square] = {}
    if position.base is not None:
        nodes.append(Node(BASE_KIND, position.base, None, 0, {}, 0))
        squares[position.base] = Square({side: (0, BASE_SIDE_EDGE) for side in SIDES}, None)
    for index, placement in enumerate(position.tiles[:count]):
        first = len(nodes)
        for area_index, area in enumerate(placement.tile.areas):
            nodes.append(Node(area.kind, placement.at, index, area_index, area.cosmonauts, area.aliens))
        sides = {side: (first + area_index, edge) for side, (area_index, edge) in world_sides(placement).items()}
        diagonal = None if placement.tile.diagonal is None else (first, first + 1, placement.tile.diagonal)
        squares[placement.at] = Square(sides, diagonal)
    return Board(tuple(nodes), squares)

