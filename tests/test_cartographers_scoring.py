"""Cartographers scoring: each card's worked example, extra hand-computed boards, coins, monsters, seasons."""

from __future__ import annotations

from engine.cartographers import ENGINE
from engine.cartographers.grid import Board
from engine.cartographers.maps import MAPS

SCORE = ENGINE.operation("score").run
# Map A prints mountains at (1,3) (2,8) (5,5) (8,2) (9,7) and ruins at (1,5) (2,1) (2,9) (8,1) (8,9) (9,5).
# Map B prints mountains at (1,8) (2,3) (7,5) (8,9) (9,2), ruins at (1,6) (2,2) (4,6) (6,1) (7,8) (9,3) and
# wasteland at (3,5) (4,4) (4,5) (5,4) (5,5) (5,6) (6,5).


def sheet(marks: dict[str, list[tuple[int, int]]], side: str = "A") -> list[str]:
    """A grid: the printed map side with each code drawn on its listed cells."""
    return Board.sketch(MAPS[side], marks).rows()


def card_points(card: str, marks: dict[str, list[tuple[int, int]]], side: str = "A") -> int:
    """Points of one scoring card on the sheet described by marks."""
    result = SCORE({"map": side, "grid": sheet(marks, side), "cards": [card]})
    (line,) = [line for line in result["lines"] if line["key"].startswith("card:")]
    return line["points"]


# ---------------------------------------------------------------- Sentinel Wood
def test_sentinel_wood_example() -> None:
    # 3 forests on the edge (0,4) (5,0) (10,10) score 1 each; (4,4) and (6,6) are inner: 3.
    assert card_points("Sentinel Wood", {"F": [(0, 4), (5, 0), (10, 10), (4, 4), (6, 6)]}) == 3


def test_sentinel_wood_corner_counts_once() -> None:
    # Row 0 full (11) + column 10 full (11) share the corner (0,10): 21 distinct edge forests.
    cells = [(0, c) for c in range(11)] + [(r, 10) for r in range(11)]
    assert card_points("Sentinel Wood", {"F": cells}) == 21


def test_sentinel_wood_only_other_terrain_on_edge() -> None:
    # Villages on the edge do not count; one forest in the corner (10,0): 1.
    assert card_points("Sentinel Wood", {"V": [(0, 0), (0, 1)], "F": [(10, 0), (9, 9)]}) == 1


# ---------------------------------------------------------------- Greenbough
def test_greenbough_example() -> None:
    # Forest in rows {3, 7} and columns {1, 4, 6}: 2 + 3 = 5.
    assert card_points("Greenbough", {"F": [(3, 1), (3, 4), (7, 6)]}) == 5


def test_greenbough_maximum_22() -> None:
    # (i, i+1 mod 11) avoids every mountain of map A and hits every row and column: 11 + 11.
    assert card_points("Greenbough", {"F": [(i, (i + 1) % 11) for i in range(11)]}) == 22


def test_greenbough_no_forest() -> None:
    assert card_points("Greenbough", {"V": [(0, 0)]}) == 0


# ---------------------------------------------------------------- Treetower
def test_treetower_example() -> None:
    # (0,0): two sides are the edge, (0,1) and (1,0) villages. (5,4): (5,5) mountain, (4,4) (6,4) farm, (5,3)
    # water. (3,3) has empty sides. 2 forests enclosed.
    marks = {"F": [(0, 0), (5, 4), (3, 3)], "V": [(0, 1), (1, 0)], "A": [(4, 4), (6, 4)], "W": [(5, 3)]}
    assert card_points("Treetower", marks) == 2


def test_treetower_block_in_corner() -> None:
    # A 2x2 forest in the corner: only (0,0) has all sides filled or edge; (0,2) (1,2) (2,0) (2,1) are empty.
    assert card_points("Treetower", {"F": [(0, 0), (0, 1), (1, 0), (1, 1)]}) == 1


def test_treetower_unfilled_ruins_is_not_filled() -> None:
    # Forest (1,4): (1,3) mountain, (0,4) and (2,4) villages, (1,5) an undrawn ruins space -> 0; drawn on -> 1.
    marks = {"F": [(1, 4)], "V": [(0, 4), (2, 4)]}
    assert card_points("Treetower", marks) == 0
    assert card_points("Treetower", marks | {"A": [(1, 5)]}) == 1


def test_treetower_monsters_count_as_filled() -> None:
    assert card_points("Treetower", {"F": [(10, 10)], "X": [(9, 10), (10, 9)]}) == 1


