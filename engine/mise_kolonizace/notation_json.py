"""The JSON notation of tiles and positions: parse a document into the model and write the model back."""

from __future__ import annotations

from typing import Any

from engine.kit import Loc, Problems, shown
from engine.mise_kolonizace.build import build_end_game, build_position, colour_problem, complete_tile
from engine.mise_kolonizace.model import Area, Cell, Placement, PlayerEnd, Position, Tile
from engine.mise_kolonizace.notation_text import parse_end_game_text, parse_placement_text, parse_position_text
from engine.mise_kolonizace.rules import DEFAULT_BASE_AT, EDGES, ROTATIONS, SIDES, TILES_PER_PLAYER
from engine.protocol import PositionError

POSITION_KEYS = ("tiles", "base", "players", "totals", "stacks")
TILE_KEYS = ("at", "rotation", "areas", "split", "diagonal")
AREA_KEYS = ("kind", "sides", "cosmonauts", "aliens")
NO_BASE = "none"  # value of "base" for a map fragment without the space base


def _get(obj: dict[str, Any], key: str, default: Any) -> Any:
    """The value of an optional field; null counts as absent."""
    value = obj.get(key)
    return default if value is None else value


def unknown_keys(obj: dict[str, Any], allowed: tuple[str, ...], loc: Loc, problems: Problems) -> None:
    """Record a problem for every field of obj not in allowed."""
    for key in obj:
        if key not in allowed:
            problems.add(loc + (str(key),), f"unknown field {key!r}; expected one of {', '.join(allowed)}")


