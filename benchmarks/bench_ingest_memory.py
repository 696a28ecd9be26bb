"""Peak memory of a real `rulespal ingest` (MiniLM embedding every chunk) for the code at a baseline revision and
for the working tree, on the same generated books, in the same run: the child's peak RSS (wait4) and its RSS
sampled from /proc every 0.2 s, to see which phase holds the peak.

Run: nice -n 10 .venv/bin/python benchmarks/bench_ingest_memory.py --books 40 --baseline <rev> [--work DIR]
Writes evals/results/bench_ingest_memory.json."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_startup import REPO, baseline_tree, comparison_parser, revision_and_library  # noqa: E402

from rulespal.evals.datasets import save_result  # noqa: E402


def _rss_mb(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    line = next((ln for ln in status.splitlines() if ln.startswith("VmRSS:")), None)
    return int(line.split()[1]) // 1024 if line else None


def ingest(src: Path, home: Path, library: Path) -> dict:
    """One ingest of the library into a fresh home: seconds, peak RSS and the RSS timeline."""
    shutil.rmtree(home, ignore_errors=True)
    env = {**os.environ, "RULESPAL_HOME": str(home), "PYTHONPATH": str(src), "TQDM_DISABLE": "1"}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "rulespal", "ingest", str(library), "--json"], cwd=src, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples: list[tuple[float, int]] = []

    def sample() -> None:
        while proc.returncode is None:
            rss = _rss_mb(proc.pid)
            if rss is not None:
                samples.append((round(time.perf_counter() - started, 1), rss))
            time.sleep(0.2)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - started
    thread.join(1)
    if proc.returncode:
        raise SystemExit(f"ingest failed in {src}")
    peak_at = max(samples, key=lambda s: s[1]) if samples else (0.0, 0)
    step = max(1, len(samples) // 20)
    return {"seconds": round(seconds, 1), "peak_rss_mb": round(usage.ru_maxrss / 1024),
            "sampled_peak_at_s": peak_at[0], "rss_timeline_mb": samples[::step]}


def main() -> None:
    args = comparison_parser(40, "/tmp/rp-bench-ingest-memory").parse_args()
    rev, library = revision_and_library(args)
    rows = {}
    for name, src in (("baseline", baseline_tree(rev, args.work)), ("current", REPO)):
        if args.only in (None, name):
            rows[name] = ingest(src, args.work / f"home-{name}", library)
            print(name, json.dumps({k: v for k, v in rows[name].items() if k != "rss_timeline_mb"}), flush=True)
    result: dict = {"books": args.books + 3, "baseline_rev": rev, **rows}
    if len(rows) == 2:
        result["peak_rss_ratio"] = round(rows["current"]["peak_rss_mb"] / rows["baseline"]["peak_rss_mb"], 3)
        print("peak RSS ratio", result["peak_rss_ratio"])
    save_result("bench_ingest_memory", result)


if __name__ == "__main__":
    main()
