"""Rulebooks added over HTTP: a file checked by size, content (never its name) and pages, stored under
RULESPAL_HOME/books and ingested; on any failure the library, its files and the index stay as they were."""

from __future__ import annotations

import os
import re
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulespal.chunking import chunk_rulebook
from rulespal.errors import RulebookFormatError, UploadRefused
from rulespal.index import Progress
from rulespal.pdf.books import markdown_sources
from rulespal.rulebook import Rulebook, load_rulebook, slugify
from rulespal.service import RulesPal
from rulespal.settings import Settings

PDF_MAGIC = b"%PDF-"
_CHANGING = threading.Lock()  # one upload or delete at a time: they move files under books/
# told (kind, data) as an upload goes on: ("stage", {stage: "converting", pages}) for a PDF, ("stage", {stage:
# "indexing", chunks}) with the new book's chunks, then ("progress", {chunks, total, books_done, books}) per batch
Report = Callable[[str, dict[str, Any]], None]


def sniff(data: bytes) -> str:
    """'pdf' for a PDF, 'md' for UTF-8 text (read as Markdown); UploadRefused('unsupported') for anything else."""
    if data.startswith(PDF_MAGIC):
        return "pdf"
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError:
        text = "\0"
    if "\0" in text or not text.strip():
        raise UploadRefused("unsupported", "the file is neither a PDF (starting with %PDF-) nor UTF-8 Markdown text")
    return "md"


def upload_id(filename: str) -> str:
    """The id a file is stored under: the slug of its base name without extension (no folders, no dots)."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    stem = base.rsplit(".", 1)[0] if "." in base.strip(".") else base
    return slugify(stem) if slugify(stem) != "section" else "rulebook"


def _page_count(data: bytes) -> int:
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise UploadRefused("invalid", f"the file starts like a PDF but cannot be read: {exc}") from exc
    try:
        return len(document)
    finally:
        document.close()


def check_upload(settings: Settings, data: bytes) -> tuple[str, int]:
    """The kind ('pdf' or 'md') and pages (0 for Markdown) of a file within the limits; UploadRefused for a file
    too large, of another type, unreadable as a PDF or with too many pages. Cheap: nothing is converted."""
    if len(data) > settings.max_upload_mb * 1_000_000:
        raise UploadRefused("too_large",
                            f"the file is {len(data) / 1e6:.1f} MB; the limit is {settings.max_upload_mb:g} MB")
    if (kind := sniff(data)) == "md":
        return kind, 0
    if (pages := _page_count(data)) > settings.max_upload_pages:
        raise UploadRefused("invalid", f"the PDF has {pages} pages; the limit is {settings.max_upload_pages}")
    return kind, pages


def _stage(pal: RulesPal, filename: str, data: bytes, staging: Path, report: Report) -> dict[Path, Path]:
    """Check the file and convert it inside `staging`: staged file -> its place under books/."""
    settings = pal.settings
    (kind, pages), book_id = check_upload(settings, data), upload_id(filename)
    staged = staging / f"{book_id}.{kind}"
    staged.write_bytes(data)
    if kind == "md":
        return {staged: settings.books_dir / staged.name}
    report("stage", {"stage": "converting", "pages": pages})
    markdown = markdown_sources([staged], staging / "books")[0]
    return {markdown: settings.books_dir / markdown.name,
            markdown.with_suffix(".pdf"): settings.books_dir / markdown.with_suffix(".pdf").name}


def _ingest_progress(report: Report, total: int) -> Progress:
    """An ingest progress callback reporting `progress` events; `total` (the new book's chunks) holds when it is
    the only book to write, else the total is unknown (null)."""
    def progress(books_done: int, books: int, chunks: int) -> None:
        report("progress", {"chunks": chunks, "total": total if books == 1 else None,
                            "books_done": books_done, "books": books})

    return progress


def _public(exc: Exception, books: Path) -> str:
    """An error message without the server's folders in front of the stored or staged file names."""
    return re.sub(rf"{re.escape(str(books))}/(?:\.upload-[^/]+/(?:books/)?)?", "", str(exc))


def _ignore(_kind: str, _data: dict[str, Any]) -> None:
    """A Report that reports nothing."""


def add_rulebook(pal: RulesPal, filename: str, data: bytes, report: Report = _ignore) -> Rulebook:
    """Store an uploaded PDF or Markdown rulebook under books/ and ingest it; the new book (replacing an earlier
    upload of the same id). `report` is told the stages and the indexing progress (see Report); an exception it
    raises aborts the upload like any failure, leaving everything as it was."""
    books = pal.settings.books_dir
    books.mkdir(parents=True, exist_ok=True)
    with _CHANGING, tempfile.TemporaryDirectory(dir=books, prefix=".upload-") as tmp:
        try:
            moves = _stage(pal, filename, data, Path(tmp), report)
            markdown = next(iter(moves.values()))
            book = load_rulebook(next(iter(moves)))  # a file that is no rulebook fails before anything moves
        except RulebookFormatError as exc:  # unreadable PDF, no text layer, no heading, bad front matter
            raise UploadRefused("invalid", _public(exc, books)) from exc
        stale = [markdown.with_suffix(".pdf")] if len(moves) == 1 else []  # an earlier PDF upload of this id
        kept = {target: Path(tmp) / f"old-{target.name}" for target in [*moves.values(), *stale] if target.exists()}
        for target, backup in kept.items():
            os.replace(target, backup)
        for staged, target in moves.items():
            os.replace(staged, target)
        try:
            total = len(chunk_rulebook(book))
            report("stage", {"stage": "indexing", "chunks": total})
            pal.ingest([markdown], progress=_ingest_progress(report, total))
        except BaseException as exc:
            for target in moves.values():
                target.unlink(missing_ok=True)
            for target, backup in kept.items():
                os.replace(backup, target)
            if isinstance(exc, RulebookFormatError):  # e.g. its id is another book's
                raise UploadRefused("invalid", _public(exc, books)) from exc
            raise
    return next(b for b in pal.library.books if Path(b.source_path).resolve() == markdown.resolve())


def delete_rulebook(pal: RulesPal, game: str) -> list[str]:
    """Remove an added rulebook from the library and the index (its stored files too, when under books/); the
    ids of the games left. Bundled books raise NotRemovable."""
    with _CHANGING:
        book = pal.book(game)
        pal.remove(book.id)
        source = Path(book.source_path).resolve()
        if source.parent == pal.settings.books_dir.resolve():
            source.unlink(missing_ok=True)
            source.with_suffix(".pdf").unlink(missing_ok=True)
        return list(pal.library.ids)
