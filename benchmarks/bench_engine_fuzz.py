"""Fuzz every engine operation and the document reader for longer than the test suite does: arbitrary JSON, deep
nesting, mutated schema examples, notation text and raw bytes. Prints examples tried and failures per target
(failures must be 0: anything but the project's input error, or a verdict breaking engine/protocol.py)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # run from a checkout without installing

from engine_fuzz import OPERATION_IDS, OPERATIONS, documents, read_safely, reader_inputs, run_safely  # noqa: E402


def fuzz(strategy, check, examples: int) -> tuple[int, list[str]]:
    """Run `check` on `examples` generated values; return how many ran and the distinct failures."""
    tried, failures = 0, []

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(value):
        nonlocal tried
        tried += 1
        problem = check(value)
        if problem and problem not in failures:
            failures.append(problem)

    run()
    return tried, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=2000, help="examples per target (default 2000)")
    args = parser.parse_args()
    targets = [(oid, documents(op), lambda doc, op=op: run_safely(op, doc)) for oid, (_, op) in
               zip(OPERATION_IDS, OPERATIONS, strict=False)] + [("reader", reader_inputs, read_safely)]
    total_tried = total_failed = 0
    started = time.perf_counter()
    for name, strategy, check in targets:
        tried, failures = fuzz(strategy, check, args.examples)
        total_tried += tried
        total_failed += len(failures)
        print(f"{name:36} {tried:7} examples  {len(failures)} failures")
        for failure in failures[:5]:
            print(f"    {failure}")
    print(f"total: {total_tried} examples, {total_failed} distinct failures, {time.perf_counter() - started:.0f} s")
    return 1 if total_failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
