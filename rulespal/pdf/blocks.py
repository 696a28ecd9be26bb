"""Ordered lines into blocks (headings, paragraphs, list items, code, tables) with their pages."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rulespal.pdf.lines import Segment, Word
from rulespal.pdf.tables import TableBlock

HEADING_RATIO = 1.12  # a line this much larger than the body text is a heading
PARAGRAPH_GAP = 0.45  # a vertical gap over this many font sizes starts a new block
LIST_MARKER = re.compile(r"^(?:[•‣▪◦●■–*\ufffd\ue000-\uf8ff-]|\(?\d{1,2}[.)]|\(?[a-z][.)])$")
NUMBERED_HEADING = re.compile(r"^\d+(?:\.\d+)+\.?\s+\S")
ENDS_SENTENCE = re.compile(r"[.!?:;,]$")


@dataclass(frozen=True)
class Placed:
    """An ordered item with the page and column it was read from."""

    page: int
    column: int
    item: Segment | TableBlock


@dataclass(frozen=True)
class Block:
    """A run of lines of one kind: heading (with level), para, item, code, or table."""

    kind: str
    lines: tuple[Segment, ...]
    first_page: int
    last_page: int
    level: int = 0
    table: TableBlock | None = None

    @property
    def words(self) -> list[Word]:
        """The block's words in order, line after line."""
        return [w for line in self.lines for w in line.words]


def body_size(lines: Sequence[Segment]) -> float:
    """The most common font size, weighted by characters."""
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def _is_marker(line: Segment) -> bool:
    return len(line.words) > 1 and bool(LIST_MARKER.match(line.words[0].text))


def _kind(line: Segment, body: float) -> str:
    if line.size >= body * HEADING_RATIO and any(c.isalpha() for c in line.text):
        return "heading"
    if line.mono:
        return "code"
    if NUMBERED_HEADING.match(line.text) and len(line.text) < 60 and not ENDS_SENTENCE.search(line.text):
        return "numbered"
    return "item" if _is_marker(line) else "para"


def _ordinal(marker: str) -> int | None:
    """1 for '1.', '(1)', 'a)'; None for bullets."""
    core = marker.strip("().")
    return int(core) if core.isdigit() else ord(core) - ord("a") + 1 if len(core) == 1 and core.isalpha() else None


def _continues(prev: Block, line: Segment, prev_placed: Placed, placed: Placed, kind: str) -> bool:
    """Whether a line extends the previous block (same style, close below, or carried over a column/page break)."""
    if kind not in ("para", "code", "heading", "numbered") or prev.kind == "table":
        return False
    last = prev.lines[-1]
    moved = (placed.page, placed.column) != (prev_placed.page, prev_placed.column)
    if kind in ("para", "numbered") and prev.kind == "item":  # an item's wrapped lines are indented
        kind = "item" if moved or line.x0 > prev.lines[0].x0 + 0.5 * line.size else "para"
    if kind != prev.kind or abs(line.size - last.size) > 0.5 or line.bold != last.bold:
        return False
    if moved:  # carried over only when the previous block stopped mid-sentence
        return kind in ("para", "item") and not re.search(r"[.!?:]$", last.text)
    return 0 <= line.top - last.bottom <= PARAGRAPH_GAP * line.size


def build_blocks(stream: Sequence[Placed]) -> list[Block]:
    """Group the ordered lines into blocks; headings get levels from their font sizes (larger first)."""
    lines = [p.item for p in stream if isinstance(p.item, Segment)]
    body = body_size(lines)
    blocks: list[Block] = []
    prev_placed: Placed | None = None
    counted = 0  # the last list number seen since the last heading: "3." opens an item only after "2." (or as "1.")
    for placed in stream:
        item = placed.item
        if isinstance(item, TableBlock):
            blocks.append(Block("table", (), item.page, item.page, table=item))
        else:
            kind = _kind(item, body)
            number = _ordinal(item.words[0].text) if kind == "item" else None
            if number is not None and number not in (1, counted + 1):
                kind = "para"  # a number that a wrapped sentence happened to put first on the line
            elif number is not None:
                counted = number
            elif kind == "heading":
                counted = 0
            if blocks and prev_placed and _continues(blocks[-1], item, prev_placed, placed, kind):
                prev = blocks[-1]
                blocks[-1] = Block(prev.kind, (*prev.lines, item), prev.first_page, placed.page)
            else:
                blocks.append(Block(kind, (item,), placed.page, placed.page))
        prev_placed = placed
    return _levels(blocks)


def _levels(blocks: list[Block]) -> list[Block]:
    """Heading levels: larger sizes first; bold body-size short lines without end punctuation one level below."""
    sizes = sorted({b.lines[0].size for b in blocks if b.kind == "heading"}, reverse=True)
    result = []
    for block in blocks:
        text = " ".join(line.text for line in block.lines)
        if block.kind == "heading":
            level = sizes.index(block.lines[0].size) + 1
            block = Block("heading", block.lines, block.first_page, block.last_page, level)
        elif block.kind == "numbered" or (block.kind == "para" and all(line.bold for line in block.lines)
                                          and len(text) < 80 and not ENDS_SENTENCE.search(text)):
            depth = text.split()[0].count(".") if block.kind == "numbered" else 0
            level = min(6, len(sizes) + 1 + max(0, depth - 1))
            block = Block("heading", block.lines, block.first_page, block.last_page, level)
        result.append(block)
    return result
