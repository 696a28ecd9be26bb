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


def _answer(text, verdict=None, covered=True, quote="Spaces only at diagonals are not."):
    from rulespal.answer import Answer, Citation

    return Answer(text, "cartographers", (Citation("cartographers", "s", "S", quote),), covered=covered,
                  verdict=verdict, basis="verdict" if verdict else "rule")


def test_judge_counts_inverted_verdicts_and_false_claims_but_not_the_quote():
    from rulespal.evals.answers import judge

    row = {"kind": "yesno", "verdict": "no", "facts": ["diagonal"], "wrong": [r"^\W*yes\b", "diagonals count"],
           "deciding": "Spaces only at diagonals are not."}
    right = judge(row, _answer('No. The rulebook says (S): "Spaces only at diagonals are not."', "no"))
    assert right["correct"] and not right["wrong"] and right["quote_decides"]
    inverted = judge(row, _answer('Yes. The rulebook says (S): "Spaces only at diagonals are not."', "yes"))
    assert inverted["wrong"] and not inverted["correct"]
    quoted = judge(row, _answer('The rulebook says (S): "yes, diagonals count"', quote="yes, diagonals count"))
    assert not quoted["wrong"]  # words inside the verified quote are the book's, not a claim of ours
    refused = judge(row, _answer("The rulebook does not seem to answer this.", covered=False))
    assert refused["false_refusal"] and not refused["correct"]


def test_the_quote_decides_when_it_holds_the_deciding_sentence_or_most_of_it():
    from rulespal.evals.answers import judge

    row = {"kind": "number", "facts": [r"\b8\b"], "wrong": [],
           "deciding": "Score 2 points for each cosmonaut and 2 points for each alien on these tiles."}
    holds = "The game ends. … Score 2 points for each cosmonaut and 2 points for each alien on these tiles."
    assert judge(row, _answer("8 points.", quote=holds))["quote_decides"]
    part = "Score 2 points for each cosmonaut and 2 points for each alien"
    assert judge(row, _answer("8 points.", quote=part))["quote_decides"]
    assert not judge(row, _answer("8 points.", quote="The game ends."))["quote_decides"]


def test_judge_on_unanswerable_questions():
    from rulespal.evals.answers import judge

    row = {"kind": "unanswerable", "facts": [], "wrong": []}
    assert judge(row, _answer("The rulebook does not seem to answer this.", covered=False))["true_refusal"]
    assert judge(row, _answer("No. The rulebook says …", "no"))["wrong"]
    shown = judge(row, _answer('The rulebook says (S): "…"'))
    assert not shown["wrong"] and not shown["correct"]


def test_answer_sets_are_well_formed():
    import re

    from rulespal.evals.answers import SPLITS, load_answer_sets
    from rulespal.evals.libraries import UNSEEN_BOOKS
    from rulespal.library import Library
    from rulespal.settings import BUNDLED_RULEBOOKS

    books = {b.id: b for b in Library.from_paths([BUNDLED_RULEBOOKS, UNSEEN_BOOKS]).books}
    rows, seen = load_answer_sets(), set()
    for row in rows:
        where = f"{row.get('id')}: "
        assert row["id"] not in seen and row["split"] in SPLITS and row["game"] in books, where
        assert row.get("followup_of") in (None, *seen), where + "a follow-up comes after the question it follows"
        for pattern in row.get("facts", []) + row.get("wrong", []):
            re.compile(pattern)
        if row["kind"] != "unanswerable":
            assert row["facts"] and all(books[row["game"]].section(g) for g in row["gold"]), where
        seen.add(row["id"])
    assert len(rows) >= 150 and {r["split"] for r in rows} == set(SPLITS)


def test_a_described_probe_is_right_wrong_or_withheld():
    from rulespal.evals.described import judge

    question = "solo, I finished on 125 Pawints. which hiking title is that?"
    row = {"game": "cational-meographic", "question": question}
    assert judge(row | {"expected": "Peak Pouncer"}) == "right"
    assert judge(row | {"expected": "Ridge Runner"}) == "wrong"
    assert judge(row | {"expected": None}) == "wrong"  # read, where the probe says something is missing
    assert judge({"game": "cational-meographic", "question": "what title for roughly 120?", "expected": None}) \
        == "withheld"
    assert judge({"game": "mise-kolonizace", "question": "My tile closed a 1-tile swamp. What's it worth?",
                  "expected": 1}) == "right"


def test_a_computed_number_the_facts_do_not_confirm_is_counted_for_reading():
    from dataclasses import replace

    from rulespal.evals.answers import judge, summarise

    row = {"kind": "number", "facts": [r"\b(5|five)\s*stars\b"], "wrong": [r"\b2 stars\b"], "deciding": ""}
    unforeseen = replace(_answer("3 stars, by the rule quoted: 3 × 1 for each coin."), basis="sum")
    judged = judge(row, unforeseen)
    assert judged["unconfirmed"] and not judged["wrong"] and not judged["correct"]
    confirmed = judge(row, replace(_answer("5 stars, by the rule quoted: 5 × 1 for each coin."), basis="sum"))
    assert confirmed["correct"] and not confirmed["unconfirmed"]
    assert not judge(row, _answer("The rulebook says (S): \"…\""))["unconfirmed"]  # no number of its own
    rows = [{**j, "kind": "number", "has_position": False, "closest": False, "flagged": False, "verdict_shown": False,
             "engine_calls": 0, "first_s": 0.0, "seconds": 0.0} for j in (judged, confirmed)]
    assert summarise(rows)["computed_unconfirmed"] == 1
