"""Where converted PDF rulebooks live: RULESPAL_HOME/books/<id>.md with the original <id>.pdf beside it."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from rulespal.pdf.convert import file_sha256, pdf_to_markdown
from rulespal.rulebook import slugify

_SHA = re.compile(r"^sha256: ([0-9a-f]{64})$", re.M)


def _write_atomically(target: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)


def store_pdf(pdf: Path, books_dir: Path) -> Path:
    """The stored Markdown of a PDF rulebook, converting it only when the file is new or its bytes changed."""
    books_dir.mkdir(parents=True, exist_ok=True)
    target = books_dir / f"{slugify(pdf.stem)}.md"
    if target.is_file() and (m := _SHA.search(target.read_text(encoding="utf-8"))) and m.group(1) == file_sha256(pdf):
        return target  # same file as last time: nothing to do
    book = pdf_to_markdown(pdf)  # raises before anything is written
    _write_atomically(target.with_suffix(".pdf"), lambda tmp: shutil.copyfile(pdf, tmp))
    _write_atomically(target, lambda tmp: tmp.write_text(book.markdown, encoding="utf-8"))
    return target


def markdown_sources(paths: Sequence[Path], books_dir: Path) -> list[Path]:
    """Paths for RulesPal.ingest: Markdown files and folders as given, each PDF (also in folders) as stored Markdown."""
    sources: list[Path] = []
    for path in map(Path, paths):
        if path.is_file() and path.suffix.lower() == ".pdf":
            sources.append(store_pdf(path, books_dir))
            continue
        sources.append(path)
        if path.is_dir():
            pdfs = sorted(p for p in path.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())
            sources += [store_pdf(p, books_dir) for p in pdfs]
    return sources
