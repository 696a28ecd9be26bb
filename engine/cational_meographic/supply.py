"""The tile supply: a draw bag and three supply piles of distinct landscape types, and how drawn tiles are placed."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cational_meographic.components import LandscapeTile
from engine.cational_meographic.rules import SUPPLY_PILES

BLIND_DRAW = "bag"  # Scout source meaning a blind draw from the bag (otherwise a pile index)


@dataclass(frozen=True)
class Supply:
    """Bag contents, the supply piles as SUPPLY_PILES places left to right (each bottom to top, () when empty),
    and the tiles discarded in solo play."""

    bag: tuple[LandscapeTile, ...]
    piles: tuple[tuple[LandscapeTile, ...], ...] = ((),) * SUPPLY_PILES
    discarded: tuple[LandscapeTile, ...] = ()

    @property
    def pile_count(self) -> int:
        """How many supply piles hold tiles."""
        return sum(1 for pile in self.piles if pile)

    def tops(self) -> tuple[LandscapeTile | None, ...]:
        """The top tile of each pile place (None where empty)."""
        return tuple(pile[-1] if pile else None for pile in self.piles)


def place_drawn(supply: Supply, tile: LandscapeTile) -> Supply:
    """Put a tile drawn while replenishing: on the pile of its type, else in the leftmost empty place (ruling R8)."""
    piles = list(supply.piles)
    same = [i for i, pile in enumerate(piles) if pile and pile[-1].kind == tile.kind]
    place = same[0] if same else piles.index(())
    piles[place] = piles[place] + (tile,)
    return replace(supply, piles=tuple(piles))


def solo_discard(supply: Supply) -> Supply:
    """Discard the top tile of the rightmost pile; if that pile empties, slide the others to the right end."""
    filled = [i for i, pile in enumerate(supply.piles) if pile]
    if not filled:
        return supply
    piles = list(supply.piles)
    rightmost = filled[-1]
    top = piles[rightmost][-1]
    piles[rightmost] = piles[rightmost][:-1]
    if not piles[rightmost]:
        remaining = [pile for pile in piles if pile]
        piles = [()] * (SUPPLY_PILES - len(remaining)) + remaining
    return replace(supply, piles=tuple(piles), discarded=supply.discarded + (top,))
