"""Retrieval on PDF-ingested rulebooks against the same books ingested as Markdown (target: hit@3 within 3 points).

The three bundled rulebooks are rendered to PDF with reportlab (tests/pdf_fixtures.py, 1 or 2 columns), ingested
through `markdown_sources` + `RulesPal.ingest` into a temporary RULESPAL_HOME whose bundled folder is empty (so the
converted books keep the ids the dataset's gold sections use), and the retrieval questions are run against them and
against the Markdown books (hybrid search, the dataset's game when it names one, detected otherwise).
Writes evals/results/<run>/pdf_retrieval.json.  Run: nice -n 10 .venv/bin/python benchmarks/eval_pdf_retrieval.py
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from pdf_fixtures import render_fixture  # noqa: E402

from rulespal.evals.datasets import load_jsonl, save_result  # noqa: E402
from rulespal.evals.metrics import first_gold_rank, hit_at, mrr  # noqa: E402
from rulespal.pdf.books import markdown_sources  # noqa: E402
from rulespal.service import RulesPal  # noqa: E402
from rulespal.settings import BUNDLED_RULEBOOKS, Settings  # noqa: E402


def scores(pal: RulesPal, rows: list[dict]) -> dict:
    """Hybrid hit@1/3/5 and MRR of the gold section, plus the misses at 3."""
    ranks, misses = [], []
    for row in rows:
        result = pal.search(row["question"], game=row.get("game"), k=5)
        rank = first_gold_rank([h.section_id for h in result.hits], row["gold"])
        ranks.append(rank)
        if rank is None or rank > 3:
            misses.append({"id": row["id"], "gold": row["gold"], "got": [h.section_id for h in result.hits[:3]]})
    return {"hit@1": hit_at(ranks, 1), "hit@3": hit_at(ranks, 3), "hit@5": hit_at(ranks, 5), "mrr": mrr(ranks),
            "misses_at_3": misses}


def pdf_library(work: Path, columns: int) -> RulesPal:
    """A RulesPal whose only books are the bundled rulebooks rendered to PDF and ingested back."""
    shelf, empty = work / "pdf", work / "no-bundled"
    shelf.mkdir()
    empty.mkdir()
    for md in sorted(BUNDLED_RULEBOOKS.glob("*.md")):
        render_fixture(md, shelf / f"{md.stem}.pdf", columns=columns)
    pal = RulesPal(Settings(home=work / "home", rulebooks_dir=empty))
    pal.ingest(markdown_sources(sorted(shelf.glob("*.pdf")), pal.settings.home / "books"))
    return pal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--columns", default="1,2", help="PDF layouts to measure (comma-separated).")
    args = parser.parse_args()
    rows = load_jsonl("retrieval")
    report: dict = {"questions": len(rows)}
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        report["markdown"] = scores(RulesPal(Settings(home=Path(tmp) / "md")), rows)
        print(f"markdown: {report['markdown']['hit@3']:.3f} hit@3 ({time.perf_counter() - started:.0f} s)", flush=True)
        for columns in map(int, args.columns.split(",")):
            work = Path(tmp) / f"c{columns}"
            work.mkdir()
            started = time.perf_counter()
            result = scores(pdf_library(work, columns), rows)
            result["hit@3_gap_points"] = round(100 * (report["markdown"]["hit@3"] - result["hit@3"]), 1)
            report[f"pdf_{columns}_column"] = result
            print(f"pdf {columns} column: {result['hit@3']:.3f} hit@3, gap {result['hit@3_gap_points']} points "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    report["target_gap_points"] = 3
    print(save_result("pdf_retrieval", report))


if __name__ == "__main__":
    main()
