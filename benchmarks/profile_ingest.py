"""Profile a full ingest of a generated library with stand-in vectors (a hash of the text, same dimension as
MiniLM), so what is measured is everything but the embedding model: reading and parsing books, chunking, the
catalogue and detection counts, Chroma writes and bookkeeping.

Run: nice -n 10 .venv/bin/python benchmarks/profile_ingest.py --books 150 [--work DIR] [--top 25]
Writes WORK/ingest.prof (open with pstats) and prints the top costs by cumulative and own time."""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_library import generate  # noqa: E402
from stand_in import StandIn  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--books", type=int, default=150)
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="rulespal-profile-"))
    library, home = work / "library", work / "home"
    if not library.exists():
        generate(library, 0, args.books)
    os.environ["RULESPAL_HOME"], os.environ["TQDM_DISABLE"] = str(home), "1"

    from rulespal.embeddings import Embedder
    from rulespal.service import RulesPal

    pal = RulesPal()
    pal.__dict__["embedder"] = StandIn(Embedder().model_id)
    profile = cProfile.Profile()
    started = time.perf_counter()
    report = profile.runcall(pal.ingest, [library])
    print(f"ingest of {args.books} books: {time.perf_counter() - started:.1f} s, {report.chunks} chunks")
    profile.dump_stats(str(work / "ingest.prof"))
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
