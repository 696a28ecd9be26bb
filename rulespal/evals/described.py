"""Engines reading questions that describe a position in words (`GameEngine.describe`): 250 probes written from the
rulebooks by five people who had not seen the readers (a Mise: Kolonizace closed area, a Cartographers solo result
or season, a Cational Meographic final total or tile placement), the last two sets first run unread. Counted per
probe: right (read, and the engine's number or title is the expected one; or no title where the rulebook names
none), WRONG (read into another number or title, or read where something needed is missing), withheld (not read:
the quoted rule stays)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import PositionError, get_engine
from rulespal.evals.datasets import load_jsonl, save_result

SPLITS = ("tuned", "holdout", "sealed")  # tuned: the first two helpers' probes, read while building; holdout: the
# third's (its Mise areas read while building on 2026-12-01, after its one run); sealed: two more helpers', committed
# unread and run once (a Cational tile and a Cartographers season in described-counts, Mise areas in described-mise)
FILES = ("described", "described-counts", "described-mise")


def judge(row: dict[str, Any]) -> str:
    """'right', 'wrong' or 'withheld' for one probe."""
    engine = get_engine(row["game"])
    read = engine.describe(row["question"]) if engine.describe else None
    if read is None:
        return "withheld"
    try:
        result = engine.operation(read[0]).run(read[1])
    except PositionError:
        return "wrong"  # a reading the engine cannot take is a misreading
    value = result.get("title") if "title" in result else result.get("total")
    return "right" if value == row["expected"] else "wrong"


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts of a set of judged probes."""
    answerable = [r for r in rows if r["expected"] is not None]
    return {"probes": len(rows), "answerable": len(answerable),
            "right": sum(r["verdict"] == "right" for r in answerable),
            "wrong": sum(r["verdict"] == "wrong" for r in rows),
            "withheld_answerable": sum(r["verdict"] == "withheld" for r in answerable),
            "not_answerable_withheld": sum(r["verdict"] != "wrong" for r in rows if r["expected"] is None)}


def run(progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Judge every probe; write evals/results/described.json."""
    rows = []
    for row in (row for name in FILES for row in load_jsonl(name)):
        verdict = judge(row)
        rows.append({"id": row["id"], "game": row["game"], "split": row["split"], "expected": row["expected"],
                     "verdict": verdict})
        if verdict == "wrong":
            progress(f"WRONG {row['id']}: {row['question'][:100]}")
    games = sorted({r["game"] for r in rows})
    report = {split: {game: summarise([r for r in rows if r["split"] == split and r["game"] == game])
                      for game in games} | {"all": summarise([r for r in rows if r["split"] == split])}
              for split in SPLITS}
    report["all"] = summarise(rows)
    save_result("described", report | {"rows": rows})
    return report
