"""Rules engine for Mise: Kolonizace: placement check, scoring of closed areas, end-of-game bonus."""

from __future__ import annotations

from typing import Any

from engine.mise_kolonizace.end_game import end_game
from engine.mise_kolonizace.notation_json import parse_end_game, parse_position
from engine.mise_kolonizace.placement import check
from engine.mise_kolonizace.schema import end_game_schema, position_schema
from engine.mise_kolonizace.scoring import score
from engine.mise_kolonizace.tables import GAME_ID
from engine.protocol import GameEngine, Operation


def run_check(doc: Any) -> dict[str, Any]:
    """Check the last tile of a position (JSON object or compact text)."""
    return check(parse_position(doc))


def run_score(doc: Any) -> dict[str, Any]:
    """Score the last tile of a position (JSON object or compact text)."""
    return score(parse_position(doc))


def run_end_game(doc: Any) -> dict[str, Any]:
    """Score the end-of-game bonus and rank the players (JSON object or compact text)."""
    return end_game(parse_end_game(doc))


ENGINE = GameEngine(
    GAME_ID,
    (
        Operation(
            "check",
            "Checks whether the last tile of a Mise: Kolonizace position may be placed where it is: it must touch a "
            "tile on the table (or the space base) along a side, not cover one, and never let different kinds of area "
            "touch without a laser between them. Input: the placed tiles in placement order, the last being the move.",
            position_schema(), run_check),
        Operation(
            "score",
            "Scores the last tile placed in a Mise: Kolonizace position: finds each area it closes and gives its worth "
            "(1 per tile, 3 per alien, plus the tiles and aliens of every area linked by a green laser) to the player(s) "
            "with the most cosmonauts in it, splitting ties. Input: as for check, optionally with running totals.",
            position_schema(), run_score),
        Operation(
            "end_game",
            "Scores the end of a Mise: Kolonizace game: the two tiles left in each player's stack give 2 points per "
            "cosmonaut and 2 per alien; returns each bonus, the final totals and the ranking. Input: each player's "
            "colour, points so far and last two tiles.",
            end_game_schema(), run_end_game),
    ),
)
