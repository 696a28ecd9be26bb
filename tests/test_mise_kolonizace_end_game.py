"""End of game: the last two tiles give 2 per cosmonaut and 2 per alien, then the final ranking."""

from __future__ import annotations

import pytest

from engine.protocol import PositionError
from engine.registry import get_engine

END_GAME = get_engine("mise-kolonizace").operation("end_game").run


def test_bonus_counts_every_cosmonaut_and_alien_on_both_tiles() -> None:
    # blue: tile 1 has 1 blue cosmonaut + 1 alien, tile 2 (split) 1 red cosmonaut and 2 aliens -> (2 + 3) x 2 = 10.
    # red: 1 red cosmonaut on tile 1, nothing on tile 2 -> 2.
    result = END_GAME("blue 30 | F(blue=1 a=1) | F(red=1 a=1) \\g M(a=1)\nred 37 | S(red=1) | M")
    assert [(ln["key"], ln["points"], ln["rule_ref"]) for ln in result["lines"]] == [
        ("bonus:blue", 10, "end-of-game"), ("bonus:red", 2, "end-of-game")]
    assert result["total"] == 12
    assert result["final_totals"] == {"blue": 40, "red": 39}
    assert result["ranking"] == [{"rank": 1, "player": "blue", "points": 40},
                                 {"rank": 2, "player": "red", "points": 39}]
    assert result["winners"] == ["blue"] and "note" not in result and "tie" not in result


def test_tied_players_share_the_rank_and_missing_totals_count_as_zero() -> None:
    doc = {"players": [
        {"colour": "blue", "total": 4, "last_tiles": ["F", "M"]},
        {"color": "Red", "last_tiles": [{"areas": [{"kind": "swamp", "cosmonauts": {"red": 2}}]}, "S"]},
        {"colour": "green", "total": 1, "last_tiles": ["F", "M"]}]}
    # blue 4 + 0, red 0 + 2 x 2 = 4, green 1 + 0.
    result = END_GAME(doc)
    assert [(r["rank"], r["player"], r["points"]) for r in result["ranking"]] == [(1, "blue", 4), (1, "red", 4),
                                                                                  (3, "green", 1)]
    assert result["winners"] == ["blue", "red"] and "red" in result["note"] and "tie" in result


@pytest.mark.parametrize(("doc", "words"), [
    ("blue 3 | F", "exactly 2 last tiles"),
    ({"players": [{"colour": "blue", "last_tiles": ["F", "F", "F"]}]}, "exactly 2 last tiles"),
    ({"players": []}, "non-empty list"),
    ({"players": [{"colour": "blue", "last_tiles": ["F", "F"]}, {"colour": "blue", "last_tiles": ["F", "F"]}]},
     "listed twice"),
    ({"players": [{"colour": "blue", "total": -1, "last_tiles": ["F", "F"]}]}, "at least 0"),
    ({"players": [{"colour": "blue", "last_tiles": ["F", "Q"]}]}, "unknown area kind"),
    ("blue x y | F | F", "colour [total]"),
    ("[]", "not a player colour"),
    ("blue -5 | F | F", "whole number >= 0"),  # the JSON form refuses a negative total; so does the text form
    ("blue \u00b2 | F | F", "digits 0-9"),
    ({"players": [{"colour": None, "last_tiles": ["F", "F"]}]}, "expected the player's colour, got None"),
])
def test_bad_end_game_input(doc: object, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        END_GAME(doc)
    assert words in str(caught.value)
