"""Answer and tool-use evals: facts, citations, refusals, engine calls and numbers, and latency."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from statistics import mean
from typing import Any

from rulespal.agent import Assistant, answer_from_dict
from rulespal.answer import Answer
from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.metrics import facts_present, percentile


def timed_ask(bot: Assistant, question: str, **kwargs: Any) -> tuple[Answer, float, float]:
    """Ask, returning the answer, seconds to the first model token, and total seconds."""
    start, first = time.perf_counter(), None
    done: dict[str, Any] = {}
    for event in bot.stream(question, **kwargs):
        if event.kind == "token" and first is None:
            first = time.perf_counter() - start
        if event.kind == "done":
            done = event.data
    total = time.perf_counter() - start
    return answer_from_dict(done), first if first is not None else total, total


def _latency(firsts: list[float], totals: list[float]) -> dict[str, float]:
    return {"first_token_p50_s": percentile(firsts, 50), "first_token_p95_s": percentile(firsts, 95),
            "total_p50_s": percentile(totals, 50), "total_p95_s": percentile(totals, 95)}


def run_answers(bot: Assistant, limit: int | None = None, progress: Callable[[str], None] = lambda _: None) -> dict:
    """Evaluate the answer set; write evals/results/answers-<model>.json."""
    rows = load_jsonl("answers")[:limit]
    threads: dict[str, str] = {}
    results, firsts, totals = [], [], []
    for row in rows:
        thread = threads.get(row.get("followup_of", ""), None)
        answer, first, total = timed_ask(bot, row["question"], game=row.get("game"), thread_id=thread)
        threads[row["id"]] = answer.thread_id
        firsts.append(first)
        totals.append(total)
        text = answer.answer + " " + " ".join(c.quote for c in answer.citations)
        unanswerable = row.get("kind") == "unanswerable"
        results.append({
            "id": row["id"], "kind": row.get("kind", "fact"),
            "facts_ok": None if unanswerable else facts_present(text, row.get("facts", [])),
            "citation_ok": None if unanswerable else any(c.section_id in row.get("gold", []) for c in answer.citations),
            "refusal_ok": (not answer.covered) == unanswerable,
            "answer": answer.answer, "citations": [c.section_id for c in answer.citations], "seconds": round(total, 2),
        })
        progress(f"{row['id']}: facts={results[-1]['facts_ok']} cite={results[-1]['citation_ok']} "
                 f"refusal={results[-1]['refusal_ok']} {total:.1f}s")
    answerable = [r for r in results if r["facts_ok"] is not None]
    report = {
        "model": bot.model_spec, "questions": len(results),
        "fact_accuracy": mean(r["facts_ok"] for r in answerable) if answerable else 0.0,
        "citation_accuracy": mean(r["citation_ok"] for r in answerable) if answerable else 0.0,
        "refusal_accuracy": mean(r["refusal_ok"] for r in results) if results else 0.0,
        "followup_fact_accuracy": mean([r["facts_ok"] for r in answerable if r["kind"] == "followup"] or [0.0]),
        **_latency(firsts, totals), "rows": results,
    }
    save_result(f"answers-{_slug(bot.model_spec)}", report)
    return report


def _expected_ok(expected: dict[str, Any], result: Any) -> bool:
    if not isinstance(result, dict):
        return False
    if expected.get("error"):
        return "error" in result
    if "total" in expected and result.get("total") != expected["total"]:
        return False
    if "legal" in expected and result.get("legal") != expected["legal"]:
        return False
    codes = {r.get("code") for r in result.get("reasons", [])}
    return set(expected.get("reason_codes", [])) <= codes


def run_tools(bot: Assistant, limit: int | None = None, progress: Callable[[str], None] = lambda _: None) -> dict:
    """Evaluate the tool set: right engine call, right result, right number in the answer; write results."""
    rows = load_jsonl("tools")[:limit]
    results, firsts, totals = [], [], []
    for row in rows:
        answer, first, total = timed_ask(bot, row["question"], game=row["game"], position=row.get("position"))
        firsts.append(first)
        totals.append(total)
        expected = row["expected"]
        calls = [t for t in answer.tool_calls if t.name == expected["tool"]]
        result_ok = any(_expected_ok(expected, c.result) for c in calls)
        number = expected.get("total")
        results.append({
            "id": row["id"], "tool_ok": bool(calls), "result_ok": result_ok,
            "number_ok": None if number is None else bool(re.search(rf"(?<!\d){number}(?!\d)", answer.answer)),
            "answer": answer.answer, "seconds": round(total, 2),
        })
        progress(f"{row['id']}: tool={results[-1]['tool_ok']} result={result_ok} number={results[-1]['number_ok']}")
    numbered = [r["number_ok"] for r in results if r["number_ok"] is not None]
    report = {
        "model": bot.model_spec, "questions": len(results),
        "tool_call_accuracy": mean(r["tool_ok"] for r in results) if results else 0.0,
        "engine_result_accuracy": mean(r["result_ok"] for r in results) if results else 0.0,
        "final_number_accuracy": mean(numbered) if numbered else 0.0,
        **_latency(firsts, totals), "rows": results,
    }
    save_result(f"tools-{_slug(bot.model_spec)}", report)
    return report


def _slug(spec: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", spec.lower()).strip("-")
