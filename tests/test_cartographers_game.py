"""Cartographers whole games: score_game, the explore deck, season thresholds, solo ambushes, random playouts."""

from __future__ import annotations

import random

import pytest
from sim_cartographers import ExploreDeck, deal_edicts, random_game

from engine.cartographers import ENGINE
from engine.cartographers.cards import AMBUSH_CARDS, SEASONS, find_playable_card, find_scoring_card, solo_title
from engine.cartographers.grid import Board, cell_of
from engine.cartographers.maps import MAPS
from engine.cartographers.solo_ambush import solo_ambush_cells
from engine.protocol import PositionError

SCORE_GAME = ENGINE.operation("score_game").run
A = MAPS["A"]
EDICTS = {"A": "Sentinel Wood", "B": "Canal Lake", "C": "Great City", "D": "Borderlands"}


def rows(marks: dict[str, list[tuple[int, int]]]) -> list[str]:
    return Board.sketch(A, marks).rows()


def ambush(name: str):
    card = find_playable_card(name)
    assert card in AMBUSH_CARDS
    return card


# ---------------------------------------------------------------- score_game
SPRING = {"F": [(0, 0), (0, 1)]}
SUMMER = SPRING | {"A": [(3, 3)], "W": [(3, 4)]}
FALL = SUMMER | {"V": [(7, 0), (7, 1)], "X": [(10, 10)]}
WINTER = FALL | {"F": [(0, 0), (0, 1), (10, 0)]}


def solo_doc() -> dict:
    seasons = [(SPRING, 1), (SUMMER, 1), (FALL, 2), (WINTER, 2)]
    return {"map": "A", "cards": EDICTS,
            "players": [{"name": "Ana", "seasons": [{"grid": rows(m), "coins_from_shapes": k} for m, k in seasons]}]}


def test_score_game_solo_by_hand() -> None:
    # Spring  A Sentinel (0,0)(0,1) = 2, B Canal 0, coins 1, monsters 0             = 3
    # Summer  B Canal farm (3,3) + water (3,4) = 2, C Great City 0, coins 1          = 3
    # Fall    C Great City (7,0)(7,1) = 2, D Borderlands 0, coins 2, monster (10,10)
    #         leaves (9,10) and (10,9) empty: -2                                     = 2
    # Winter  D 0, A Sentinel (0,0)(0,1)(10,0) = 3, coins 2, monsters -2             = 3
    # Total 11; solo values 25 + 24 + 16 + 24 = 89; rating 11 - 89 = -78.
    result = SCORE_GAME(solo_doc())
    (ana,) = result["players"]
    assert [s["total"] for s in ana["seasons"]] == [3, 3, 2, 3]
    assert ana["total"] == 11 and ana["monster_stars_lost"] == 4 and result["complete"]
    assert [s["season"] for s in ana["seasons"]] == ["spring", "summer", "fall", "winter"]
    assert result["solo"]["rating"] == -78
    # The title is the highest one whose rating was met or surpassed; below -30 none was: no title.
    assert result["solo"]["title"] is None and "no title" in result["solo"]["detail"]
    assert result["winners"] == ["Ana"]


@pytest.mark.parametrize(("rating", "title"), [
    (30, "Legendary Cartographer"), (29, "Master Mapsmith"), (10, "Journeyman Topographer"),
    (0, "Apprentice Surveyor"), (-1, "Amateur Assessor"), (-5, "Amateur Assessor"), (-6, "Inept Assistant"),
    (-11, "Dimwitted Doodler"), (-30, "Oblivious Inkdrinker"), (-31, None), (-78, None),
])
def test_solo_titles(rating: int, title: str | None) -> None:
    assert solo_title(rating) == title


def blank_player(name: str, coins: int, marks: dict | None = None) -> dict:
    return {"name": name, "seasons": [{"grid": rows(marks or {}), "coins_from_shapes": coins}] * 4}


