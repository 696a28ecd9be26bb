"""The evaluation metric functions."""

import pytest

from rulespal.evals.metrics import facts_present, first_gold_rank, hit_at, mrr, percentile


def test_first_gold_rank():
    assert first_gold_rank(["a", "b", "c"], ["c", "b"]) == 2
    assert first_gold_rank(["a"], ["z"]) is None
    assert first_gold_rank([], ["z"]) is None


def test_hit_at_and_mrr():
    ranks = [1, 3, None, 2]
    assert hit_at(ranks, 1) == 0.25
    assert hit_at(ranks, 3) == 0.75
    assert mrr(ranks) == pytest.approx((1 + 1 / 3 + 0 + 1 / 2) / 4)
    assert hit_at([], 1) == 0.0 and mrr([]) == 0.0


def test_facts_present_needs_every_pattern():
    assert facts_present("Spring has a threshold of 8.", [r"\b8\b", "spring"])
    assert not facts_present("Spring has a threshold of 18.", [r"\b8\b"])
    assert facts_present("anything", [])


def test_percentile_nearest_rank():
    values = [5, 1, 4, 2, 3]
    assert percentile(values, 50) == 3
    assert percentile(values, 95) == 5
    assert percentile(values, 0) == 1
    assert percentile([], 95) == 0.0


def test_unsupported_numbers_ignore_section_refs_and_known_numbers():
    from rulespal.citations import unsupported_numbers

    support = "Shuffle the 15 photo mission cards. Forest x2 next to a forest x1."
    assert unsupported_numbers("There are 15 cards [1-explore-phase].", support) == []
    assert unsupported_numbers("You get 2, then 7 and 7 again.", support) == ["7"]
