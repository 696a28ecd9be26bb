"""Areas across tiles: which tile areas join, which areas are closed, and which are linked by green lasers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.mise_kolonizace.board import Board, neighbour
from engine.mise_kolonizace.model import Cell
from engine.mise_kolonizace.rules import BASE_KIND, OPPOSITE, SIDES

# Why an area is not closed at one of its sides.
OPEN_TO_EMPTY = "open side facing an empty square"
OPEN_TO_UNLIKE = "open side against an unlike area with no laser between them"


@dataclass(frozen=True)
class OpenSide:
    """A side through which an area is not sealed by a laser."""

    at: Cell
    side: str
    why: str


@dataclass(frozen=True)
class Region:
    """An area as the rules see it: tile areas joined through open sides of the same kind."""

    number: int
    kind: str
    nodes: tuple[int, ...]
    cells: tuple[Cell, ...]  # distinct squares, in placement order
    cosmonauts: Mapping[str, int]
    aliens: int
    open_sides: tuple[OpenSide, ...]
    green_neighbours: tuple[int, ...]  # numbers of the other areas reached through a green laser

    @property
    def closed(self) -> bool:
        """True when every side of the area is sealed by a laser."""
        return not self.open_sides

    @property
    def size(self) -> int:
        """Number of tiles the area consists of (a tile counts once even if the area covers both its halves)."""
        return len(self.cells)


@dataclass(frozen=True)
class Survey:
    """All areas of a board: by number, and the number of each node's area."""

    regions: Mapping[int, Region]
    region_of: tuple[int, ...]


def _edge_laser(a: str, b: str) -> str:
    """The laser between two touching sides that are not both open: red blocks passage, else green."""
    return "red" if "red" in (a, b) else "green"


def survey(board: Board) -> Survey:
    """Join tile areas into areas, find their open sides and their green-laser neighbours."""
    parent = list(range(len(board.nodes)))

    def root(node: int) -> int:
        """The representative of the node's area (with path halving)."""
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    open_sides: dict[int, list[OpenSide]] = {}
    green_links: list[tuple[int, int]] = []
    for cell, square in board.squares.items():
        if square.diagonal is not None and square.diagonal[2] == "green":
            green_links.append(square.diagonal[:2])
        for side in SIDES:
            node, edge = square.sides[side]
            other = board.squares.get(neighbour(cell, side))
            if other is None:
                if edge == "open":
                    open_sides.setdefault(node, []).append(OpenSide(cell, side, OPEN_TO_EMPTY))
                continue
            far, far_edge = other.sides[OPPOSITE[side]]
            if edge == far_edge == "open":
                if board.nodes[node].kind == board.nodes[far].kind:
                    parent[root(node)] = root(far)
                else:
                    open_sides.setdefault(node, []).append(OpenSide(cell, side, OPEN_TO_UNLIKE))
            elif _edge_laser(edge, far_edge) == "green" and side in ("N", "E"):
                green_links.append((node, far))
    members: dict[int, list[int]] = {}
    for node in range(len(board.nodes)):
        members.setdefault(root(node), []).append(node)
    groups = sorted(members.values(), key=min)
    number_of: dict[int, int] = {}
    next_number = 1
    for group in groups:
        is_base = board.nodes[group[0]].kind == BASE_KIND
        number_of[root(group[0])] = 0 if is_base else next_number
        next_number += 0 if is_base else 1
    region_of = tuple(number_of[root(n)] for n in range(len(board.nodes)))
    links: dict[int, set[int]] = {}
    for a, b in green_links:
        ra, rb = region_of[a], region_of[b]
        if ra != rb:
            links.setdefault(ra, set()).add(rb)
            links.setdefault(rb, set()).add(ra)
    regions: dict[int, Region] = {}
    for group in groups:
        number = region_of[group[0]]
        cosmonauts: dict[str, int] = {}
        for node in group:
            for colour, count in board.nodes[node].cosmonauts.items():
                cosmonauts[colour] = cosmonauts.get(colour, 0) + count
        regions[number] = Region(
            number=number,
            kind=board.nodes[group[0]].kind,
            nodes=tuple(group),
            cells=tuple(dict.fromkeys(board.nodes[n].cell for n in group)),
            cosmonauts=cosmonauts,
            aliens=sum(board.nodes[n].aliens for n in group),
            open_sides=tuple(s for n in group for s in open_sides.get(n, ())),
            green_neighbours=tuple(sorted(links.get(number, ()))),
        )
    return Survey(regions, region_of)
