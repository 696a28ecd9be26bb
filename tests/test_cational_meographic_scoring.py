"""Scoring a Cational Meographic placement: tile, adjacency and photo-mission lines, worked out by hand."""

import pytest

from engine.cational_meographic import ENGINE


def tile(r, c, kind="forest", pawints=1):
    return {"at": [r, c], "type": kind, "pawints": pawints}


def mission(name, pawints, cells, bonus=0, covered=False):
    return {"name": name, "pawints": pawints, "bonus": bonus, "covered": covered,
            "pattern": [{"at": list(at), "type": kind} for at, kind in cells]}


def score(board, placed, missions=()):
    return ENGINE.operation("score").run({"board": board, "placed": placed, "missions": list(missions)})


def points(result, key):
    return [line["points"] for line in result["lines"] if line["key"] == key]


def test_rulebook_scoring_example_2_plus_1_plus_5():
    # placed forest x2 next to forest x1 (fewer: +1) and a lake x3 (other type: 0); the L-shaped mission x5
    # forest-forest-lake is completed through the placed tile: 2 + 1 + 5 = 8
    board = [tile(0, 0, "forest", 1), tile(1, 1, "lake", 3)]
    placed = tile(0, 1, "forest", 2)
    result = score(board, placed, [mission("Forest lake view", 5,
                                           [((0, 0), "forest"), ((0, 1), "forest"), ((1, 1), "lake")])])
    assert result["total"] == 8
    assert points(result, "tile") == [2]
    assert sum(points(result, "adjacency")) == 1
    assert [p for p in points(result, "adjacency") if p] == [1]
    assert points(result, "mission:forest-lake-view") == [5]
    assert result["legal"] is True
    rule_refs = {line["key"]: line["rule_ref"] for line in result["lines"] if line["points"]}
    assert rule_refs == {"tile": "game-flow/earn-pawints/tile-pawints",
                         "adjacency": "game-flow/earn-pawints/adjacency-pawints",
                         "mission:forest-lake-view": "game-flow/earn-pawints/photo-missions"}


def test_adjacency_counts_equal_and_fewer_of_the_same_type_only():
    # placed forest x3 at [1,1]: above forest x3 (equal: +3), right forest x1 (+1), below forest x4 (higher: 0),
    # left lake x1 (other type: 0), upper-left forest x1 only at a corner (0): 3 + 3 + 1 = 7
    board = [tile(0, 1, "forest", 3), tile(1, 2, "forest", 1), tile(2, 1, "forest", 4), tile(1, 0, "lake", 1),
             tile(0, 0, "forest", 1)]
    result = score(board, tile(1, 1, "forest", 3))
    assert result["total"] == 7
    assert sorted(points(result, "adjacency")) == [0, 1, 3]
    earned = {line["points"]: line["detail"] for line in result["lines"] if line["key"] == "adjacency"}
    assert "ruling:" in earned[3] and "equals" in earned[3]
    refused = earned[0]
    assert "forest ×4" in refused and "higher" in refused
    assert "lake ×1" in refused and "different type" in refused
    assert "corner" in refused


def test_adjacency_compares_types_ignoring_case_and_spaces():
    # " Forest " x1 beside "forest" x2 counts: 2 + 1 = 3
    result = score([tile(0, 0, " Forest ", 1)], tile(0, 1, "FOREST", 2))
    assert result["total"] == 3
    assert "ruling:" in next(line["detail"] for line in result["lines"] if line["points"] == 1)


def test_lone_first_tile_scores_its_own_pawints_only():
    result = score([], tile(5, 5, "peak", 4))
    assert result["total"] == 4
    assert [line["key"] for line in result["lines"]] == ["tile"]


def test_mission_matches_a_rotated_pattern():
    # printed as a row forest-lake-meadow; on the board it stands as a column meadow/lake/forest (top to bottom),
    # i.e. turned a quarter; placed forest x1 at the bottom, the lake above it is another type: 1 + 4 = 5
    row = [((0, 0), "forest"), ((0, 1), "lake"), ((0, 2), "meadow")]
    board = [tile(0, 0, "meadow", 2), tile(1, 0, "lake", 2)]
    result = score(board, tile(2, 0, "forest", 1), [mission("Valley walk", 4, row)])
    assert result["total"] == 5
    assert points(result, "mission:valley-walk") == [4]
    assert "rotated" in next(line["detail"] for line in result["lines"] if line["key"] == "mission:valley-walk")


