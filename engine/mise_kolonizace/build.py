"""Validated construction of tiles and positions, shared by the JSON and the compact text notations."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from engine.kit import Loc, Problems
from engine.mise_kolonizace.model import Area, Cell, Placement, PlayerEnd, Position, Tile
from engine.mise_kolonizace.rules import (
    COLOUR_PATTERN,
    END_GAME_TILES_PER_PLAYER,
    HALF_NAMES,
    KINDS,
    LASERS,
    RESERVED_WORDS,
    SIDES,
    SPLITS,
    TILES_PER_PLAYER,
)

_COLOUR = re.compile(COLOUR_PATTERN)


def colour_problem(name: str) -> str | None:
    """Why `name` (already lower-cased) is not a usable player colour, or None if it is."""
    if not _COLOUR.fullmatch(name) or name in RESERVED_WORDS:
        return (f"{name!r} is not a player colour: use a lower-case word of at least two letters/digits "
                f"starting with a letter, e.g. 'blue' (not 'aliens')")
    return None


def complete_tile(areas: list[Area], split: str | None, diagonal: str | None, loc: Loc,
                  problems: Problems) -> Tile | None:
    """Check that the areas fit the tile's shape and fill omitted sides as open; None if it cannot be built."""
    bad = len(problems.errors)
    for index, area in enumerate(areas):
        if area.kind not in KINDS:
            problems.add(loc + ("areas", index, "kind"),
                         f"unknown area kind {area.kind!r}; expected one of {', '.join(KINDS)}")
    halves: tuple[frozenset[str], ...]
    if len(areas) == 1:
        if split is not None or diagonal is not None:
            problems.add(loc + ("split",), "a one-area tile has no diagonal: drop 'split'/'diagonal' or give two areas")
        halves = (frozenset(SIDES),)
    elif len(areas) == 2:
        if split not in SPLITS:
            problems.add(loc + ("split",), f"a tile with two areas needs split '\\' or '/', got {split!r}")
            return None
        if diagonal not in LASERS:
            problems.add(loc + ("diagonal",),
                         f"the diagonal of a split tile is a 'red' or 'green' laser, got {diagonal!r}")
        halves = SPLITS[split]
    else:
        problems.add(loc + ("areas",), f"a tile has 1 area or 2 areas split by a diagonal, got {len(areas)}")
        return None
    for index, (area, half) in enumerate(zip(areas, halves, strict=False)):
        for side in area.sides:
            if side not in half:
                problems.add(loc + ("areas", index, "sides", side), _half_message(side, str(split), index))
    if len(problems.errors) > bad:
        return None
    filled = tuple(
        replace(area, sides={side: area.sides.get(side, "open") for side in SIDES if side in half})
        for area, half in zip(areas, halves, strict=False)
    )
    return Tile(filled, split, diagonal)


def _half_message(side: str, split: str, index: int) -> str:
    north, south = (sorted(h, key=SIDES.index) for h in SPLITS[split])
    name = HALF_NAMES[split][index]
    return (f"side {side!r} is not on the {name} half: with split {split!r} the first area (the {HALF_NAMES[split][0]} "
            f"half) owns {' and '.join(north)}, the second ({HALF_NAMES[split][1]}) owns {' and '.join(south)}")


def build_position(
    tiles: list[Placement | None],
    base: Cell | None,
    players: tuple[str, ...] | None,
    totals: Mapping[str, int] | None,
    stacks: Mapping[str, int] | None,
    problems: Problems,
) -> Position:
    """Check the position as a whole (overlaps before the move, colours, stacks) and return it."""
    if not tiles:
        problems.add(("tiles",), "no tile placed: list the tiles in placement order, the last one being the move")
    seen: dict[Cell, str] = {} if base is None else {base: "the space base"}
    for index, placement in enumerate(tiles[:-1]):
        if placement is None:
            continue
        if placement.at in seen:
            problems.add(("tiles", index, "at"),
                         f"square {list(placement.at)} is already taken by {seen[placement.at]}; "
                         "only the last tile (the move) may be judged for overlap")
        seen.setdefault(placement.at, f"tiles[{index}]")
    if players is not None:
        if len(set(players)) != len(players):
            problems.add(("players",), f"players are listed twice: {list(players)}")
        known = set(players)
        for index, placement in enumerate(tiles):
            for a, area in enumerate(placement.tile.areas if placement else ()):
                for colour in area.cosmonauts:
                    if colour not in known:
                        problems.add(("tiles", index, "areas", a, "cosmonauts", colour),
                                     f"colour {colour!r} is not among players {list(players)}")
        for field, mapping in (("totals", totals), ("stacks", stacks)):
            for colour in mapping or {}:
                if colour not in known:
                    problems.add((field, colour), f"colour {colour!r} is not among players {list(players)}")
    if stacks is not None and not stacks:
        problems.add(("stacks",), "an empty mapping names no player: give every player's tiles left, e.g. "
                                  "{\"blue\": 2, \"red\": 5}, or leave 'stacks' out")
    missing = [p for p in players or () if stacks and p not in stacks]
    if missing:
        problems.add(("stacks",), f"players {list(players or ())} include {', '.join(map(repr, missing))} but "
                                  f"'stacks' does not: give every player's tiles left, or none")
    for colour, left in (stacks or {}).items():
        if not 0 <= left <= TILES_PER_PLAYER:
            problems.add(("stacks", colour), f"a stack holds 0 to {TILES_PER_PLAYER} tiles, got {left}")
    problems.raise_if_any()
    return Position(tuple(t for t in tiles if t is not None), base, players, totals, stacks)


def build_end_game(players: list[PlayerEnd], problems: Problems) -> tuple[PlayerEnd, ...]:
    """Check the end-of-game input (distinct colours, exactly two last tiles each) and return it."""
    seen: set[str] = set()
    for index, player in enumerate(players):
        if player.colour in seen:
            problems.add(("players", index, "colour"), f"player {player.colour!r} is listed twice")
        seen.add(player.colour)
    problems.raise_if_any()
    for index, player in enumerate(players):
        if len(player.last_tiles) != END_GAME_TILES_PER_PLAYER:
            problems.add(("players", index, "last_tiles"),
                         f"the game ends when every stack holds {END_GAME_TILES_PER_PLAYER} tiles: give exactly "
                         f"{END_GAME_TILES_PER_PLAYER} last tiles for {player.colour!r}, got {len(player.last_tiles)}")
    problems.raise_if_any()
    return tuple(players)
