"""Startup benchmark with a big library: what one `rulespal search` from the CLI and a service start cost, for the
code at a baseline revision and for the working tree, in the same run on the same generated library.

Embedding 1,600 books takes about an hour here, and what a start costs does not depend on the vector values, so each
version's index is built with stand-in vectors (a hash of the text, same dimension as MiniLM) under the real model
id; the searches then embed the query with the real model, as a user's would. Each version builds its own home
(the book fingerprints differ between versions).

Run: nice -n 10 .venv/bin/python benchmarks/bench_startup.py --books 1600 --baseline <rev> [--work DIR] [--runs 3]
Writes evals/results/bench_startup.json."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).parent))

from bench_library import QUESTIONS, generate  # noqa: E402

from rulespal.evals.datasets import save_result  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

BUILD = """
import json, sys, time
from pathlib import Path
from rulespal.embeddings import Embedder
from rulespal.service import RulesPal
sys.path.insert(0, sys.argv[2])  # this checkout's benchmarks/, for the stand-in vectors
from stand_in import StandIn

pal = RulesPal()
pal.__dict__["embedder"] = StandIn(Embedder().model_id)  # the version's real model id
t = time.perf_counter()
report = pal.ingest([Path(sys.argv[1])])
print(json.dumps({"build_s": round(time.perf_counter() - t, 1), "chunks": report.chunks}))
"""

START = """
import json, sys, time
t0 = time.perf_counter()
from rulespal.service import RulesPal
t1 = time.perf_counter()
pal = RulesPal(); pal.open_index()
t2 = time.perf_counter()
result = pal.search(sys.argv[1])
t3 = time.perf_counter()
pal.search(sys.argv[2])
t4 = time.perf_counter()
print(json.dumps({"import_s": round(t1 - t0, 2), "open_index_s": round(t2 - t1, 2), "first_search_s": round(t3 - t2, 2),
                  "second_search_ms": round((t4 - t3) * 1000), "games": len(pal.library.ids),
                  "hits": len(result.hits)}))
"""


def run_measured(args: list[str], src: Path, home: Path) -> tuple[float, float, str]:
    """Like run, with the child's own peak RSS (wait4 on the child, not the whole family's maximum)."""
    env = {**os.environ, "RULESPAL_HOME": str(home), "PYTHONPATH": str(src), "TQDM_DISABLE": "1"}
    started = time.perf_counter()
    proc = subprocess.Popen(args, cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out_file, err_file = proc.stdout, proc.stderr
    assert out_file is not None and err_file is not None
    out, err = out_file.read(), err_file.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{args[:4]} failed in {src}:\n{err[-3000:]}")
    return seconds, usage.ru_maxrss / 1024, out


def comparison_parser(books: int, work: str) -> argparse.ArgumentParser:
    """The options every baseline-vs-working-tree benchmark takes: library size, baseline revision, work folder."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--books", type=int, default=books)
    parser.add_argument("--baseline", required=True, help="git revision to compare with the working tree")
    parser.add_argument("--work", type=Path, default=Path(work))
    parser.add_argument("--only", choices=["baseline", "current"], default=None)
    return parser


def revision_and_library(args: argparse.Namespace) -> tuple[str, Path]:
    """The baseline's full commit id and the generated library of args.books books (made once under args.work)."""
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", args.baseline], check=True, capture_output=True,
                         text=True).stdout.strip()
    library = args.work / f"library-{args.books}"
    if not library.is_dir():
        generate(library, 0, args.books)
    return rev, library


def baseline_tree(rev: str, work: Path) -> Path:
    """The rulespal and engine packages at a revision, unpacked under work (the repository is only read)."""
    folder = work / f"src-{rev[:12]}"
    if not (folder / "rulespal").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "rulespal", "engine"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def measure(name: str, src: Path, work: Path, library: Path, runs: int) -> dict:
    """Build a home for one version, then time CLI searches and service starts."""
    home = work / f"home-{name}"
    built = {}
    if not (home / "built.json").exists():
        here = str(Path(__file__).resolve().parent)
        _, rss, out = run_measured([sys.executable, "-c", BUILD, str(library), here], src, home)
        built = {**json.loads(out), "build_peak_rss_mb": round(rss)}
        (home / "built.json").write_text(json.dumps(built))
    built = json.loads((home / "built.json").read_text())
    cli = [sys.executable, "-m", "rulespal", "search"]
    run_measured([*cli, QUESTIONS[-1], "--json"], src, home)  # a first start may write caches
    searches = [run_measured([*cli, q, "--json"], src, home) for q in QUESTIONS[:runs]]
    starts = [run_measured([sys.executable, "-c", START, q, QUESTIONS[-2]], src, home)
              for q in QUESTIONS[runs:2 * runs]]
    phases = [json.loads(s[2]) for s in starts]
    return {"version": name, **built,
            "cli_search_s": round(median(s[0] for s in searches), 2),
            "cli_search_runs_s": [round(s[0], 2) for s in searches],
            "cli_search_peak_rss_mb": round(median(s[1] for s in searches)),
            "service_start_s": round(median(p["open_index_s"] + p["import_s"] for p in phases), 2),
            "service_first_search_s": round(median(p["first_search_s"] for p in phases), 2),
            "service_second_search_ms": round(median(p["second_search_ms"] for p in phases)),
            "service_phases": phases}


def main() -> None:
    parser = comparison_parser(1600, "/tmp/rp-bench-startup")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rev, library = revision_and_library(args)
    mb = sum(f.stat().st_size for f in library.glob("*.md")) / 1e6
    rows = []
    for name, src in (("baseline", baseline_tree(rev, args.work)), ("current", REPO)):
        if args.only in (None, name):
            rows.append(measure(name, src, args.work, library, args.runs))
            print(json.dumps(rows[-1]), flush=True)
    result: dict = {"books": args.books + 3, "library_mb": round(mb, 1), "baseline": rev, "rows": rows}
    if len(rows) == 2:
        base, new = rows
        result["ratios"] = {k: round(new[k] / base[k], 3) for k in
                            ("cli_search_s", "cli_search_peak_rss_mb", "service_start_s", "service_first_search_s")
                            if base.get(k)}
        print(json.dumps(result["ratios"]))
    save_result("bench_startup", result)


if __name__ == "__main__":
    main()
