"""PDF ingestion: the bundled rulebooks rendered as 1- and 2-column PDFs, converted back by each backend and scored.

Compares RulesPal's converter on pypdfium2 (default) and pdfplumber glyphs with pymupdf4llm's own Markdown (AGPL)
(headings, sentences, reading order, page ranges, margins, tables, seconds per page), then times a 40-page rulebook.
Writes evals/results/pdf.json.  Run: nice -n 10 .venv/bin/python benchmarks/bench_pdf.py
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from pdf_fixtures import Fixture, render_fixture, score  # noqa: E402

from rulespal.evals.datasets import save_result  # noqa: E402
from rulespal.pdf import pdf_to_markdown  # noqa: E402
from rulespal.pdf.backends import BACKENDS  # noqa: E402
from rulespal.settings import Settings  # noqa: E402

METRICS = ("headings", "heading_levels", "sentences", "reading_order", "page_ranges", "table_cells", "code_lines")


def pymupdf4llm_sections(path: Path) -> tuple[str, list[tuple[str, int, int, int]]]:
    """pymupdf4llm's Markdown and the page range of each heading it wrote (same rule as ours)."""
    import pymupdf4llm

    with contextlib.redirect_stdout(io.StringIO()):
        chunks = pymupdf4llm.to_markdown(str(path), page_chunks=True)
    sections: list[list] = []
    for number, chunk in enumerate(chunks, 1):
        for line in chunk["text"].splitlines():
            if heading := re.match(r"^(#{1,6})\s+(.+?)\s*$", line):
                sections.append([heading.group(2), len(heading.group(1)), number, number])
            elif line.strip() and sections:
                sections[-1][3] = number
    return "\n\n".join(c["text"] for c in chunks), [tuple(s) for s in sections]


def convert(method: str, fixture: Fixture) -> tuple[dict, float]:
    """Score of one method on one fixture and its seconds."""
    started = time.perf_counter()
    if method == "pymupdf4llm":
        markdown, sections = pymupdf4llm_sections(fixture.pdf)
    else:
        book = pdf_to_markdown(fixture.pdf, backend=method)
        markdown, sections = book.markdown, [(s.title, s.level, s.first_page, s.last_page) for s in book.sections]
    seconds = time.perf_counter() - started
    return score(fixture, markdown, sections), seconds


def available(method: str) -> bool:
    """Whether the method's library is installed."""
    try:
        __import__(method)
        return True
    except ImportError:
        return False


def long_book(folder: Path) -> Path:
    """A rulebook of over 40 pages: the Cartographers text five times over, one column."""
    source = (Settings().rulebooks_dir / "cartographers.md").read_text(encoding="utf-8")
    front, body = re.match(r"^(---\n.*?\n---\n)(.*)$", source, re.S).groups()
    parts = [re.sub(r"^(#+) (.+)$", rf"\1 \2 (part {n})", body, flags=re.M) for n in range(1, 6)]
    path = folder / "long-book.md"
    path.write_text(front + "\n".join(parts), encoding="utf-8")
    return path


def main() -> None:
    methods = [m for m in (*BACKENDS, "pymupdf4llm") if available(m)]
    books = sorted(Settings().rulebooks_dir.glob("*.md"))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fixtures = [render_fixture(book, folder / f"{book.stem}-{columns}col.pdf", columns)
                    for columns in (1, 2) for book in books]
        rows, failures = {}, {}
        for method in methods:
            per_fixture, seconds, pages = [], 0.0, 0
            for fixture in fixtures:
                result, took = convert(method, fixture)
                seconds, pages = seconds + took, pages + fixture.pages
                per_fixture.append((fixture, result))
            two_column = [r for f, r in per_fixture if f.columns == 2]
            totals = {
                "headings": sum(r["headings"] * len(f.sections) for f, r in per_fixture)
                / sum(len(f.sections) for f, _ in per_fixture),
                "heading_levels": sum(r["heading_levels"] for _, r in per_fixture) / len(per_fixture),
                "sentences": sum(r["sentences"] * len(f.sentences) for f, r in per_fixture)
                / sum(len(f.sentences) for f, _ in per_fixture),
                "reading_order_2col": sum(r["reading_order"] for r in two_column) / len(two_column),
                "page_ranges": sum(r["page_ranges"] * len(f.sections) for f, r in per_fixture)
                / sum(len(f.sections) for f, _ in per_fixture),
                "table_cells": sum(r["table_cells"] for _, r in per_fixture) / len(per_fixture),
                "code_lines": sum(r["code_lines"] for _, r in per_fixture) / len(per_fixture),
                "margin_leaks": sum(r["margin_leaks"] for _, r in per_fixture),
                "spurious_headings": sum(r["spurious_headings"] for _, r in per_fixture),
                "seconds_per_page": seconds / pages,
            }
            rows[method] = {k: round(v, 4) for k, v in totals.items()}
            failures[method] = {f.pdf.name: {k: r[k] for k in ("missing_headings", "missing_sentences", "wrong_pages")}
                                for f, r in per_fixture if any(r[k] for k in ("missing_headings", "missing_sentences",
                                                                              "wrong_pages"))}
            print(method, json.dumps(rows[method]), flush=True)
        long = render_fixture(long_book(folder), folder / "long-book.pdf", 1)
        started = time.perf_counter()
        converted = pdf_to_markdown(long.pdf)
        long_seconds = time.perf_counter() - started
        long_score = score(long, converted.markdown,
                           [(s.title, s.level, s.first_page, s.last_page) for s in converted.sections])
    result = {
        "fixtures": [{"pdf": f.pdf.name, "pages": f.pages, "sections": len(f.sections), "sentences": len(f.sentences),
                      "table_cells": len(f.table_cells)} for f in fixtures],
        "methods": rows,
        "failures": failures,
        "long_book": {"pages": long.pages, "seconds": round(long_seconds, 2),
                      **{k: round(long_score[k], 4) for k in METRICS}},
    }
    print("long book", json.dumps(result["long_book"]))
    print("wrote", save_result("pdf", result))


if __name__ == "__main__":
    main()
