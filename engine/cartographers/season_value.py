"""A season's score from its counts (the stars of its two edicts, the filled coins and the empty spaces next to
monsters), for when the player gives the numbers instead of the map."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import EDICTS, find_season
from engine.cartographers.position import check_keys, require_object
from engine.cartographers.rules import COIN_TRACK_LENGTH, REF_SEASON_SCORING
from engine.kit import Loc, Problems, read_int, shown
from engine.protocol import Breakdown, ScoreLine

EDICTS_SCORED = 2  # each season scores two edicts
ORDINALS = ("First", "Second")  # an edict given without its letter


def _count(value: Any, loc: Loc, problems: Problems, what: str, high: int | None = None) -> int:
    if value is None:
        problems.add(loc, f"required: {what}")
        return 0
    return read_int(value, loc, problems, 0, high) or 0


def _edicts(value: Any, allowed: tuple[str, ...], why: str, problems: Problems) -> list[tuple[str | None, int]]:
    if not isinstance(value, list) or len(value) != EDICTS_SCORED:
        problems.add(("edicts",), f"expected the {EDICTS_SCORED} edicts scored this season, got {shown(value)}")
        return []
    read: list[tuple[str | None, int]] = []
    for i, item in enumerate(value):
        loc: Loc = ("edicts", i)
        if not isinstance(item, dict):
            problems.add(loc, f"expected an object with stars (and letter), got {shown(item)}")
            continue
        check_keys(item, ("stars", "letter"), loc, problems)
        letter = item.get("letter")
        if letter is not None and letter not in allowed:
            problems.add(loc + ("letter",), f"expected one of {', '.join(allowed)}{why}, got {shown(letter)}")
        elif letter is not None and any(letter == seen for seen, _ in read):
            problems.add(loc + ("letter",), f"edict {letter} is named twice")
        stars = _count(item.get("stars"), loc + ("stars",), problems, "the stars the edict scored")
        read.append((letter, stars))
    return read


def score_season(doc: Any) -> dict[str, Any]:
    """The `season_total` answer: a season's two edicts, plus 1 star per filled coin, minus 1 star per empty space
    next to a monster."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("season", "edicts", "coins", "monster_spaces"), (), problems)
    season = None
    if "season" in doc:
        season = find_season(doc["season"]) if isinstance(doc["season"], str) else None
        if season is None:
            problems.add(("season",), f"expected spring, summer, fall or winter, got {shown(doc['season'])}")
    why = f" (the edicts {season.name.lower()} scores)" if season else ""
    edicts = _edicts(doc.get("edicts"), season.edicts if season else EDICTS, why, problems)
    coins = _count(doc.get("coins"), ("coins",), problems, "the filled coins on the coin track", COIN_TRACK_LENGTH)
    monsters = _count(doc.get("monster_spaces"), ("monster_spaces",), problems,
                      "the empty spaces next to a monster space")
    problems.raise_if_any()
    lines = [ScoreLine(f"edict:{letter or i + 1}", f"Edict {letter}" if letter else f"{ORDINALS[i]} edict", stars,
                       REF_SEASON_SCORING, f"{stars} stars, as given") for i, (letter, stars) in enumerate(edicts)]
    lines.append(ScoreLine("coins", "Coins", coins, REF_SEASON_SCORING,
                           f"{coins} filled coin(s) × 1 = {coins} (every coin filled so far scores again each season)"))
    lines.append(ScoreLine("monsters", "Monsters", -monsters, REF_SEASON_SCORING,
                           f"{monsters} empty space(s) next to a monster × −1 = {-monsters} (each space counted once, "
                           "however many monster spaces it touches)"))
    extra = {"season": season.name} if season else {}
    return Breakdown(tuple(lines), extra).to_dict()
