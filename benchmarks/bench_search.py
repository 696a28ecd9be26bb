"""Search and ingest benchmark: warm search p50/p95, ingest time, and growth with the number of rulebooks.

Run: .venv/bin/python benchmarks/bench_search.py [--scale 3,30,300]
Writes evals/results/bench_search.json. The scale run indexes copies of the bundled rulebooks under new ids."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.metrics import percentile
from rulespal.service import RulesPal
from rulespal.settings import BUNDLED_RULEBOOKS, Settings


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def make_books(target: Path, count: int) -> None:
    """`count` rulebooks: copies of the bundled three under ids like cartographers-copy-7."""
    sources = sorted(BUNDLED_RULEBOOKS.glob("*.md"))
    for n in range(count):
        src = sources[n % len(sources)]
        text = src.read_text()
        if n >= len(sources):
            text = re.sub(r"^id: (.+)$", rf"id: \1-copy-{n}", text, count=1, flags=re.M)
            text = re.sub(r'^title: "?(.+?)"?$', rf'title: "\1 copy {n}"', text, count=1, flags=re.M)
            text = re.sub(r"^aliases:\n(  - .*\n)+", "aliases: []\n", text, count=1, flags=re.M)
        (target / f"{n:04d}-{src.name}").write_text(text)


def measure(count: int, questions: list[str]) -> dict:
    work = Path(tempfile.mkdtemp(prefix="rp-bench-"))
    books = work / "books"
    books.mkdir()
    make_books(books, count)
    pal = RulesPal(Settings(home=work / "home", rulebooks_dir=books))
    pal.embedder.embed(["warm up"])  # model load is not ingest time
    start = time.perf_counter()
    pal.open_index()
    ingest_s = time.perf_counter() - start
    for q in questions[:5]:
        pal.search(q)  # warm up
    times = []
    for q in questions:
        t = time.perf_counter()
        pal.search(q, k=5)
        times.append((time.perf_counter() - t) * 1000)
    result = {"rulebooks": count, "chunks": pal.retriever.chunk_count, "ingest_s": round(ingest_s, 2),
              "index_mb": round(folder_size(work / "home") / 1e6, 1),
              "search_p50_ms": round(percentile(times, 50), 1), "search_p95_ms": round(percentile(times, 95), 1)}
    shutil.rmtree(work, ignore_errors=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", default="3,30,300")
    args = parser.parse_args()
    questions = [r["question"] for r in load_jsonl("retrieval")]
    rows = []
    for count in [int(c) for c in args.scale.split(",")]:
        rows.append(measure(count, questions))
        print(json.dumps(rows[-1]), flush=True)
    base = rows[0]
    for row in rows:
        row["search_p95_ratio_vs_3_books"] = round(row["search_p95_ms"] / base["search_p95_ms"], 2)
    save_result("bench_search", {"rows": rows})


if __name__ == "__main__":
    main()
