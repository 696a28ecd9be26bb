"""The tile supply: a draw bag and three supply piles of distinct landscape types, Scout and replenishment."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.cational_meographic.components import LandscapeTile
from engine.cational_meographic.rules import SUPPLY_PILES

BLIND_DRAW = "bag"  # Scout source meaning a blind draw from the bag (otherwise a pile index)


class SupplyError(ValueError):
    """A Scout that the supply cannot satisfy (an empty pile, an empty bag, an unknown source)."""


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


def draw(supply: Supply, rng: random.Random) -> tuple[LandscapeTile, Supply]:
    """Draw one tile at random from the bag."""
    if not supply.bag:
        raise SupplyError("the draw bag is empty")
    i = rng.randrange(len(supply.bag))
    return supply.bag[i], replace(supply, bag=supply.bag[:i] + supply.bag[i + 1:])


def place_drawn(supply: Supply, tile: LandscapeTile) -> Supply:
    """Put a tile drawn while replenishing: on the pile of its type, else in the leftmost empty place (ruling R8)."""
    piles = list(supply.piles)
    same = [i for i, pile in enumerate(piles) if pile and pile[-1].kind == tile.kind]
    place = same[0] if same else piles.index(())
    piles[place] = piles[place] + (tile,)
    return replace(supply, piles=tuple(piles))


def fill_piles(supply: Supply, rng: random.Random) -> Supply:
    """Draw until there are SUPPLY_PILES piles of distinct types or the bag is empty (ruling R8)."""
    while supply.pile_count < SUPPLY_PILES and supply.bag:
        tile, supply = draw(supply, rng)
        supply = place_drawn(supply, tile)
    return supply


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


def setup_supply(tiles: list[LandscapeTile], rng: random.Random) -> Supply:
    """Put every tile in the bag and draw the first supply piles."""
    return fill_piles(Supply(tuple(tiles)), rng)


def scout(supply: Supply, source: int | str, rng: random.Random, solo: bool) -> tuple[LandscapeTile, Supply]:
    """Take a pile's top tile (source = pile index) or draw blind (source = BLIND_DRAW); then, only if fewer than
    SUPPLY_PILES piles remain, discard in solo play (ruling R7) and replenish."""
    if source == BLIND_DRAW:
        tile, supply = draw(supply, rng)
    elif isinstance(source, int) and not isinstance(source, bool) and 0 <= source < SUPPLY_PILES:
        pile = supply.piles[source]
        if not pile:
            raise SupplyError(f"supply pile {source} is empty; piles holding tiles: "
                              f"{[i for i, p in enumerate(supply.piles) if p]}")
        tile = pile[-1]
        supply = replace(supply, piles=supply.piles[:source] + (pile[:-1],) + supply.piles[source + 1:])
    else:
        raise SupplyError(f"expected a pile index 0-{SUPPLY_PILES - 1} or {BLIND_DRAW!r}, got {source!r}")
    if supply.pile_count < SUPPLY_PILES:
        supply = fill_piles(solo_discard(supply) if solo else supply, rng)
    return tile, supply
