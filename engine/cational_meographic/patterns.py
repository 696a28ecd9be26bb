"""Photo-mission pattern geometry: the 8 orientations of a pattern and its completions through a placed tile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.cational_meographic.components import Cell, LandscapeTile, Pattern, PatternCell
from engine.cational_meographic.rules import ORIENTATIONS, WILDCARD


@dataclass(frozen=True)
class Orientation:
    """A pattern turned and/or flipped, moved so its top-left corner is (0, 0); cells keep their requested type."""

    name: str
    cells: tuple[tuple[Cell, PatternCell], ...]  # (cell in this orientation, pattern cell it comes from)


@dataclass(frozen=True)
class Completion:
    """Board spaces that together show the pattern, in one orientation; `cells` follow the pattern's cell order."""

    orientation: str
    cells: tuple[tuple[Cell, PatternCell], ...]  # (board space, pattern cell standing on it)

    @property
    def spaces(self) -> frozenset[Cell]:
        """The set of board spaces used."""
        return frozenset(space for space, _ in self.cells)

    @property
    def uses_wildcard(self) -> bool:
        """Whether a '*' pattern cell took part."""
        return any(cell.kind == WILDCARD for _, cell in self.cells)


@lru_cache(maxsize=4096)
def orientations(pattern: Pattern) -> tuple[Orientation, ...]:
    """Return the distinct orientations of a pattern, in rulebook-friendly order (printed first)."""
    found: list[Orientation] = []
    shapes: set[frozenset[tuple[Cell, str]]] = set()
    for name, ((a, b), (c, d)) in ORIENTATIONS:
        moved = [((a * cell.at[0] + b * cell.at[1], c * cell.at[0] + d * cell.at[1]), cell) for cell in pattern.cells]
        top = min(r for (r, _), _ in moved)
        left = min(col for (_, col), _ in moved)
        cells = tuple(((r - top, col - left), cell) for (r, col), cell in moved)
        shape = frozenset((at, cell.kind) for at, cell in cells)
        if shape not in shapes:
            shapes.add(shape)
            found.append(Orientation(name, cells))
    return tuple(found)


def completions(pattern: Pattern, tiles: Mapping[Cell, LandscapeTile], through: Cell) -> tuple[Completion, ...]:
    """Return every distinct group of tiles showing the pattern (any orientation) that includes the space `through`."""
    placed = tiles[through]
    found: dict[frozenset[Cell], Completion] = {}
    for orientation in orientations(pattern):
        for (anchor_r, anchor_c), anchor_cell in orientation.cells:
            if not anchor_cell.accepts(placed):
                continue
            dr, dc = through[0] - anchor_r, through[1] - anchor_c
            cells = tuple(((r + dr, c + dc), cell) for (r, c), cell in orientation.cells)
            if all((tile := tiles.get(space)) is not None and cell.accepts(tile) for space, cell in cells):
                completion = Completion(orientation.name, cells)
                found.setdefault(completion.spaces, completion)
    return tuple(found.values())
