"""Outside-books eval: deep public-domain rulebooks beside the bundled ones; hit@1/3/5 and MRR of the returned
text at 1,000 and 5,000 characters for small-to-big passages, the bare matched chunks, the previous 900/250
chunks (hybrid) and naive 1,000/100 chunks (dense), plus game detection; dev and holdout reported apart."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.libraries import OUTSIDE_BOOKS, eval_pal
from rulespal.evals.metrics import hit_at, mrr
from rulespal.evals.passages import BUDGETS, FlatBaseline, budget_rank
from rulespal.service import RulesPal

SYSTEMS = ("passages", "chunks", "legacy", "naive")
TARGETS = {"passages@5000": {"hit@1": 0.75, "hit@5": 0.97}}


def _ranks(service: RulesPal, baselines: dict[str, FlatBaseline], row: dict[str, Any], k: int) -> dict[str, Any]:
    ranks: dict[str, Any] = {}
    for budget in BUDGETS:
        found = service.search(row["question"], game=row["game"], k=k, budget=budget)
        ranks[f"passages@{budget}"] = budget_rank([h.text for h in found.hits], row["passage"], budget)
        ranks[f"chunks@{budget}"] = budget_rank([h.span for h in found.hits], row["passage"], budget)
        if budget == max(BUDGETS):
            ranks["chars"] = sum(len(h.text) for h in found.hits)
            ranks["got"] = [h.section_id for h in found.hits]
    for name, baseline in baselines.items():
        texts = [text for _sid, text in baseline.ranked(row["question"], row["game"])[:k]]
        for budget in BUDGETS:
            ranks[f"{name}@{budget}"] = budget_rank(texts, row["passage"], budget)
    return ranks


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """hit@1/3/5 and MRR per system and budget, detection accuracy and mean returned characters."""
    if not results:
        return {"questions": 0}
    table = {}
    for system in SYSTEMS:
        for budget in BUDGETS:
            ranks = [r["ranks"][f"{system}@{budget}"] for r in results]
            table[f"{system}@{budget}"] = {"hit@1": round(hit_at(ranks, 1), 3), "hit@3": round(hit_at(ranks, 3), 3),
                                           "hit@5": round(hit_at(ranks, 5), 3), "mrr": round(mrr(ranks), 3)}
    return {"questions": len(results), "systems": table,
            "detection": round(mean(r["detected"] == r["game"] for r in results), 3),
            "mean_chars_top5": round(mean(r["ranks"]["chars"] for r in results))}


def run(pal: RulesPal, k: int = 5, progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Evaluate every system on rulespal/evals/datasets/outside.jsonl; write outside.json in the run folder."""
    rows = load_jsonl("outside")
    service = eval_pal(pal, "outside", [OUTSIDE_BOOKS])
    baselines = {name: FlatBaseline(service.library, service.embedder, name) for name in ("legacy", "naive")}
    results = []
    for row in rows:
        ranks = _ranks(service, baselines, row, k)
        detected = service.search(row["question"], k=1).game
        results.append({"id": row["id"], "game": row["game"], "split": row.get("split", "dev"), "ranks": ranks,
                        "detected": detected, "gold": row["gold"]})
        progress(f"{row['id']} passages@5000={ranks['passages@5000']} detected={detected}")
    report = {"dev": summarise([r for r in results if r["split"] == "dev"]),
              "holdout": summarise([r for r in results if r["split"] == "holdout"]),
              "all": summarise(results), "targets": TARGETS,
              "misses": [{"id": r["id"], "gold": r["gold"], "got": r["ranks"]["got"]} for r in results
                         if r["ranks"]["passages@5000"] is None or r["ranks"]["passages@5000"] > 1]}
    save_result("outside", report)
    return report
