"""The Cational Meographic mission track and its Mission Update step."""

import random

import pytest
from sim_cational_meographic import setup_track

from engine.cational_meographic import ENGINE
from engine.cational_meographic.components import MissionCard
from engine.cational_meographic.missions import mission_update, parse_track
from engine.protocol import PositionError


def card(name, pawints, **extra):
    return {"name": name, "pawints": pawints, **extra}


def update(doc):
    return ENGINE.operation("mission_update").run(doc)


def worths(missions):
    return [m["worth"] for m in missions]


# the rulebook example: the draw stack shows x2 (with a x3 card under it), the card beside it shows x3
EXAMPLE = {"stacks": [[card("Deck bottom", 4), card("Next in deck", 3), card("Deck top", 2)], [card("Beside", 3)]],
           "half_covering": None}


def test_rulebook_example_before_x2_and_x3_after_x3_and_x5():
    result = update(EXAMPLE)
    assert worths(result["active_missions_before"]) == [2, 3]
    # x2 leaves the draw stack and covers x3's pattern: 2 + 3 = 5; the draw stack now shows its next card, x3
    assert worths(result["active_missions"]) == [3, 5]
    assert result["move"] == {"card": "Deck top", "pawints": 2, "from_stack": 0, "to_stack": 1, "action": "cover",
                              "covers": "Beside", "why": result["move"]["why"]}
    assert result["covered_missions"] == [{"stack": 1, "name": "Beside", "pawints": 3, "covered_by": "Deck top"}]
    assert result["track"] == {"stacks": [[card("Deck bottom", 4), card("Next in deck", 3)],
                                          [card("Beside", 3), card("Deck top", 2)]], "half_covering": 1}
    covering = result["active_missions"][1]
    assert (covering["name"], covering["pawints"], covering["bonus"]) == ("Deck top", 2, 3)
    assert result["rule_ref"] == "game-flow/mission-update"


def test_next_update_moves_the_covering_card_on():
    # ruling R1: the card on top of the half-covered card moves; nothing lies right of stack 1, so a new stack
    after = update(update(EXAMPLE)["track"])
    assert after["move"]["card"] == "Deck top"
    assert (after["move"]["from_stack"], after["move"]["to_stack"], after["move"]["action"]) == (1, 2, "new_stack")
    assert "ruling:" in after["move"]["why"]
    assert [(m["name"], m["worth"]) for m in after["active_missions"]] == [("Next in deck", 3), ("Beside", 3),
                                                                           ("Deck top", 2)]
    assert after["track"]["half_covering"] is None
    assert after["covered_missions"] == []


def test_covering_card_moves_onto_the_next_stack():
    # Beside x3 is half-covered by Roamer x1; the next stack shows Far x4: Roamer moves onto Far -> 1 + 4 = 5
    doc = {"stacks": [[card("Deck", 2)], [card("Beside", 3), card("Roamer", 1)], [card("Far", 4)]],
           "half_covering": 1}
    result = update(doc)
    assert (result["move"]["from_stack"], result["move"]["to_stack"], result["move"]["covers"]) == (1, 2, "Far")
    assert worths(result["active_missions"]) == [2, 3, 5]
    assert result["track"]["half_covering"] == 2


def test_emptied_draw_stack_leaves_the_row():
    # the draw stack has a single card; it covers the next card and its stack disappears (ruling R5)
    doc = {"stacks": [[card("Last", 1)], [card("Mid", 2)], [card("Right", 4)]]}
    result = update(doc)
    assert result["track"] == {"stacks": [[card("Mid", 2), card("Last", 1)], [card("Right", 4)]], "half_covering": 0}
    assert worths(result["active_missions"]) == [3, 4]  # 1 + 2, and 4
    assert "ruling:" in result["detail"]


def test_lone_card_starts_a_new_stack():
    result = update({"stacks": [[card("Only", 2)]]})
    assert result["move"]["action"] == "new_stack"
    assert result["track"] == {"stacks": [[card("Only", 2)]], "half_covering": None}


def test_patterns_ride_along_and_feed_scoring():
    pattern = [{"at": [0, 0], "type": "forest"}, {"at": [0, 1], "type": "forest"}]
    doc = {"stacks": [[card("Deck", 1), card("Pines", 2, pattern=pattern)], [card("Grove", 3, pattern=pattern)]]}
    result = update(doc)
    covering = result["active_missions"][1]
    assert covering["pattern"] == pattern
    track = parse_track(result["track"])
    missions = track.missions()
    # Deck has no pattern so it cannot be scored; Grove is covered, Pines covers it with bonus 3
    assert [(m.card.name, m.bonus, m.covered, m.worth) for m in missions] == [("Grove", 0, True, 0),
                                                                              ("Pines", 3, False, 5)]


@pytest.mark.parametrize("doc,loc", [
    ({}, ("stacks",)),
    ({"stacks": []}, ("stacks",)),
    ({"stacks": [[]]}, ("stacks", 0)),
    ({"stacks": [[card("A", -1)]]}, ("stacks", 0, 0, "pawints")),
    ({"stacks": [[{"name": "A"}]]}, ("stacks", 0, 0, "pawints")),
    ({"stacks": [[card("A", 1, bonus=2)]]}, ("stacks", 0, 0, "bonus")),
    ({"stacks": [[card("A", 1)]], "half_covering": 0}, ("half_covering",)),
    ({"stacks": [[card("A", 1), card("B", 1)]], "half_covering": 3}, ("half_covering",)),
    ({"stacks": [[card("A", 1), card("B", 1)]], "half_covering": "0"}, ("half_covering",)),
    ({"stacks": [[card("A", 1, pattern=[])]]}, ("stacks", 0, 0, "pattern")),
    ([], ()),
])
def test_bad_tracks_are_refused(doc, loc):
    with pytest.raises(PositionError) as err:
        update(doc)
    assert loc in [e.loc for e in err.value.errors]


def test_setup_track_draws_one_card_beside_the_draw_stack():
    cards = [MissionCard(f"Synthetic card {i}", i) for i in range(15)]
    track = setup_track(cards, random.Random(5))
    assert [len(s) for s in track.stacks] == [14, 1]
    assert sorted(c.name for s in track.stacks for c in s) == sorted(c.name for c in cards)
    assert track == setup_track(cards, random.Random(5))


def test_repeated_updates_keep_at_most_one_half_cover():
    cards = [MissionCard(f"Synthetic card {i}", i) for i in range(15)]
    track = setup_track(cards, random.Random(1))
    for _ in range(40):
        track, _move = mission_update(track)
        covered = [m for _, m in track.visible() if m.covered]
        assert len(covered) == (0 if track.half_covering is None else 1)
        assert sum(len(s) for s in track.stacks) == 15
