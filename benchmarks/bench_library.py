"""Library-scale benchmark: a generated library of rulebook-like Markdown books (sections of the bundled and eval
rulebooks recombined, words and numbers changed per book), measuring full ingest time and peak RSS, adding one
book, a CLI search, a service start and warm search p50/p95 without a game.

Run: nice -n 10 .venv/bin/python benchmarks/bench_library.py --books 200,400 [--work DIR]
Each step adds books to the same library, so later steps are incremental ingests. Writes
evals/results/bench_library.json. `--generate-only N --work DIR` writes a library and times loading it."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from rulespal.evals.datasets import BOOKS, save_result
from rulespal.settings import BUNDLED_RULEBOOKS

MEAN_BYTES = 37_000  # ~60 MB for 1,600 books
SYLLABLES = "ka ro mi ten vas lu dor een pha gri sol nu bex tor ail quin zo mar fel ust".split()
QUESTIONS = ["how many cards does each player draw at the start", "what happens when the deck runs out",
             "can I move diagonally", "who goes first", "how is the winner decided when there is a tie",
             "what does a double score", "when does the round end", "can I pass my turn",
             "how many points is a capture worth", "what happens if a piece is blocked"]


def sections(text: str) -> list[str]:
    """Level-2 blocks (a heading with its subsections) of a rulebook, front matter and title dropped."""
    body = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    return [b.strip() for b in re.split(r"\n(?=## )", body) if b.startswith("## ") and len(b) > 200]


def pool() -> list[str]:
    """Every level-2 block of the bundled, outside and library-eval rulebooks."""
    files = [*BUNDLED_RULEBOOKS.glob("*.md"), *(BOOKS / "outside").glob("*.md"), *(BOOKS / "library").glob("*.md")]
    return [s for f in sorted(files) for s in sections(f.read_text(encoding="utf-8"))]


def pseudo_word(seed: str) -> str:
    """A pronounceable made-up word, the same for the same seed."""
    digest = hashlib.sha256(seed.encode()).digest()
    return "".join(SYLLABLES[b % len(SYLLABLES)] for b in digest[:2 + digest[2] % 2])


def book(n: int, blocks: list[str], rng: random.Random) -> str:
    """One generated rulebook: a made-up name, recombined sections, a third of the long words and every number
    changed for this book."""
    name = f"{pseudo_word(f'name{n}').title()} {pseudo_word(f'noun{n}').title()}"
    size = int(rng.lognormvariate(0, 0.6) * MEAN_BYTES / 1.2)
    parts, total = [], 0
    while total < size:
        block = rng.choice(blocks)
        parts.append(block)
        total += len(block)

    def word(m: re.Match) -> str:
        w = m.group(0)
        key = f"{n}:{w.lower()}"
        return pseudo_word(key) if hashlib.sha256(key.encode()).digest()[0] % 3 == 0 else w

    body = re.sub(r"\b[a-z]{6,}\b", word, "\n\n".join(parts))
    body = re.sub(r"\b\d+\b", lambda m: str((int(m.group(0)) * (n % 7 + 2)) % 97 + 1), body)
    return f"---\nid: gen-{n:04d}\ntitle: \"{name}\"\naliases: []\n---\n\n# {name}\n\nA game of {name}.\n\n{body}\n"


def generate(folder: Path, start: int, stop: int) -> int:
    """Write books start..stop-1 into folder; returns the bytes written."""
    folder.mkdir(parents=True, exist_ok=True)
    blocks, written = pool(), 0
    for n in range(start, stop):
        text = book(n, blocks, random.Random(n))
        (folder / f"gen-{n:04d}.md").write_text(text, encoding="utf-8")
        written += len(text.encode())
    return written


def run(args: list[str], home: Path) -> tuple[float, str]:
    """Run a command with RULESPAL_HOME=home; (seconds, stdout)."""
    env = {**os.environ, "RULESPAL_HOME": str(home), "TQDM_DISABLE": "1"}
    started = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, done.stdout


def peak_rss_mb() -> float:
    """Peak resident memory of the largest child process so far."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


WARM = """
import json, sys, time
from rulespal.evals.metrics import percentile
from rulespal.service import RulesPal
t = time.perf_counter(); pal = RulesPal(); pal.open_index(); pal.search("who goes first")
start = time.perf_counter() - t
questions = json.loads(sys.argv[1]); times = []
for q in questions:
    pal.search(q)  # the first search in a book builds its BM25: not warm
for q in questions * 4:
    t = time.perf_counter(); pal.search(q, k=5); times.append((time.perf_counter() - t) * 1000)
print(json.dumps({"service_start_s": round(start, 2), "search_p50_ms": round(percentile(times, 50), 1),
                  "search_p95_ms": round(percentile(times, 95), 1)}))
"""


def measure(work: Path, books: int, have: int) -> dict:
    """Grow the library to `books`, ingest it, then time adding one book, CLI searches and warm searches."""
    home, library = work / "home", work / "library"
    size = generate(library, have, books)
    cli = [sys.executable, "-m", "rulespal"]
    ingest_s, _ = run([*cli, "ingest", str(library), "--json"], home)
    rss = peak_rss_mb()
    extra = work / f"extra-{books}"
    generate(extra, 90_000 + books, 90_001 + books)
    add_s, _ = run([*cli, "ingest", str(extra / f"gen-{90_000 + books:04d}.md"), "--json"], home)
    search_s = sorted(run([*cli, "search", q, "--json"], home)[0] for q in QUESTIONS[:3])[1]
    _, warm = run([sys.executable, "-c", WARM, json.dumps(QUESTIONS)], home)
    return {"books": books + 1, "library_mb": round(sum(f.stat().st_size for f in library.glob("*.md")) / 1e6, 1),
            "new_books": books - have, "new_mb": round(size / 1e6, 1), "ingest_s": round(ingest_s, 1),
            "peak_rss_mb_so_far": round(rss), "add_one_book_s": round(add_s, 1), "cli_search_s": round(search_s, 2),
            **json.loads(warm), "index_mb": round(sum(f.stat().st_size for f in home.rglob("*") if f.is_file()) / 1e6)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--books", default="200,400")
    parser.add_argument("--work", type=Path, default=Path("/tmp/rp-bench-library"))
    parser.add_argument("--generate-only", type=int, default=0)
    args = parser.parse_args()
    if args.generate_only:
        size = generate(args.work / "library", 0, args.generate_only)
        print(json.dumps({"books": args.generate_only, "mb": round(size / 1e6, 1)}))
        return
    rows, have = [], 0
    for books in [int(b) for b in args.books.split(",")]:
        rows.append(measure(args.work, books, have))
        have = books
        print(json.dumps(rows[-1]), flush=True)
    save_result("bench_library", {"rows": rows})


if __name__ == "__main__":
    main()
