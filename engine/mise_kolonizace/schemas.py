"""JSON Schemas of the documents the Mise: Kolonizace operations take (given to models and to the HTTP API)."""

from __future__ import annotations

from typing import Any

from engine.mise_kolonizace.rules import EDGES, KINDS, LASERS, ROTATIONS, SIDES, SPLITS, TILES_PER_PLAYER

COMPACT_TILE = ("Compact text form of a placed tile: '@x,y rROT AREA' or '@x,y rROT AREA \\\\g AREA', where AREA is "
                "F/M/S(items) with items N=o|r|g (side: open, red laser, green laser), colour=count (cosmonauts), "
                "a=count (aliens); omitted sides are open. Example: '@0,1 r0 F(N=r E=r S=o W=r blue=1)'.")

_COLOURS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}


def area_schema() -> dict[str, Any]:
    """Schema of one area of a tile."""
    return {
        "type": "object",
        "description": "One area of a tile, described as printed (before rotation).",
        "properties": {
            "kind": {"type": "string", "enum": list(KINDS),
                     "description": "forest = cosmic forest, meadow = radioactive meadow, swamp = bubbling swamp."},
            "sides": {
                "type": "object", "additionalProperties": False,
                "properties": {side: {"type": "string", "enum": list(EDGES)} for side in SIDES},
                "description": ("Edge of each tile side this area owns: 'open' (no laser), 'red' (laser, no "
                                "passage) or 'green' (laser, passage). A one-area tile owns N, E, S, W; with split "
                                "'\\\\' the first area owns N and E, the second S and W; with split '/' the first "
                                "owns N and W, the second S and E. Omitted sides are open."),
            },
            "cosmonauts": _COLOURS | {"description": "Cosmonauts drawn in this area: player colour -> count."},
            "aliens": {"type": "integer", "minimum": 0, "default": 0, "description": "Aliens drawn in this area."},
        },
        "required": ["kind"],
        "additionalProperties": False,
    }


def tile_schema(placed: bool) -> dict[str, Any]:
    """Schema of a tile object; a placed tile also has its square and rotation."""
    properties: dict[str, Any] = {
        "areas": {"type": "array", "items": area_schema(), "minItems": 1, "maxItems": 2,
                  "description": "One area, or two areas split by the diagonal: the north half first."},
        "split": {"type": "string", "enum": list(SPLITS),
                  "description": ("Diagonal of a two-area tile as printed: '\\\\' (NW-SE corner) "
                                  "or '/' (SW-NE corner).")},
        "diagonal": {"type": "string", "enum": list(LASERS),
                     "description": "Laser on the diagonal of a two-area tile."},
    }
    if placed:
        properties = {
            "at": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
                   "description": "Square [x, y]: x grows to the east, y grows to the north; the base is at [0, 0]."},
            "rotation": {"type": "integer", "enum": list(ROTATIONS), "default": 0,
                         "description": ("Clockwise turn in degrees of the tile as described "
                                         "(90: its N side faces east).")},
        } | properties
    return {"type": "object", "properties": properties, "required": ["at", "areas"] if placed else ["areas"],
            "additionalProperties": False}


POSITION_EXAMPLE = {
    "players": ["blue", "red"],
    "tiles": [{"at": [0, 1], "rotation": 0,
               "areas": [{"kind": "forest", "sides": {"N": "red", "E": "red", "S": "open", "W": "red"},
                          "cosmonauts": {"blue": 1}, "aliens": 0}]}],
}