L_SHAPE = [((0, 0), "lake"), ((1, 0), "lake"), ((2, 0), "lake"), ((2, 1), "lake")]


def test_mission_matches_a_reflected_pattern_that_no_rotation_gives():
    # J shape (mirror image of the printed L, not a rotation of it); placed lake x1 at its foot [2,0];
    # its only edge neighbour [2,1] is lake x4 (higher: 0): 1 + 4 = 5
    board = [tile(0, 1, "lake", 4), tile(1, 1, "lake", 4), tile(2, 1, "lake", 4)]
    result = score(board, tile(2, 0, "lake", 1), [mission("Tarn hook", 4, L_SHAPE)])
    assert result["total"] == 5
    assert "flipped" in next(line["detail"] for line in result["lines"] if line["key"] == "mission:tarn-hook")


def test_mission_shape_that_differs_does_not_match():
    # a T of four lakes is no L in any orientation: only the tile's 1
    board = [tile(0, 0, "lake", 4), tile(0, 1, "lake", 4), tile(0, 2, "lake", 4)]
    result = score(board, tile(1, 1, "lake", 1), [mission("Tarn hook", 4, L_SHAPE)])
    assert result["total"] == 1
    assert result["missions_not_completed"] == ["Tarn hook"]


def test_completion_must_include_the_placed_tile():
    # two forests already show the domino; the lake placed below them completes nothing: lake x2 only
    board = [tile(0, 0, "forest", 1), tile(0, 1, "forest", 1)]
    result = score(board, tile(1, 0, "lake", 2), [mission("Twin pines", 3, [((0, 0), "forest"), ((0, 1), "forest")])])
    assert result["total"] == 2
    assert points(result, "mission:twin-pines") == []


def test_card_completed_twice_by_one_tile_scores_once():
    # forest x1 placed between forest x1 and forest x1 completes the domino twice: tile 1 + two equal neighbours
    # 1 + 1 + the card once 3 = 6
    board = [tile(0, 0, "forest", 1), tile(0, 2, "forest", 1)]
    result = score(board, tile(0, 1, "forest", 1), [mission("Twin pines", 3, [((0, 0), "forest"), ((0, 1), "forest")])])
    assert result["total"] == 6
    assert points(result, "mission:twin-pines") == [3]
    detail = next(line["detail"] for line in result["lines"] if line["key"] == "mission:twin-pines")
    assert "1 other copy" in detail and "once" in detail


def test_several_cards_completed_at_once_each_score():
    # meadow x2 placed right of forest x1 and above lake x1 (both other types: 0); both dominoes complete:
    # 2 + 3 + 4 = 9; a third card needing two meadows is not completed
    board = [tile(0, 0, "forest", 1), tile(1, 1, "lake", 1)]
    missions = [mission("Edge of wood", 3, [((0, 0), "forest"), ((0, 1), "meadow")]),
                mission("Shore meadow", 4, [((0, 0), "meadow"), ((1, 0), "lake")]),
                mission("Meadows", 6, [((0, 0), "meadow"), ((0, 1), "meadow")])]
    result = score(board, tile(0, 1, "meadow", 2), missions)
    assert result["total"] == 9
    assert points(result, "mission:edge-of-wood") == [3]
    assert points(result, "mission:shore-meadow") == [4]
    assert result["missions_not_completed"] == ["Meadows"]


def test_covered_card_scores_nothing_and_covering_card_adds_its_bonus():
    # both cards ask for the forest domino; the covered one (x3) gives 0, the covering one is x2 + bonus 3 = 5;
    # tile forest x2 + equal neighbour forest x2 + 5 = 9
    domino = [((0, 0), "forest"), ((0, 1), "forest")]
    missions = [mission("Lower card", 3, domino, covered=True), mission("Upper card", 2, domino, bonus=3)]
    result = score([tile(0, 0, "forest", 2)], tile(0, 1, "forest", 2), missions)
    assert result["total"] == 9
    assert points(result, "mission:lower-card") == [0]
    assert points(result, "mission:upper-card") == [5]
    covered = next(line for line in result["lines"] if line["key"] == "mission:lower-card")
    assert "covered" in covered["detail"] and covered["rule_ref"] == "game-flow/mission-update"


def test_wildcard_cell_matches_any_tile_including_the_placed_one():
    # pattern forest + any tile; placed peak x1 beside forest x3 (other type: 0): 1 + 2 = 3
    missions = [mission("Anything by the wood", 2, [((0, 0), "forest"), ((0, 1), "*")])]
    result = score([tile(0, 0, "forest", 3)], tile(1, 0, "peak", 1), missions)
    assert result["total"] == 3
    assert "ruling:" in next(line["detail"] for line in result["lines"] if line["key"].startswith("mission:"))


