"""Game detection eval: questions without a game's name over a library of the bundled, outside and 27 more
rulebooks; accuracy of the detected game (None when not confident counts as a miss), how often the right game
is among the candidates, dev and holdout apart; and the answer sets' questions asked without their game over every
book the evals hold and, for the bundled games, over the library as installed."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.libraries import LIBRARY_BOOKS, OUTSIDE_BOOKS, UNSEEN_BOOKS, eval_pal
from rulespal.service import RulesPal

TARGET = 0.95
LEVELS = (0.5, 0.8, 0.9, 0.95, 0.97, 0.99)  # confidence levels of the reliability table


def reliability(results: list[dict[str, Any]], levels: tuple[float, ...] = LEVELS) -> list[dict[str, Any]]:
    """Whether a confidence means what it says: per level t, the share of questions whose top candidate has a
    confidence of at least t, and the fraction of those whose top candidate is the right game."""
    rows = []
    for level in levels:
        above = [r["top"] for r in results if r["candidates"] and r["candidates"][0]["confidence"] >= level]
        rows.append({"confidence_at_least": level, "share": round(len(above) / len(results), 3) if results else 0.0,
                     "right": round(mean(1.0 if top else 0.0 for top in above), 3) if above else None})
    return rows


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy (confident and right), confident but wrong, asked (not confident), accuracy of the top candidate,
    right game among the candidates, share answered confidently, how often a confident answer is right, and the
    reliability of the confidences."""
    if not results:
        return {"questions": 0}
    rate = lambda key: round(mean(1.0 if r[key] else 0.0 for r in results), 3)  # noqa: E731
    confident = [1.0 if r["correct"] else 0.0 for r in results if r["confident"]]
    return {"questions": len(results), "accuracy": rate("correct"),
            "confident_wrong": round(mean(1.0 if r["confident"] and not r["correct"] else 0.0 for r in results), 3),
            "asked": round(1 - mean(1.0 if r["confident"] else 0.0 for r in results), 3),
            "top_candidate": rate("top"), "in_candidates": rate("listed"), "confident": rate("confident"),
            "right_when_confident": round(mean(confident), 3) if confident else None,
            "reliability": reliability(results)}


def _detected(service: RulesPal, rows: list[dict[str, Any]], progress: Callable[[str], None]) -> list[dict[str, Any]]:
    """Each row's question asked without its game: what was detected, and whether it is the row's game."""
    results = []
    for row in rows:
        found = service.search(row["question"], k=1)
        games = [c.game for c in found.candidates]
        results.append({"id": row["id"], "split": row.get("split", "dev"), "game": row["game"],
                        "detected": found.game, "correct": found.game == row["game"],
                        "top": games[:1] == [row["game"]], "listed": row["game"] in games,
                        "confident": found.confident, "candidates": [c.to_dict() for c in found.candidates[:3]]})
        progress(f"{row['id']} {row['game']} -> {found.game}")
    return results


def run(pal: RulesPal, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Evaluate detection on rulespal/evals/datasets/detection.jsonl over 35 books, and on the answer sets' first
    questions (written with their game selected, so many fit several games) over every book the evals hold and,
    for the bundled games, over the library as installed; write detection.json in the run folder."""
    from rulespal.evals.answers import load_answer_sets

    service = eval_pal(pal, "detection", [OUTSIDE_BOOKS, LIBRARY_BOOKS])
    results = _detected(service, load_jsonl("detection"), progress)
    every = eval_pal(pal, "detection-every-book", [OUTSIDE_BOOKS, LIBRARY_BOOKS, UNSEEN_BOOKS])
    asked = [r for r in load_answer_sets() if r["kind"] not in ("followup", "unanswerable")]
    answers = _detected(every, asked, progress)
    bundled = set(pal.library.ids)
    own = _detected(pal, [r for r in asked if r["game"] in bundled], progress)  # the library as installed
    report = {"books": len(service.library.books), "target": TARGET,
              "dev": summarise([r for r in results if r["split"] == "dev"]),
              "holdout": summarise([r for r in results if r["split"] == "holdout"]),
              "all": summarise(results), "misses": [r for r in results if not r["correct"]],
              "answer_questions": {"books": len(every.library.books),
                                   "bundled_games": summarise([r for r in answers if r["game"] in bundled]),
                                   "other_books": summarise([r for r in answers if r["game"] not in bundled]),
                                   "confident_wrong": [r for r in answers if r["confident"] and not r["correct"]]},
              "own_library": {"books": len(pal.library.books), "bundled_games": summarise(own),
                              "confident_wrong": [r for r in own if r["confident"] and not r["correct"]]}}
    save_result("detection", report)
    return report
