"""Placement legality (check) for Cational Meographic: first tile, edge contact, corners, occupied spaces."""

import pytest

from engine.cational_meographic import ENGINE

PLACEMENT = "game-flow/take-photos/landscape-tile-placement"


def tile(r, c, kind="forest", pawints=1):
    return {"at": [r, c], "type": kind, "pawints": pawints}


def check(board, placed):
    return ENGINE.operation("check").run({"board": board, "placed": placed})


def test_first_tile_may_go_anywhere():
    verdict = check([], tile(-7, 120))
    assert verdict["legal"] is True
    assert [r["code"] for r in verdict["reasons"]] == ["first_tile"]
    assert verdict["reasons"][0]["rule_ref"] == PLACEMENT


@pytest.mark.parametrize("at", [(-1, 0), (0, 1), (1, 0), (0, -1)])
def test_each_edge_neighbour_makes_a_placement_legal(at):
    verdict = check([tile(0, 0)], tile(*at))
    assert verdict["legal"] is True
    assert [r["code"] for r in verdict["reasons"]] == ["adjacent"]
    assert "[0, 0]" in verdict["reasons"][0]["message"]


@pytest.mark.parametrize("at", [(-1, -1), (-1, 1), (1, 1), (1, -1)])
def test_corner_contact_alone_is_refused_as_corner_only(at):
    verdict = check([tile(0, 0)], tile(*at))
    assert verdict["legal"] is False
    assert [r["code"] for r in verdict["reasons"]] == ["corner_only"]
    assert "corner" in verdict["reasons"][0]["message"]
    assert verdict["reasons"][0]["rule_ref"] == PLACEMENT
    # the four edge spaces of a single tile are the only legal ones
    assert verdict["valid_spaces"] == [[-1, 0], [0, -1], [0, 1], [1, 0]]


def test_corner_and_edge_contact_together_is_legal():
    # [1, 1] touches [0, 0] at a corner and [1, 0] along an edge
    verdict = check([tile(0, 0), tile(1, 0)], tile(1, 1))
    assert verdict["legal"] is True


def test_far_away_tile_is_not_adjacent():
    verdict = check([tile(0, 0), tile(0, 1)], tile(3, 3))
    assert verdict["legal"] is False
    assert [r["code"] for r in verdict["reasons"]] == ["not_adjacent"]
    # empty spaces sharing an edge with [0,0] or [0,1], sorted by row then column
    assert verdict["valid_spaces"] == [[-1, 0], [-1, 1], [0, -1], [0, 2], [1, 0], [1, 1]]


def test_two_steps_away_in_a_straight_line_is_not_adjacent():
    assert check([tile(0, 0)], tile(0, 2))["reasons"][0]["code"] == "not_adjacent"


def test_occupied_space_is_refused():
    verdict = check([tile(0, 0), tile(0, 1, "lake", 3)], tile(0, 1))
    assert verdict["legal"] is False
    assert [r["code"] for r in verdict["reasons"]] == ["occupied"]
    assert "lake ×3" in verdict["reasons"][0]["message"]


def test_check_accepts_and_ignores_missions():
    doc = {"board": [tile(0, 0)], "placed": tile(0, 1),
           "missions": [{"name": "M", "pawints": 1, "pattern": [{"at": [0, 0], "type": "lake"}]}]}
    assert ENGINE.operation("check").run(doc)["legal"] is True
