"""Hand-built positions for every placement and scoring rule of Mise: Kolonizace (expected values worked by hand)."""

from __future__ import annotations

import pytest

from engine.protocol import PositionError
from engine.registry import get_engine

ENGINE = get_engine("mise-kolonizace")
NO_BASE = "base: none\n"


def check(doc: object) -> dict:
    return ENGINE.operation("check").run(doc)


def score(doc: object) -> dict:
    return ENGINE.operation("score").run(doc)


def awards(result: dict) -> dict[str, int]:
    return {ln["key"]: ln["points"] for ln in result["lines"]}


# --- placement --------------------------------------------------------------------------------------------------

def test_no_contact_when_touching_only_at_a_corner() -> None:
    # [1,1] touches the base [0,0] only at a corner.
    verdict = check("@1,1 F(N=r E=r S=r W=r)")
    assert verdict["legal"] is False
    assert [r["code"] for r in verdict["reasons"]] == ["no_contact"]
    assert verdict["reasons"][0]["rule_ref"] == "gameplay"
    assert verdict["contacts"] == []


def test_first_tile_next_to_the_base_is_legal_whatever_its_kind() -> None:
    # The base's green lasers separate it from every kind.
    for kind in "FMS":
        assert check(f"@0,-1 {kind}(N=o E=o S=o W=o)")["legal"] is True


def test_occupied_square_of_the_base_and_of_a_tile() -> None:
    # On the base with no other tile around: the square is taken and no side touches a tile either.
    on_base = check("@0,0 F")
    assert on_base["legal"] is False
    assert [r["code"] for r in on_base["reasons"]] == ["occupied", "no_contact"]
    assert "space base" in on_base["reasons"][0]["message"]
    on_tile = check("@0,1 F(S=o)\n@0,1 M(S=r)")
    assert [r["code"] for r in on_tile["reasons"]] == ["occupied"]
    assert "tiles[0]" in on_tile["reasons"][0]["message"]


def test_unlike_areas_reported_per_side_with_neighbour_and_kinds() -> None:
    # The move at [0,1] is an open meadow: it meets the open forest at [1,1] (E) and the open swamp at [-1,1] (W);
    # its S side meets the base's green laser, which is fine.
    verdict = check("@1,0 F(N=r E=r S=r W=r)\n@1,1 F(N=r E=r S=r W=o)\n@-1,0 S(N=r E=r S=r W=r)\n"
                    "@-1,1 S(N=r E=o S=r W=r)\n@0,1 M")
    assert verdict["legal"] is False
    assert [r["code"] for r in verdict["reasons"]] == ["unlike_areas_touch", "unlike_areas_touch"]
    bad = [c for c in verdict["contacts"] if c["result"] == "unlike_areas_touch"]
    assert [(c["side"], c["neighbour"], c["kind"], c["neighbour_kind"]) for c in bad] == [
        ("E", [1, 1], "meadow", "forest"), ("W", [-1, 1], "meadow", "swamp")]


def test_split_tile_rotation_decides_which_half_touches() -> None:
    # Printed: forest NE half (N, E sides) and swamp SW half (S, W). Turned 90 degrees clockwise the forest owns the
    # world E and S sides (printed N -> world E, printed E -> world S) and the swamp owns world W and N
    # (printed S -> world W, printed W -> world N).
    forest_north = "@1,1 F(N=r E=r S=o W=r)\n"
    swamp_north = "@1,1 S(N=r E=r S=o W=r)\n"
    move = "@1,0 r90 F(N=o E=o) \\r S(S=o W=o)"
    # The move at [1,0] lies east of the base: its world W side (swamp) meets the base's green laser, and its world
    # N side (swamp, open) meets the open S side of the tile at [1,1].
    assert check(forest_north + move)["legal"] is False
    assert check(swamp_north + move)["legal"] is True
    contact = [c for c in check(swamp_north + move)["contacts"] if c["side"] == "N"][0]
    assert (contact["kind"], contact["result"]) == ("swamp", "joins")
    # Turned 180: printed N faces south, so the forest half owns world S and W.
    south = check("@0,-1 r180 F(N=o E=o) \\r S(S=o W=o)")
    assert south["contacts"][0]["side"] == "N" and south["contacts"][0]["kind"] == "swamp"


# --- green and red lasers to neighbours -------------------------------------------------------------------------

