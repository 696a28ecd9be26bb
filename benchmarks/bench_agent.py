"""Answer latency with a chat model (default: the embedded local model), warm, on yes/no questions (the ones the
model judges): time until the deciding quote is shown (the preliminary `citations` event), time to the first
answer text, and total time.

Run: .venv/bin/python benchmarks/bench_agent.py [--model local] [--questions 8]
Writes evals/results/bench_agent-<model>.json."""

from __future__ import annotations

import argparse
import time

from rulespal.agent import Assistant
from rulespal.evals.answers import load_answer_sets
from rulespal.evals.datasets import save_result
from rulespal.evals.metrics import percentile
from rulespal.service import RulesPal


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="local")
    parser.add_argument("--questions", type=int, default=8)
    args = parser.parse_args()
    bot = Assistant(RulesPal(), model_spec=args.model)
    start = time.perf_counter()
    bot.warm_up()
    warm_s = time.perf_counter() - start
    rows = [r for r in load_answer_sets() if r.get("kind") == "yesno"][: args.questions]
    quote, first, total = [], [], []
    for row in rows:
        t0, got_quote, got_token = time.perf_counter(), None, None
        for event in bot.stream(row["question"], game=row["game"]):
            now = time.perf_counter() - t0
            if event.kind == "citations" and got_quote is None:
                got_quote = now
            if event.kind == "token" and got_token is None:
                got_token = now
        total.append(time.perf_counter() - t0)
        quote.append(got_quote or total[-1])
        first.append(got_token or total[-1])
        print(f"{row['id']}: quote {quote[-1]:.2f}s first text {first[-1]:.2f}s total {total[-1]:.2f}s", flush=True)
    report = {"model": args.model, "questions": len(rows), "warm_up_s": round(warm_s, 1)}
    for name, values in (("quote", quote), ("first_text", first), ("total", total)):
        report[f"{name}_p50_s"] = round(percentile(values, 50), 2)
        report[f"{name}_p95_s"] = round(percentile(values, 95), 2)
    report["targets"] = {"quote_s": 0.5, "first_text_p50_s": 6.0, "first_text_p95_s": 12.0}
    print(report)
    save_result(f"bench_agent-{args.model}", report)


if __name__ == "__main__":
    main()