# ---------------------------------------------------------------- Stoneside Forest
def test_stoneside_forest_example_two_mountains() -> None:
    # Row 1 forest (1,4)-(1,8) touches mountains (1,3) and (2,8): 2 mountains x 3 = 6.
    assert card_points("Stoneside Forest", {"F": [(1, c) for c in range(4, 9)]}) == 6


def test_stoneside_forest_example_three_mountains_two_clusters() -> None:
    # Cluster 1 joins (1,3)-(2,8); cluster 2 (3,8) (4,8) (5,8) (5,7) (5,6) joins (2,8)-(5,5).
    # Mountains counted once: (1,3) (2,8) (5,5) -> 9.
    marks = {"F": [(1, c) for c in range(4, 9)] + [(3, 8), (4, 8), (5, 8), (5, 7), (5, 6)]}
    assert card_points("Stoneside Forest", marks) == 9


def test_stoneside_forest_single_mountain_clusters_score_nothing() -> None:
    # Each cluster touches only one mountain: (0,3) next to (1,3); (5,6) next to (5,5). Diagonal (6,6) ignored.
    assert card_points("Stoneside Forest", {"F": [(0, 3), (5, 6), (6, 6)]}) == 0


# ---------------------------------------------------------------- Canal Lake
def test_canal_lake_example() -> None:
    # farm (4,0), water (4,1) / water (5,0), village (5,1): farm 1 + each water 1 = 3.
    assert card_points("Canal Lake", {"A": [(4, 0)], "W": [(4, 1), (5, 0)], "V": [(5, 1)]}) == 3


def test_canal_lake_each_space_once() -> None:
    # Farm (0,1) between waters (0,0) and (0,2): farm 1 (not 2) + waters 2 = 3.
    assert card_points("Canal Lake", {"W": [(0, 0), (0, 2)], "A": [(0, 1)]}) == 3


def test_canal_lake_diagonal_does_not_count() -> None:
    # A W A W in a row: 4; a diagonal farm/water pair elsewhere adds nothing.
    marks = {"A": [(3, 0), (3, 2), (7, 7)], "W": [(3, 1), (3, 3), (8, 8)]}
    assert card_points("Canal Lake", marks) == 4


# ---------------------------------------------------------------- Mages Valley
def test_mages_valley_example() -> None:
    # Mountain (5,5): water above (4,5) and left (5,4) 2+2, farm right (5,6) and below (6,5) 1+1 = 6.
    assert card_points("Mages Valley", {"W": [(4, 5), (5, 4)], "A": [(5, 6), (6, 5)]}) == 6


def test_mages_valley_map_b() -> None:
    # Map B mountain (7,5): waters (7,4) (7,6) (8,5) = 3 x 2; farm (1,7) beside mountain (1,8) = 1; farm (3,3)
    # touches (2,3) = 1; water (0,0) far away = 0. Total 8.
    marks = {"W": [(7, 4), (7, 6), (8, 5), (0, 0)], "A": [(1, 7), (3, 3)]}
    assert card_points("Mages Valley", marks, side="B") == 8


def test_mages_valley_diagonal_does_not_count() -> None:
    assert card_points("Mages Valley", {"W": [(4, 4), (6, 6)], "A": [(4, 6)]}) == 0


# ---------------------------------------------------------------- The Golden Granary
def test_golden_granary_example_water_on_ruins() -> None:
    # Water drawn on ruins (2,1) touches no other ruins space: 0.
    assert card_points("The Golden Granary", {"W": [(2, 1)]}) == 0


def test_golden_granary_farm_on_ruins_and_water_beside() -> None:
    # Farm on ruins (8,1) = 3; water (8,0) beside that (drawn-over) ruins = 1; water (2,2) beside undrawn ruins
    # (2,1) = 1; farm (2,0) beside ruins but not on it = 0. Total 5.
    assert card_points("Golden Granary", {"A": [(8, 1), (2, 0)], "W": [(8, 0), (2, 2)]}) == 5


def test_golden_granary_ruins_drawn_over_still_a_ruins_space() -> None:
    # Ruins (1,5) covered by a village; water (1,4) still touches a printed ruins space: 1.
    assert card_points("the-golden-granary", {"V": [(1, 5)], "W": [(1, 4)]}) == 1