@pytest.mark.parametrize(("move_east", "swamp_west", "expected"), [
    ("r", "o", 1), ("r", "r", 1), ("r", "g", 1), ("g", "r", 1),  # a red laser on the edge blocks passage
    ("g", "o", 5), ("o", "g", 5), ("g", "g", 5),  # green and no red: 1 (own tile) + 1 (swamp tile) + 3 (its alien)
])
def test_edge_colour_decides_whether_the_neighbour_counts(move_east: str, swamp_west: str, expected: int) -> None:
    # The swamp at [1,0] stays open (open N side) so that only the forest move closes.
    position = NO_BASE + f"@1,0 S(N=o E=r S=r W={swamp_west} a=1)\n@0,0 F(N=r E={move_east} S=r W=r blue=1)"
    result = score(position)
    assert result["total"] == expected
    assert awards(result) == {"player:blue": expected}


@pytest.mark.parametrize(("diagonal", "expected"), [("g", 1 + 1 + 3), ("r", 1)])
def test_diagonal_laser_links_the_two_halves_only_when_green(diagonal: str, expected: int) -> None:
    # The NE forest half is closed (N, E red + diagonal); the SW meadow half (1 tile, 1 alien) stays open.
    position = NO_BASE + f"@0,1 S(N=o E=o S=r W=o)\n@0,0 F(N=r E=r blue=1) \\{diagonal} M(S=o W=o a=1)"
    result = score(position)
    assert result["total"] == expected
    [area] = result["areas"]
    assert area["kind"] == "forest" and area["size"] == 1
    assert [o["kind"] for o in result["open_areas"]] == ["meadow"]


def test_neighbour_reached_through_two_green_lasers_counts_once() -> None:
    # Forest [0,0]+[1,0] closed by the move; both tiles have a green N laser onto the same swamp area [0,1]+[1,1]
    # (2 tiles, 1 alien, open on its W side): 2 + (2 + 3) = 7, not 2 + 2 * 5.
    position = NO_BASE + ("@0,1 S(N=r E=o S=o W=o a=1)\n@1,1 S(N=r E=r S=o W=o)\n"
                          "@0,0 F(N=g E=o S=r W=r blue=1)\n@1,0 F(N=g E=r S=r W=o)")
    result = score(position)
    assert result["total"] == 7
    # Areas are numbered by placement order: swamp 1 (tiles 0-1), forest 2 (tiles 2-3).
    assert [i["key"] for i in result["areas"][0]["items"]] == ["area:2:size", "area:2:aliens", "area:2:neighbour:1"]


def test_two_halves_of_one_split_neighbour_count_as_two_areas() -> None:
    # Closed forest [-1,0], [0,0], [-1,1] (3 tiles). [0,0] has a green N laser onto the SE half (meadow, 1 alien) of
    # the split tile at [0,1]; [-1,1] has a green E laser onto its NW half (swamp). 3 + (1 + 3) + 1 = 8.
    position = NO_BASE + ("@0,1 S(N=o W=o) /g M(S=o E=o a=1)\n@0,0 F(N=g E=r S=r W=o blue=1)\n"
                          "@-1,0 F(N=o E=o S=r W=r)\n@-1,1 F(N=r E=g S=o W=r)")
    result = score(position)
    assert result["total"] == 8
    neighbours = result["areas"][0]["neighbours"]
    assert sorted((n["kind"], n["size"], n["aliens"]) for n in neighbours) == [("meadow", 1, 1), ("swamp", 1, 0)]


def test_base_counts_as_a_neighbour_only_through_a_green_link() -> None:
    # The forest at [0,1] is closed by its own lasers; its S side faces the base (green on every side).
    assert score("@0,1 F(N=r E=r S=r W=r blue=1)")["total"] == 1  # red S laser: no passage to the base
    assert score("@0,1 F(N=r E=r S=o W=r blue=1)")["total"] == 2  # open side against the base's green: +1
    assert score("@0,1 F(N=r E=r S=g W=r blue=1)")["total"] == 2


# --- majority and ties ------------------------------------------------------------------------------------------

TIE = NO_BASE + "@0,1 M(N=o E=o S=r W=o)\n@0,0 F(N=r E=r S=r W=r a=4 {cosmonauts})"  # worth 1 + 4 * 3 = 13


