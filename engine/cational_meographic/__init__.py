"""Cational Meographic rules engine: placement legality, placement scoring (on a board or described), mission
update and hiking titles."""

from __future__ import annotations

from engine.cational_meographic import schemas
from engine.cational_meographic.described import describe
from engine.cational_meographic.end_game import run_end_game
from engine.cational_meographic.operations import run_check, run_hiking_title, run_mission_update, run_score
from engine.cational_meographic.rules import GAME_ID
from engine.cational_meographic.supply_steps import run_replenish, run_scout
from engine.cational_meographic.tile_value import score_tile
from engine.protocol import GameEngine, Operation

ENGINE = GameEngine(GAME_ID, (
    Operation("check", (
        "Say whether a Cational Meographic landscape tile may be placed where the player wants: the first tile goes "
        "anywhere, later tiles must share an edge with a placed tile (a corner is not enough) and never cover one. "
        "Input: the player's `board` tiles and the `placed` tile; returns legal plus coded reasons with rulebook "
        "section ids."), schemas.POSITION, run_check),
    Operation("score", (
        "Compute the Pawints a Cational Meographic tile placement earns, line by line: the tile's own Pawints, each "
        "same-type edge neighbour with equal or fewer Pawints, and each photo mission whose pattern (any rotation or "
        "flip) the placed tile completes. Input: `board` tiles, the `placed` tile and the `missions` showing."),
        schemas.POSITION, run_score),
    Operation("score_tile", (
        "Compute the Pawints of a Cational Meographic tile placement described by its counts instead of a board: the "
        "tile's type and Pawints, each tile touching it (type, Pawints, edge or corner) and each photo mission card "
        "it completed (Pawints, once per card)."), schemas.TILE_VALUE, score_tile),
    Operation("mission_update", (
        "Perform the Cational Meographic Mission Update step on the row of photo-mission stacks: tells which card "
        "moves, what it covers, and the active missions afterwards with their Pawints and bonuses. Input: `stacks` "
        "left to right (each bottom card first) and `half_covering`, the stack whose top card half-covers another."),
        schemas.TRACK, run_mission_update),
    Operation("hiking_title", (
        "Look up the Cational Meographic solo-mode hiking title for a final Pawint total, and how many Pawints the "
        "next title needs. Input: {\"pawints\": 72}."), schemas.TITLE_QUERY, run_hiking_title),
    Operation("scout", (
        "Perform the Cational Meographic Scout step: take the top tile of one of the three supply piles (or draw "
        "blind from the bag) and say whether the piles must now be replenished. Input: the `piles` left to right "
        "(each bottom tile first) and `take` (pile index or \"bag\")."), schemas.SCOUT, run_scout),
    Operation("replenish", (
        "Replenish the Cational Meographic supply piles: in solo mode first discard the top tile of the rightmost "
        "pile, then place each tile drawn from the bag on the pile of its type or in the leftmost empty place, until "
        "three piles of distinct types exist. Input: `piles`, the `draws` in order, and `solo`."),
        schemas.REPLENISH, run_replenish),
    Operation("end_game", (
        "End a Cational Meographic game after 21 rounds: rank the players by Pawints, name the winner(s) (the book "
        "has no tie-breaker, so ties share the win) and, for one player, the solo hiking title. Input: each "
        "player's name and final Pawints."), schemas.END_GAME, run_end_game),
), score_words=("pawint",), describe=describe)
