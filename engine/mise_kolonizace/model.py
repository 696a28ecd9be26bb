"""Plain data of a Mise: Kolonizace position: areas, tiles, placed tiles and the whole table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.mise_kolonizace.rules import DEFAULT_BASE_AT

Cell = tuple[int, int]


@dataclass(frozen=True)
class Area:
    """One area of a tile as printed: its kind, the edge on each side it owns, cosmonauts by colour, aliens."""

    kind: str
    sides: Mapping[str, str]  # printed side -> "open" | "red" | "green"; every side of the area's half
    cosmonauts: Mapping[str, int] = field(default_factory=dict)  # colour -> count, no zero counts
    aliens: int = 0


@dataclass(frozen=True)
class Tile:
    """A planet tile as printed: one area, or two areas split by a diagonal laser (north half first)."""

    areas: tuple[Area, ...]
    split: str | None = None  # "\\" or "/" for a split tile
    diagonal: str | None = None  # "red" or "green" for a split tile


@dataclass(frozen=True)
class Placement:
    """A tile lying on the table at grid square `at` ([x, y]), turned clockwise by `rotation` degrees."""

    at: Cell
    rotation: int
    tile: Tile


@dataclass(frozen=True)
class Position:
    """The table: placed tiles in placement order (the last one is the move) and optional game facts."""

    tiles: tuple[Placement, ...]
    base: Cell | None = DEFAULT_BASE_AT
    players: tuple[str, ...] | None = None
    totals: Mapping[str, int] | None = None  # points of each player before the move
    stacks: Mapping[str, int] | None = None  # tiles left in each player's stack

    @property
    def move(self) -> Placement:
        """The tile placed last, the one checked and scored."""
        return self.tiles[-1]


@dataclass(frozen=True)
class PlayerEnd:
    """A player at the end of the game: running total and the two tiles left in the stack."""

    colour: str
    total: int | None
    last_tiles: tuple[Tile, ...]