# ---------------------------------------------------------------- Shoreside Expanse
def test_shoreside_expanse_example_edge_cluster_never_scores() -> None:
    # Farm (3,3)(3,4) inner, no water: 3. Water (6,6) inner, no farm: 3. Water (0,5)(1,5) touches the edge: 0.
    # Farm (5,9)(5,10) touches the edge: 0. Farm (8,5)(8,6) next to water (8,7): neither scores. Total 6.
    marks = {"A": [(3, 3), (3, 4), (5, 9), (5, 10), (8, 5), (8, 6)], "W": [(6, 6), (0, 5), (1, 5), (8, 7)]}
    assert card_points("Shoreside Expanse", marks) == 6


def test_shoreside_expanse_cluster_touching_edge_with_one_cell() -> None:
    # Farm cluster (4,8)(4,9)(4,10): the last cell is on the edge, so 0; water (1,1) inner alone: 3.
    assert card_points("Shoreside Expanse", {"A": [(4, 8), (4, 9), (4, 10)], "W": [(1, 1)]}) == 3


def test_shoreside_expanse_diagonal_water_does_not_touch() -> None:
    # Farm (3,3) and water (4,4) meet only at a corner: both clusters score 3.
    assert card_points("Shoreside Expanse", {"A": [(3, 3)], "W": [(4, 4)]}) == 6


# ---------------------------------------------------------------- Wildholds
def test_wildholds_example() -> None:
    # One cluster of 6 villages: 8.
    assert card_points("Wildholds", {"V": [(r, c) for r in (3, 4) for c in (2, 3, 4)]}) == 8


def test_wildholds_five_is_not_enough_and_size_does_not_multiply() -> None:
    assert card_points("Wildholds", {"V": [(0, c) for c in range(5)]}) == 0
    # 11 villages in row 10 (one cluster) + 6 in row 6 cols 0-5: 2 clusters x 8 = 16.
    assert card_points("Wildholds", {"V": [(10, c) for c in range(11)] + [(6, c) for c in range(6)]}) == 16


# ---------------------------------------------------------------- Great City
def test_great_city_example() -> None:
    # 5 villages (3,0)-(3,4), 3 villages (9,0)(10,0)(10,1), and 7 villages touching mountain (5,5): the 5 scores 5.
    marks = {"V": [(3, c) for c in range(5)] + [(9, 0), (10, 0), (10, 1)]
             + [(5, 6), (5, 7), (5, 8), (5, 9), (5, 10), (6, 6), (6, 7)]}
    assert card_points("Great City", marks) == 5


def test_great_city_all_clusters_touch_mountains() -> None:
    assert card_points("Great City", {"V": [(0, 3), (5, 4), (5, 6)]}) == 0


def test_great_city_tie_scores_the_size() -> None:
    # Two separate 4-village clusters, neither next to a mountain: 4.
    assert card_points("Great City", {"V": [(0, c) for c in range(4, 8)] + [(10, c) for c in range(4)]}) == 4


# ---------------------------------------------------------------- Greengold Plains
def test_greengold_plains_example() -> None:
    # Village (3,3) touches forest (2,3), farm (3,2), water (3,4): 3 types -> 3.
    assert card_points("Greengold Plains", {"V": [(3, 3)], "F": [(2, 3)], "A": [(3, 2)], "W": [(3, 4)]}) == 3


def test_greengold_plains_mountain_and_monster_count() -> None:
    # Village (0,3): mountain (1,3), forest (0,2), monster (0,4): 3 types -> 3. Village (7,7)(7,8) touches
    # forest twice and farm: 2 types -> 0.
    marks = {"V": [(0, 3), (7, 7), (7, 8)], "F": [(0, 2), (6, 7), (6, 8)], "X": [(0, 4)], "A": [(8, 8)]}
    assert card_points("Greengold Plains", marks) == 3


def test_greengold_plains_wasteland_and_empty_do_not_count() -> None:
    # Map B village (3,4): wasteland (3,5) and (4,4), forest (2,4), farm (3,3): 2 types -> 0.
    assert card_points("Greengold Plains", {"V": [(3, 4)], "F": [(2, 4)], "A": [(3, 3)]}, side="B") == 0


# ---------------------------------------------------------------- Shieldgate
def test_shieldgate_example() -> None:
    # Clusters of 5 and 3: second largest 3 -> 2 x 3 = 6.
    assert card_points("Shieldgate", {"V": [(0, c) for c in range(5)] + [(10, c) for c in range(3)]}) == 6


def test_shieldgate_tie_for_largest() -> None:
    # Clusters 5, 5, 3: the second largest has 5 -> 10.
    marks = {"V": [(0, c) for c in range(5)] + [(10, c) for c in range(5)] + [(6, 0), (6, 1), (6, 2)]}
    assert card_points("Shieldgate", marks) == 10


