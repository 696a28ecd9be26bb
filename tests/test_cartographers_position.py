"""Cartographers position documents: parse errors name the field or cell and what was expected."""

from __future__ import annotations

import json

import pytest

from engine.cartographers import ENGINE, rules
from engine.cartographers.grid import Board
from engine.cartographers.maps import MAPS
from engine.protocol import PositionError

SCORE = ENGINE.operation("score").run
BLANK_A = Board.blank(MAPS["A"]).rows()
BLANK_B = Board.blank(MAPS["B"]).rows()

# Every section id of the Cartographers rulebook (brief/sections.md); engines may cite nothing else.
SECTION_IDS = {
    "objective-of-the-game", "preparation-setup", "the-turn-of-play", "the-turn-of-play/1-explore-phase",
    "the-turn-of-play/2-draw-phase", "the-turn-of-play/2-draw-phase/surrounding-mountains",
    "the-turn-of-play/2-draw-phase/shapes-with-coins", "the-turn-of-play/2-draw-phase/rift-lands",
    "the-turn-of-play/2-draw-phase/ruins", "the-turn-of-play/2-draw-phase/ambush", "the-turn-of-play/3-check-phase",
    "end-of-the-season", "end-of-the-season/scoring-the-queens-edicts",
    "end-of-the-season/preparing-for-the-next-season",
    "end-of-game-and-scoring", "general-scoring-rules-to-remember", "tips-for-winning", "scoring-cards",
    "scoring-cards/forest-cards", "scoring-cards/forest-cards/sentinel-wood", "scoring-cards/forest-cards/greenbough",
    "scoring-cards/forest-cards/treetower", "scoring-cards/forest-cards/stoneside-forest",
    "scoring-cards/farm-and-water-cards", "scoring-cards/farm-and-water-cards/canal-lake",
    "scoring-cards/farm-and-water-cards/mages-valley", "scoring-cards/farm-and-water-cards/the-golden-granary",
    "scoring-cards/farm-and-water-cards/shoreside-expanse", "scoring-cards/village-cards",
    "scoring-cards/village-cards/wildholds", "scoring-cards/village-cards/great-city",
    "scoring-cards/village-cards/greengold-plains", "scoring-cards/village-cards/shieldgate",
    "scoring-cards/spatial-cards", "scoring-cards/spatial-cards/borderlands", "scoring-cards/spatial-cards/lost-barony",
    "scoring-cards/spatial-cards/the-broken-road", "scoring-cards/spatial-cards/the-cauldrons", "explore-cards",
    "explore-cards/ruins-cards", "explore-cards/terrain-cards", "explore-cards/rift-lands", "ambush-cards",
    "seasons-and-edicts", "map-sides", "map-sides/side-a-wilderness", "map-sides/side-b-wastelands", "solo-play",
    "solo-play/solo-ambushes", "solo-play/solo-rating-and-titles",
}


def with_cell(rows: list[str], r: int, c: int, code: str) -> list[str]:
    out = list(rows)
    out[r] = out[r][:c] + code + out[r][c + 1:]
    return out


def errors_of(doc: object, op: str = "score") -> list[tuple[tuple, str]]:
    with pytest.raises(PositionError) as caught:
        ENGINE.operation(op).run(doc)
    return [(e.loc, e.msg) for e in caught.value.errors]


def test_unknown_code_names_row_and_column() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 3, 7, "Q")})
    assert loc == ("grid", 3, 7)
    assert "row 3, column 7 (0-based)" in msg and "'Q'" in msg and ". F V A W X M #" in msg


def test_lowercase_code_gets_a_hint() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 0, 0, "f")})
    assert loc == ("grid", 0, 0) and "did you mean 'F'" in msg


def test_missing_printed_mountain() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 1, 3, "F")})
    assert loc == ("grid", 1, 3)
    assert "prints a mountain at row 1, column 3 (0-based)" in msg and "expected 'M'" in msg


def test_mountain_where_none_is_printed() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 0, 0, "M")})
    assert loc == ("grid", 0, 0) and "prints no mountain there" in msg and "(1,3)" in msg


def test_wasteland_on_side_a_and_missing_on_side_b() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 4, 4, "#")})
    assert loc == ("grid", 4, 4) and "prints no wasteland" in msg
    [(loc, msg)] = errors_of({"map": "B", "grid": with_cell(BLANK_B, 4, 4, ".")})
    assert loc == ("grid", 4, 4) and "prints a wasteland at row 4, column 4 (0-based)" in msg


def test_side_a_grid_on_side_b_reports_every_printed_difference() -> None:
    # Side B's 5 mountains are missing (5); side A's mountains (1,3) (2,8) (8,2) (9,7) are not printed on B (4);
    # A's mountain (5,5) stands where B prints wasteland (1 error for that cell); B's other 6 wasteland spaces
    # are missing (6): 16 errors, one per cell.
    errors = errors_of({"map": "B", "grid": BLANK_A})
    assert len(errors) == 16 and len({loc for loc, _ in errors}) == 16


