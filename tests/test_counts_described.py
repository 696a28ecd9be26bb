"""Scores given by their counts in a player's words: a Cational Meographic tile placement (`score_tile`) and a
Cartographers season (`season_total`), the operations and their readers."""

import pytest

from engine import PositionError, get_engine
from engine.cartographers.described import describe as cartographers_describe
from engine.cational_meographic.described import describe as cational_describe

TILE = get_engine("cational-meographic").operation("score_tile").run
SEASON = get_engine("cartographers").operation("season_total").run


def total_of(game: str, read: tuple[str, dict] | None) -> int | None:
    return None if read is None else get_engine(game).operation(read[0]).run(read[1])["total"]


def test_a_described_tile_earns_its_own_value_its_qualifying_edge_neighbours_and_each_card_once():
    result = TILE({"tile": {"type": "meadow", "pawints": 3},
                   "neighbours": [{"type": "meadow", "pawints": 1}, {"type": "Meadow", "pawints": 3},
                                  {"type": "meadow", "pawints": 4}, {"type": "river", "pawints": 2},
                                  {"type": "meadow", "pawints": 2, "touch": "corner"}],
                   "missions": [{"pawints": 5, "shapes": 2}, {"pawints": 2, "bonus": 3}]})
    assert result["total"] == 3 + 1 + 3 + 5 + 5
    refused = next(line["detail"] for line in result["lines"] if line["label"] == "Adjacency Pawints (not earned)")
    assert "higher value" in refused and "different type" in refused and "only at a corner" in refused


def test_a_described_tile_without_missions_says_none_were_given():
    result = TILE({"tile": {"type": "lake", "pawints": 2}})
    assert result["total"] == 2
    assert [line["label"] for line in result["lines"]] == ["Tile Pawints", "Photo missions: none completed"]


@pytest.mark.parametrize(("doc", "where"), [
    ({"tile": {"type": "lake"}}, "tile.pawints"),
    ({"tile": {"type": "lake", "pawints": 5}}, "tile.pawints"),
    ({"tile": {"type": "lake", "pawints": 2}, "neighbours": [{"type": "lake", "pawints": 1, "touch": "side"}]},
     "neighbours.0.touch"),
    ({"tile": {"type": "lake", "pawints": 2}, "neighbours": [{"type": "lake", "pawints": 1}] * 5}, "neighbours"),
    ({"tile": {"type": "lake", "pawints": 2}, "missions": [5]}, "missions.0"),
    ({"tile": {"type": "lake", "pawints": 2}, "missions": [{"pawints": 5, "shapes": 0}]}, "missions.0.shapes"),
])
def test_a_described_tile_names_what_is_wrong(doc, where):
    with pytest.raises(PositionError, match=where.replace(".", r"\.")):
        TILE(doc)


def test_a_season_adds_its_edicts_and_coins_and_loses_one_star_per_space_next_to_a_monster():
    result = SEASON({"season": "summer", "edicts": [{"letter": "B", "stars": 7}, {"letter": "C", "stars": 5}],
                     "coins": 4, "monster_spaces": 3})
    assert result["total"] == 13 and result["season"] == "Summer"
    assert [line["points"] for line in result["lines"]] == [7, 5, 4, -3]


@pytest.mark.parametrize(("doc", "message"), [
    ({"season": "summer", "edicts": [{"letter": "A", "stars": 7}, {"letter": "C", "stars": 5}], "coins": 0,
      "monster_spaces": 0}, "edicts.0.letter: expected one of B, C"),
    ({"edicts": [{"stars": 7}], "coins": 0, "monster_spaces": 0}, "the 2 edicts"),
    ({"edicts": [{"stars": 7}, {"stars": 1}], "coins": 15, "monster_spaces": 0}, "coins: expected .* 0 to 14"),
    ({"edicts": [{"stars": 7}, {"stars": 1}], "coins": 2}, "monster_spaces"),
    ({"edicts": [{"letter": "B", "stars": 7}, {"letter": "B", "stars": 1}], "coins": 2, "monster_spaces": 0},
     "named twice"),
])
def test_a_season_by_counts_names_what_is_wrong(doc, message):
    with pytest.raises(PositionError, match=message):
        SEASON(doc)


@pytest.mark.parametrize(("question", "total"), [
    ("just placed a x3 meadow. it touches a x1 meadow, another x3 meadow, a x4 meadow and a x2 river, and it "
     "finished a x5 mission card. how many pawints is that?", 12),
    ("i put down a x2. it's touching a same-landscape x1 and a same-landscape x3, and it finishes a x5 photo "
     "mission. how many pawints is that?", 8),  # the x3 is higher than the placed x2
    ("placed an x3 meadow next to another x3 meadow (nothing else touching it), and that tile completes BOTH shapes "
     "on the same x5 mission card. total pawints?", 11),
    ("I placed a forest worth 3 next to two x2 forests, and a x1 forest touches it diagonally. How many pawints?", 7),
    ("placed a 2-pawint lake beside a 2-pawint lake and a 1-pawint forest. no mission. what do i score?", 4),
    ("placed a ×3 meadow, completing the ×5 and ×3 missions at once. how many pawints?", 11),
    ("ok i just placed a x3 tile. same type tiles touching it are a x2, a x3 and a x4. how many pawints do i get? "
     "(no missions done)", 8),
])
def test_a_described_tile_is_read_into_its_pawints(question, total):
    assert total_of("cational-meographic", cational_describe(question)) == total