def test_tie_broken_by_fewest_monster_losses() -> None:
    # Xena: 1 coin a season, nothing else: 4. Yuri: 3 coins a season but monster (0,0) costs (0,1) and (1,0)
    # each season: 4 x (3 - 2) = 4. Tied on 4; Xena lost 0 stars to monsters, Yuri 8: Xena wins.
    doc = {"map": "A", "cards": EDICTS,
           "players": [blank_player("Xena", 1), blank_player("Yuri", 3, {"X": [(0, 0)]})]}
    result = SCORE_GAME(doc)
    assert [p["total"] for p in result["players"]] == [4, 4]
    assert result["winners"] == ["Xena"] and "solo" not in result
    doc["players"].append(blank_player("Zoe", 1))
    assert SCORE_GAME(doc)["winners"] == ["Xena", "Zoe"]  # still tied after the tie-break: shared


def test_score_game_rejects_changes_between_seasons() -> None:
    doc = solo_doc()
    doc["players"][0]["seasons"][1]["grid"] = rows({})  # spring's forests erased in summer
    doc["players"][0]["seasons"][2]["coins_from_shapes"] = 0
    with pytest.raises(PositionError) as caught:
        SCORE_GAME(doc)
    locs = {e.loc for e in caught.value.errors}
    assert ("players", 0, "seasons", 1, "grid", 0, 0) in locs
    assert ("players", 0, "seasons", 2, "coins_from_shapes") in locs


def test_score_game_needs_four_edicts() -> None:
    with pytest.raises(PositionError) as caught:
        SCORE_GAME({"map": "A", "cards": {"A": "Sentinel Wood"}, "players": [blank_player("Ana", 0)]})
    assert {e.loc for e in caught.value.errors} == {("cards", "B"), ("cards", "C"), ("cards", "D")}


def test_partial_game_has_no_solo_rating() -> None:
    doc = solo_doc()
    doc["players"][0]["seasons"] = doc["players"][0]["seasons"][:2]
    result = SCORE_GAME(doc)
    assert result["complete"] is False and result["solo"]["rating"] is None and result["players"][0]["total"] == 6


# ---------------------------------------------------------------- explore deck and seasons
def test_deck_gets_one_more_ambush_per_season_and_unrevealed_ones_stay() -> None:
    deck = ExploreDeck(random.Random(3))
    deck.start_season()
    assert len(deck.pile) == 14 and sum(c.is_ambush for c in deck.pile) == 1 and len(deck.ambushes) == 3
    deck.start_season()  # nothing revealed: the first ambush stays and another joins
    assert len(deck.pile) == 15 and sum(c.is_ambush for c in deck.pile) == 2 and len(deck.ambushes) == 2
    while any(c.is_ambush for c in deck.pile):
        deck.next_turn()  # reveal until both ambushes are gone (they go back to the box)
    deck.start_season()
    assert len(deck.pile) == 14 and sum(c.is_ambush for c in deck.pile) == 1


def test_ruins_flag_and_ambush_after_ruins() -> None:
    deck = ExploreDeck(random.Random(0))
    cards = {name: find_playable_card(name) for name in ("Homestead", "Temple Ruins", "Outpost Ruins",
                                                           "Great River", "Goblin Attack", "Orchard")}
    deck.pile = [cards["Homestead"], cards["Outpost Ruins"], cards["Temple Ruins"]]  # popped from the end
    turn = deck.next_turn()
    assert (turn.card.name, turn.ruins, deck.time()) == ("Homestead", True, 2)
    deck.pile = [cards["Orchard"], cards["Great River"], cards["Goblin Attack"], cards["Temple Ruins"]]
    first, second, third = deck.next_turn(), deck.next_turn(), deck.next_turn()
    assert (first.card.name, second.card.name, second.ruins, third.ruins) == ("Goblin Attack", "Great River",
                                                                               True, False)


def test_seasons_end_at_their_time_threshold() -> None:
    game = random_game(seed=11)
    thresholds = {s.key: s.time_threshold for s in SEASONS}
    for season, threshold in thresholds.items():
        times = [find_playable_card(d.card).time for d in game.draws if d.season == season and not d.solo_rule]
        assert sum(times) >= threshold > sum(times) - times[-1]


