"""JSON Schemas (draft 2020-12) of the documents the Cational Meographic operations read."""

from __future__ import annotations

from typing import Any

CELL = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
        "description": "Space as [row, column] of whole numbers (any values; rows grow downwards)."}

TILE: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["at", "type", "pawints"],
    "properties": {
        "at": CELL,
        "type": {"type": "string", "minLength": 1,
                 "description": "Landscape type, a free label such as \"forest\" (compared ignoring case)."},
        "pawints": {"type": "integer", "minimum": 1, "maximum": 4,
                    "description": "The tile's Pawint icon, ×1 to ×4."},
    },
}

PATTERN = {
    "type": "array", "minItems": 1,
    "description": "The card's drawing: distinct cells with the landscape type each needs (\"*\" = any tile). "
                   "It may be matched rotated, flipped and anywhere on the board.",
    "items": {
        "type": "object", "additionalProperties": False, "required": ["at", "type"],
        "properties": {"at": CELL, "type": {"type": "string", "minLength": 1,
                                            "description": "Landscape type needed, or \"*\" for any tile."}},
    },
}

MISSION: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["name", "pawints", "pattern"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "Card name (score line key mission:<slug>)."},
        "pawints": {"type": "integer", "minimum": 0, "description": "Pawints printed on the card."},
        "bonus": {"type": "integer", "minimum": 0, "default": 0,
                  "description": "Pawints of the card this one half-covers (0 if it covers none)."},
        "covered": {"type": "boolean", "default": False,
                    "description": "True if another card half-covers this one; a covered card scores nothing."},
        "pattern": PATTERN,
    },
}

POSITION: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic placement",
    "type": "object", "additionalProperties": False, "required": ["board", "placed"],
    "properties": {
        "board": {"type": "array", "items": TILE,
                  "description": "Tiles already in the player's area before this placement ([] if none)."},
        "placed": TILE | {"description": "The tile being placed now."},
        "missions": {"type": "array", "items": MISSION, "default": [],
                     "description": "Photo-mission cards showing in the row (omit or [] if none)."},
    },
    "examples": [{
        "board": [{"at": [0, 0], "type": "forest", "pawints": 1}, {"at": [0, 2], "type": "lake", "pawints": 3}],
        "placed": {"at": [0, 1], "type": "forest", "pawints": 2},
        "missions": [{"name": "Forest pair", "pawints": 5, "bonus": 0, "covered": False,
                      "pattern": [{"at": [0, 0], "type": "forest"}, {"at": [1, 0], "type": "forest"}]}],
    }],
}

CARD = {
    "type": "object", "additionalProperties": False, "required": ["name", "pawints"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "Card name."},
        "pawints": {"type": "integer", "minimum": 0, "description": "Pawints printed on the card."},
        "pattern": PATTERN | {"description": "The card's pattern, if known (carried through to the output)."},
    },
}

TRACK: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic mission track",
    "type": "object", "additionalProperties": False, "required": ["stacks"],
    "properties": {
        "stacks": {"type": "array", "minItems": 1,
                   "items": {"type": "array", "minItems": 1, "items": CARD},
                   "description": "Photo-mission stacks left to right (stacks[0] is the leftmost draw stack), each "
                                  "listed bottom card first, top card last; the top card of each stack is showing."},
        "half_covering": {"type": ["integer", "null"], "minimum": 0, "default": None,
                          "description": "Index of the stack whose top card half-covers the card beneath it "
                                         "(pattern hidden, Pawints showing), or null if none."},
    },
    "examples": [{"stacks": [[{"name": "Deck card", "pawints": 3}, {"name": "Misty ridge", "pawints": 2}],
                             [{"name": "Lake loop", "pawints": 3}]],
                  "half_covering": None}],
}

TITLE_QUERY: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic hiking title query",
    "type": "object", "additionalProperties": False, "required": ["pawints"],
    "properties": {"pawints": {"type": "integer", "minimum": 0, "description": "Final solo Pawint total."}},
    "examples": [{"pawints": 72}],
}

SUPPLY_TILE: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": ["type", "pawints"],
               "properties": {"type": TILE["properties"]["type"], "pawints": TILE["properties"]["pawints"]}}
