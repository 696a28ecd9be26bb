"""What the components print (map sides, scoring decks, explore and ambush cards, seasons), as JSON from the tables."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import (
    AMBUSH_CARDS,
    EXPLORE_CARDS,
    SCORING_CARDS,
    SEASONS,
    AmbushCard,
    Cell,
    ExploreCard,
)
from engine.cartographers.maps import MAPS, MapSide
from engine.cartographers.rules import DECK_SECTIONS, DECK_TITLES, REF_SEASONS


def _cells(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [[r, c] for r, c in cells]


def map_side_json(side: MapSide) -> dict[str, Any]:
    """A map side's name, printed mountains, ruins and wasteland as [row, col] lists, and its rulebook section."""
    return {"name": side.name, "mountains": _cells(side.mountains), "ruins": _cells(side.ruins),
            "wasteland": _cells(side.wasteland), "rule_ref": side.rule_ref}


def scoring_decks_json() -> list[dict[str, Any]]:
    """The four scoring decks in data-file order, each with its cards (id, name, solo value, rulebook section)."""
    return [
        {"deck": deck, "title": DECK_TITLES[deck], "rule_ref": section,
         "cards": [{"id": c.id, "name": c.name, "solo_value": c.solo_value, "rule_ref": c.rule_ref}
                   for c in SCORING_CARDS if c.deck == deck]}
        for deck, section in DECK_SECTIONS.items()
    ]


def playable_card_json(card: ExploreCard | AmbushCard) -> dict[str, Any]:
    """An explore, ruins, rift lands or ambush card: kind, time, terrains, shapes (printed cells, coin)."""
    extra = {"arrow": card.arrow, "solo_start_corner": card.solo_start_corner} if isinstance(card, AmbushCard) else {}
    return {"id": card.id, "name": card.name, "kind": card.kind, "time": card.time, "terrains": list(card.terrains),
            "shapes": [{"cells": _cells(s.cells), "coin": s.coin} for s in card.shapes], **extra,
            "rule_ref": card.rule_ref}


def seasons_json() -> list[dict[str, Any]]:
    """The season cards in order: time threshold and the two edicts scored at the season's end."""
    return [{"name": s.name, "time_threshold": s.time_threshold, "edicts_scored": list(s.edicts),
             "rule_ref": REF_SEASONS} for s in SEASONS]


def components(side: MapSide | None = None) -> dict[str, Any]:
    """Everything printed: both map sides and all cards and seasons; with a side, only that side's printed map."""
    if side is not None:
        return {"maps": {side.letter: map_side_json(side)}}
    return {
        "maps": {letter: map_side_json(m) for letter, m in MAPS.items()},
        "scoring_decks": scoring_decks_json(),
        "explore_cards": [playable_card_json(c) for c in EXPLORE_CARDS],
        "ambush_cards": [playable_card_json(c) for c in AMBUSH_CARDS],
        "seasons": seasons_json(),
    }
