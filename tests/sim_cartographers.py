"""Game flow: the explore deck with ruins and ambushes, season thresholds, solo ambushes, and a random playout.

Seats for multiplayer ambushes: players sit clockwise in list order, so a clockwise arrow hands player i's sheet to
player i+1 (who draws the monsters on it), counterclockwise to player i-1. A player with no empty space left draws
nothing that turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.cartographers.cards import (
    AMBUSH_CARDS,
    EDICTS,
    EXPLORE_CARDS,
    SCORING_CARDS,
    SEASONS,
    AmbushCard,
    Cell,
    ExploreCard,
    ScoringCard,
)
from engine.cartographers.game_score import score_game
from engine.cartographers.grid import TERRAIN_CODE, Board, cell_of
from engine.cartographers.legality import options
from engine.cartographers.maps import MAPS
from engine.cartographers.placement import Card
from engine.cartographers.solo_ambush import solo_ambush_cells


@dataclass(frozen=True)
class Turn:
    """One revealed card to draw from, and whether a ruins card came just before it."""

    card: ExploreCard | AmbushCard
    ruins: bool


class ExploreDeck:
    """The explore deck over a whole game: one more ambush each season, unrevealed ambushes stay, revealed ones go."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ambushes: list[AmbushCard] = list(AMBUSH_CARDS)
        rng.shuffle(self.ambushes)
        self.pile: list[Card] = []
        self.column: list[ExploreCard] = []
        self.pending_ruins = False

    def start_season(self) -> None:
        """Reshuffle all explore cards with the ambushes still unrevealed plus the top card of the ambush deck."""
        self.pile = [*EXPLORE_CARDS, *(c for c in self.pile if c.is_ambush)]
        if self.ambushes:
            self.pile.append(self.ambushes.pop())
        self.rng.shuffle(self.pile)
        self.column = []
        self.pending_ruins = False

    def time(self) -> int:
        """Sum of the time values of the explore cards revealed this season."""
        return sum(card.time for card in self.column)

    def next_turn(self) -> Turn | None:
        """Reveal cards until one shows a shape (ruins set the flag; an ambush keeps it for the next card)."""
        while self.pile:
            card = self.pile.pop()
            if isinstance(card, AmbushCard):
                return Turn(card, self.pending_ruins)
            self.column.append(card)
            if card.kind == "ruins":
                self.pending_ruins = True
                continue
            ruins, self.pending_ruins = self.pending_ruins, False
            return Turn(card, ruins)
        return None


def deal_edicts(rng: random.Random) -> dict[str, ScoringCard]:
    """One random scoring card from each deck, placed under edicts A-D in random order."""
    decks: dict[str, list[ScoringCard]] = {}
    for card in SCORING_CARDS:
        decks.setdefault(card.deck, []).append(card)
    drawn = [rng.choice(cards) for cards in decks.values()]
    rng.shuffle(drawn)
    return dict(zip(EDICTS, drawn, strict=False))


@dataclass(frozen=True)
class DrawRecord:
    """One drawing in a playout, with the sheet before it, so it can be re-checked."""

    season: str
    owner: int
    drawn_by: int
    card: str
    ruins: bool
    terrain: str
    cells: tuple[Cell, ...]
    grid_before: tuple[str, ...]
    solo_rule: bool


@dataclass(frozen=True)
class GameRecord:
    """A finished random playout: the edicts, every drawing, the score_game input document and its result."""

    seed: int
    edicts: dict[str, str]
    draws: tuple[DrawRecord, ...]
    document: dict[str, Any]
    result: dict[str, Any]


class _Playout:
    """Mutable state of a random playout (boards, shape coins, log)."""

    def __init__(self, rng: random.Random, side: str, players: int) -> None:
        self.rng = rng
        self.boards = [Board.blank(MAPS[side])] * players
        self.coins = [0] * players
        self.draws: list[DrawRecord] = []

    def draw(self, season: str, owner: int, drawn_by: int, turn: Turn, cells: tuple[int, ...], terrain: str,
             solo_rule: bool = False) -> None:
        """Draw `terrain` on the owner's cells and log it."""
        board = self.boards[owner]
        self.draws.append(DrawRecord(season, owner, drawn_by, turn.card.name, turn.ruins, terrain,
                                     tuple(cell_of(i) for i in cells), tuple(board.rows()), solo_rule))
        self.boards[owner] = board.drawn(cells, TERRAIN_CODE[terrain])

    def random_draw(self, season: str, owner: int, drawn_by: int, turn: Turn) -> None:
        """Draw a uniformly random legal (cells, terrain) of the turn's card on the owner's sheet, if any."""
        opts = options(self.boards[owner], turn.card, turn.ruins)
        if not opts.placements:
            return
        pick = self.rng.randrange(len(opts.placements) * len(opts.terrains))
        placement = opts.placements[pick // len(opts.terrains)]
        self.draw(season, owner, drawn_by, turn, placement.cells, opts.terrains[pick % len(opts.terrains)])
        self.coins[owner] += placement.coin

    def ambush(self, season: str, turn: Turn, card: AmbushCard) -> None:
        """Resolve an ambush: the solo rule for one player, else each neighbour draws on the sheet passed to them."""
        players = len(self.boards)
        if players == 1:
            cells = solo_ambush_cells(self.boards[0], card)
            if cells:
                self.draw(season, 0, 0, turn, cells, "monster", solo_rule=True)
            return
        step = 1 if card.arrow == "clockwise" else -1
        for owner in range(players):
            self.random_draw(season, owner, (owner + step) % players, turn)


def random_game(seed: int, players: int = 1, side: str = "A") -> GameRecord:
    """Play a whole game with random legal drawings (seeded) and score it with score_game."""
    rng = random.Random(seed)
    edicts = deal_edicts(rng)
    deck = ExploreDeck(rng)
    play = _Playout(rng, side, players)
    snapshots: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for season in SEASONS:
        deck.start_season()
        while deck.time() < season.time_threshold and (turn := deck.next_turn()):
            if isinstance(turn.card, AmbushCard):
                play.ambush(season.key, turn, turn.card)
            else:
                for p in range(players):
                    play.random_draw(season.key, p, p, turn)
        for p in range(players):
            snapshots[p].append({"grid": play.boards[p].rows(), "coins_from_shapes": play.coins[p]})
    document = {
        "map": side,
        "cards": {letter: card.name for letter, card in edicts.items()},
        "players": [{"name": f"Player {p + 1}", "seasons": snapshots[p]} for p in range(players)],
    }
    return GameRecord(seed, document["cards"], tuple(play.draws), document, score_game(document))