PILES = {"type": "array", "minItems": 3, "maxItems": 3, "items": {"type": "array", "items": SUPPLY_TILE},
         "description": "The three supply pile places left to right, each listed bottom tile first ([] for an empty "
                        "place); a pile holds one landscape type and no two piles share a type."}
EXAMPLE_PILES = [[{"type": "forest", "pawints": 1}, {"type": "forest", "pawints": 3}],
                 [{"type": "lake", "pawints": 2}], [{"type": "meadow", "pawints": 4}]]

SCOUT: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic scout",
    "type": "object", "additionalProperties": False, "required": ["piles", "take"],
    "properties": {
        "piles": PILES,
        "take": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 2}, {"type": "string", "enum": ["bag"]}],
                 "description": "Index of the pile whose top tile is taken, or \"bag\" for a blind draw."},
    },
    "examples": [{"piles": EXAMPLE_PILES, "take": 1}, {"piles": EXAMPLE_PILES, "take": "bag"}],
}

REPLENISH: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic replenishment",
    "type": "object", "additionalProperties": False, "required": ["piles", "draws"],
    "properties": {
        "piles": PILES,
        "draws": {"type": "array", "items": SUPPLY_TILE,
                  "description": "The tiles drawn from the bag, in the order drawn ([] to see what is needed)."},
        "solo": {"type": "boolean", "default": False,
                 "description": "Solo mode: first discard the top tile of the rightmost pile."},
    },
    "examples": [{"piles": [[{"type": "forest", "pawints": 1}], [], [{"type": "meadow", "pawints": 4}]],
                  "draws": [{"type": "meadow", "pawints": 1}, {"type": "lake", "pawints": 2}], "solo": False}],
}

END_GAME: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic end of game",
    "type": "object", "additionalProperties": False, "required": ["players"],
    "properties": {"players": {
        "type": "array", "minItems": 1,
        "description": "Every player's final Pawints after 21 rounds (one player = solo, which adds the hiking title).",
        "items": {"type": "object", "additionalProperties": False, "required": ["name", "pawints"],
                  "properties": {"name": {"type": "string", "minLength": 1},
                                 "pawints": {"type": "integer", "minimum": 0}}}}},
    "examples": [{"players": [{"name": "Ana", "pawints": 84}, {"name": "Ben", "pawints": 84},
                              {"name": "Cy", "pawints": 70}]}, {"players": [{"name": "Solo", "pawints": 125}]}],
}

TILE_VALUE: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Cational Meographic tile described",
    "type": "object", "additionalProperties": False, "required": ["tile"],
    "properties": {
        "tile": SUPPLY_TILE | {"description": "The tile just placed: its type and Pawint icon."},
        "neighbours": {
            "type": "array", "default": [], "maxItems": 8,
            "description": "The tiles touching it: up to 4 sharing an edge and 4 touching only at a corner.",
            "items": {"type": "object", "additionalProperties": False, "required": ["type", "pawints"],
                      "properties": SUPPLY_TILE["properties"] | {
                          "touch": {"type": "string", "enum": ["edge", "corner"], "default": "edge",
                                    "description": "How it touches the placed tile."}}}},
        "missions": {
            "type": "array", "default": [],
            "description": "Each active photo mission card whose shape the tile completed, once per card.",
            "items": {"type": "object", "additionalProperties": False, "required": ["pawints"],
                      "properties": {
                          "pawints": {"type": "integer", "minimum": 0, "description": "Pawints printed on the card."},
                          "bonus": MISSION["properties"]["bonus"],
                          "shapes": {"type": "integer", "minimum": 1, "default": 1,
                                     "description": "How many of the card's shapes the tile completed (it still "
                                                    "scores once)."}}}},
    },
    "examples": [{"tile": {"type": "meadow", "pawints": 3},
                  "neighbours": [{"type": "meadow", "pawints": 1}, {"type": "meadow", "pawints": 4},
                                 {"type": "river", "pawints": 2}, {"type": "meadow", "pawints": 2, "touch": "corner"}],
                  "missions": [{"pawints": 5}]}],
}
