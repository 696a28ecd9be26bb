"""Cartographers draw-phase legality: every reason code, ruins and 1x1 fallbacks, ambushes, coins, legal_moves."""

from __future__ import annotations

import pytest

from engine.cartographers import ENGINE
from engine.cartographers.grid import Board
from engine.cartographers.maps import MAPS
from engine.protocol import PositionError

CHECK = ENGINE.operation("check").run
LEGAL_MOVES = ENGINE.operation("legal_moves").run
A = MAPS["A"]  # mountains (1,3) (2,8) (5,5) (8,2) (9,7); ruins (1,5) (2,1) (2,9) (8,1) (8,9) (9,5)
BLANK = Board.blank(A).rows()
# Every space filled except the (even, even) ones: no two empty spaces touch, even diagonally, so only a 1x1
# fits. (2,8) and (8,2) are printed mountains; every ruins space has an odd coordinate, so it is filled too.
ISOLATED = Board.sketch(A, {"F": [(r, c) for r in range(11) for c in range(11)
                                  if (r % 2 or c % 2) and (r, c) not in A.mountains]}).rows()
ALL_RUINS_FILLED = Board.sketch(A, {"V": list(A.ruins)}).rows()


def check(card: str, terrain: str, cells: list[list[int]], grid: list[str] = BLANK, **flags: bool) -> dict:
    return CHECK({"map": "A", "grid": grid, "move": {"card": card, "terrain": terrain, "cells": cells, **flags}})


def codes(result: dict) -> list[str]:
    return [reason["code"] for reason in result["reasons"]]


def test_legal_printed_orientation_has_no_reasons() -> None:
    result = check("Homestead", "village", [[0, 0], [1, 0], [2, 0], [1, 1]])
    assert result["legal"] is True and result["reasons"] == [] and result["detail"].startswith("Legal")
    assert result["shape_coin"] is False and result["coins_gained"] == 0


def test_rotations_and_reflections_are_accepted() -> None:
    assert check("Homestead", "farm", [[4, 0], [4, 1], [4, 2], [5, 1]])["legal"]  # T rotated
    # Marshlands (0,0)(1,0)(2,0)(1,1)(1,2) mirrored left-right, moved to rows 4-6.
    assert check("Marshlands", "water", [[4, 2], [5, 0], [5, 1], [5, 2], [6, 2]])["legal"]


def test_off_map() -> None:
    result = check("Fishing Village", "water", [[0, 8], [0, 9], [0, 10], [0, 11]])
    assert codes(result) == ["off_map"] and "(0,11)" in result["reasons"][0]["message"]
    assert result["reasons"][0]["rule_ref"] == "the-turn-of-play/2-draw-phase"


def test_overlaps_filled_mountain() -> None:
    result = check("Great River", "water", [[0, 3], [1, 3], [2, 3]])
    assert codes(result) == ["overlaps_filled"] and "(1,3) is mountain" in result["reasons"][0]["message"]


def test_shape_not_on_card() -> None:
    assert codes(check("Homestead", "village", [[0, 0], [0, 1], [1, 0], [1, 1]])) == ["shape_not_on_card"]


def test_terrain_not_on_card() -> None:
    result = check("Homestead", "forest", [[0, 0], [1, 0], [2, 0], [1, 1]])
    assert codes(result) == ["terrain_not_on_card"] and "village, farm" in result["reasons"][0]["message"]
    printed = check("Homestead", "mountain", [[0, 0], [1, 0], [2, 0], [1, 1]])
    assert codes(printed) == ["terrain_printed_only"] and "printed" in printed["reasons"][0]["message"]


def test_must_cover_ruins_when_possible() -> None:
    result = check("Homestead", "village", [[4, 0], [5, 0], [6, 0], [5, 1]], ruins=True)
    assert codes(result) == ["must_cover_ruins"]
    assert result["reasons"][0]["rule_ref"] == "the-turn-of-play/2-draw-phase/ruins"
    covering = check("Homestead", "village", [[1, 0], [2, 0], [3, 0], [2, 1]], ruins=True)  # covers ruins (2,1)
    assert covering["legal"] and codes(covering) == ["covers_ruins"] and covering["covers_ruins"] is True


def test_ruins_without_coverable_space_forces_1x1_of_any_terrain() -> None:
    # All six ruins are drawn on: the Homestead shape is refused, a 1x1 of any terrain (even monster) is allowed.
    refused = check("Homestead", "village", [[4, 0], [5, 0], [6, 0], [5, 1]], ALL_RUINS_FILLED, ruins=True)
    assert codes(refused) == ["must_draw_1x1"]
    single = check("Homestead", "monster", [[4, 4]], ALL_RUINS_FILLED, ruins=True)
    assert single["legal"] and codes(single) == ["fallback_1x1"] and single["mode"] == "ruins_fallback"