def test_two_way_tie_on_13_gives_6_each_and_loses_1() -> None:
    result = score("players: red blue\n" + TIE.format(cosmonauts="red=1 blue=1"))
    assert awards(result) == {"player:red": 6, "player:blue": 6}
    assert result["total"] == 12
    assert (result["areas"][0]["value"], result["areas"][0]["share"], result["areas"][0]["lost"]) == (13, 6, 1)


def test_three_way_tie_on_13_gives_4_each_and_loses_1() -> None:
    result = score(TIE.format(cosmonauts="red=2 blue=2 green=2 yellow=1"))
    # Without a players list the lines follow colour names alphabetically; yellow has fewer and gets nothing.
    assert awards(result) == {"player:blue": 4, "player:green": 4, "player:red": 4}
    assert result["total"] == 12 and result["areas"][0]["lost"] == 1


def test_majority_takes_everything() -> None:
    result = score(TIE.format(cosmonauts="red=2 blue=1"))
    assert awards(result) == {"player:red": 13}
    assert result["lines"][0]["rule_ref"] == "scoring-points"


def test_no_cosmonaut_nobody_scores_but_area_is_reported() -> None:
    result = score(TIE.format(cosmonauts=""))
    assert result["total"] == 0
    assert [(ln["key"], ln["points"]) for ln in result["lines"]] == [("area:2:unclaimed", 0)]
    assert (result["areas"][0]["value"], result["areas"][0]["winners"], result["areas"][0]["lost"]) == (13, [], 13)


def test_cosmonauts_of_joined_tiles_add_up() -> None:
    # The move joins forest [-1,0] (blue 1) and forest [1,0] (red 2) into one closed 3-tile area: red has the most.
    position = NO_BASE + "@-1,0 F(N=r E=o S=r W=r blue=1)\n@1,0 F(N=r E=r S=r W=o red=2)\n@0,0 F(N=r E=o S=r W=o)"
    result = score(position)
    assert awards(result) == {"player:red": 3}
    assert result["areas"][0]["cosmonauts"] == {"blue": 1, "red": 2}


def test_tie_after_joining() -> None:
    # Same as above but the move carries blue 1: blue 2, red 2 -> 3 split, 1 each, 1 lost.
    position = (NO_BASE + "@-1,0 F(N=r E=o S=r W=r blue=1)\n@1,0 F(N=r E=r S=r W=o red=2)\n"
                "@0,0 F(N=r E=o S=r W=o blue=1)")
    result = score(position)
    assert result["areas"][0]["cosmonauts"] == {"blue": 2, "red": 2}
    assert awards(result) == {"player:blue": 1, "player:red": 1}


# --- which areas close ------------------------------------------------------------------------------------------

def test_both_halves_of_a_split_tile_close_at_once() -> None:
    # Red diagonal: forest half 1 -> blue, swamp half 1 -> red. Green diagonal: each half also counts the other (+1).
    for diagonal, each in (("r", 1), ("g", 2)):
        result = score(NO_BASE + f"@0,1 M(N=o E=o S=r W=o)\n@0,0 F(N=r E=r blue=1) \\{diagonal} S(S=r W=r red=2)")
        assert awards(result) == {"player:blue": each, "player:red": each}
        assert [a["kind"] for a in result["areas"]] == ["forest", "swamp"]


def test_one_tile_seals_two_other_areas() -> None:
    # A meadow with red E and W lasers closes the forest to its west (blue) and the swamp to its east (red);
    # the meadow itself stays open (N and S face empty squares).
    position = NO_BASE + "@-1,0 F(N=r E=o S=r W=r blue=1)\n@1,0 S(N=r E=r S=r W=o red=1)\n@0,0 M(N=o E=r S=o W=r)"
    result = score(position)
    assert awards(result) == {"player:blue": 1, "player:red": 1}
    assert [(a["kind"], a["tiles"]) for a in result["areas"]] == [("forest", [[-1, 0]]), ("swamp", [[1, 0]])]
    assert result["open_areas"][0]["open_sides"] == [
        {"at": [0, 0], "side": "N", "why": "open side facing an empty square"},
        {"at": [0, 0], "side": "S", "why": "open side facing an empty square"}]


def test_area_open_at_the_frontier_scores_nothing() -> None:
    result = score("@0,1 F(N=r E=o S=r W=r blue=1)")
    assert result["total"] == 0 and result["lines"] == [] and result["areas"] == []
    assert result["open_areas"] == [{"area": 1, "kind": "forest", "size": 1, "open_sides": [
        {"at": [0, 1], "side": "E", "why": "open side facing an empty square"}]}]


