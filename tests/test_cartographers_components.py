"""The Cartographers `components` operation: printed map sides, card decks, seasons, and the rulebook sections cited."""

import json
from pathlib import Path

import pytest

from engine import PositionError, get_engine
from rulespal.library import Library
from rulespal.settings import BUNDLED_RULEBOOKS

ROOT = Path(__file__).resolve().parents[1]
DATA = json.loads((ROOT / "engine" / "cartographers" / "data" / "cartographers.json").read_text(encoding="utf-8"))
OPERATION = next(op for op in get_engine("cartographers").operations if op.name == "components")


def _refs(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rule_ref":
                yield item
            yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def test_side_a_prints_five_mountains_and_six_ruins_at_the_data_file_coordinates():
    side = OPERATION.run({"map": "A"})["maps"]["A"]
    # Rulebook "Side A: Wilderness": mountains (1,3) (2,8) (5,5) (8,2) (9,7); ruins (1,5) (2,1) (2,9) (8,1) (8,9) (9,5).
    assert side["mountains"] == [[1, 3], [2, 8], [5, 5], [8, 2], [9, 7]] == DATA["maps"]["A"]["mountains"]
    assert side["ruins"] == [[1, 5], [2, 1], [2, 9], [8, 1], [8, 9], [9, 5]]
    assert side["wasteland"] == []
    assert side["rule_ref"] == "map-sides/side-a-wilderness"


def test_side_b_prints_seven_wasteland_cells_in_a_plus_around_the_centre():
    result = OPERATION.run({"map": "b"})  # the letter in any case
    assert list(result) == ["maps"] and list(result["maps"]) == ["B"]  # only the asked side
    side = result["maps"]["B"]
    # (3,5), the row (4,4) (4,5), the row (5,4) (5,5) (5,6), and (6,5): 1 + 2 + 3 + 1 = 7 cells
    assert sorted(map(tuple, side["wasteland"])) == [(3, 5), (4, 4), (4, 5), (5, 4), (5, 5), (5, 6), (6, 5)]
    assert len(side["mountains"]) == 5 and side["rule_ref"] == "map-sides/side-b-wastelands"


def test_four_scoring_decks_of_four_cards_each():
    decks = OPERATION.run({})["scoring_decks"]
    assert [d["deck"] for d in decks] == ["forest", "farm_water", "village", "spatial"]
    assert [len(d["cards"]) for d in decks] == [4, 4, 4, 4]
    assert [c["name"] for c in decks[0]["cards"]] == ["Sentinel Wood", "Greenbough", "Treetower", "Stoneside Forest"]
    assert decks[0]["cards"][0]["rule_ref"] == "scoring-cards/forest-cards/sentinel-wood"
    assert decks[0]["cards"][0]["solo_value"] == 25  # Sentinel Wood's printed solo value


def test_explore_and_ambush_cards_with_shapes_terrains_time_and_coins():
    result = OPERATION.run({})
    explore = {c["name"]: c for c in result["explore_cards"]}
    # 2 ruins + 10 terrain cards + Rift Lands = 13 explore cards; 4 ambush cards
    assert len(explore) == 13 and len(result["ambush_cards"]) == 4
    river = explore["Great River"]
    assert (river["kind"], river["time"], river["terrains"]) == ("explore", 1, ["water"])
    assert river["shapes"][0] == {"cells": [[0, 0], [1, 0], [2, 0]], "coin": True}
    assert river["rule_ref"] == "explore-cards/terrain-cards"
    ruins = explore["Temple Ruins"]
    assert ruins["shapes"] == [] and ruins["rule_ref"] == "explore-cards/ruins-cards"
    goblin = result["ambush_cards"][0]
    assert goblin["name"] == "Goblin Attack" and goblin["terrains"] == ["monster"] and goblin["time"] == 0
    assert goblin["shapes"] == [{"cells": [[0, 0], [1, 1], [2, 2]], "coin": False}]
    assert goblin["arrow"] == "counterclockwise" and goblin["rule_ref"] == "ambush-cards"


def test_seasons_thresholds_and_edicts():
    seasons = OPERATION.run({})["seasons"]
    # Spring 8, Summer 8, Fall 7, Winter 6; edicts AB, BC, CD, DA
    assert [(s["name"], s["time_threshold"], "".join(s["edicts_scored"])) for s in seasons] == [
        ("Spring", 8, "AB"), ("Summer", 8, "BC"), ("Fall", 7, "CD"), ("Winter", 6, "DA")]
    assert {s["rule_ref"] for s in seasons} == {"seasons-and-edicts"}


def test_every_rule_ref_is_a_rulebook_section():
    book = Library.from_paths([BUNDLED_RULEBOOKS]).resolve("cartographers")
    refs = set(_refs(OPERATION.run({})))
    # 2 map sides + 4 decks + 16 scoring cards + terrain/ruins/rift/ambush sections + seasons = 27 distinct
    assert len(refs) == 27
    assert [ref for ref in sorted(refs) if book.section(ref) is None] == []


def test_the_schema_examples_run_and_the_result_is_json():
    for example in OPERATION.input_schema["examples"]:
        assert json.loads(json.dumps(OPERATION.run(example)))["maps"]


@pytest.mark.parametrize("doc, loc, fragment", [
    ({"map": "C"}, ("map",), "'A' (wilderness) or 'B' (wastelands)"),
    ({"map": 1}, ("map",), "got 1"),
    ({"side": "A"}, ("side",), "unknown field 'side'"),
    (["A"], (), "expected a JSON object"),
])
def test_bad_input_names_the_field(doc, loc, fragment):
    with pytest.raises(PositionError) as info:
        OPERATION.run(doc)
    assert [e.loc for e in info.value.errors] == [loc] and fragment in str(info.value)
