"""The rulebook's four placement examples and three scoring examples, rebuilt as positions."""

from __future__ import annotations

from engine.registry import get_engine

ENGINE = get_engine("mise-kolonizace")


def check(doc: object) -> dict:
    return ENGINE.operation("check").run(doc)


def score(doc: object) -> dict:
    return ENGINE.operation("score").run(doc)


def codes(verdict: dict) -> list[str]:
    return [r["code"] for r in verdict["reasons"]]


# A forest tile north of the base (its S side is open against the base's green laser) with an open N side.
FOREST_NORTH_OF_BASE = "@0,1 F(N=o E=r S=o W=r)"


# --- Examples of Placing Tiles -------------------------------------------------------------------------------

def test_placing_example_1_forest_continues_forest() -> None:
    # The move at [0,2] touches one tile along one side: its open S forest meets the open N forest of [0,1].
    verdict = check(f"{FOREST_NORTH_OF_BASE}\n@0,2 F(N=r E=r S=o W=r)")
    assert verdict["legal"] is True
    assert codes(verdict) == ["placement_ok"]
    assert [(c["side"], c["neighbour"], c["result"]) for c in verdict["contacts"]] == [("S", [0, 1], "joins")]


def test_placing_example_2_touching_forest_with_a_red_laser() -> None:
    # A swamp tile whose S side carries a red laser touches the open forest: the laser separates them.
    verdict = check(f"{FOREST_NORTH_OF_BASE}\n@0,2 S(N=o E=o S=r W=o)")
    assert verdict["legal"] is True
    assert verdict["contacts"][0]["result"] == "separated"


def test_placing_example_3_forest_matches_but_swamp_touches_without_laser() -> None:
    # The forest of the move joins the forest at [0,1] (S side) but its open E side meets the open W side of the swamp
    # at [1,2]: different kinds with no laser between them -> not permitted.
    position = f"{FOREST_NORTH_OF_BASE}\n@1,2 S(N=r E=r S=r W=o)\n@0,2 F(N=r E=o S=o W=r)"
    verdict = check(position)
    assert verdict["legal"] is False
    assert codes(verdict) == ["unlike_areas_touch"]
    assert verdict["reasons"][0]["rule_ref"] == "gameplay/examples-of-placing-tiles"
    message = verdict["reasons"][0]["message"]
    assert "(E)" in message and "[1, 2]" in message and "cosmic forest" in message and "bubbling swamp" in message
    contact = [c for c in verdict["contacts"] if c["side"] == "E"][0]
    assert contact == {"side": "E", "neighbour": [1, 2], "kind": "forest", "edge": "open", "neighbour_kind": "swamp",
                       "neighbour_edge": "open", "result": "unlike_areas_touch"}


def test_placing_example_4_forest_matches_and_swamp_is_behind_a_laser() -> None:
    # Same as example 3 but the move's E side carries a laser: permitted.
    for edge in ("r", "g"):
        verdict = check(f"{FOREST_NORTH_OF_BASE}\n@1,2 S(N=r E=r S=r W=o)\n@0,2 F(N=r E={edge} S=o W=r)")
        assert verdict["legal"] is True, edge
        assert sorted(c["result"] for c in verdict["contacts"]) == ["joins", "separated"]
    # The laser may as well be on the swamp's side of the edge.
    assert check(f"{FOREST_NORTH_OF_BASE}\n@1,2 S(N=r E=r S=r W=r)\n@0,2 F(N=r E=o S=o W=r)")["legal"] is True


# --- Scoring Examples -----------------------------------------------------------------------------------------

EXAMPLE_1 = """
players: blue red
@0,1 r0 F(N=o E=o S=o W=r blue=1)
@1,1 r0 F(N=r E=g S=r W=o)
@2,1 r0 S(N=r E=r S=o W=o)
@2,0 r0 S(N=o E=r S=o W=o a=1)
@2,-1 r0 S(N=o E=o S=r W=r)
@3,-1 r0 S(N=o E=r S=r W=o)
@0,2 r0 M(N=o E=r S=g W=r)
"""


