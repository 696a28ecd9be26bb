"""Whole-game simulation and hiking titles for Cational Meographic.

The rulebook publishes no component list, so these games use a SYNTHETIC component set made up for testing:
its tile types and mission cards are invented here and are not the game's real components.
"""

import pytest
from sim_cational_meographic import Components, play

from engine.cational_meographic import ENGINE
from engine.cational_meographic.components import LandscapeTile, MissionCard, Pattern, PatternCell
from engine.cational_meographic.placement import check_placement
from engine.cational_meographic.rules import ROUNDS
from engine.protocol import PositionError

SYNTHETIC_TYPES = ("synthetic-forest", "synthetic-lake", "synthetic-meadow", "synthetic-peak", "synthetic-dune")


def synthetic_pattern(i):
    return Pattern((PatternCell((0, 0), SYNTHETIC_TYPES[i % 5]), PatternCell((0, 1), SYNTHETIC_TYPES[(i + 1) % 5]),
                    PatternCell((1, 1), "*")))


SYNTHETIC_COMPONENTS = Components(
    tiles=tuple(LandscapeTile(kind, 1 + i % 4) for kind in SYNTHETIC_TYPES for i in range(20)),
    missions=tuple(MissionCard(f"Synthetic card {i}", 2 + i % 4, synthetic_pattern(i)) for i in range(15)),
)


def replay_is_legal(record, players):
    boards = [{} for _ in range(players)]
    for turn in record.turns:
        if turn.placed is None:
            continue
        board = boards[turn.player]
        assert check_placement(board, turn.placed.at).legal
        board[turn.placed.at] = turn.placed.landscape
    return boards


def test_solo_game_runs_21_rounds_with_title():
    record = play(SYNTHETIC_COMPONENTS, players=1, seed=3)
    assert len(record.turns) == ROUNDS
    assert [t.round for t in record.turns] == list(range(1, ROUNDS + 1))
    assert len(record.boards[0]) == ROUNDS  # one tile placed per turn
    assert len(record.hands[0]) == 1  # ruling R6: the spare tile stays in hand
    assert record.scores[0] == sum(t.pawints for t in record.turns)
    assert record.title is not None
    assert record.title.title == ENGINE.operation("hiking_title").run({"pawints": record.scores[0]})["title"]
    assert replay_is_legal(record, 1) == list(record.boards)
    # 100 tiles = bag + piles + placed + hand + solo discards
    placed_or_held = ROUNDS + 1
    assert len(record.supply.bag) + sum(len(p) for p in record.supply.piles) + len(record.supply.discarded) \
        + placed_or_held == 100
    assert record.supply.discarded  # solo discards happened


def test_multiplayer_game_is_seeded_and_only_the_last_player_updates_missions():
    first = play(SYNTHETIC_COMPONENTS, players=3, seed=9)
    assert first == play(SYNTHETIC_COMPONENTS, players=3, seed=9)
    assert first.title is None
    assert [t.player for t in first.turns if t.update is not None] == [2] * ROUNDS
    assert first.supply.discarded == ()  # ruling R7: no discard in multiplayer
    replay_is_legal(first, 3)
    for player in range(3):
        assert first.scores[player] == sum(t.pawints for t in first.turns if t.player == player)


def test_game_survives_an_exhausted_bag():
    # 4 players, 30 synthetic tiles: the bag runs dry early; players then place what they hold
    small = Components(SYNTHETIC_COMPONENTS.tiles[::10] + SYNTHETIC_COMPONENTS.tiles[1::10]
                       + SYNTHETIC_COMPONENTS.tiles[2::10], SYNTHETIC_COMPONENTS.missions[:3])
    record = play(small, players=4, seed=1)
    placed = sum(1 for t in record.turns if t.placed is not None)
    assert placed + sum(len(h) for h in record.hands) == 30
    assert record.supply.bag == () and record.supply.pile_count == 0


def test_game_needs_a_player():
    with pytest.raises(ValueError, match="at least 1 player"):
        play(SYNTHETIC_COMPONENTS, players=0, seed=1)


# hiking titles: ranges from the rulebook's Solo Mode / Hiking Titles list, ends included
@pytest.mark.parametrize("pawints,title", [
    (0, "Timid Tabby"), (39, "Timid Tabby"), (40, "Keen Kitten"), (59, "Keen Kitten"), (60, "Mountain Mouser"),
    (79, "Mountain Mouser"), (80, "Nimble Navigator"), (99, "Nimble Navigator"), (100, "Ridge Runner"),
    (119, "Ridge Runner"), (120, "Peak Pouncer"), (129, "Peak Pouncer"), (130, "Summit Scratcher"),
    (139, "Summit Scratcher"), (140, "Apex Adventurer"), (1000, "Apex Adventurer"),
])
def test_hiking_title_boundaries(pawints, title):
    result = ENGINE.operation("hiking_title").run({"pawints": pawints})
    assert result["title"] == title
    assert result["rule_ref"] == "solo-mode/hiking-titles"


def test_hiking_title_tells_the_next_one():
    result = ENGINE.operation("hiking_title").run({"pawints": 72})
    assert result["range"] == "60-79"
    assert result["next_title"] == {"title": "Nimble Navigator", "from": 80, "pawints_needed": 8}  # 80 - 72
    assert ENGINE.operation("hiking_title").run({"pawints": 150})["next_title"] is None


@pytest.mark.parametrize("doc,loc", [({"pawints": -1}, ("pawints",)), ({"pawints": "50"}, ("pawints",)),
                                     ({"pawints": True}, ("pawints",)), ({"pawints": 50.5}, ("pawints",)),
                                     ({}, ("pawints",)), ({"pawints": 5, "x": 1}, ("x",)), (50, ())])
def test_hiking_title_input_errors(doc, loc):
    with pytest.raises(PositionError) as err:
        ENGINE.operation("hiking_title").run(doc)
    assert loc in [e.loc for e in err.value.errors]