def read_int(value: Any, loc: Loc, problems: Problems, minimum: int | None = None) -> int | None:
    """A whole number (at least minimum), or None with the problem recorded."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(loc, f"expected a whole number, got {value!r}")
        return None
    if minimum is not None and value < minimum:
        problems.add(loc, f"expected a number of at least {minimum}, got {value}")
        return None
    return value


def _cell(value: Any, loc: Loc, problems: Problems) -> Cell | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        problems.add(loc, f"expected a square as [x, y] (x grows east, y grows north), got {value!r}"
                          + (f" (or {NO_BASE!r} for no space base)" if loc == ("base",) else ""))
        return None
    x, y = (read_int(v, loc + (i,), problems) for i, v in enumerate(value))
    return None if x is None or y is None else (x, y)


def colour_counts(value: Any, loc: Loc, problems: Problems, minimum: int,
                  maximum: int | None = None) -> dict[str, int]:
    """An object player colour -> number, read with every problem recorded."""
    if not isinstance(value, dict):
        problems.add(loc, f"expected an object colour -> number, e.g. {{\"blue\": 2}}, got {value!r}")
        return {}
    result: dict[str, int] = {}
    for name, count in value.items():
        colour = str(name).lower()
        reason = colour_problem(colour)
        number = read_int(count, loc + (name,), problems, minimum)
        if reason:
            problems.add(loc + (name,), reason)
        elif colour in result:
            problems.add(loc + (name,), f"colour {colour!r} is given twice")
        elif number is not None and maximum is not None and number > maximum:
            problems.add(loc + (name,), f"expected at most {maximum}, got {number}")
        elif number is not None:
            result[colour] = number
    return result


def _area(obj: Any, loc: Loc, problems: Problems) -> Area | None:
    if not isinstance(obj, dict):
        problems.add(loc, f"an area is an object with kind, sides, cosmonauts, aliens; got {obj!r}")
        return None
    unknown_keys(obj, AREA_KEYS, loc, problems)
    kind = obj.get("kind")
    if not isinstance(kind, str):
        problems.add(loc + ("kind",), f"expected 'forest', 'meadow' or 'swamp', got {kind!r}")
        kind = "?"
    sides_obj = _get(obj, "sides", {})
    sides: dict[str, str] = {}
    if not isinstance(sides_obj, dict):
        problems.add(loc + ("sides",),
                     f"expected an object side -> edge, e.g. {{\"N\": \"open\", \"E\": \"red\"}}, got {sides_obj!r}")
    else:
        for side, edge in sides_obj.items():
            name = str(side).upper()
            if name not in SIDES:
                problems.add(loc + ("sides", side), f"unknown side {side!r}; sides are N, E, S, W")
            elif not isinstance(edge, str) or edge.lower() not in EDGES:
                problems.add(loc + ("sides", side), f"a side is 'open', 'red' or 'green', got {edge!r}")
            else:
                sides[name] = edge.lower()
    counted = colour_counts(_get(obj, "cosmonauts", {}), loc + ("cosmonauts",), problems, 0)
    cosmonauts = {colour: count for colour, count in counted.items() if count}
    aliens = read_int(_get(obj, "aliens", 0), loc + ("aliens",), problems, 0)
    return Area(kind.lower(), sides, cosmonauts, aliens or 0)


def parse_tile(obj: Any, loc: Loc, problems: Problems, placed: bool) -> Placement | Tile | None:
    """Read one tile (object or compact string); a placed tile needs `at`, an unplaced one may omit it."""
    if isinstance(obj, str):
        return parse_placement_text(obj, loc, problems, need_at=placed)
    if not isinstance(obj, dict):
        problems.add(loc,
                     f"a tile is an object (at, rotation, areas, split, diagonal) or a compact string, got {obj!r}")
        return None
    bad = len(problems.errors)
    unknown_keys(obj, TILE_KEYS, loc, problems)
    areas_obj = obj.get("areas")
    if not isinstance(areas_obj, list) or not areas_obj:
        problems.add(loc + ("areas",), f"expected a list of 1 area (or 2 for a split tile), got {areas_obj!r}")
        return None
    areas = [_area(a, loc + ("areas", i), problems) for i, a in enumerate(areas_obj)]
    split, diagonal = obj.get("split"), obj.get("diagonal")
    for key, value in (("split", split), ("diagonal", diagonal)):
        if value is not None and not isinstance(value, str):
            problems.add(loc + (key,), f"expected a string, got {value!r}")
    rotation = read_int(_get(obj, "rotation", 0), loc + ("rotation",), problems)
    if rotation is not None and rotation not in ROTATIONS:
        problems.add(loc + ("rotation",), f"rotation is 0, 90, 180 or 270 (degrees clockwise), got {rotation}")
    at = None
    if obj.get("at") is not None or placed:
        at = _cell(obj.get("at"), loc + ("at",), problems)
    if len(problems.errors) > bad:
        return None
    tile = complete_tile([a for a in areas if a is not None], split, diagonal and diagonal.lower(), loc, problems)
    if tile is None or at is None:
        return tile
    return Placement(at, rotation or 0, tile)


def parse_position(doc: Any) -> Position:
    """Read a position given as a JSON object or as the compact text notation."""
    if isinstance(doc, str):
        return parse_position_text(doc)
    if not isinstance(doc, dict):
        raise PositionError("expected a position object with 'tiles' (or its compact text form), "
                            f"got {type(doc).__name__}")
    problems = Problems()
    unknown_keys(doc, POSITION_KEYS, (), problems)
    tiles_obj = doc.get("tiles")
    tiles: list[Placement | None] = []
    if not isinstance(tiles_obj, list):
        problems.add(("tiles",), "expected the list of placed tiles in placement order (the last is the move), "
                                 f"got {tiles_obj!r}")
    else:
        for index, item in enumerate(tiles_obj):
            placed = parse_tile(item, ("tiles", index), problems, placed=True)
            tiles.append(placed if isinstance(placed, Placement) else None)
    base_obj = _get(doc, "base", list(DEFAULT_BASE_AT))
    base = None if base_obj == NO_BASE else _cell(base_obj, ("base",), problems)
    players = None
    if doc.get("players") is not None:
        if not isinstance(doc["players"], list):
            problems.add(("players",), f"expected a list of colours, e.g. [\"blue\", \"red\"], got {doc['players']!r}")
        else:
            players = tuple(p.lower() if isinstance(p, str) else "" for p in doc["players"])
            for index, (given, colour) in enumerate(zip(doc["players"], players, strict=False)):
                reason = colour_problem(colour) if isinstance(given, str) else f"expected a colour, got {shown(given)}"
                if reason:
                    problems.add(("players", index), reason)
    totals = None if doc.get("totals") is None else colour_counts(doc["totals"], ("totals",), problems, 0)
    stacks = (None if doc.get("stacks") is None
              else colour_counts(doc["stacks"], ("stacks",), problems, 0, TILES_PER_PLAYER))
    problems.raise_if_any()
    return build_position(tiles, base, players, totals, stacks, problems)


def parse_end_game(doc: Any) -> tuple[PlayerEnd, ...]:
    """Read the end-of-game input: each player's colour, running total and last two tiles."""
    if isinstance(doc, str):
        return parse_end_game_text(doc)
    shape = "{\"players\": [{\"colour\": \"blue\", \"total\": 40, \"last_tiles\": [tile, tile]}, ...]}"
    if not isinstance(doc, dict):
        raise PositionError(f"expected {shape} (or the compact text form), got {type(doc).__name__}")
    if not isinstance(doc.get("players"), list) or not doc["players"]:
        raise PositionError(f"expected a non-empty list of players: {shape}", ("players",))
    problems = Problems()
    unknown_keys(doc, ("players",), (), problems)
    players: list[PlayerEnd] = []
    for index, obj in enumerate(doc["players"]):
        loc: Loc = ("players", index)
        if not isinstance(obj, dict):
            problems.add(loc, f"expected an object with colour, total, last_tiles, got {obj!r}")
            continue
        unknown_keys(obj, ("colour", "color", "total", "last_tiles"), loc, problems)
        name = obj.get("colour", obj.get("color"))
        colour = str(name).lower() if isinstance(name, str) else ""
        reason = colour_problem(colour) if isinstance(name, str) else f"expected the player's colour, got {name!r}"
        if reason:
            problems.add(loc + ("colour",), reason)
        total = None if obj.get("total") is None else read_int(obj["total"], loc + ("total",), problems, 0)
        tiles_obj = obj.get("last_tiles")
        if not isinstance(tiles_obj, list):
            problems.add(loc + ("last_tiles",), f"expected the list of the player's last tiles, got {tiles_obj!r}")
            tiles_obj = []
        tiles = [parse_tile(t, loc + ("last_tiles", i), problems, placed=False) for i, t in enumerate(tiles_obj)]
        players.append(PlayerEnd(colour, total, tuple(t.tile if isinstance(t, Placement) else t for t in tiles if t)))
    return build_end_game(players, problems)


def area_json(area: Area) -> dict[str, Any]:
    """Write one area as JSON."""
    return {"kind": area.kind, "sides": dict(area.sides), "cosmonauts": dict(area.cosmonauts), "aliens": area.aliens}


def tile_json(tile: Tile) -> dict[str, Any]:
    """Write a tile as JSON (split and diagonal only for a split tile)."""
    doc: dict[str, Any] = {"areas": [area_json(a) for a in tile.areas]}
    if tile.split is not None:
        doc |= {"split": tile.split, "diagonal": tile.diagonal}
    return doc


def placement_json(placement: Placement) -> dict[str, Any]:
    """Write a placed tile as JSON."""
    return {"at": list(placement.at), "rotation": placement.rotation} | tile_json(placement.tile)


def position_json(position: Position) -> dict[str, Any]:
    """Write a whole position as JSON (optional facts only when present)."""
    doc: dict[str, Any] = {"tiles": [placement_json(p) for p in position.tiles],
                           "base": NO_BASE if position.base is None else list(position.base)}
    for key in ("players", "totals", "stacks"):
        value = getattr(position, key)
        if value is not None:
            doc[key] = list(value) if key == "players" else dict(value)
    return doc