# ---------------------------------------------------------------- solo ambushes
def test_solo_ambush_starts_in_its_corner() -> None:
    board = Board.blank(A)
    placed = {name: [cell_of(i) for i in solo_ambush_cells(board, ambush(name))] for name in
              ("Goblin Attack", "Bugbear Assault", "Kobold Onslaught", "Gnoll Raid")}
    assert placed["Goblin Attack"] == [(8, 8), (9, 9), (10, 10)]  # bottom-right
    assert placed["Bugbear Assault"] == [(0, 8), (0, 10), (1, 8), (1, 10)]  # top-right
    assert placed["Kobold Onslaught"] == [(8, 0), (9, 0), (9, 1), (10, 0)]  # bottom-left
    assert placed["Gnoll Raid"] == [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)]  # top-left


def test_solo_ambush_walks_the_edge_in_the_arrow_direction() -> None:
    # Goblin (counterclockwise from bottom-right) goes up the right edge: box at rows 7-9, columns 8-10.
    goblin = solo_ambush_cells(Board.sketch(A, {"F": [(10, 10)]}), ambush("Goblin Attack"))
    assert [cell_of(i) for i in goblin] == [(7, 8), (8, 9), (9, 10)]
    # Bugbear (clockwise from top-right) goes down the right edge; rows 1-2 and 2-3 hit mountain (2,8).
    bugbear = solo_ambush_cells(Board.sketch(A, {"F": [(0, 10)]}), ambush("Bugbear Assault"))
    assert [cell_of(i) for i in bugbear] == [(3, 8), (3, 10), (4, 8), (4, 10)]
    # Gnoll (counterclockwise from top-left) goes down the left edge.
    gnoll = solo_ambush_cells(Board.sketch(A, {"F": [(0, 0)]}), ambush("Gnoll Raid"))
    assert [cell_of(i) for i in gnoll] == [(1, 0), (1, 1), (2, 0), (3, 0), (3, 1)]


def test_solo_ambush_moves_inward_then_is_disregarded_when_it_fits_nowhere() -> None:
    ring = [(r, c) for r in range(11) for c in range(11) if min(r, c, 10 - r, 10 - c) == 0]
    inner = solo_ambush_cells(Board.sketch(A, {"F": ring}), ambush("Goblin Attack"))
    assert [cell_of(i) for i in inner] == [(7, 7), (8, 8), (9, 9)]  # ring 1, bottom-right corner
    everything = [(r, c) for r in range(11) for c in range(11) if (r, c) not in A.mountains and (r, c) != (4, 6)]
    # One empty space left: the 5-space Gnoll shape fits nowhere, so the card is disregarded (no 1x1 in solo play).
    assert solo_ambush_cells(Board.sketch(A, {"W": everything}), ambush("Gnoll Raid")) == ()


def test_deal_edicts_one_card_per_deck() -> None:
    edicts = deal_edicts(random.Random(5))
    assert sorted(edicts) == ["A", "B", "C", "D"]
    assert sorted(card.deck for card in edicts.values()) == ["farm_water", "forest", "spatial", "village"]


# ---------------------------------------------------------------- random playouts
def test_solo_playout_rating() -> None:
    game = random_game(seed=2, players=1, side="B")
    solo = game.result["solo"]
    total = game.result["players"][0]["total"]
    values = sum(find_scoring_card(name).solo_value for name in game.edicts.values())
    assert solo["rating"] == total - values and solo["title"] == solo_title(solo["rating"])


def test_multiplayer_ambush_is_drawn_by_the_neighbour() -> None:
    for seed in range(6):
        game = random_game(seed=seed, players=3)
        for draw in game.draws:
            card = find_playable_card(draw.card)
            if card.is_ambush:
                step = 1 if card.arrow == "clockwise" else -1
                assert draw.drawn_by == (draw.owner + step) % 3 and draw.terrain == "monster"
            else:
                assert draw.drawn_by == draw.owner


