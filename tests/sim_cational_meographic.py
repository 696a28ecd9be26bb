"""A seeded whole-game simulator with a greedy player, for any component set supplied by the caller, with the
random set-up and Scout steps only a simulation needs (the engine's operations take the piles as given)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.cational_meographic.components import Cell, LandscapeTile, Mission, MissionCard, Tile
from engine.cational_meographic.missions import MissionTrack, Move, mission_update
from engine.cational_meographic.placement import valid_spaces
from engine.cational_meographic.rules import ROUNDS, SUPPLY_PILES
from engine.cational_meographic.scoring import score_placement
from engine.cational_meographic.supply import BLIND_DRAW, Supply, place_drawn, solo_discard
from engine.cational_meographic.titles import HikingTitle, hiking_title


class SupplyError(ValueError):
    """A Scout that the supply cannot satisfy (an empty pile, an empty bag, an unknown source)."""


def draw(supply: Supply, rng: random.Random) -> tuple[LandscapeTile, Supply]:
    """Draw one tile at random from the bag."""
    if not supply.bag:
        raise SupplyError("the draw bag is empty")
    i = rng.randrange(len(supply.bag))
    return supply.bag[i], replace(supply, bag=supply.bag[:i] + supply.bag[i + 1:])


def fill_piles(supply: Supply, rng: random.Random) -> Supply:
    """Draw until there are SUPPLY_PILES piles of distinct types or the bag is empty (ruling R8)."""
    while supply.pile_count < SUPPLY_PILES and supply.bag:
        tile, supply = draw(supply, rng)
        supply = place_drawn(supply, tile)
    return supply


def setup_supply(tiles: list[LandscapeTile], rng: random.Random) -> Supply:
    """Put every tile in the bag and draw the first supply piles."""
    return fill_piles(Supply(tuple(tiles)), rng)


def scout(supply: Supply, source: int | str, rng: random.Random, solo: bool) -> tuple[LandscapeTile, Supply]:
    """Take a pile's top tile (source = pile index) or draw blind (source = BLIND_DRAW); then, only if fewer than
    SUPPLY_PILES piles remain, discard in solo play (ruling R7) and replenish."""
    if source == BLIND_DRAW:
        tile, supply = draw(supply, rng)
    elif isinstance(source, int) and not isinstance(source, bool) and 0 <= source < SUPPLY_PILES:
        pile = supply.piles[source]
        if not pile:
            raise SupplyError(f"supply pile {source} is empty; piles holding tiles: "
                              f"{[i for i, p in enumerate(supply.piles) if p]}")
        tile = pile[-1]
        supply = replace(supply, piles=supply.piles[:source] + (pile[:-1],) + supply.piles[source + 1:])
    else:
        raise SupplyError(f"expected a pile index 0-{SUPPLY_PILES - 1} or {BLIND_DRAW!r}, got {source!r}")
    if supply.pile_count < SUPPLY_PILES:
        supply = fill_piles(solo_discard(supply) if solo else supply, rng)
    return tile, supply
def setup_track(cards: list[MissionCard], rng: random.Random) -> MissionTrack:
    """Shuffle the cards into the leftmost stack and draw its top card to the side for the first round."""
    if not cards:
        raise ValueError("the mission track needs at least one photo-mission card")
    deck = list(cards)
    rng.shuffle(deck)
    first = deck.pop()
    return MissionTrack(tuple(s for s in (tuple(deck), (first,)) if s))


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
