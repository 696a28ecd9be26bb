"""Adding one book to a big index (`rulespal ingest book.md`, a new process each time, as a user would), for the code
at a baseline revision and for the working tree, in the same run on the same generated library. Each version's
index is built with stand-in vectors under its real model id (bench_startup.BUILD); the added books are embedded
with the real model, after a first use of it (the ONNX export, once per home; reported apart). Reports each add's
seconds and the child's peak RSS.

Run: nice -n 10 .venv/bin/python benchmarks/bench_add_book.py --books 300 --baseline <rev> [--work DIR] [--runs 3]
Writes evals/results/bench_add_book.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).parent))

from bench_library import generate  # noqa: E402 (after the path insert)
from bench_startup import BUILD, REPO, baseline_tree, comparison_parser, revision_and_library, run_measured

from rulespal.evals.datasets import save_result

FIRST_USE = "from rulespal.embeddings import get_embedder; get_embedder(None).embed(['warm-up'])"


def measure(name: str, src: Path, work: Path, library: Path, runs: int) -> dict:
    """Build a home for one version, then add `runs` new books one at a time."""
    home = work / f"home-{name}"
    if not (home / "built.json").exists():
        _, rss, out = run_measured([sys.executable, "-c", BUILD, str(library), str(Path(__file__).resolve().parent)],
                                    src, home)
        (home / "built.json").write_text(json.dumps({**json.loads(out), "build_peak_rss_mb": round(rss)}))
    built = json.loads((home / "built.json").read_text())
    first_use_s, _, _ = run_measured([sys.executable, "-c", FIRST_USE], src, home)  # the ONNX export, once per home
    extra = work / f"extra-{name}"
    adds = []
    for n in range(runs):
        number = 90_000 + len(list(extra.glob("*.md"))) if extra.is_dir() else 90_000 + n
        generate(extra, number, number + 1)
        seconds, rss, out = run_measured([sys.executable, "-m", "rulespal", "ingest",
                                          str(extra / f"gen-{number:04d}.md"), "--json"], src, home)
        adds.append({"seconds": round(seconds, 2), "peak_rss_mb": round(rss), "report": json.loads(out)})
    return {"version": name, **built, "model_first_use_s": round(first_use_s, 1),
            "add_one_book_s": round(median(a["seconds"] for a in adds), 2),
            "add_peak_rss_mb": round(median(a["peak_rss_mb"] for a in adds)), "adds": adds}


def main() -> None:
    parser = comparison_parser(300, "/tmp/rp-bench-add-book")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rev, library = revision_and_library(args)
    rows = []
    for name, src in (("baseline", baseline_tree(rev, args.work)), ("current", REPO)):
        if args.only in (None, name):
            rows.append(measure(name, src, args.work, library, args.runs))
            print(json.dumps({k: v for k, v in rows[-1].items() if k != "adds"}), flush=True)
    result: dict = {"books": args.books + 3, "baseline": rev, "rows": rows}
    if len(rows) == 2:
        result["add_one_book_ratio"] = round(rows[1]["add_one_book_s"] / rows[0]["add_one_book_s"], 3)
    save_result("bench_add_book", result)


if __name__ == "__main__":
    main()
