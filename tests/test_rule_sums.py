"""Sums from the book's own rates: computed only when every rate of the deciding section gets exactly one count
from the question, and withheld whenever the question leaves doubt."""

import pytest

from rulespal.compose import sum_text
from rulespal.evidence import EvidenceSentence
from rulespal.rule_sums import rates_in, rule_sum

END = ("Instead, the players turn them over and score extra points: 2 points for each cosmonaut and 2 points for "
       "each alien on these tiles.")
ROWS = ("Rule: you earn 6 stars for each row in which every space is filled, and 6 stars for each column in which "
        "every space is filled.")
MONSTERS = "Each player loses one reputation star for each empty space adjacent to a monster space on their map."
CLOSED = ("For the size of the closed area: the player scores one point for each tile the closed area consists of. "
          "For aliens: the player scores 3 points for each alien located in the closed area.")
COINS = "Each player earns one reputation star for each filled-in coin symbol on their coin track."
CLUSTER = "Rule: sort your village clusters by size; you earn 2 stars per space of the second-largest cluster."
WATER_FARMS = ("Rule: you earn 2 stars for each water space adjacent to a mountain space, plus 1 star for each farm "
               "space adjacent to a mountain space.")
FOREST_LINES = ("Rule: you earn 1 star for each row of the map that contains at least one forest space, plus 1 star "
                "for each column that contains at least one forest space.")
NEIGHBOURS = "For the size of neighbouring areas: the player scores one point for each tile those areas consist of."


def shown(*texts: str, section: str = "end-of-game") -> tuple[EvidenceSentence, ...]:
    return tuple(EvidenceSentence("g", section, "Title", t, 0, (0, n), 1.0 - n / 10, 0.6, 0.5)
                 for n, t in enumerate(texts))


def test_rates_are_read_with_what_they_count_and_whether_they_take_points_away():
    assert [(r.points, r.unit, r.words, r.loss) for r in rates_in(END)] == [(2, "point", ("cosmonaut",), False),
                                                                            (2, "point", ("alien",), False)]
    assert [(r.points, r.unit, r.each) for r in rates_in(ROWS)] == [
        (6, "star", "row in which every space is filled"), (6, "star", "column in which every space is filled")]
    assert [(r.points, r.words, r.loss) for r in rates_in(MONSTERS)] == [(1, ("empty", "space"), True)]
    assert [(r.points, r.words) for r in rates_in(CLOSED)] == [(1, ("tile",)), (3, ("alien",))]
    assert [(r.points, r.words) for r in rates_in(COINS + " " + CLUSTER)] == [(1, ("filled-in", "coin", "symbol")),
                                                                              (2, ("space",))]


@pytest.mark.parametrize(("question", "texts", "total"), [
    ("game's over and my last 2 tiles have 3 cosmonauts and 1 alien on them. how many points do i get?", [END], 8),
    ("my two leftover tiles show three cosmonauts and an alien, what are they worth?", [END], 8),
    ("borderlands - two of my rows are totally full and one column is. what's that worth?", [ROWS], 18),
    ("i've filled in 4 coins so far, how many stars is that this season?", [COINS], 4),
    ("mages valley: 3 water spaces and 2 farms touch mountains, how many stars?", [WATER_FARMS], 8),
    ("shieldgate: the second-largest village has 5 spaces, what's it worth?", [CLUSTER], 10),
    ("borderlands - rows 0 and 10 are totally full and so is column 3. what's that worth", [ROWS], 18),
    ("greenbough: my forests are in rows 2, 3 and 7 and in columns 1, 4, 5 and 9. how many stars is that",
     [FOREST_LINES], 7),
])
def test_the_counts_a_player_gives_are_summed_with_the_quoted_rates(question, texts, total):
    worked = rule_sum(question, shown(*texts))
    assert worked is not None and worked.total == total


@pytest.mark.parametrize(("question", "texts"), [
    ("my last 2 tiles have 3 cosmonauts, how many points?", [END]),  # the aliens are not counted
    ("borderlands: 3 rows almost full and 2 full columns, how many stars?", [ROWS]),  # a hedge on a count
    ("3 cosmonauts and no aliens on my last tiles, how many points?", [END]),  # a negation
    ("7 forest spaces, 3 of them with 2 cosmonauts and 1 alien, how many points?", [END]),  # 'of them'
    ("2 cosmonauts, 1 alien and 4 robots on my last tiles, how many points?", [END]),  # a count the rule lacks
    ("2 cosmonauts and 1 alien, 3 cosmonauts more, how many points?", [END]),  # one thing counted twice
    ("i scored 12 points, then 2 cosmonauts and 1 alien on my last tiles: how many points?", [END]),
    ("a 4-tile forest with 1 alien, how many points?", [CLOSED, NEIGHBOURS]),  # 'tile' counted two ways
    ("mages valley: 5 spaces touch mountains, how many stars?", [WATER_FARMS]),  # 'space' names both rates
    ("shieldgate: my villages have 8 spaces and 5 spaces, how many stars?", [CLUSTER]),
    ("do 3 cosmonauts and 1 alien on my last tiles score?", [END]),  # not a question about how much
    ("greenbough: forests in rows 2, 2 and 7 and columns 1 and 4, how many stars?", [FOREST_LINES]),  # row 2 twice
    ("greenbough: 3 forests in row 2, how many stars?", [FOREST_LINES]),  # the columns not counted
    ("i filled in 3 coins back in spring and 2 more this summer. how many stars do my coins give?", [COINS]),
    ("3 coins in spring and 2 in summer, how many stars do my coins give me?", [COINS]),  # '2 in': elliptical
])
def test_no_sum_when_the_question_leaves_doubt(question, texts):
    assert rule_sum(question, shown(*texts)) is None


def test_only_the_best_sections_rates_are_used():
    texts = shown(END) + shown(ROWS, section="elsewhere")[0:1]
    worked = rule_sum("3 cosmonauts and 1 alien on my last tiles, how many points?", texts)
    assert worked is not None and worked.total == 8


def test_the_sum_is_worked_out_in_the_open_before_the_rule():
    text = sum_text(rule_sum("2 rows and 1 column are full, how many stars?", shown(ROWS)), shown(ROWS))
    assert text.startswith("18 stars, by the rule quoted: 2 × 6 for each row in which every space is filled + 1 × 6 "
                           "for each column in which every space is filled. The rulebook says (Title):")
    lost = rule_sum("5 empty spaces next to monsters: how many stars do i lose?", shown(MONSTERS))
    assert lost is not None and sum_text(lost, shown(MONSTERS)).startswith("You lose 5 reputation stars,")