def test_ruins_space_left_but_no_shape_can_cover_it() -> None:
    # Only ruins (1,5) is unfilled and its four neighbours are filled: no 1x4 line can cover it.
    grid = Board.sketch(A, {"V": [r for r in A.ruins if r != (1, 5)], "F": [(0, 5), (2, 5), (1, 4), (1, 6)]}).rows()
    assert check("Fishing Village", "water", [[6, 0], [6, 1], [6, 2], [6, 3]], grid, ruins=True)["legal"] is False
    assert check("Fishing Village", "farm", [[6, 0]], grid, ruins=True)["legal"] is True


def test_fallback_not_allowed_when_a_shape_fits() -> None:
    result = check("Homestead", "village", [[4, 4]])
    assert codes(result) == ["fallback_not_allowed"]
    # After a ruins card: a 1x1 on the ruins space is still refused (a shape can cover it), and a 1x1 elsewhere
    # also fails to cover ruins.
    assert codes(check("Homestead", "village", [[2, 1]], ruins=True)) == ["fallback_not_allowed"]
    assert codes(check("Homestead", "village", [[4, 4]], ruins=True)) == ["fallback_not_allowed", "must_cover_ruins"]


def test_fallback_allowed_when_nothing_fits_no_coin() -> None:
    result = check("Forgotten Forest", "forest", [[0, 0]], ISOLATED)
    assert result["legal"] and codes(result) == ["fallback_1x1"] and result["shape_coin"] is False
    # The normal fallback keeps the card's terrains.
    assert codes(check("Homestead", "forest", [[0, 0]], ISOLATED)) == ["terrain_not_on_card"]


def test_rift_lands() -> None:
    assert check("Rift Lands", "monster", [[3, 3]])["legal"]
    assert codes(check("Rift Lands", "mountain", [[3, 3]])) == ["terrain_printed_only"]
    assert codes(check("Rift Lands", "forest", [[3, 3], [3, 4]])) == ["shape_not_on_card"]
    assert codes(check("Rift Lands", "forest", [[3, 3]], ruins=True)) == ["must_cover_ruins"]
    assert check("Rift Lands", "forest", [[9, 5]], ruins=True)["legal"]


def test_ambush_moves() -> None:
    result = check("Goblin Attack", "monster", [[0, 2], [1, 1], [2, 0]])  # the diagonal flipped
    assert result["legal"] and codes(result) == ["ambush"]
    wrong = check("Goblin Attack", "forest", [[0, 0], [1, 1], [2, 2]])
    assert codes(wrong) == ["terrain_not_on_card"]
    assert wrong["reasons"][0]["rule_ref"] == "the-turn-of-play/2-draw-phase/ambush"
    assert codes(check("Goblin Attack", "monster", [[4, 4]])) == ["fallback_not_allowed"]
    assert codes(check("Kobold Onslaught", "monster", [[0, 0]], ISOLATED, ambush=True)) == ["ambush", "fallback_1x1"]


def test_ambush_after_ruins_defers_the_ruins() -> None:
    result = check("Gnoll Raid", "monster", [[4, 0], [4, 1], [5, 0], [6, 0], [6, 1]], ruins=True, ambush=True)
    assert result["legal"] and codes(result) == ["ruins_deferred", "ambush"]


