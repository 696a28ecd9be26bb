"""The two printed map sides (A wilderness, B wastelands): where mountains, ruins and wasteland are printed."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cartographers.cards import Cell, slugify
from engine.cartographers.rules import REF_MAP_SIDES, game_data


@dataclass(frozen=True)
class MapSide:
    """A printed map side: its letter, name and printed feature positions as (row, col), 0-based."""

    letter: str
    name: str
    mountains: tuple[Cell, ...]
    ruins: tuple[Cell, ...]
    wasteland: tuple[Cell, ...]

    @property
    def rule_ref(self) -> str:
        """Rulebook section of this side, e.g. 'map-sides/side-a-wilderness'."""
        return f"{REF_MAP_SIDES}/side-{self.letter.lower()}-{slugify(self.name)}"


MAPS: dict[str, MapSide] = {
    letter: MapSide(
        letter,
        raw["name"],
        tuple((r, c) for r, c in raw["mountains"]),
        tuple((r, c) for r, c in raw["ruins"]),
        tuple((r, c) for r, c in raw["wasteland"]),
    )
    for letter, raw in game_data()["maps"].items()
}


def find_map(value: str) -> MapSide | None:
    """The map side named by 'A'/'B' (any case) or by its name ('wilderness', 'wastelands'), or None."""
    key = value.strip().lower()
    return next((m for m in MAPS.values() if key in (m.letter.lower(), m.name.lower())), None)
