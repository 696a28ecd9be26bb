"""Rulebooks added over HTTP: a file checked by size, content (never its name) and pages, stored under
RULESPAL_HOME/books and ingested; on any failure the library, its files and the index stay as they were."""

from __future__ import annotations

import os
import re
import tempfile
import threading
from pathlib import Path

from rulespal.errors import RulebookFormatError, UploadRefused
from rulespal.pdf.books import markdown_sources
from rulespal.rulebook import Rulebook, load_rulebook, slugify
from rulespal.service import RulesPal

PDF_MAGIC = b"%PDF-"
_CHANGING = threading.Lock()  # one upload or delete at a time: they move files under books/


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


def _page_count(pdf: Path) -> int:
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(str(pdf))
    except pdfium.PdfiumError as exc:
        raise UploadRefused("invalid", f"the file starts like a PDF but cannot be read: {exc}") from exc
    try:
        return len(document)
    finally:
        document.close()


def _stage(pal: RulesPal, filename: str, data: bytes, staging: Path) -> dict[Path, Path]:
    """Check the file and convert it inside `staging`: staged file -> its place under books/."""
    settings = pal.settings
    if len(data) > settings.max_upload_mb * 1_000_000:
        raise UploadRefused("too_large",
                            f"the file is {len(data) / 1e6:.1f} MB; the limit is {settings.max_upload_mb:g} MB")
    kind, book_id = sniff(data), upload_id(filename)
    staged = staging / f"{book_id}.{kind}"
    staged.write_bytes(data)
    if kind == "md":
        return {staged: settings.books_dir / staged.name}
    if (pages := _page_count(staged)) > settings.max_upload_pages:
        raise UploadRefused("invalid", f"the PDF has {pages} pages; the limit is {settings.max_upload_pages}")
    markdown = markdown_sources([staged], staging / "books")[0]
    return {markdown: settings.books_dir / markdown.name,
            markdown.with_suffix(".pdf"): settings.books_dir / markdown.with_suffix(".pdf").name}


def _public(exc: Exception, books: Path) -> str:
    """An error message without the server's folders in front of the stored or staged file names."""
    return re.sub(rf"{re.escape(str(books))}/(?:\.upload-[^/]+/(?:books/)?)?", "", str(exc))


def add_rulebook(pal: RulesPal, filename: str, data: bytes) -> Rulebook:
    """Store an uploaded PDF or Markdown rulebook under books/ and ingest it; the new book (replacing an earlier
    upload of the same id)."""
    books = pal.settings.books_dir
    books.mkdir(parents=True, exist_ok=True)
    with _CHANGING, tempfile.TemporaryDirectory(dir=books, prefix=".upload-") as tmp:
        try:
            moves = _stage(pal, filename, data, Path(tmp))
            markdown = next(iter(moves.values()))
            load_rulebook(next(iter(moves)))  # a file that is no rulebook fails before anything moves
        except RulebookFormatError as exc:  # unreadable PDF, no text layer, no heading, bad front matter
            raise UploadRefused("invalid", _public(exc, books)) from exc
        stale = [markdown.with_suffix(".pdf")] if len(moves) == 1 else []  # an earlier PDF upload of this id
        kept = {target: Path(tmp) / f"old-{target.name}" for target in [*moves.values(), *stale] if target.exists()}
        for target, backup in kept.items():
            os.replace(target, backup)
        for staged, target in moves.items():
            os.replace(staged, target)
        try:
            pal.ingest([markdown])
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
