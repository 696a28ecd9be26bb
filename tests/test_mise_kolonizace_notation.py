"""The JSON and compact text notations of Mise: Kolonizace: what they mean, their errors, and round trips."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mise_kolonizace.model import Area, Placement, Position, Tile
from engine.mise_kolonizace.notation_json import parse_position, position_json
from engine.mise_kolonizace.notation_text import parse_position_text, position_text
from engine.mise_kolonizace.schemas import (
    AREA_VALUE_EXAMPLE,
    END_GAME_EXAMPLE,
    POSITION_EXAMPLE,
    end_game_schema,
    position_schema,
)
from engine.protocol import PositionError
from engine.registry import get_engine

ENGINE = get_engine("mise-kolonizace")


def errors_of(doc: object) -> list[tuple[tuple, str]]:
    with pytest.raises(PositionError) as caught:
        parse_position(doc)
    return [(e.loc, e.msg) for e in caught.value.errors]


# --- meaning ----------------------------------------------------------------------------------------------------

def test_text_and_json_forms_of_the_same_position_are_equal() -> None:
    text = ("players: blue red\ntotals: blue=3 red=0\nstacks: blue=5 red=5\nbase: 1,-1\n"
            "@1,0 r90 F(N=o E=r blue=2 a=1) \\g S(S=g W=o)\n@2,0 forest(s=G, w=R,red=1)")
    doc = {"players": ["blue", "red"], "totals": {"blue": 3, "red": 0}, "stacks": {"blue": 5, "red": 5},
           "base": [1, -1],
           "tiles": [{"at": [1, 0], "rotation": 90, "split": "\\", "diagonal": "green",
                      "areas": [{"kind": "forest", "sides": {"N": "open", "E": "red"}, "cosmonauts": {"blue": 2},
                                 "aliens": 1},
                                {"kind": "swamp", "sides": {"S": "green", "W": "open"}}]},
                     {"at": [2, 0], "areas": [{"kind": "forest", "sides": {"S": "green", "W": "red"},
                                               "cosmonauts": {"red": 1}}]}]}
    assert parse_position(text) == parse_position(doc)


def test_omitted_sides_are_open_and_halves_follow_the_split() -> None:
    position = parse_position("@0,1 F\n@0,2 M /r S(E=g)")
    assert position.tiles[0].tile == Tile((Area("forest", {s: "open" for s in "NESW"}),))
    split = position.tiles[1].tile
    assert (split.split, split.diagonal) == ("/", "red")
    assert split.areas[0] == Area("meadow", {"N": "open", "W": "open"})
    assert split.areas[1] == Area("swamp", {"S": "open", "E": "green"})


def test_statements_separated_by_semicolons_and_comments_ignored() -> None:
    one_line = parse_position("players: blue; @0,1 F(N=r; E=r, S=o W=r blue=1)  # the move")
    assert one_line.players == ("blue",)
    assert one_line.move.tile.areas[0].sides == {"N": "red", "E": "red", "S": "open", "W": "red"}


def test_tiles_in_json_may_be_compact_strings_and_defaults_apply() -> None:
    position = parse_position({"tiles": ["@0,1 F(BLUE=3)"]})
    assert position.base == (0, 0) and position.players is None and position.totals is None
    assert position.move == Placement((0, 1), 0, Tile((Area("forest", {s: "open" for s in "NESW"}, {"blue": 3}),)))
    assert parse_position({"tiles": ["@0,1 F"], "base": "none"}).base is None
    # Optional fields set to null take their defaults (a model filling every field must not lose the base).
    nulls = parse_position({"tiles": [{"at": [0, 1], "rotation": None, "split": None, "diagonal": None, "areas": [
        {"kind": "forest", "sides": None, "cosmonauts": None, "aliens": None}]}], "base": None, "players": None,
        "totals": None, "stacks": None})
    assert nulls == parse_position("@0,1 F")


# --- errors -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("doc", "loc", "words"), [
    ("@0,1 X(N=o)", ("line", 1), "unknown area kind 'X'"),
    ("@0,1 F(N=x)", ("line", 1), "a side is o (open)"),
    ("@0,1 F(N=o E=r) \\g S(N=o)", ("line", 1, "areas", 1, "sides", "N"), "not on the SW half"),
    ("@0,1 F(N=o) \\ S", ("line", 1), "must say its laser"),
    ("@0,1 F(N=o) S", ("line", 1), "expected the end of the tile or a diagonal"),
    ("@0,1 r45 F", ("line", 1), "rotation r45"),
    ("0,1 F", ("line", 1), "starts with its square"),
    ("@0,1 F(blue=x)", ("line", 1), "expected a whole number"),
    ("@0,1 F(N=o", ("line", 1), "unclosed"),
    ("@0,1 F(b=1)", ("line", 1), "not a player colour"),
    ("\n@0,1 F(N=o N=r)", ("line", 2), "given twice"),
    ("base: 1\n@0,1 F", ("line", 1), "base: expected 'x,y'"),
    ("players: blue\nplayers: red\n@0,1 F", ("line", 2), "given twice"),
    ("# nothing", ("text",), "no placed tile"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest", "alien": 1}]}]}, ("tiles", 0, "areas", 0, "alien"),
     "unknown field 'alien'"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest", "sides": {"N": "blue"}}]}]},
     ("tiles", 0, "areas", 0, "sides", "N"), "'open', 'red' or 'green'"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "lava"}]}]}, ("tiles", 0, "areas", 0, "kind"), "unknown area kind"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest"}, {"kind": "swamp"}], "split": "|", "diagonal": "red"}]},
     ("tiles", 0, "split"), "needs split"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest"}, {"kind": "swamp"}], "split": "/"}]},
     ("tiles", 0, "diagonal"), "'red' or 'green' laser"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest"}], "split": "/", "diagonal": "red"}]},
     ("tiles", 0, "split"), "one-area tile has no diagonal"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest", "sides": {"S": "open"}}, {"kind": "swamp"}],
                 "split": "/", "diagonal": "red"}]}, ("tiles", 0, "areas", 0, "sides", "S"), "not on the NW half"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest"}] * 3}]}, ("tiles", 0, "areas"), "got 3"),
    ({"tiles": [{"at": [0], "areas": [{"kind": "forest"}]}]}, ("tiles", 0, "at"), "[x, y]"),
    ({"tiles": [{"areas": [{"kind": "forest"}]}]}, ("tiles", 0, "at"), "[x, y]"),
    ({"tiles": [{"at": [0, 1], "rotation": 45, "areas": [{"kind": "forest"}]}]}, ("tiles", 0, "rotation"), "got 45"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest", "aliens": True}]}]}, ("tiles", 0, "areas", 0, "aliens"),
     "whole number"),
    ({"tiles": [{"at": [0, 1], "areas": [{"kind": "forest", "cosmonauts": {"blue": -1}}]}]},
     ("tiles", 0, "areas", 0, "cosmonauts", "blue"), "at least 0"),
    ({"tiles": [None]}, ("tiles", 0), "a tile is an object"),
    ({"tiles": "x"}, ("tiles",), "list of placed tiles"),
    ({"tiles": ["@0,1 F"], "totals": [1]}, ("totals",), "colour -> number"),
    ({"tiles": ["@0,1 F"], "players": "blue"}, ("players",), "list of colours"),
    ({"tiles": ["@0,1 F"], "stacks": {"blue": "2"}}, ("stacks", "blue"), "whole number"),
    ({"tiles": ["@0,1 F"], "move": "@0,2 F"}, ("move",), "unknown field"),
    ({"tiles": ["@0,1 F"], "base": "nowhere"}, ("base",), "'none' for no space base"),
    ([1, 2], (), "position object"),
    # contradictions and non-ASCII digits are refused, never summed or crashed on (issue 11)
    ("@0,1 F(blue=1 BLUE=2)", ("line", 1), "cosmonauts of 'blue' are given twice"),
    ("@0,1 F(a=1 aliens=2)", ("line", 1), "aliens are given twice"),
    ("@0,1 F(a=\u00b2)", ("line", 1), "cannot read"),
    ("@0,1 F(blue=\u2460)", ("line", 1), "cannot read"),
    ("@\u0663,1 F", ("line", 1), "starts with its square"),
    ({"tiles": ["@0,1 F"], "players": [None]}, ("players", 0), "expected a colour, got null"),
])
def test_malformed_input_is_located_and_explained(doc: object, loc: tuple, words: str) -> None:
    found = errors_of(doc)
    assert any(where == loc and words in msg for where, msg in found), found


def test_several_errors_are_reported_together() -> None:
    found = errors_of({"tiles": [{"at": [0, 1], "rotation": 7, "areas": [{"kind": "lava", "aliens": -2}]}, 3]})
    assert {loc for loc, _ in found} >= {("tiles", 0, "rotation"), ("tiles", 0, "areas", 0, "aliens"), ("tiles", 1)}


# --- schemas ----------------------------------------------------------------------------------------------------

def test_schemas_are_objects_with_runnable_examples() -> None:
    for op in ENGINE.operations:
        assert op.input_schema["type"] == "object" and op.input_schema["examples"]
        assert op.input_schema["description"] and op.description
        for example in op.input_schema["examples"]:
            op.run(example)
    assert ENGINE.operation("score").run(POSITION_EXAMPLE)["total"] == 2  # 1 tile + 1 for the base next to it
    assert ENGINE.operation("end_game").run(END_GAME_EXAMPLE)["total"] == 4 + 4
    assert ENGINE.operation("score_area").run(AREA_VALUE_EXAMPLE)["total"] == 2 + 4 + 3 + 1 + 1  # rulebook Example 1
    assert position_schema()["required"] == ["tiles"] and end_game_schema()["required"] == ["players"]


# --- round trips (synthetic tiles, not the real tile set) -------------------------------------------------------

COLOURS = ("blue", "red", "green", "yellow")
edges = st.sampled_from(("open", "red", "green"))


@st.composite
def synthetic_areas(draw: st.DrawFn, sides: str) -> Area:
    cosmonauts = draw(st.dictionaries(st.sampled_from(COLOURS), st.integers(1, 3), max_size=2))
    return Area(draw(st.sampled_from(("forest", "meadow", "swamp"))), {s: draw(edges) for s in sides},
                cosmonauts, draw(st.integers(0, 2)))


@st.composite
def synthetic_tiles(draw: st.DrawFn) -> Tile:
    split = draw(st.sampled_from((None, "\\", "/")))
    if split is None:
        return Tile((draw(synthetic_areas("NESW")),))
    north, south = ("NE", "SW") if split == "\\" else ("NW", "SE")
    return Tile((draw(synthetic_areas(north)), draw(synthetic_areas(south))), split,
                draw(st.sampled_from(("red", "green"))))


@st.composite
def synthetic_positions(draw: st.DrawFn) -> Position:
    cells = draw(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)).filter(lambda c: c != (0, 0)),
                          min_size=1, max_size=8, unique=True))
    tiles = tuple(Placement(cell, draw(st.sampled_from((0, 90, 180, 270))), draw(synthetic_tiles())) for cell in cells)
    with_players = draw(st.booleans())
    players = COLOURS if with_players else None
    totals = draw(st.none() | st.fixed_dictionaries({c: st.integers(0, 99) for c in COLOURS})) if with_players else None
    stacks = draw(st.none() | st.fixed_dictionaries({c: st.integers(0, 24) for c in COLOURS})) if with_players else None
    return Position(tiles, (0, 0), players, totals, stacks)


@settings(max_examples=80, deadline=None)
@given(synthetic_positions())
def test_text_and_json_round_trip(position: Position) -> None:
    text = position_text(position)
    assert parse_position_text(text) == position
    doc = position_json(position)
    assert parse_position(doc) == position
    assert position_json(parse_position(text)) == doc


# --- the notation document's own examples -----------------------------------------------------------------------

DOC = Path(__file__).resolve().parents[1] / "docs" / "mise-kolonizace-notation.md"


def doc_blocks() -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_every_example_in_the_notation_document_reads() -> None:
    run = {name: ENGINE.operation(name).run for name in ("check", "score", "end_game")}
    blocks = doc_blocks()
    assert len(blocks) == 7
    for block in blocks:
        if block.lstrip().startswith("{"):
            doc = json.loads(block)
            if "at" in doc:  # a lone tile
                parse_position({"tiles": [doc]})
            elif "tiles" in doc:
                assert run["check"](doc)["legal"] is True
            else:
                assert run["end_game"](doc)["total"] > 0
        elif "|" in block:
            assert run["end_game"](block)["total"] > 0
        elif "@" in block:
            assert run["check"](block)["legal"] is True
        else:  # lone tiles, one per line with a comment
            for line in block.strip().splitlines():
                parse_position("@0,1 " + line.split("  ")[0])


def test_worked_example_in_the_document_scores_11() -> None:
    worked = [b for b in doc_blocks() if "the move: a meadow tile" in b]
    assert ENGINE.operation("score").run(worked[0])["total"] == 11
