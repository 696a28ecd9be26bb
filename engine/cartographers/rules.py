"""Rules data of Cartographers: the game facts file (data/cartographers.json), the tables read from it, and every
rulebook anchor (section ids of rulespal/rulebooks/cartographers.md) the engine cites."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

GAME_ID = "cartographers"


@cache
def game_data() -> dict[str, Any]:
    """Return the parsed data/cartographers.json (cards, seasons, map sides, solo titles)."""
    text = resources.files(__package__).joinpath("data", "cartographers.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# Drawable terrains (the data file's order) and the length of the coin track.
TERRAINS: tuple[str, ...] = tuple(game_data()["terrains"])
COIN_TRACK_LENGTH: int = game_data()["coin_track_length"]

# Rulebook anchors: the turn of play.
REF_EXPLORE = "the-turn-of-play/1-explore-phase"
REF_DRAW = "the-turn-of-play/2-draw-phase"
REF_RUINS = f"{REF_DRAW}/ruins"
REF_AMBUSH = f"{REF_DRAW}/ambush"
REF_RIFT = f"{REF_DRAW}/rift-lands"
REF_COINS = f"{REF_DRAW}/shapes-with-coins"
REF_MOUNTAINS = f"{REF_DRAW}/surrounding-mountains"
REF_CHECK = "the-turn-of-play/3-check-phase"
# Seasons and the end of the game.
REF_SEASON_END = "end-of-the-season"
REF_SEASON_SCORING = "end-of-the-season/scoring-the-queens-edicts"
REF_END = "end-of-game-and-scoring"
REF_SOLO_RATING = "solo-play/solo-rating-and-titles"
REF_SOLO_AMBUSH = "solo-play/solo-ambushes"
# Reference sections on the components.
REF_MAP_SIDES = "map-sides"  # + /side-<letter>-<slug of name>
REF_SEASONS = "seasons-and-edicts"
DECK_SECTIONS: dict[str, str] = {  # scoring deck -> section (+ /<slug of card name>)
    "forest": "scoring-cards/forest-cards",
    "farm_water": "scoring-cards/farm-and-water-cards",
    "village": "scoring-cards/village-cards",
    "spatial": "scoring-cards/spatial-cards",
}
DECK_TITLES: dict[str, str] = {
    "forest": "Forest cards", "farm_water": "Farm and water cards", "village": "Village cards",
    "spatial": "Spatial cards",
}
KIND_SECTIONS: dict[str, str] = {  # explore/ambush card kind -> section
    "explore": "explore-cards/terrain-cards",
    "ruins": "explore-cards/ruins-cards",
    "rift_lands": "explore-cards/rift-lands",
    "ambush": "ambush-cards",
}