@pytest.mark.parametrize(("card", "words"), [("Dragon Lair", "Great River"), ("Temple Ruins", "shows no shape")])
def test_unknown_card_and_ruins_card_are_input_errors_as_in_legal_moves(card: str, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        check(card, "forest", [[0, 0]])
    assert [e.loc for e in caught.value.errors] == [("move", "card")] and words in caught.value.errors[0].msg


def test_check_reports_position_and_move_problems_together() -> None:
    with pytest.raises(PositionError) as caught:
        CHECK({"map": "C", "grid": BLANK, "move": {"card": "Dragon Lair", "terrain": "forest", "cells": [[0, 0]]}})
    assert {e.loc for e in caught.value.errors} == {("map",), ("move", "card")}


def test_coins_gained_stop_at_the_coin_track() -> None:
    # 14 shape coins already: the track (14 symbols) is full, Great River's coin fills nothing.
    full = CHECK({"map": "A", "grid": BLANK, "coins_from_shapes": 14,
                  "move": {"card": "Great River", "terrain": "water", "cells": [[0, 0], [1, 0], [2, 0]]}})
    assert full["legal"] and full["coins_gained"] == 0 and codes(full) == ["shape_coin", "coin_track_full"]
    # 13 coins, (4,5) (5,4) (5,6) filled: the line (6,5)-(8,5) earns shape coin + mountain (5,5) = 2, room for 1.
    grid = Board.sketch(A, {"F": [(4, 5), (5, 4), (5, 6)]}).rows()
    one = CHECK({"map": "A", "grid": grid, "coins_from_shapes": 13,
                 "move": {"card": "Great River", "terrain": "water", "cells": [[6, 5], [7, 5], [8, 5]]}})
    assert one["coins_gained"] == 1


def test_coin_shape_and_surrounded_mountain() -> None:
    coin = check("Great River", "water", [[0, 0], [1, 0], [2, 0]])
    assert coin["legal"] and coin["shape_coin"] and coin["coins_gained"] == 1 and codes(coin) == ["shape_coin"]
    assert coin["reasons"][0]["rule_ref"] == "the-turn-of-play/2-draw-phase/shapes-with-coins"
    # (4,5) (5,4) (5,6) already filled; the vertical line (6,5)-(8,5) closes mountain (5,5): coin + mountain = 2.
    grid = Board.sketch(A, {"F": [(4, 5), (5, 4), (5, 6)]}).rows()
    both = check("Great River", "water", [[6, 5], [7, 5], [8, 5]], grid)
    assert both["surrounded_mountains"] == [[5, 5]] and both["coins_gained"] == 2
    assert codes(both) == ["shape_coin", "mountain_surrounded"]
    plain = check("Great River", "water", [[6, 5], [7, 4], [7, 5], [8, 3], [8, 4]], grid)  # the 5-cell shape
    assert plain["legal"] and not plain["shape_coin"] and plain["coins_gained"] == 1


def test_malformed_moves_raise_with_locations() -> None:
    with pytest.raises(PositionError) as caught:
        CHECK({"map": "A", "grid": BLANK, "move": {"card": "Homestead", "terrain": "lava", "cells": [[0]]}})
    assert {e.loc for e in caught.value.errors} == {("move", "terrain"), ("move", "cells", 0)}
    with pytest.raises(PositionError) as caught:
        CHECK({"map": "A", "grid": BLANK})
    assert caught.value.errors[0].loc == ("move",)
    with pytest.raises(PositionError) as caught:
        check("Homestead", "village", [[0, 0]], ambush=True)
    assert caught.value.errors[0].loc == ("move", "ambush")


def moves(card: str, grid: list[str] = BLANK, ruins: bool = False, limit: int = 0) -> dict:
    return LEGAL_MOVES({"map": "A", "grid": grid, "card": card, "ruins": ruins, "limit": limit})


def test_legal_moves_fishing_village_counts() -> None:
    # 1x4 lines: 11 rows x 8 + 11 columns x 8 = 176; mountains block 4+3+4+3+4 = 18 horizontal and
    # 2+3+4+3+2 = 14 vertical windows: 144 cell sets x 2 terrains = 288.
    result = moves("Fishing Village")
    assert (result["cell_sets"], result["count"], result["mode"]) == (144, 288, "shapes")
    # Covering a ruins space: (1,5) 2+2, (2,1) 2+3, (2,9) 0+3, (8,1) 0+3, (8,9) 2+3, (9,5) 2+2 = 24 -> 48.
    ruins = moves("Fishing Village", ruins=True)
    assert (ruins["cell_sets"], ruins["count"], ruins["mode"]) == (24, 48, "shapes_on_ruins")


def test_legal_moves_rift_lands_and_ambush() -> None:
    assert moves("Rift Lands")["count"] == 116 * 5  # 121 spaces - 5 mountains, 5 terrains
    assert moves("Rift Lands", ruins=True)["count"] == 6 * 5  # the six ruins spaces
    # Goblin diagonal: 2 orientations x 81 anchors, each mountain blocks 2,3,3,3,2 anchors per orientation.
    assert moves("Goblin Attack")["count"] == 2 * (81 - 13)


def test_legal_moves_fallback_and_listing() -> None:
    result = moves("Homestead", ISOLATED, limit=3)
    # 36 (even, even) spaces minus the mountains (2,8) and (8,2): 34 cells x 2 terrains = 68.
    assert (result["mode"], result["count"], len(result["placements"]), result["truncated"]) == ("fallback", 68, 3,
                                                                                             True)
    assert result["placements"][0] == {"cells": [[0, 0]], "terrain": "village", "coin": False}


def test_listed_moves_pass_check() -> None:
    for card, grid, ruins in [("Hamlet", BLANK, False), ("Orchard", BLANK, True), ("Homestead", ISOLATED, True),
                              ("Bugbear Assault", ALL_RUINS_FILLED, True)]:
        for placement in moves(card, grid, ruins, limit=10000)["placements"][::7]:
            assert check(card, placement["terrain"], placement["cells"], grid, ruins=ruins)["legal"], placement


def test_legal_moves_bad_card() -> None:
    for card in ("Dragon Lair", "Outpost Ruins"):
        with pytest.raises(PositionError) as caught:
            moves(card)
        assert caught.value.errors[0].loc == ("card",)