def test_shieldgate_needs_two_clusters() -> None:
    assert card_points("Shieldgate", {"V": [(0, c) for c in range(5)]}) == 0
    assert card_points("Shieldgate", {}) == 0


# ---------------------------------------------------------------- Borderlands
def test_borderlands_example_full_row() -> None:
    # Row 0 all forest: 6.
    assert card_points("Borderlands", {"F": [(0, c) for c in range(11)]}) == 6


def test_borderlands_mountain_and_wasteland_fill_lines() -> None:
    # Map A row 1 (mountain at (1,3)) + column 0: 2 x 6 = 12.
    cells = [(1, c) for c in range(11) if c != 3] + [(r, 0) for r in range(11)]
    assert card_points("Borderlands", {"A": cells}) == 12
    # Map B row 4 with wasteland (4,4)(4,5) printed: 6.
    assert card_points("Borderlands", {"W": [(4, c) for c in range(11) if c not in (4, 5)]}, side="B") == 6


def test_borderlands_one_gap_scores_nothing() -> None:
    assert card_points("Borderlands", {"F": [(0, c) for c in range(10)]}) == 0


# ---------------------------------------------------------------- Lost Barony
def test_lost_barony_example() -> None:
    # 3x3 at rows 4-6, columns 4-6 around mountain (5,5): side 3 -> 9.
    cells = [(r, c) for r in (4, 5, 6) for c in (4, 5, 6) if (r, c) != (5, 5)]
    assert card_points("Lost Barony", {"V": cells[:4], "A": cells[4:]}) == 9


def test_lost_barony_blank_map_mountain_is_a_1x1() -> None:
    # Printed mountains are filled spaces: a lone mountain is a 1x1 filled square -> 3.
    assert card_points("Lost Barony", {}) == 3


def test_lost_barony_rectangle_and_bigger_square() -> None:
    # 3x4 rectangle rows 0-2, columns 5-8 with mountain (2,8): 3x3 -> 9; adding a 4x4 block rows 6-9,
    # columns 0-3 around mountain (8,2): 12.
    rect = [(r, c) for r in range(3) for c in range(5, 9) if (r, c) != (2, 8)]
    square = [(r, c) for r in range(6, 10) for c in range(4) if (r, c) != (8, 2)]
    assert card_points("Lost Barony", {"F": rect}) == 9
    assert card_points("Lost Barony", {"F": rect, "W": square}) == 12


# ---------------------------------------------------------------- The Broken Road
def test_broken_road_example_bottom_left() -> None:
    # Diagonal (8,0)(9,1)(10,2) filled and the corner (10,0): 2 x 3 = 6.
    assert card_points("The Broken Road", {"F": [(8, 0), (9, 1), (10, 2), (10, 0)]}) == 6


def test_broken_road_single_corner_and_main_diagonal() -> None:
    # (10,0) alone is a diagonal: 3. The main diagonal (i,i) includes mountain (5,5): filling the other 10 -> 3.
    assert card_points("The Broken Road", {"X": [(10, 0)]}) == 3
    assert card_points("The Broken Road", {"F": [(i, i) for i in range(11) if i != 5]}) == 3


def test_broken_road_other_directions_do_not_count() -> None:
    # Up-right diagonal r+c=10 without (10,0) (its mountains (2,8) (5,5) (8,2) printed), and (0,1)..(9,10)
    # starting on the top edge: neither runs from the left edge down-right to the bottom edge -> 0.
    marks = {"F": [(r, 10 - r) for r in range(10) if (r, 10 - r) not in MAPS["A"].mountains],
             "V": [(i, i + 1) for i in range(10)]}
    assert card_points("The Broken Road", marks) == 0


# ---------------------------------------------------------------- The Cauldrons
def test_cauldrons_example() -> None:
    # Empty corner (0,0) with (0,1)(1,0) filled; empty (3,3) with all four sides filled: 2.
    marks = {"F": [(0, 1), (1, 0)], "V": [(2, 3), (4, 3), (3, 2), (3, 4)]}
    assert card_points("The Cauldrons", marks) == 2


def test_cauldrons_blank_map_and_undrawn_ruins() -> None:
    assert card_points("Cauldrons", {}) == 0
    # Undrawn ruins (2,1) enclosed by farms: it is empty, so it scores 1.
    assert card_points("Cauldrons", {"A": [(1, 1), (3, 1), (2, 0), (2, 2)]}) == 1


def test_cauldrons_one_gap_in_full_map() -> None:
    cells = [(r, c) for r in range(11) for c in range(11)
             if (r, c) not in MAPS["A"].mountains and (r, c) != (7, 7)]
    assert card_points("The Cauldrons", {"W": cells}) == 1


