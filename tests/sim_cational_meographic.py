"""A seeded whole-game simulator with a greedy player, for any component set supplied by the caller."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cational_meographic.components import Cell, LandscapeTile, Mission, MissionCard, Tile
from engine.cational_meographic.missions import MissionTrack, Move, mission_update, setup_track
from engine.cational_meographic.placement import valid_spaces
from engine.cational_meographic.rules import ROUNDS
from engine.cational_meographic.scoring import score_placement
from engine.cational_meographic.supply import BLIND_DRAW, Supply, draw, scout, setup_supply
from engine.cational_meographic.titles import HikingTitle, hiking_title


@dataclass(frozen=True)
class Components:
    """The tiles and photo-mission cards a game is played with (the rulebook publishes no component list)."""

    tiles: tuple[LandscapeTile, ...]
    missions: tuple[MissionCard, ...]


@dataclass(frozen=True)
class Turn:
    """What one player did in one turn: the Scout source and tile, the tile placed, Pawints earned, and the
    Mission Update if this player was the last of the round."""

    round: int
    player: int
    source: int | str | None
    scouted: LandscapeTile | None
    placed: Tile | None
    pawints: int
    update: Move | None


@dataclass(frozen=True)
class GameRecord:
    """The outcome of a simulated game: totals, final boards and hands, every turn, the final supply and track,
    and the hiking title in a solo game."""

    scores: tuple[int, ...]
    boards: tuple[dict[Cell, LandscapeTile], ...]
    hands: tuple[tuple[LandscapeTile, ...], ...]
    turns: tuple[Turn, ...]
    supply: Supply
    track: MissionTrack
    title: HikingTitle | None


def best_placement(board: dict[Cell, LandscapeTile], hand: Sequence[LandscapeTile],
                   missions: Sequence[Mission]) -> tuple[int, Tile] | None:
    """Return the highest-scoring legal placement of a hand tile (first found wins ties), or None for no tile."""
    best: tuple[int, Tile] | None = None
    spaces = valid_spaces(board) if board else [(0, 0)]
    for landscape in hand:
        for at in spaces:
            tile = Tile(at, landscape)
            lines, _ = score_placement(board, tile, missions)
            points = sum(line.points for line in lines)
            if best is None or points > best[0]:
                best = (points, tile)
    return best


def choose_source(supply: Supply, board: dict[Cell, LandscapeTile], missions: Sequence[Mission]) -> int | str | None:
    """Greedy Scout: the pile whose top tile scores best now, a blind draw when no pile is left, None when all is
    empty."""
    gains = {i: best[0] for i, top in enumerate(supply.tops())
             if top is not None and (best := best_placement(board, [top], missions)) is not None}
    if gains:
        return max(gains, key=lambda i: (gains[i], -i))
    return BLIND_DRAW if supply.bag else None


def play(components: Components, players: int, seed: int, rounds: int = ROUNDS) -> GameRecord:
    """Play a whole game with greedy players; one player means solo mode (discards, hiking title)."""
    if players < 1:
        raise ValueError(f"a game needs at least 1 player, got {players}")
    rng = random.Random(seed)
    track = setup_track(list(components.missions), rng)
    supply = setup_supply(list(components.tiles), rng)
    hands: list[list[LandscapeTile]] = []
    for _ in range(players):
        tile, supply = draw(supply, rng) if supply.bag else (None, supply)
        hands.append([tile] if tile else [])
    boards: list[dict[Cell, LandscapeTile]] = [{} for _ in range(players)]
    scores = [0] * players
    turns: list[Turn] = []
    for round_no in range(1, rounds + 1):
        for player in range(players):
            missions = track.missions()
            source = choose_source(supply, boards[player], missions)
            scouted = None
            if source is not None:
                scouted, supply = scout(supply, source, rng, solo=players == 1)
                hands[player].append(scouted)
            best = best_placement(boards[player], hands[player], missions)
            if best is not None:
                points, tile = best
                boards[player][tile.at] = tile.landscape
                hands[player].remove(tile.landscape)
                scores[player] += points
            update = None
            if player == players - 1:
                track, update = mission_update(track)
            turns.append(Turn(round_no, player, source, scouted, best[1] if best else None,
                              best[0] if best else 0, update))
    return GameRecord(tuple(scores), tuple(boards), tuple(tuple(h) for h in hands), tuple(turns), supply, track,
                      hiking_title(scores[0]) if players == 1 else None)
