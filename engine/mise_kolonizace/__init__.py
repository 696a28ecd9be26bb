"""Rules engine for Mise: Kolonizace: placement check, scoring of closed areas, end-of-game bonus."""

from __future__ import annotations

from engine.mise_kolonizace.area_value import score_area
from engine.mise_kolonizace.described import describe
from engine.mise_kolonizace.operations import run_check, run_end_game, run_score
from engine.mise_kolonizace.rules import GAME_ID
from engine.mise_kolonizace.schemas import area_value_schema, end_game_schema, position_schema
from engine.protocol import GameEngine, Operation

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
            "(1 per tile, 3 per alien, plus the tiles and aliens of every area linked by a green laser) to the "
            "player(s) with the most cosmonauts in it, splitting ties. Input: as for check, optionally with running "
            "totals.",
            position_schema(), run_score),
        Operation(
            "end_game",
            "Scores the end of a Mise: Kolonizace game: the two tiles left in each player's stack give 2 points per "
            "cosmonaut and 2 per alien; returns each bonus, the final totals and the ranking. Input: each player's "
            "colour, points so far and last two tiles.",
            end_game_schema(), run_end_game),
        Operation(
            "score_area",
            "Scores a Mise: Kolonizace closed area described by its counts instead of its tiles: 1 per tile and 3 "
            "per alien in it, plus the tiles and aliens of each area beside it through a green laser (once each; "
            "red-laser neighbours and the lasers' number do not count); with its cosmonauts, who takes it and the "
            "split of a tie. Input: the area (kind, tiles, aliens, cosmonauts) and its neighbours (kind, tiles, "
            "aliens, laser).",
            area_value_schema(), score_area),
    ),
    score_words=("point", "cosmic stone"),
    describe=describe,
)
