"""Totals of a component list the book states in full: computed only when the question asks for all of the listed
things together, gives no counts of its own, and the list's counts add up to the whole the book gives."""

import pytest

from rulespal.compose import list_total_text
from rulespal.evidence import EvidenceSentence
from rulespal.list_totals import list_total

STONES = "55 cosmic stones: 10 worth 1, 15 worth 2, 10 worth 5, and 20 worth 10"
MISSING_ONE = "55 cosmic stones: 10 worth 1, 15 worth 2, and 20 worth 10"
COINS = "Bank: 40 coins: 20 of value 1, 12 of value 3 and 8 of value 5."


def shown(*texts: str) -> tuple[EvidenceSentence, ...]:
    return tuple(EvidenceSentence("g", "contents", "Contents of the Box", t, 0, (0, n), 1.0 - n / 10, 0.6, 0.5)
                 for n, t in enumerate(texts))


@pytest.mark.parametrize(("question", "texts", "total"), [
    ("whats all the cosmic stones in the box add up to, value wise", (STONES,), 290),
    ("if you add up every cosmic stone in the box, how many points is that altogether?", (STONES,), 290),
    ("what are all the stones worth combined?", ("96 planet tiles (24 for each player)", STONES), 290),
    ("total value of the coins in the bank?", (COINS,), 96),
])
def test_a_whole_list_is_added_up(question, texts, total):
    worked = list_total(question, shown(*texts))
    assert worked is not None and worked.total == total


@pytest.mark.parametrize(("question", "texts"), [
    ("how many cosmic stones are there?", (STONES,)),  # a count, not a value: the quote answers it
    ("what do the 10-point stones add up to?", (STONES,)),  # part of the list
    ("all the stones except the 10s, what do they add up to?", (STONES,)),
    ("what are all the stones worth altogether?", (MISSING_ONE,)),  # the list's counts miss the whole
    ("what do all the planet tiles add up to?", (STONES,)),  # the list counts other things
    ("what are all the stones and coins worth altogether?", (STONES, COINS)),  # two lists: which one?
])
def test_no_total_when_anything_is_in_doubt(question, texts):
    assert list_total(question, shown(*texts)) is None


def test_the_total_is_worked_out_in_the_open_before_the_rule():
    texts = shown(STONES)
    worked = list_total("what do all the cosmic stones add up to?", texts)
    assert worked is not None
    assert list_total_text(worked, texts) == (
        "290 for all 55 cosmic stones together, by the list quoted: 10 × 1 + 15 × 2 + 10 × 5 + 20 × 10. "
        f'The rulebook says (Contents of the Box): "{STONES}"')