@pytest.mark.parametrize("question", [
    "the same-landscape x1 is only diagonal to my new tile, do i still get its pawint?",  # no placed tile given
    "I placed a x3 meadow next to some meadows. how many pawints?",  # vague
    "placed a x4 forest touching a x4 forest and a x2 lake; it completes a x3 photo mission that covers a x2. "
    "pawints?",  # a covering card's bonus
    "placed a x3 meadow next to a x2 and a x1 meadow. pawints?",  # the x2's type not said
    "I have 40 pawints and placed a x2 lake next to a x1 lake. how many now?",  # a number that is no tile's value
    "placed a x3 meadow next to a x1 meadow and a x2 meadow, one of them diagonally. how many pawints?",  # which
    "placed a x3 meadow next to a x1 meadow, maybe a x2 too. pawints?",  # a hedge
])
def test_a_tile_not_described_in_full_is_not_read(question):
    assert cational_describe(question) is None


@pytest.mark.parametrize(("question", "total"), [
    ("end of summer for me: edict B gives 7, edict C gives 5, I have 4 coins filled in, and there are 3 empty "
     "squares next to monsters - one of those three touches two different monster squares. whats my summer total",
     13),
    ("end of summer tally for me: 6 stars from edict B, 9 from C. coin track has 4 coins filled (2 from spring, 2 "
     "from this season). 3 empty squares are next to monsters, and one of those touches two monster squares. whats "
     "my summer total", 16),
    ("Spring scoring: A gave me 8 and B gave 3, 2 coins, no empty spaces next to monsters. What's my spring score?",
     13),
    ("fall: the edicts scored 10 and 4, I've got 5 coins and lost 2 stars to monsters. total for the season?", 17),
    ("ok end of summer for me: 7 stars on one edict, 4 on the other, I've got 5 coins filled in and 3 empty squares "
     "touching monsters. what's my total for the season?", 13),
    ("winter scoring: edict D 6, edict A 12, coins: 7, monsters -4. how many stars is that?", 21),
    ("Greenbough gave me 9 and Sentinel Wood 4 this season, 3 coins and 2 empty squares next to monsters. season "
     "total?", 14),
])
def test_a_described_season_is_read_into_its_total(question, total):
    assert total_of("cartographers", cartographers_describe(question)) == total


@pytest.mark.parametrize("question", [
    "summer: edict A gave 5 and edict B gave 3, 2 coins, 1 empty space next to a monster. total?",  # A is not summer's
    "end of spring: B scored 4, I have 5 coins and no monsters. how much?",  # one edict only
    "my edicts gave 7 and some more, 3 coins, no monsters. total for the season?",  # vague
    "edict B gave 7 and C gave 5 with 4 coins. what's my summer total?",  # the monsters not said
    "edict B gave 7 and C gave 5, 4 coins, 3 spaces next to monsters, and I had 20 after spring. summer total?",
    "what's the final score if edict B gave 7, C gave 5, 4 coins and no monsters, around 12?",  # a hedge
    "spring scoring: edict B gave 4 and edict B gave 4, 3 coins, 5 empty spaces next to monsters. total?",  # B twice
])
def test_a_season_not_described_in_full_is_not_read(question):
    assert cartographers_describe(question) is None


@pytest.mark.parametrize(("question", "total"), [
    ("shieldgate: my village clusters are 5, 5 and 3. buddy says 2nd biggest is the 3 so 6 pts. how many do i get?",
     10),  # tied for largest: the other 5 is second; the friend's numbers are his claim, not the clusters
    ("wildholds: village groups of 7, 6 and 3, how many stars?", 16),
    ("shieldgate is scoring. i got 3 village blobs: 6, 6 and 3 spaces. how many stars?", 12),  # counted, then listed
    ("lost barony - my biggest completely filled square is 4 by 4. how many stars is that?", 12),
])
def test_a_scoring_card_given_by_the_counts_that_settle_it_is_scored(question, total):
    assert total_of("cartographers", cartographers_describe(question)) == total


@pytest.mark.parametrize("question", [
    "shieldgate: clusters of 5, 5 and 3, and maybe another 2, how many stars?",  # a hedge
    "shieldgate: clusters of 5 and 3, I drew 2 more villages. how many stars?",  # a number left unexplained
    "shieldgate: i got 4 village blobs: 6, 6 and 3. how many stars?",  # 4 counted, 3 listed
    "greenbough: forests in rows 2 and 3, how many stars?",  # a card the counts do not settle
    "lost barony: my biggest filled block is 4 by 5, how many stars?",  # not a square
])
def test_a_scoring_card_not_settled_by_the_counts_given_is_not_read(question):
    assert cartographers_describe(question) is None


def test_a_scoring_card_by_counts_names_what_is_wrong():
    edict = get_engine("cartographers").operation("edict_counts").run
    with pytest.raises(PositionError, match="card: expected one of Shieldgate, Wildholds, Lost Barony"):
        edict({"card": "Greenbough", "clusters": [3]})
    with pytest.raises(PositionError, match="square: Shieldgate does not count this"):
        edict({"card": "Shieldgate", "square": 3, "clusters": [3]})
    with pytest.raises(PositionError, match=r"clusters\.1: expected a whole number"):
        edict({"card": "Shieldgate", "clusters": [3, 0]})
