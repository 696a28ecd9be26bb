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
        "I just closed a {n}-tile {k}", "a {k} of {n} tiles", "with {n} aliens",
        "green laser to a {n}-tile {k}", "through {n} green lasers", "red laser",
        "but that border is red", "the space base", "only my cosmonaut",
        "I have {n} cosmonauts, Blue has {n}", "Cosmonauts: me {n}, Eva {n}", "it's {n} tiles",
        "no aliens", "{n} of us each have one cosmonaut", "how many points do I get?",
        "what is it worth?", "nobody else has any", "(not closed yet)",
        "every laser around it is red", "{k} closed: {n} tiles, {n} alien", "it's worth {n}",
        "{n} of us tie", "who gets the odd point?", "a {n}-point {k}", "tied {n}-{n} on guys with petr",
    ],
    "cational-meographic": [
        "I placed a x{n} {k}", "worth {n}", "a {n} {k}", "next to a x{n} {k}", "touching",
        "another x{n} {k}", "a same-type x{n}", "a different-type x{n}", "diagonally",
        "corner to corner", "Edge neighbours:", "Corner-only neighbour:",
        "it completed a x{n} mission", "both shapes on the same card",
        "{n} different mission cards, a x{n} and a x{n}", "no mission",
        "all {n} of its sides touch x{n} {k}s", "{n} x{n} {k}s", "how many pawints?",
    ],
    "cartographers": [
        "end of summer:", "spring scoring:", "edict B gave {n}", "edict C gave {n}",
        "A gave {n}", "D: {n} stars", "a {n}, b {n}", "{n} coins", "no coins",
        "my coin track is completely full (all {n})", "{n} empty spaces next to monsters",
        "lost {n} to monsters", "monsters -{n}", "one of those touches {n} monsters",
        "the edicts gave {n} and {n}", "both edicts scored {n}", "what's my season total?",
        "shieldgate", "wildholds", "lost barony", "village clusters of {n}, {n} and {n}", "groups of {n} and {n}",
        "my biggest filled square is {n} by {n}", "my buddy says {n}", "how many stars?",
    ],
}


@st.composite
def descriptions(draw: st.DrawFn, game: str) -> str:
    """A question of 2 to 12 of the game's phrases, each number and kind drawn anew, joined by punctuation."""
    text = ""
    for _ in range(draw(st.integers(2, 12))):
        phrase = draw(st.sampled_from(PHRASES[game]))
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