def test_wildcard_never_matches_an_empty_space():
    # forest, any, forest in a row needs a tile in the middle; [0,1] is empty: only the tile's 1
    missions = [mission("Gap", 5, [((0, 0), "forest"), ((0, 1), "*"), ((0, 2), "forest")])]
    result = score([tile(0, 2, "forest", 4), tile(1, 2, "lake", 1), tile(1, 1, "lake", 1), tile(1, 0, "lake", 1)],
                   tile(0, 0, "forest", 1), missions)
    assert result["total"] == 1


def test_single_cell_mission_completes_with_the_first_tile():
    result = score([], tile(0, 0, "Peak", 3), [mission("Summit", 2, [((4, 4), "peak")])])
    assert result["total"] == 5  # 3 + 2


def test_repeated_mission_names_get_distinct_keys():
    cells = [((0, 0), "forest")]
    result = score([], tile(0, 0), [mission("Same", 1, cells), mission("Same", 2, cells)])
    assert points(result, "mission:same") == [1]
    assert points(result, "mission:same-2") == [2]
    assert result["total"] == 4  # 1 + 1 + 2


def test_illegal_corner_placement_scores_nothing_and_says_why():
    # forest x2 touching forest x1 only at a corner: illegal, so 0 (not the 2 it would earn), with the reason
    result = score([tile(0, 0, "forest", 1)], tile(1, 1, "forest", 2))
    assert (result["total"], result["lines"], result["legal"]) == (0, [], False)
    assert [r["code"] for r in result["reasons"]] == ["corner_only"]
    assert "ruling:" in result["summary"]


def test_placement_on_occupied_space_is_an_illegal_move_scoring_nothing():
    result = score([tile(0, 0)], tile(0, 0, "lake", 2))
    assert (result["total"], result["legal"]) == (0, False)
    assert [r["code"] for r in result["reasons"]] == ["occupied"]


def test_missions_are_optional():
    result = ENGINE.operation("score").run({"board": [tile(0, 0, "lake", 1)], "placed": tile(0, 1, "lake", 1)})
    assert result["total"] == 2  # 1 + equal neighbour 1


@pytest.mark.parametrize("lake_at,orientation", [((0, 1), "as printed"), ((1, 0), "rotated 90° clockwise"),
                                                 ((0, -1), "rotated 180°"), ((-1, 0), "rotated 90° counter-clockwise")])
def test_detail_names_the_orientation(lake_at, orientation):
    # printed: forest with a lake to its right; turning clockwise (rows grow downwards) swings the lake below
    result = score([tile(*lake_at, "lake", 1)], tile(0, 0, "forest", 1),
                   [mission("Shore", 2, [((0, 0), "forest"), ((0, 1), "lake")])])
    assert result["total"] == 3  # 1 + 2, the lake is another type
    detail = next(line["detail"] for line in result["lines"] if line["key"] == "mission:shore")
    assert f"pattern {orientation}:" in detail
    assert f"lake ×1 at [{lake_at[0]}, {lake_at[1]}]" in detail and "forest ×1 at [0, 0] (the placed tile)" in detail


def test_detail_names_three_other_copies_and_counts_the_rest():
    # a domino of "*" completes once per occupied edge neighbour: 4 neighbours -> 4 copies, 1 shown + 3 named.
    board = [tile(-1, 0), tile(1, 0), tile(0, -1), tile(0, 1)]
    result = score(board, tile(0, 0), [mission("Any pair", 1, [((0, 0), "*"), ((0, 1), "*")])])
    detail = next(line["detail"] for line in result["lines"] if line["key"] == "mission:any-pair")
    assert "3 other copies" in detail and "more)" not in detail
    # A 3-cell line of '*' through the placed tile in a 5x5 filled block: copies with the tile at any of 3 spots,
    # 2 directions -> 6 copies; 1 shown, 3 named, "and 2 more".
    block = [tile(r, c) for r in range(-2, 3) for c in range(-2, 3) if (r, c) != (0, 0)]
    line3 = score(block, tile(0, 0), [mission("Line", 1, [((0, 0), "*"), ((0, 1), "*"), ((0, 2), "*")])])
    detail = next(line["detail"] for line in line3["lines"] if line["key"] == "mission:line")
    assert "5 other copies" in detail and "and 2 more" in detail
