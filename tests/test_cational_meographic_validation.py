"""Bad Cational Meographic positions are refused with the field path, the offending value and what was expected."""

import pytest

from engine.cational_meographic import ENGINE
from engine.protocol import PositionError

GOOD_TILE = {"at": [0, 0], "type": "forest", "pawints": 1}


def errors_of(doc, op="score"):
    with pytest.raises(PositionError) as err:
        ENGINE.operation(op).run(doc)
    return {e.loc: e.msg for e in err.value.errors}


@pytest.mark.parametrize("op", ["check", "score"])
@pytest.mark.parametrize("doc", [None, [], "board", 3])
def test_document_must_be_an_object(op, doc):
    assert () in errors_of(doc, op)


def test_required_fields_are_named():
    found = errors_of({})
    assert set(found) == {("board",), ("placed",)}
    assert "missing" in found[("board",)]


def test_unknown_fields_are_refused_with_the_allowed_ones():
    found = errors_of({"board": [], "placed": GOOD_TILE | {"colour": "red"}, "mission": []})
    assert "allowed fields" in found[("mission",)]
    assert ("placed", "colour") in found


@pytest.mark.parametrize("pawints", [0, 5, -1, 2.5, 2.0, "2", True, None])
def test_tile_pawints_must_be_a_whole_number_from_1_to_4(pawints):
    placed = {"at": [0, 1], "type": "a", "pawints": 1}
    found = errors_of({"board": [GOOD_TILE | {"pawints": pawints}], "placed": placed})
    msg = found[("board", 0, "pawints")]
    assert "1 to 4" in msg


@pytest.mark.parametrize("kind", ["", "   ", 7, None, "*"])
def test_tile_type_must_be_a_real_label(kind):
    found = errors_of({"board": [], "placed": GOOD_TILE | {"type": kind}})
    assert ("placed", "type") in found


@pytest.mark.parametrize("at", [[0], [0, 1, 2], ["0", 1], [0.5, 1], [True, 0], "0,1", None, {"r": 0, "c": 1}])
def test_coordinates_must_be_pairs_of_integers(at):
    found = errors_of({"board": [GOOD_TILE | {"at": at}], "placed": {"at": [0, 1], "type": "a", "pawints": 1}})
    assert "[row, column]" in found[("board", 0, "at")]


def test_two_board_tiles_on_one_space_are_refused():
    lake = {"type": "lake", "pawints": 2}
    doc = {"board": [GOOD_TILE, lake | {"at": [0, 1]}, lake | {"at": [0, 0]}],
           "placed": {"at": [1, 0], "type": "a", "pawints": 1}}
    for op in ("check", "score"):
        msg = errors_of(doc, op)[("board", 2, "at")]
        assert "[0, 0]" in msg and "board[0]" in msg


def test_several_problems_are_reported_together():
    doc = {"board": [GOOD_TILE | {"pawints": 9}, "tile"], "placed": GOOD_TILE | {"at": [1]},
           "missions": [{"name": "", "pawints": -2, "pattern": []}]}
    found = errors_of(doc)
    assert set(found) == {("board", 0, "pawints"), ("board", 1), ("placed", "at"), ("missions", 0, "name"),
                          ("missions", 0, "pawints"), ("missions", 0, "pattern")}
    assert '"tile"' in found[("board", 1)]
    assert "-2" in found[("missions", 0, "pawints")]


def mission_doc(**fields):
    card = {"name": "M", "pawints": 3, "pattern": [{"at": [0, 0], "type": "forest"}]} | fields
    return {"board": [], "placed": GOOD_TILE, "missions": [card]}


def test_pattern_cells_must_be_distinct():
    doc = mission_doc(pattern=[{"at": [0, 0], "type": "forest"}, {"at": [0, 1], "type": "lake"},
                               {"at": [0, 0], "type": "lake"}])
    msg = errors_of(doc)[("missions", 0, "pattern", 2, "at")]
    assert "twice" in msg and "[0, 0]" in msg


@pytest.mark.parametrize("field,value,loc", [
    ("pattern", [], ("missions", 0, "pattern")),
    ("pattern", "L", ("missions", 0, "pattern")),
    ("pattern", [{"at": [0, 0]}], ("missions", 0, "pattern", 0, "type")),
    ("pattern", [{"at": [0, 0], "type": ""}], ("missions", 0, "pattern", 0, "type")),
    ("pattern", [{"at": [0], "type": "a"}], ("missions", 0, "pattern", 0, "at")),
    ("pawints", -1, ("missions", 0, "pawints")),
    ("bonus", -3, ("missions", 0, "bonus")),
    ("bonus", "2", ("missions", 0, "bonus")),
    ("covered", "yes", ("missions", 0, "covered")),
    ("name", 12, ("missions", 0, "name")),
])
def test_mission_fields_are_checked(field, value, loc):
    assert loc in errors_of(mission_doc(**{field: value}))


def test_missions_must_be_a_list():
    assert ("missions",) in errors_of({"board": [], "placed": GOOD_TILE, "missions": {"name": "M"}})


def test_mission_pawints_may_be_zero_and_wildcard_pattern_is_accepted():
    doc = mission_doc(pawints=0, pattern=[{"at": [0, 0], "type": "*"}])
    assert ENGINE.operation("score").run(doc)["total"] == 1  # tile 1 + a card worth 0


def _card(name, pawints, **extra):
    return {"name": name, "pawints": pawints, "pattern": [{"at": [0, 0], "type": "*"}]} | extra


@pytest.mark.parametrize("missions, loc, words", [
    ([_card("A", 2, covered=True, bonus=3)], ("missions", 0), "both covered"),
    ([_card("A", 2, bonus=3)], ("missions", 0, "bonus"), "no mission is covered"),
    ([_card("A", 2, covered=True), _card("B", 1, covered=True), _card("C", 4, bonus=2)],
     ("missions", 1, "covered"), "at most one card is half-covered"),
    ([_card("A", 2, covered=True), _card("B", 1, bonus=2), _card("C", 4, bonus=2)],
     ("missions", 2, "bonus"), "both carry a bonus"),
    ([_card("A", 2, covered=True), _card("B", 1, bonus=3)], ("missions", 1, "bonus"), "differs from the 2 Pawints"),
    ([_card("A", 2, covered=True), _card("B", 1)], ("missions", 0, "covered"), "give the covering card bonus: 2"),
])
def test_contradictory_covering_is_refused_naming_both_fields(missions, loc, words):
    found = errors_of({"board": [], "placed": GOOD_TILE, "missions": missions})
    assert words in found[loc], found


def test_a_covered_card_worth_nothing_needs_no_bonus_on_the_covering_card():
    doc = {"board": [], "placed": GOOD_TILE, "missions": [_card("A", 0, covered=True), _card("B", 1)]}
    assert ENGINE.operation("score").run(doc)["total"] == 1 + 0 + 1  # tile 1, covered A 0, B 1
