"""Plain values of Cational Meographic: landscape tiles, board tiles, photo-mission patterns and cards."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cational_meographic.rules import WILDCARD

Cell = tuple[int, int]  # (row, column); rows grow downwards


def type_key(label: str) -> str:
    """Return the comparison key of a landscape type label (case and surrounding spaces ignored, ruling R14)."""
    return label.strip().casefold()


def show_cell(cell: Cell) -> str:
    """Write a cell the way positions write it, e.g. [0, 1]."""
    return f"[{cell[0]}, {cell[1]}]"


@dataclass(frozen=True)
class LandscapeTile:
    """A landscape tile: its type label and its Pawint icon value (×1..×4)."""

    type: str
    pawints: int

    @property
    def kind(self) -> str:
        """The type's comparison key."""
        return type_key(self.type)

    def __str__(self) -> str:
        return f"{self.type} ×{self.pawints}"


@dataclass(frozen=True)
class Tile:
    """A landscape tile lying on a space of a player's area."""

    at: Cell
    landscape: LandscapeTile

    def __str__(self) -> str:
        return f"{self.landscape} at {show_cell(self.at)}"


@dataclass(frozen=True)
class PatternCell:
    """One cell of a photo-mission pattern: where it sits in the drawing and which type it asks for ('*' = any)."""

    at: Cell
    type: str

    @property
    def kind(self) -> str:
        """The requested type's comparison key (WILDCARD for any tile)."""
        return type_key(self.type)

    def accepts(self, tile: LandscapeTile) -> bool:
        """Whether a tile may stand on this cell."""
        return self.kind == WILDCARD or self.kind == tile.kind


@dataclass(frozen=True)
class Pattern:
    """The drawing on a photo-mission card: distinct cells with requested types; empty when unknown."""

    cells: tuple[PatternCell, ...] = ()

    def to_json(self) -> list[dict[str, object]]:
        """Return the pattern in position notation."""
        return [{"at": list(cell.at), "type": cell.type} for cell in self.cells]


@dataclass(frozen=True)
class MissionCard:
    """A photo-mission card: name, printed Pawints and pattern."""

    name: str
    pawints: int
    pattern: Pattern = Pattern()

    def to_json(self) -> dict[str, object]:
        """Return the card in track notation (the pattern only when known)."""
        data: dict[str, object] = {"name": self.name, "pawints": self.pawints}
        return data | ({"pattern": self.pattern.to_json()} if self.pattern.cells else {})


@dataclass(frozen=True)
class Mission:
    """A photo mission in play: its card, the bonus from a card it covers, and whether it is itself covered."""

    card: MissionCard
    bonus: int = 0
    covered: bool = False

    @property
    def worth(self) -> int:
        """Pawints the mission grants when completed: printed plus bonus, nothing when covered."""
        return 0 if self.covered else self.card.pawints + self.bonus
