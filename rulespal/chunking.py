"""Split rulebook sections into retrieval chunks along paragraph and list boundaries."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulespal.rulebook import Rulebook, Section

CHUNKER_VERSION = "sections-v1"
MAX_CHARS = 900
OVERLAP_CHARS = 250


@dataclass(frozen=True)
class Chunk:
    """A piece of one section, with everything needed to cite it."""

    id: str
    game: str
    section_id: str
    title: str
    heading_path: tuple[str, ...]
    text: str
    game_title: str

    @property
    def embed_text(self) -> str:
        """Text given to the embedding model and BM25: game and heading path, then the chunk."""
        return f"{self.game_title} — {' > '.join(self.heading_path)}\n\n{self.text}"


def _blocks(text: str) -> list[str]:
    """Paragraphs and list items, the smallest units a chunk boundary may fall between."""
    blocks: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        para = para.strip()
        if not para:
            continue
        if len(para) <= MAX_CHARS:
            blocks.append(para)
            continue
        items = re.split(r"\n(?=\s*(?:[-*•]|\d+\.|\|)\s)", para)
        for item in items:
            while len(item) > MAX_CHARS:  # one giant line: cut at the last sentence end before the limit
                cut = max(item.rfind(". ", 0, MAX_CHARS), MAX_CHARS // 2) + 1
                blocks.append(item[:cut].strip())
                item = item[cut:]
            if item.strip():
                blocks.append(item.strip())
    return blocks


def chunk_section(book: Rulebook, section: Section) -> list[Chunk]:
    """Chunks of one section: whole if short, else consecutive blocks with one overlapping block."""
    pieces: list[list[str]] = []
    current: list[str] = []
    for block in _blocks(section.text):
        if current and sum(len(b) + 2 for b in current) + len(block) > MAX_CHARS:
            pieces.append(current)
            current = [current[-1]] if len(current[-1]) <= OVERLAP_CHARS else []
        current.append(block)
    if current:
        pieces.append(current)
    return [
        Chunk(f"{book.id}:{section.id}:{n}", book.id, section.id, section.title, section.heading_path,
              "\n\n".join(blocks), book.title)
        for n, blocks in enumerate(pieces)
    ]


def chunk_rulebook(book: Rulebook) -> list[Chunk]:
    """All chunks of a rulebook in document order; a section with only a heading yields one heading chunk."""
    chunks: list[Chunk] = []
    for section in book.sections:
        found = chunk_section(book, section)
        chunks.extend(found or [Chunk(f"{book.id}:{section.id}:0", book.id, section.id, section.title,
                                      section.heading_path, section.title, book.title)])
    return chunks
