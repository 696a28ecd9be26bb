"""PDF rulebook -> RulesPal Markdown with front matter (id, title, source, sha256, pages) and section page ranges."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulespal.errors import NoTextLayer, RulebookFormatError
from rulespal.pdf.backends import DEFAULT_BACKEND, read_pdf
from rulespal.pdf.blocks import Placed, build_blocks
from rulespal.pdf.layout import reading_order
from rulespal.pdf.lines import segments, strip_running
from rulespal.pdf.markdown import SectionPages, render
from rulespal.pdf.tables import find_tables
from rulespal.rulebook import slugify

MIN_TEXT_CHARS = 20  # fewer drawn characters than this in the whole file: no text layer


@dataclass(frozen=True)
class ConvertedBook:
    """A PDF rulebook converted to Markdown, with the page range of each section."""

    id: str
    title: str
    source: str
    sha256: str
    pages: int
    markdown: str
    sections: tuple[SectionPages, ...]


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def pdf_to_markdown(path: Path, backend: str = DEFAULT_BACKEND) -> ConvertedBook:
    """Convert a PDF rulebook; raise NoTextLayer for scans and RulebookFormatError for unreadable files."""
    path = Path(path)
    if not path.is_file():
        raise RulebookFormatError(f"{path}: no such file")
    pages, meta_title = read_pdf(path, backend)
    if sum(1 for p in pages for g in p.glyphs if g.char.strip()) < MIN_TEXT_CHARS:
        raise NoTextLayer(path.name, len(pages))
    per_page = strip_running(pages, [segments(p) for p in pages])
    stream: list[Placed] = []
    for page, segs in zip(pages, per_page, strict=True):
        tables, rest = find_tables(page.number, page.rules, segs)
        stream += [Placed(page.number, column, item) for column, item in reading_order([*rest, *tables])]
    body, sections = render(build_blocks(stream))
    title = meta_title or next((s.title for s in sections if s.level == 1), None) or path.stem
    book_id = slugify(path.stem)
    sha = file_sha256(path)
    meta = {"id": book_id, "title": title, "source": path.name, "sha256": sha, "pages": len(pages)}
    front = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=1000)
    return ConvertedBook(book_id, title, path.name, sha, len(pages), f"---\n{front}---\n\n{body}", tuple(sections))