def position_schema() -> dict[str, Any]:
    """Schema of a position: the space base, the placed tiles (the last is the move) and optional game facts."""
    return {
        "type": "object",
        "description": ("A Mise: Kolonizace table. The space base lies at 'base' (a tile worth 1 with a green laser "
                        "on every side); 'tiles' are the planet tiles in placement order and the LAST one is the move "
                        "to check or score. The whole document may instead be given as compact text, one tile per "
                        "line, e.g. 'players: blue red\\n@0,1 r0 F(N=r E=r S=o W=r blue=1)'."),
        "properties": {
            "tiles": {"type": "array", "minItems": 1,
                      "description": "Placed tiles in placement order; the last is the move.",
                      "items": {"anyOf": [tile_schema(placed=True), {"type": "string", "description": COMPACT_TILE}]}},
            "base": {"anyOf": [{"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                               {"type": "string", "enum": ["none"]}], "default": [0, 0],
                     "description": ("Square of the space base (default [0, 0]); "
                                     "\"none\" for a map fragment without it.")},
            "players": {"type": "array", "items": {"type": "string"},
                        "description": ("Player colours (lower case, e.g. 'blue'); "
                                        "when given, every colour used must be one.")},
            "totals": _COLOURS | {"description": ("Points of each player before the move; "
                                                  "the answer adds the move's points.")},
            "stacks": {"type": "object",
                       "additionalProperties": {"type": "integer", "minimum": 0, "maximum": TILES_PER_PLAYER},
                       "description": "Tiles left in each player's stack, to tell whether the game has ended."},
        },
        "required": ["tiles"],
        "additionalProperties": False,
        "examples": [POSITION_EXAMPLE],
    }


END_GAME_EXAMPLE = {
    "players": [
        {"colour": "blue", "total": 41, "last_tiles": ["F(blue=1 a=1)", "M(N=r E=r S=o W=o)"]},
        {"colour": "red", "total": 43, "last_tiles": [
            {"areas": [{"kind": "swamp", "cosmonauts": {"red": 1}}]},
            {"areas": [{"kind": "forest"}, {"kind": "meadow", "aliens": 1}], "split": "/", "diagonal": "green"}]},
    ],
}


def end_game_schema() -> dict[str, Any]:
    """Schema of the end-of-game input: every player's running total and the two tiles left in the stack."""
    return {
        "type": "object",
        "description": ("The end of the game: for each player, the colour, the points scored so far and the two tiles "
                        "left in the stack. May also be given as compact text, one line per player: "
                        "'blue 41 | F(blue=1 a=1) | M(N=r)'."),
        "properties": {
            "players": {"type": "array", "minItems": 1, "items": {
                "type": "object",
                "properties": {
                    "colour": {"type": "string", "description": "Player colour, e.g. 'blue'."},
                    "total": {"type": "integer", "minimum": 0, "description": "Points before the end-of-game bonus."},
                    "last_tiles": {"type": "array", "minItems": 2, "maxItems": 2,
                                   "description": ("The two tiles left in the stack "
                                                   "(object or compact text; no square needed)."),
                                   "items": {"anyOf": [tile_schema(placed=False),
                                                       {"type": "string",
                                                        "description": "Compact tile, e.g. 'F(blue=1 a=1)'."}]}},
                },
                "required": ["colour", "last_tiles"],
                "additionalProperties": False,
            }},
        },
        "required": ["players"],
        "additionalProperties": False,
        "examples": [END_GAME_EXAMPLE],
    }


AREA_VALUE_EXAMPLE = {  # rulebook Example 1: 2 + 4 + 3 + 1 + 1 = 11 for blue
    "area": {"kind": "forest", "tiles": 2, "aliens": 0, "cosmonauts": {"blue": 1}},
    "neighbours": [{"kind": "swamp", "tiles": 4, "aliens": 1, "laser": "green"}, {"kind": "base", "laser": "green"},
                   {"kind": "meadow", "tiles": 1, "aliens": 0, "laser": "green"}],
}


def area_value_schema() -> dict[str, Any]:
    """Schema of the score_area document: a closed area by its counts and the areas beside it."""
    counts = {"tiles": {"type": "integer", "minimum": 1, "description": "Tiles the area consists of."},
              "aliens": {"type": "integer", "minimum": 0, "default": 0, "description": "Aliens in the area."}}
    return {
        "type": "object",
        "description": "A closed area by its counts (not its tiles) and each area touching it.",
        "properties": {
            "area": {"type": "object", "additionalProperties": False,
                     "anyOf": [{"required": ["tiles"]}, {"required": ["worth"]}],
                     "description": "The area just closed (sealed by lasers on every side): its counts, or its worth "
                                    "when only that is known (then no neighbours).",
                     "properties": {"kind": {"type": "string", "enum": list(KINDS)}} | counts | {
                         "worth": {"type": "integer", "minimum": 0,
                                   "description": "The area's total worth, instead of tiles, aliens and neighbours."},
                         "cosmonauts": _COLOURS | {"description": "Cosmonauts in the area: player colour -> count "
                                                                  "(omit to get only what the area is worth)."}}},
            "neighbours": {
                "type": "array", "default": [],
                "description": "Each other area touching it, once however many lasers lie between them.",
                "items": {"type": "object", "additionalProperties": False, "required": ["kind", "laser"],
                          "properties": {"kind": {"type": "string", "enum": [*KINDS, "base"],
                                                  "description": "base = the space base (1 tile)."}}
                          | counts | {"laser": {"type": "string", "enum": list(LASERS),
                                                "description": "The laser between the two areas: green (passage, "
                                                               "counted) or red (no passage, not counted)."}}},
            },
            "for": {"type": "string", "description": "A colour of the area's cosmonauts: the total is then that "
                                                     "player's points (0 when another has more, a share of a tie)."},
        },
        "required": ["area"],
        "additionalProperties": False,
        "examples": [AREA_VALUE_EXAMPLE, {"area": {"worth": 13, "cosmonauts": {"red": 2, "blue": 2}}, "for": "red"}],
    }