# ---------------------------------------------------------------- coins, monsters, seasons
def lines(doc: dict) -> dict[str, dict]:
    return {line["key"]: line for line in SCORE(doc)["lines"]}


def test_coins_shapes_plus_surrounded_mountain() -> None:
    # Mountain (5,5) surrounded by (4,5)(6,5)(5,4)(5,6); mountain (1,3) has three sides filled: 2 + 1 = 3.
    grid = sheet({"F": [(4, 5), (6, 5), (5, 4), (5, 6), (0, 3), (1, 2), (1, 4)]})
    line = lines({"map": "A", "grid": grid, "coins_from_shapes": 2})["coins"]
    assert line["points"] == 3
    assert "(5,5)" in line["detail"] and "(1,3)" not in line["detail"]
    assert line["rule_ref"] == "end-of-the-season/scoring-the-queens-edicts"


def test_coins_capped_at_14() -> None:
    # 13 shape coins + 2 surrounded mountains = 15, capped at 14; 20 shape coins -> 14.
    grid = sheet({"X": [(4, 5), (6, 5), (5, 4), (5, 6)], "W": [(0, 3), (2, 3), (1, 2), (1, 4)]})
    assert lines({"map": "A", "grid": grid, "coins_from_shapes": 13})["coins"]["points"] == 14
    assert lines({"map": "A", "grid": sheet({}), "coins_from_shapes": 20})["coins"]["points"] == 14


def test_monster_penalty_counts_each_space_once() -> None:
    # Monsters (3,3) and (3,5) share the empty (3,4): 4 + 4 - 1 = 7 distinct spaces -> -7.
    line = lines({"map": "A", "grid": sheet({"X": [(3, 3), (3, 5)]})})["monsters"]
    assert line["points"] == -7
    assert "(3,4)" in line["detail"]


def test_monster_penalty_ignores_filled_neighbours_counts_undrawn_ruins() -> None:
    # Monster (1,4): (1,3) mountain no; (0,4) forest no; (2,4) empty; (1,5) undrawn ruins = empty -> -2.
    assert lines({"map": "A", "grid": sheet({"X": [(1, 4)], "F": [(0, 4)]})})["monsters"]["points"] == -2


def test_season_scores_only_its_two_edicts() -> None:
    edicts = {"A": "Sentinel Wood", "B": "Canal Lake", "C": "Great City", "D": "Borderlands"}
    grid = sheet({"F": [(0, 0)], "V": [(3, 3)]})
    summer = SCORE({"map": "A", "grid": grid, "cards": edicts, "season": "summer"})
    assert [line["key"] for line in summer["lines"]] == ["card:canal-lake", "card:great-city", "coins", "monsters"]
    assert summer["season"] == "summer" and summer["total"] == 1  # Great City 1, the rest 0
    winter = SCORE({"map": "A", "grid": grid, "cards": edicts, "season": "Winter"})
    assert [line["key"] for line in winter["lines"]][:2] == ["card:borderlands", "card:sentinel-wood"]
    assert winter["total"] == 1  # Sentinel Wood (0,0) = 1


def test_list_of_four_with_season_reads_as_edicts() -> None:
    cards = ["Sentinel Wood", "Canal Lake", "Great City", "Borderlands"]
    fall = SCORE({"map": "A", "grid": sheet({}), "cards": cards, "season": "fall"})
    assert [line["label"] for line in fall["lines"][:2]] == ["Edict C: Great City", "Edict D: Borderlands"]


def test_all_cards_lines_and_rule_refs() -> None:
    result = SCORE({"map": "B", "grid": sheet({}, "B"), "cards": "all"})
    keys = [line["key"] for line in result["lines"]]
    assert len(keys) == 18 and keys[0] == "card:sentinel-wood" and keys[-2:] == ["coins", "monsters"]
    refs = {line["key"]: line["rule_ref"] for line in result["lines"]}
    assert refs["card:the-golden-granary"] == "scoring-cards/farm-and-water-cards/the-golden-granary"
    assert refs["card:shieldgate"] == "scoring-cards/village-cards/shieldgate"
    # Blank map B: only Lost Barony scores; wasteland (4,4)(4,5)(5,4)(5,5) is a filled 2x2 (no 3x3 in the
    # plus shape) -> 2 x 3 = 6. No empty space is enclosed, no mountain surrounded, no monster: total 6.
    assert {line["key"]: line["points"] for line in result["lines"]}["card:lost-barony"] == 6
    assert result["total"] == 6