# ---------------------------------------------------------------- season_status and solo_ambush operations
SEASON_STATUS = ENGINE.operation("season_status").run
SOLO_AMBUSH = ENGINE.operation("solo_ambush").run


def test_spring_ends_when_revealed_time_reaches_eight() -> None:
    # Homestead 2 + Orchard 2 + Fishing Village 2 + Marshlands 2 = 8 = spring's threshold: spring ends, A and B.
    result = SEASON_STATUS({"season": "spring", "revealed": ["Homestead", "Orchard", "Fishing Village", "Marshlands"]})
    assert (result["time"], result["season_ends"], result["edicts_scored"]) == (8, True, ["A", "B"])
    assert "summer begins" in result["next"] and result["rule_ref"] == "end-of-the-season"
    # 9 explore cards left; total deck time 16 - 8 = 8.
    assert len(result["explore_cards_left"]) == 9 and result["time_left_in_deck"] == 8


def test_winter_ending_ends_the_game() -> None:
    # Hinterland Stream 2 + Treetop Village 2 + Marshlands 2 = 6 = winter's threshold.
    result = SEASON_STATUS({"season": "winter", "revealed": ["Hinterland Stream", "Treetop Village", "Marshlands"]})
    assert result["season_ends"] and result["edicts_scored"] == ["D", "A"]
    assert result["rule_ref"] == "end-of-game-and-scoring"


def test_ruins_chain_and_an_ambush_in_between_keep_the_ruins_pending() -> None:
    # Two ruins in a row: still mid-turn (the next card is revealed at once), no Check Phase yet.
    chain = SEASON_STATUS({"season": "fall", "revealed": ["Great River", "Temple Ruins", "Outpost Ruins"]})
    assert chain["ruins_pending"] and not chain["season_ends"] and chain["time"] == 1
    assert "reveal the next card at once" in chain["next"]
    # Ruins then an ambush: the ambush is resolved normally, the ruins apply to the next explore card.
    ambush = SEASON_STATUS({"season": "fall", "revealed": ["Temple Ruins", "Goblin Attack"]})
    assert ambush["ruins_pending"] and ambush["time_needed"] == 7 and "cover an unfilled ruins" in ambush["next"]
    # The ruins effect is used up by the next explore card.
    used = SEASON_STATUS({"season": "fall", "revealed": ["Temple Ruins", "Goblin Attack", "Hamlet"]})
    assert not used["ruins_pending"] and used["time"] == 1


@pytest.mark.parametrize(("revealed", "loc", "words"), [
    (["Homestead", "Orchard", "Fishing Village", "Marshlands", "Hamlet"], ("revealed", 4), "already ended"),
    (["Homestead", "Homestead"], ("revealed", 1), "already revealed"),
    (["Dragon Lair"], ("revealed", 0), "unknown card"),
])
def test_season_status_refuses_impossible_sequences(revealed: list, loc: tuple, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        SEASON_STATUS({"season": "spring", "revealed": revealed})
    assert any(e.loc == loc and words in e.msg for e in caught.value.errors), caught.value.errors


def test_solo_ambush_operation_places_or_disregards() -> None:
    goblin = SOLO_AMBUSH({"map": "A", "grid": Board.blank(A).rows(), "card": "Goblin Attack"})
    assert goblin["cells"] == [[8, 8], [9, 9], [10, 10]] and not goblin["disregarded"] and goblin["ring"] == 0
    everything = [(r, c) for r in range(11) for c in range(11) if (r, c) not in A.mountains and (r, c) != (4, 6)]
    full = SOLO_AMBUSH({"map": "A", "grid": rows({"W": everything}), "card": "Gnoll Raid"})
    assert full["disregarded"] and full["cells"] == [] and full["rule_ref"] == "solo-play/solo-ambushes"
    with pytest.raises(PositionError) as caught:
        SOLO_AMBUSH({"map": "A", "grid": Board.blank(A).rows(), "card": "Homestead"})
    assert caught.value.errors[0].loc == ("card",)