def test_ruins_marker_only_on_printed_ruins() -> None:
    ok = SCORE({"map": "A", "grid": with_cell(BLANK_A, 2, 1, "R"), "cards": ["The Cauldrons"]})
    assert ok["total"] == 0
    [(loc, msg)] = errors_of({"map": "A", "grid": with_cell(BLANK_A, 2, 2, "R")})
    assert loc == ("grid", 2, 2) and "prints no ruins at row 2, column 2 (0-based)" in msg


def test_wrong_row_count_and_row_length() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A[:10]})
    assert loc == ("grid",) and "10 rows" in msg
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A[:4] + [BLANK_A[4] + "."] + BLANK_A[5:]})
    assert loc == ("grid", 4) and "row 4 (0-based)" in msg and "12 characters" in msg


def test_bad_map_side_and_missing_fields() -> None:
    errors = dict(errors_of({"map": "C", "grid": BLANK_A}))
    assert "'A' (wilderness) or 'B' (wastelands)" in errors[("map",)]
    assert set(dict(errors_of({})).keys()) == {("map",), ("grid",)}
    assert errors_of([1, 2]) == [((), "expected a JSON object, got list")]


def test_unknown_scoring_card_lists_all_16() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A, "cards": ["Sentinel Wood", "Dragon Hoard"]})
    assert loc == ("cards", 1) and "'Dragon Hoard'" in msg
    from engine.cartographers.cards import SCORING_CARDS
    assert all(card.name in msg for card in SCORING_CARDS) and len(SCORING_CARDS) == 16


def test_card_names_are_case_and_space_insensitive() -> None:
    result = SCORE({"map": "A", "grid": BLANK_A,
                    "cards": ["sentinel-wood", "GREAT CITY", "golden granary", "the_broken_road", "magesvalley"]})
    assert [line["key"] for line in result["lines"][:5]] == [
        "card:sentinel-wood", "card:great-city", "card:the-golden-granary", "card:the-broken-road",
        "card:mages-valley"]


def test_edict_mapping_needs_season_and_its_edicts() -> None:
    edicts = {"A": "Sentinel Wood", "B": "Canal Lake", "C": "Great City", "D": "Borderlands"}
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A, "cards": edicts})
    assert loc == ("season",) and "required" in msg
    errors = dict(errors_of({"map": "A", "grid": BLANK_A, "cards": {"A": "Sentinel Wood"}, "season": "summer"}))
    assert set(errors) == {("cards", "B"), ("cards", "C")}
    assert "summer scores edicts B and C" in errors[("cards", "B")]
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A, "cards": edicts, "season": "monsoon"})
    assert loc == ("season",) and "spring, summer, fall, winter" in msg


def test_edicts_one_card_per_deck() -> None:
    edicts = {"A": "Sentinel Wood", "B": "Treetower", "C": "Great City", "D": "Borderlands"}
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A, "cards": edicts, "season": "spring"})
    assert loc == ("cards", "B") and "Sentinel Wood" in msg and "Treetower" in msg


def test_bad_coins_and_unknown_field() -> None:
    errors = dict(errors_of({"map": "A", "grid": BLANK_A, "coins_from_shapes": -1, "coins": 3}))
    assert "whole number >= 0" in errors[("coins_from_shapes",)]
    assert "unknown field 'coins'" in errors[("coins",)]
    assert ("coins_from_shapes",) in dict(errors_of({"map": "A", "grid": BLANK_A, "coins_from_shapes": True}))


def test_duplicate_card_in_list() -> None:
    [(loc, msg)] = errors_of({"map": "A", "grid": BLANK_A, "cards": ["Wildholds", "wildholds"]})
    assert "listed twice" in msg


def test_every_rule_ref_is_a_rulebook_section() -> None:
    result = SCORE({"map": "A", "grid": BLANK_A, "cards": "all"})
    assert {line["rule_ref"] for line in result["lines"]} <= SECTION_IDS
    # Every rule anchor the engine can emit (reasons, season scoring, whole game, solo, components).
    constants = {value for name, value in vars(rules).items() if name.startswith("REF_")}
    constants |= {*rules.DECK_SECTIONS.values(), *rules.KIND_SECTIONS.values()}
    assert len(constants) >= 10 and constants <= SECTION_IDS


def test_schema_examples_run() -> None:
    for op in ENGINE.operations:
        assert op.input_schema["type"] == "object" and op.description
        for example in op.input_schema["examples"]:
            out = op.run(json.loads(json.dumps(example)))
            assert isinstance(out, dict)
    example = ENGINE.operation("check").input_schema["examples"][0]
    assert ENGINE.operation("check").run(example)["legal"] is True