def test_lasered_side_facing_an_empty_square_is_closed() -> None:
    assert score(NO_BASE + "@0,1 M\n@0,0 F(N=r E=r S=r W=r blue=1)")["total"] == 1


def test_area_closed_earlier_is_not_scored_again() -> None:
    # The forest at [0,1] was closed when placed; the move next to it (red W laser) closes nothing.
    result = score("@0,1 F(N=r E=r S=r W=r blue=1)\n@1,1 M(N=o E=o S=o W=r)")
    assert result["total"] == 0 and result["areas"] == []


def test_area_covering_both_halves_of_a_tile_counts_the_tile_once_and_is_not_its_own_neighbour() -> None:
    # The split tile at [0,0] has forest on both halves. Its NE half joins [0,1] through N, its SW half joins [-1,0]
    # through W, and [0,1]-[-1,1]-[-1,0] close the ring: one area of 4 tiles (5 tile areas). The green diagonal links
    # the area with itself, which is no neighbour: blue scores 4.
    position = NO_BASE + ("@0,1 F(N=r E=r S=o W=o)\n@-1,1 F(N=r E=o S=o W=r)\n@-1,0 F(N=o E=o S=r W=r blue=1)\n"
                          "@0,0 F(N=o E=r) \\g F(S=r W=o)")
    result = score(position)
    assert result["total"] == 4
    assert result["areas"][0]["size"] == 4 and result["areas"][0]["neighbours"] == []


# --- illegal moves, running totals, stacks ----------------------------------------------------------------------

def test_illegal_move_scores_nothing() -> None:
    result = score("@1,1 F(N=r E=r S=r W=r blue=1)")
    assert (result["total"], result["lines"], result["legal"]) == (0, [], False)
    assert [r["code"] for r in result["reasons"]] == ["no_contact"]
    # running totals come back unchanged, as for a legal move that closes nothing
    assert score("totals: blue=7\n@1,1 F(blue=1)")["totals"] == {"blue": 7}


def test_running_totals_and_game_end() -> None:
    doc = "players: blue red\ntotals: blue=10 red=4\nstacks: blue=2 red=2\n@0,1 F(N=r E=r S=o W=r blue=1)"
    result = score(doc)
    assert result["totals"] == {"blue": 10 + 2, "red": 4}  # 1 tile + 1 for the base
    assert result["game_end"]["over"] is True and result["game_end"]["rule_ref"] == "end-of-game"
    assert score(doc.replace("red=2", "red=3"))["game_end"]["over"] is False


def test_rule_refs_are_rulebook_sections() -> None:
    allowed = {"contents-of-the-box", "object-of-the-game", "setup", "planet-tiles", "gameplay",
               "gameplay/examples-of-placing-tiles", "scoring-points", "scoring-points/scoring-examples", "end-of-game"}
    docs = ["@1,1 F", "@0,1 F(S=o)\n@0,1 M", "@1,0 F(W=o)\n@1,1 S\n@0,1 F", TIE.format(cosmonauts="red=1 blue=1")]
    for doc in docs:
        for result in (check(doc), score(doc)):
            refs = ({r["rule_ref"] for r in result.get("reasons", [])}
                    | {ln["rule_ref"] for ln in result.get("lines", [])})
            assert refs <= allowed


# --- malformed whole positions ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("doc", "where", "words"), [
    ("@0,1 F(S=o)\n@0,1 M(S=r)\n@1,0 F", ("tiles", 1, "at"), "already taken"),
    ("@0,0 F\n@0,1 F", ("tiles", 0, "at"), "space base"),
    ("players: blue\n@0,1 F(red=1)", ("tiles", 0, "areas", 0, "cosmonauts", "red"), "not among players"),
    ("stacks: blue=30\n@0,1 F", ("stacks", "blue"), "0 to 24"),
    ({"tiles": []}, ("tiles",), "no tile placed"),
    ({"tiles": ["@0,1 F"], "stacks": {}}, ("stacks",), "names no player"),  # was reported as game over
    ("players: blue red\nstacks: blue=2\n@0,1 F", ("stacks",), "include 'red' but 'stacks' does not"),
])
def test_malformed_positions(doc: object, where: tuple, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        score(doc)
    assert any(e.loc == where and words in e.msg for e in caught.value.errors), caught.value.errors
