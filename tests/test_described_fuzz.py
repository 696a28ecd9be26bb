"""The engines' readers of described questions, fed players' descriptions built from phrases with any numbers in
them (0, out of range, huge): a reading is either withheld or a document its operation accepts (an engine error
from a reading would be a misreading), and no reader fails."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import PositionError, get_engine

FAST = settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))

NUMBERS = st.sampled_from(["0", "1", "2", "3", "4", "5", "9", "14", "15", "999", "one", "two", "twelve"])
KINDS = st.sampled_from(["forest", "meadow", "swamp", "cosmic forest", "area"])
JOINS = st.sampled_from([" ", ". ", ", ", " and ", "; ", " (", ") "])

PHRASES = {
    "mise-kolonizace": [
        ("I just closed a {n}-tile {k}", 2), ("a {k} of {n} tiles", 2), ("with {n} aliens", 1),
        ("green laser to a {n}-tile {k}", 2), ("through {n} green lasers", 1), ("red laser", 0),
        ("but that border is red", 0), ("the space base", 0), ("only my cosmonaut", 0),
        ("I have {n} cosmonauts, Blue has {n}", 2), ("Cosmonauts: me {n}, Eva {n}", 2), ("it's {n} tiles", 1),
        ("no aliens", 0), ("{n} of us each have one cosmonaut", 1), ("how many points do I get?", 0),
        ("what is it worth?", 0), ("nobody else has any", 0), ("(not closed yet)", 0),
        ("every laser around it is red", 0), ("{k} closed: {n} tiles, {n} alien", 3), ("it's worth {n}", 1),
        ("{n} of us tie", 1), ("who gets the odd point?", 0), ("a {n}-point {k}", 2),
    ],
    "cational-meographic": [
        ("I placed a x{n} {k}", 2), ("worth {n}", 1), ("a {n} {k}", 2), ("next to a x{n} {k}", 2), ("touching", 0),
        ("another x{n} {k}", 2), ("a same-type x{n}", 1), ("a different-type x{n}", 1), ("diagonally", 0),
        ("corner to corner", 0), ("Edge neighbours:", 0), ("Corner-only neighbour:", 0),
        ("it completed a x{n} mission", 1), ("both shapes on the same card", 0),
        ("{n} different mission cards, a x{n} and a x{n}", 3), ("no mission", 0),
        ("all {n} of its sides touch x{n} {k}s", 3), ("{n} x{n} {k}s", 3), ("how many pawints?", 0),
    ],
    "cartographers": [
        ("end of summer:", 0), ("spring scoring:", 0), ("edict B gave {n}", 1), ("edict C gave {n}", 1),
        ("A gave {n}", 1), ("D: {n} stars", 1), ("a {n}, b {n}", 2), ("{n} coins", 1), ("no coins", 0),
        ("my coin track is completely full (all {n})", 1), ("{n} empty spaces next to monsters", 1),
        ("lost {n} to monsters", 1), ("monsters -{n}", 1), ("one of those touches {n} monsters", 1),
        ("the edicts gave {n} and {n}", 2), ("both edicts scored {n}", 1), ("what's my season total?", 0),
    ],
}


@st.composite
def descriptions(draw: st.DrawFn, game: str) -> str:
    """A question of 2 to 12 of the game's phrases, each number and kind drawn anew, joined by punctuation."""
    text = ""
    for _ in range(draw(st.integers(2, 12))):
        phrase, _slots = draw(st.sampled_from(PHRASES[game]))
        while "{n}" in phrase or "{k}" in phrase:
            phrase = phrase.replace("{n}", draw(NUMBERS), 1).replace("{k}", draw(KINDS), 1)
        text += draw(JOINS) + phrase
    return text.strip()


@pytest.mark.parametrize("game", sorted(PHRASES))
def test_a_reading_is_withheld_or_runs(game):
    engine = get_engine(game)
    assert engine.describe is not None
    describe = engine.describe

    @FAST
    @given(descriptions(game))
    def check(question):
        read = describe(question)
        if read is None:
            return
        try:
            engine.operation(read[0]).run(read[1])
        except PositionError as exc:
            raise AssertionError(f"{question!r} was read into {read}, which the engine refuses: {exc}") from exc

    check()
