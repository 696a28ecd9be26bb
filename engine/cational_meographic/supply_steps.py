"""The supply steps players ask about, on piles they describe: Scout (take a tile) and replenishment (the solo
discard, then the tiles drawn from the bag placed until three piles of distinct types exist)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cational_meographic.components import LandscapeTile
from engine.cational_meographic.parsing import read_bool, read_landscape, read_list, read_object
from engine.cational_meographic.rules import REF_SCOUT, REF_SOLO, SUPPLY_PILES
from engine.cational_meographic.rulings import ruling
from engine.cational_meographic.supply import BLIND_DRAW, Supply, place_drawn, solo_discard
from engine.kit import Loc, PositionError, Problems, shown

TILE_FIELDS = ("type", "pawints")


def _tile(value: Any, loc: Loc, problems: Problems) -> LandscapeTile | None:
    obj = read_object(value, loc, problems, TILE_FIELDS)
    return read_landscape(obj, loc, problems) if obj is not None else None


def _tiles(value: Any, loc: Loc, problems: Problems, what: str) -> tuple[LandscapeTile, ...]:
    found = [_tile(item, (*loc, i), problems) for i, item in enumerate(read_list(value, loc, problems, what) or [])]
    return tuple(t for t in found if t is not None)


def read_piles(value: Any, problems: Problems) -> tuple[tuple[LandscapeTile, ...], ...]:
    """The supply piles, left to right, each bottom to top: one type per pile, no type on two piles."""
    items = read_list(value, ("piles",), problems, f"{SUPPLY_PILES} piles (lists of tiles, [] for an empty place)")
    if items is not None and len(items) != SUPPLY_PILES:
        problems.add(("piles",), f"expected the {SUPPLY_PILES} pile places left to right ([] for an empty one), got "
                                 f"{len(items)}")
    piles = tuple(_tiles(item, ("piles", i), problems, "tiles, bottom first") for i, item in enumerate(items or []))
    owner: dict[str, int] = {}
    for i, pile in enumerate(piles):
        for j, tile in enumerate(pile):
            if tile.kind != pile[0].kind:
                problems.add(("piles", i, j, "type"), f"{tile.type} on a pile of {pile[0].type}: a pile holds one "
                                                      f"landscape type ({ruling('R8')})")
        if pile and owner.setdefault(pile[0].kind, i) != i:
            problems.add(("piles", i), f"{pile[0].type} is also on pile {owner[pile[0].kind]}: the piles hold "
                                       f"distinct types ({ruling('R8')})")
    return piles


def _pile_json(piles: tuple[tuple[LandscapeTile, ...], ...]) -> list[list[dict[str, Any]]]:
    return [[{"type": t.type, "pawints": t.pawints} for t in pile] for pile in piles]


def run_scout(doc: Any) -> dict[str, Any]:
    """Take the top tile of a pile (or draw blind) and say whether the piles must be replenished."""
    problems = Problems()
    obj = read_object(doc, (), problems, ("piles", "take"))
    piles = read_piles(obj["piles"], problems) if obj is not None and "piles" in obj else ()
    take = obj.get("take") if obj is not None else None
    holding = [i for i, pile in enumerate(piles) if pile]
    if obj is not None and "take" in obj and take != BLIND_DRAW and take not in holding:
        problems.add(("take",), f"expected the index of a pile holding tiles ({holding or 'none does'}) or "
                                f"{BLIND_DRAW!r} for a blind draw, got {shown(take)}")
    problems.raise_if_any()
    supply = Supply((), piles)
    if take == BLIND_DRAW:
        taken, text = None, "You draw one tile blind from the bag; the piles are untouched."
    else:
        assert isinstance(take, int)  # the check above leaves only the index of a pile holding tiles
        pile = piles[take]
        taken = pile[-1]
        supply = replace(supply, piles=piles[:take] + (pile[:-1],) + piles[take + 1:])
        text = f"You take the top tile of pile {take}, {taken}."
    due = supply.pile_count < SUPPLY_PILES
    text += (f" {supply.pile_count} pile(s) remain, fewer than {SUPPLY_PILES}: replenish from the bag (in solo play, "
             f"first discard the top tile of the rightmost pile)." if due else
             f" {SUPPLY_PILES} piles remain, so nothing is drawn.")
    return {"taken": None if taken is None else {"type": taken.type, "pawints": taken.pawints},
            "piles": _pile_json(supply.piles), "replenish": due, "rule_ref": REF_SCOUT, "detail": text}


def run_replenish(doc: Any) -> dict[str, Any]:
    """Replenish the piles with the tiles drawn from the bag, in order, after the solo discard when solo."""
    problems = Problems()
    obj = read_object(doc, (), problems, ("piles", "draws"), ("solo",))
    if obj is None:
        raise PositionError(problems.errors)
    piles = read_piles(obj["piles"], problems) if "piles" in obj else ()
    draws = _tiles(obj["draws"], ("draws",), problems, "tiles drawn from the bag, in order") if "draws" in obj else ()
    solo = read_bool(obj.get("solo", False), ("solo",), problems)
    problems.raise_if_any()
    supply = Supply((), piles)
    if supply.pile_count == SUPPLY_PILES:
        if draws:
            problems.add(("draws",), f"{SUPPLY_PILES} piles already exist: no tile is drawn when three remain")
            problems.raise_if_any()
        return {"piles": _pile_json(piles), "discarded": None, "draws_used": 0, "needs_more": False,
                "rule_ref": REF_SCOUT, "detail": f"{SUPPLY_PILES} piles remain, so nothing is drawn."}
    steps: list[str] = []
    discarded = None
    if solo:
        after = solo_discard(supply)
        discarded = after.discarded[-1] if after.discarded else None
        steps.append(f"Solo: discard {discarded}, the top tile of the rightmost pile ({ruling('R7')})."
                     if discarded else "Solo: no pile holds a tile, nothing to discard.")
        supply = after
    used = 0
    for tile in draws:
        if supply.pile_count == SUPPLY_PILES:
            problems.add(("draws", used), f"drawing stops once {SUPPLY_PILES} piles of distinct types exist; "
                                          f"{tile} and later draws are not drawn ({ruling('R8')})")
            problems.raise_if_any()
        supply = place_drawn(supply, tile)
        used += 1
        steps.append(f"Draw {tile}: pile {next(i for i, p in enumerate(supply.piles) if p and p[-1] == tile)}.")
    needs_more = supply.pile_count < SUPPLY_PILES
    steps.append(f"{supply.pile_count} pile(s): keep drawing until {SUPPLY_PILES} distinct types (or the bag is "
                 f"empty)." if needs_more else f"{SUPPLY_PILES} piles of distinct types: replenishment is done.")
    return {"piles": _pile_json(supply.piles),
            "discarded": None if discarded is None else {"type": discarded.type, "pawints": discarded.pawints},
            "draws_used": used, "needs_more": needs_more, "rule_ref": REF_SOLO if solo else REF_SCOUT,
            "detail": " ".join(steps)}
