"""Split rulebook sections into small retrieval chunks along paragraph and list boundaries; each chunk is an exact
span of its section's text, so a hit can be widened into the passage around it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from rulespal.matter import heading_words, is_rules
from rulespal.rulebook import Rulebook, Section

CHUNKER_VERSION = "small-spans-v2"
MAX_CHARS = 600
OVERLAP_CHARS = 0
_LIST_ITEM = re.compile(r"\n(?=[ \t]*(?:[-*•]|\d+[.)]|\|)\s)")


@dataclass(frozen=True)
class Chunk:
    """A span of one section (text = section.text[start:end]), with everything needed to cite it."""

    id: str
    game: str
    section_id: str
    title: str
    heading_path: tuple[str, ...]
    text: str
    game_title: str
    start: int = 0
    end: int = 0

    @property
    def embed_text(self) -> str:
        """Text given to the embedding model and BM25: game and heading path, then the chunk."""
        return f"{self.game_title} — {' > '.join(self.heading_path)}\n\n{self.text}"


def blocks(text: str, max_chars: int = MAX_CHARS) -> list[tuple[int, int]]:
    """(start, end) of paragraphs and list items, the smallest units a chunk boundary may fall between; a block
    longer than max_chars is cut at sentence ends."""
    spans: list[tuple[int, int]] = []
    for para in re.finditer(r"\S(?:.|\n(?!\s*\n))*", text):
        items = [para.start()] + [para.start() + m.end() for m in _LIST_ITEM.finditer(para.group())] + [para.end()]
        for start, end in pairwise(items):
            while end - start > max_chars:
                cut = text.rfind(". ", start, start + max_chars)
                cut = cut + 1 if cut > start + max_chars // 3 else start + max_chars
                spans.append((start, cut))
                start = cut + len(text[cut:end]) - len(text[cut:end].lstrip())
            if text[start:end].strip():
                spans.append((start, start + len(text[start:end].rstrip())))
    return spans


def chunk_section(book: Rulebook, section: Section, max_chars: int = MAX_CHARS,
                  overlap: int = OVERLAP_CHARS) -> list[Chunk]:
    """Chunks of one section: consecutive blocks up to max_chars, repeating a last block of up to `overlap`."""
    pieces: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    for block in blocks(section.text, max_chars):
        if current and block[1] - current[0][0] > max_chars:
            pieces.append(current)
            last = current[-1]
            current = [last] if last[1] - last[0] <= overlap else []
        current.append(block)
    if current:
        pieces.append(current)
    return [Chunk(f"{book.id}:{section.id}:{n}", book.id, section.id, section.title, section.heading_path,
                  section.text[p[0][0]:p[-1][1]], book.title, p[0][0], p[-1][1]) for n, p in enumerate(pieces)]


def chunk_rulebook(book: Rulebook, max_chars: int = MAX_CHARS, overlap: int = OVERLAP_CHARS,
                   rules_only: bool = True) -> list[Chunk]:
    """Chunks of a rulebook in document order, skipping non-rules matter (contents, credits…) unless told not
    to; a section with only a heading yields one heading chunk."""
    chunks: list[Chunk] = []
    headings = heading_words(book) if rules_only else []
    for section in book.sections:
        if rules_only and not is_rules(book, section, headings):
            continue
        found = chunk_section(book, section, max_chars, overlap)
        chunks.extend(found or [Chunk(f"{book.id}:{section.id}:0", book.id, section.id, section.title,
                                      section.heading_path, section.title, book.title)])
    return chunks