def test_scoring_example_1_blue_scores_11() -> None:
    # The meadow tile's green S laser closes the two-tile forest (it does not join it). Blue alone has a cosmonaut:
    # 2 (forest size) + 4 (swamp, 4 tiles) + 3 (its alien) + 1 (base) + 1 (the meadow, 1 tile) = 11.
    result = score(EXAMPLE_1)
    assert result["legal"] is True
    assert result["total"] == 11
    lines = [(ln["key"], ln["points"], ln["rule_ref"]) for ln in result["lines"]]
    assert lines == [("player:blue", 11, "scoring-points")]
    [area] = result["areas"]
    assert (area["kind"], area["size"], area["value"], area["winners"]) == ("forest", 2, 11, ["blue"])
    items = {i["key"]: i["points"] for i in area["items"]}
    # Area numbers: base 0, forest 1 (tiles 0-1), swamp 2 (tiles 2-5), meadow 3 (the move).
    assert items == {"area:1:size": 2, "area:1:aliens": 0, "area:1:neighbour:0": 1, "area:1:neighbour:2": 4 + 3,
                     "area:1:neighbour:3": 1}
    assert {n["kind"]: n["closed"] for n in area["neighbours"]} == {"base": True, "swamp": False, "meadow": False}
    # The meadow itself stays open (its N side faces an empty square).
    assert result["open_areas"] == [
        {"area": 3, "kind": "meadow", "size": 1,
         "open_sides": [{"at": [0, 2], "side": "N", "why": "open side facing an empty square"}]}]


EXAMPLE_2 = """
players: red blue
@0,1 S(N=o E=o S=o W=o a=1)
@-1,1 S(N=o E=o S=r W=r red=2)
@1,1 S(N=o E=g S=r W=o)
@2,1 F(N=r E=o S=r W=o)
@3,1 F(N=r E=r S=r W=o)
@-1,2 S(N=r E=o S=o W=r)
@0,2 S(N=r E=o S=o W=o blue=2)
@1,2 S(N=r E=r S=o W=o red=1 blue=1)
"""


def test_scoring_example_2_red_and_blue_share_12() -> None:
    # Six swamp tiles ([-1..1] x [1..2]) close when red places [1,2]; red 2+1 = 3 and blue 2+1 = 3 cosmonauts.
    # Worth 6 (size) + 3 (alien) + 2 (forest [2,1]-[3,1], green laser on [1,1]'s E side) + 1 (base, under [0,1]) = 12,
    # split 6 + 6 with nothing lost.
    result = score(EXAMPLE_2)
    assert result["total"] == 12
    assert [(ln["key"], ln["points"]) for ln in result["lines"]] == [("player:red", 6), ("player:blue", 6)]
    assert all(ln["rule_ref"] == "scoring-points/scoring-examples" for ln in result["lines"])
    [area] = result["areas"]
    assert (area["size"], area["aliens"], area["value"], area["share"], area["lost"]) == (6, 1, 12, 6, 0)
    assert area["cosmonauts"] == {"red": 3, "blue": 3}
    assert sorted(i["points"] for i in area["items"]) == [1, 2, 3, 6]
    assert result["awards"] == {"red": 6, "blue": 6}


EXAMPLE_3 = """
players: blue red
@0,1 S(N=o E=o S=r W=r)
@0,2 S(N=o E=o S=o W=r a=1)
@0,3 S(N=o E=o S=o W=r)
@1,1 S(N=o E=r S=r W=o)
@1,2 S(N=o E=o S=o W=o)
@1,3 S(N=o E=r S=o W=o)
@2,2 S(N=r E=r S=r W=g blue=1)
"""


def test_scoring_example_3_single_tile_closes_at_once_blue_scores_10() -> None:
    # The move is a swamp tile lasered on all four sides, so it is closed at once; its green W laser links it to the
    # six-tile swamp (still open to the north) holding an alien: 1 + 6 + 3 = 10 for blue.
    result = score(EXAMPLE_3)
    assert result["total"] == 10
    assert [(ln["key"], ln["points"]) for ln in result["lines"]] == [("player:blue", 10)]
    [area] = result["areas"]
    assert {i["key"]: i["points"] for i in area["items"]} == {"area:2:size": 1, "area:2:aliens": 0,
                                                             "area:2:neighbour:1": 6 + 3}
    assert area["neighbours"] == [{"area": 1, "kind": "swamp", "size": 6, "aliens": 1, "closed": False}]


def test_scoring_examples_are_legal_placements_at_every_step() -> None:
    # Each example position is built tile by tile by legal placements.
    for example in (EXAMPLE_1, EXAMPLE_2, EXAMPLE_3):
        lines = [ln for ln in example.strip().splitlines() if ln.startswith("@")]
        for count in range(1, len(lines) + 1):
            assert check("\n".join(lines[:count]))["legal"] is True, lines[count - 1]
