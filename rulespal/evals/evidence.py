"""Evidence on rulebooks from outside the project: for each outside-books question (game given), do the sentences
an answer would show hold the gold passage? Measures the answer's quote on book styles nobody tuned on."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

from rulespal.agent import Assistant
from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.libraries import OUTSIDE_BOOKS, eval_pal
from rulespal.evidence import stems
from rulespal.service import RulesPal

HELD = 0.6  # the shown quote holds the passage when it has this share of the passage's content words


def holds(shown: str, passage: str) -> bool:
    """Whether shown text carries most of a gold passage's content words."""
    wanted = set(stems(passage))
    return bool(wanted) and len(wanted & set(stems(shown))) / len(wanted) >= HELD


def run(pal: RulesPal, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Quote-holds-passage rate and shown length over outside.jsonl, dev and holdout apart; writes evidence-outside."""
    bot = Assistant(eval_pal(pal, "outside", [OUTSIDE_BOOKS]), model_spec="extractive")
    results = []
    for row in load_jsonl("outside"):
        shown = " ".join(s.text for s in bot.prepare(row["question"], game=row["game"]).evidence.shown())
        results.append({"id": row["id"], "split": row.get("split", "dev"), "held": holds(shown, row["passage"]),
                        "chars": len(shown)})
        progress(f"{row['id']} held={results[-1]['held']}")

    def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
        if not rows:
            return {"questions": 0, "quote_holds_passage": None, "mean_chars": None}
        return {"questions": len(rows), "quote_holds_passage": round(mean(r["held"] for r in rows), 3),
                "mean_chars": round(mean(r["chars"] for r in rows))}

    report: dict[str, Any] = {split: summary([r for r in results if r["split"] == split])
                              for split in ("dev", "holdout")}
    report["rows"] = results
    save_result("evidence-outside", report)
    return report
