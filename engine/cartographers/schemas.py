"""JSON Schemas (with one example each) of the documents the Cartographers operations take."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import AMBUSH_CARDS, PLAYABLE_CARDS, SCORING_CARDS
from engine.cartographers.rules import TERRAINS

_SCORING_NAMES = ", ".join(c.name for c in SCORING_CARDS)
_SHAPE_CARD_NAMES = ", ".join(c.name for c in PLAYABLE_CARDS if c.kind != "ruins")

EXAMPLE_GRID = [
    "FF.........", "F..M.......", ".VV.....M..", ".VV........", "...........", ".....M.....",
    "...........", "...........", "..M........", ".......M...", "...........",
]

MAP_FIELD = {"type": "string", "enum": ["A", "B"],
             "description": "Map side: 'A' wilderness, or 'B' wastelands (B also prints 7 wasteland spaces)."}
GRID_FIELD = {
    "type": "array", "minItems": 11, "maxItems": 11,
    "items": {"type": "string", "pattern": "^[.FVAWXM#R]{11}$"},
    "description": ("The sheet as 11 strings (row 0 at the top) of 11 codes (column 0 at the left): '.' empty, "
                    "F forest, V village, A farm, W water, X monster, M mountain, # wasteland. Printed mountains "
                    "(and wasteland on side B) must be present exactly where the map side prints them. A ruins space "
                    "is '.' until something is drawn on it ('R' is also accepted there)."),
}
COINS_FIELD = {"type": "integer", "minimum": 0, "default": 0,
               "description": "Coins earned so far from shapes with a coin symbol (mountain coins are counted from "
                              "the grid; the coin track holds 14)."}
CARDS_FIELD = {
    "description": ("Scoring cards to evaluate: a list of names, the string 'all' (all 16), or the edict mapping "
                    "{\"A\": name, \"B\": name, \"C\": name, \"D\": name} together with 'season' (spring scores A+B, "
                    f"summer B+C, fall C+D, winter D+A). Names: {_SCORING_NAMES} (case and spacing are ignored)."),
    "anyOf": [
        {"type": "string", "enum": ["all"]},
        {"type": "array", "items": {"type": "string"}},
        {"type": "object", "properties": {k: {"type": "string"} for k in "ABCD"}, "additionalProperties": False},
    ],
}
SEASON_FIELD = {"type": "string", "enum": ["spring", "summer", "fall", "winter"],
                "description": "With an edict mapping in 'cards': the season whose two edicts are scored."}
_POSITION = {"map": MAP_FIELD, "grid": GRID_FIELD, "cards": CARDS_FIELD, "season": SEASON_FIELD,
             "coins_from_shapes": COINS_FIELD}

SCORE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["map", "grid"], "additionalProperties": False, "properties": _POSITION,
    "examples": [{"map": "A", "grid": EXAMPLE_GRID, "season": "spring", "coins_from_shapes": 1,
                  "cards": {"A": "Sentinel Wood", "B": "Canal Lake", "C": "Great City", "D": "Borderlands"}}],
}

MOVE_FIELD = {
    "type": "object", "required": ["card", "terrain", "cells"], "additionalProperties": False,
    "description": "The drawing to check.",
    "properties": {
        "card": {"type": "string", "description": f"Explore or ambush card drawn from: {_SHAPE_CARD_NAMES}."},
        "terrain": {"type": "string", "enum": list(TERRAINS),
                    "description": "Terrain filled in (an ambush is always monster)."},
        "cells": {"type": "array", "minItems": 1,
                  "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                  "description": "Cells drawn, as [row, col] pairs, 0-based from the top-left; any rotation or "
                                 "reflection of a card shape, or one cell for a 1x1 square."},
        "ruins": {"type": "boolean", "default": False,
                  "description": "True when a ruins card was revealed just before this card."},
        "ambush": {"type": "boolean", "default": False,
                   "description": "True for an ambush (optional: the card name already says so). The grid is then "
                                  "the neighbour's sheet the monsters are drawn on."},
    },
}
CHECK_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["map", "grid", "move"], "additionalProperties": False,
    "properties": {"map": MAP_FIELD, "grid": GRID_FIELD, "move": MOVE_FIELD, "cards": CARDS_FIELD,
                   "season": SEASON_FIELD, "coins_from_shapes": COINS_FIELD},
    "examples": [{"map": "A", "grid": EXAMPLE_GRID,
                  "move": {"card": "Homestead", "terrain": "village", "cells": [[0, 5], [1, 5], [2, 5], [1, 6]],
                           "ruins": True}}],
}

LEGAL_MOVES_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["map", "grid", "card"], "additionalProperties": False,
    "properties": {
        "map": MAP_FIELD, "grid": GRID_FIELD,
        "card": {"type": "string", "description": f"Explore or ambush card to place: {_SHAPE_CARD_NAMES}."},
        "ruins": {"type": "boolean", "default": False,
                  "description": "True when a ruins card was revealed just before this card."},
        "limit": {"type": "integer", "minimum": 0, "maximum": 10000, "default": 200,
                  "description": "How many placements to list (the count is always complete)."},
    },
    "examples": [{"map": "A", "grid": EXAMPLE_GRID, "card": "Fishing Village", "ruins": False, "limit": 20}],
}

SEASON_SNAPSHOT = {
    "type": "object", "required": ["grid"], "additionalProperties": False,
    "description": "The sheet at the end of one season.",
    "properties": {"grid": GRID_FIELD,
                   "coins_from_shapes": COINS_FIELD | {"description": "Shape coins earned from the start of the game "
                                                                      "up to the end of this season (cumulative)."}},
}
SCORE_GAME_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["map", "cards", "players"], "additionalProperties": False,
    "properties": {
        "map": MAP_FIELD,
        "cards": {"type": "object", "required": list("ABCD"), "additionalProperties": False,
                  "properties": {k: {"type": "string"} for k in "ABCD"},
                  "description": f"The four edicts {{A, B, C, D}} -> scoring card name (one per deck). "
                                 f"Names: {_SCORING_NAMES}."},
        "players": {
            "type": "array", "minItems": 1,
            "description": "Players (one player = solo game, which adds the solo rating and title).",
            "items": {"type": "object", "required": ["seasons"], "additionalProperties": False, "properties": {
                "name": {"type": "string"},
                "seasons": {"type": "array", "minItems": 1, "maxItems": 4, "items": SEASON_SNAPSHOT,
                            "description": "Season-end sheets in order: spring, summer, fall, winter."},
            }},
        },
    },
    "examples": [{"map": "A", "cards": {"A": "Sentinel Wood", "B": "Canal Lake", "C": "Great City",
                                        "D": "Borderlands"},
                  "players": [{"name": "Ana", "seasons": [{"grid": EXAMPLE_GRID, "coins_from_shapes": 1}]}]}],
}

COMPONENTS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "Empty for everything printed (both map sides, the scoring decks, explore and ambush cards, "
                   "seasons), or just 'map' for that side's printed map only.",
    "properties": {"map": MAP_FIELD | {"description": "Only this map side's printed mountains, ruins and wasteland: "
                                                      "'A' wilderness or 'B' wastelands."}},
    "examples": [{}, {"map": "B"}],
}

_EXPLORE_NAMES = ", ".join(c.name for c in PLAYABLE_CARDS)
SEASON_STATUS_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["season"], "additionalProperties": False,
    "properties": {
        "season": SEASON_FIELD | {"description": "The season being played."},
        "revealed": {"type": "array", "items": {"type": "string"}, "default": [],
                     "description": f"The cards revealed this season, in order (ruins and ambush cards included). "
                                    f"Names: {_EXPLORE_NAMES}."},
    },
    "examples": [{"season": "spring", "revealed": ["Great River", "Temple Ruins", "Homestead", "Goblin Attack",
                                                   "Orchard", "Hamlet"]},
                 {"season": "winter", "revealed": ["Outpost Ruins"]}],
}

SOLO_AMBUSH_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["map", "grid", "card"], "additionalProperties": False,
    "properties": {
        "map": MAP_FIELD, "grid": GRID_FIELD,
        "card": {"type": "string", "enum": [c.name for c in AMBUSH_CARDS],
                 "description": "The ambush card revealed in a solo game."},
    },
    "examples": [{"map": "A", "grid": EXAMPLE_GRID, "card": "Gnoll Raid"}],
}

SOLO_TITLE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["score"], "additionalProperties": False,
    "description": "A solo game's final score with its four scoring cards, or with the sum of their solo values.",
    "properties": {
        "score": {"type": "integer", "description": "The final score in reputation stars, at the end of winter."},
        "cards": {"type": "array", "items": {"type": "string", "enum": [c.name for c in SCORING_CARDS]},
                  "minItems": 4, "maxItems": 4, "description": "The four scoring cards of the game."},
        "solo_values": {"type": "integer", "minimum": 0,
                        "description": "The sum of the four scoring cards' solo values (instead of cards)."},
    },
    "examples": [{"score": 95, "cards": ["Greenbough", "Mages Valley", "Great City", "The Cauldrons"]},
                 {"score": 71, "solo_values": 80}],
}

SEASON_TOTAL_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["edicts", "coins", "monster_spaces"], "additionalProperties": False,
    "description": "One season's scoring by its counts: the stars of its two edicts, the filled coins and the empty "
                   "spaces next to monsters.",
    "properties": {
        "season": {"type": "string", "enum": ["spring", "summer", "fall", "winter"],
                   "description": "The season (checks the edict letters: spring A B, summer B C, fall C D, "
                                  "winter D A)."},
        "edicts": {"type": "array", "minItems": 2, "maxItems": 2,
                   "items": {"type": "object", "required": ["stars"], "additionalProperties": False,
                             "properties": {"stars": {"type": "integer", "minimum": 0},
                                            "letter": {"type": "string", "enum": ["A", "B", "C", "D"]}}},
                   "description": "The two edicts scored this season with the stars each gave."},
        "coins": {"type": "integer", "minimum": 0, "maximum": 14,
                  "description": "Filled coin symbols on the coin track (all of them, from every season so far)."},
        "monster_spaces": {"type": "integer", "minimum": 0,
                           "description": "Distinct empty spaces sharing a side with a monster space."},
    },
    "examples": [{"season": "summer", "edicts": [{"letter": "B", "stars": 7}, {"letter": "C", "stars": 5}],
                  "coins": 4, "monster_spaces": 3}],
}

EDICT_COUNTS_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["card"], "additionalProperties": False,
    "description": "One scoring card with the counts that settle it: the village clusters' sizes (Shieldgate, "
                   "Wildholds) or the side of the largest all-filled square (Lost Barony).",
    "properties": {
        "card": {"type": "string", "enum": ["Shieldgate", "Wildholds", "Lost Barony"]},
        "clusters": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 121},
                     "description": "The size of each village cluster (Shieldgate, Wildholds)."},
        "square": {"type": "integer", "minimum": 1, "maximum": 11,
                   "description": "The side of the largest square made only of filled spaces (Lost Barony)."},
    },
    "examples": [{"card": "Shieldgate", "clusters": [5, 5, 3]}, {"card": "Wildholds", "clusters": [7, 6, 3]},
                 {"card": "Lost Barony", "square": 4}],
}
