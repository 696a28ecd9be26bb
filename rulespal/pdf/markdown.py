"""Blocks into Markdown: bold runs, line-end hyphens joined, tables as pipe tables, page ranges as comments."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulespal.pdf.blocks import Block
from rulespal.pdf.lines import Segment, Word
from rulespal.pdf.tables import TableBlock

PAGES_COMMENT = "<!-- pages: {first}-{last} -->"
_LETTERS = re.compile(r"[^\w-]")


@dataclass(frozen=True)
class SectionPages:
    """A heading of the converted book and its pages (from the heading to the last line before the next heading)."""

    title: str
    level: int
    first_page: int
    last_page: int


def vocabulary(blocks: Iterable[Block]) -> set[str]:
    """Every word of the document, lowercased and without punctuation (decides how line-end hyphens join)."""
    return {_LETTERS.sub("", w.text.lower()) for b in blocks for w in b.words}


def _join_hyphen(left: str, right: str, vocab: set[str]) -> str:
    """'place-' + 'ment' -> 'placement'; 'side-by-' + 'side' -> 'side-by-side' (both halves words, the whole not)."""
    head, tail = _LETTERS.sub("", left[:-1].lower()).split("-")[-1], _LETTERS.sub("", right.lower()).split("-")[0]
    keep = head in vocab and tail in vocab and head + tail not in vocab
    return left + right if keep else left[:-1] + right


def joined_words(lines: Sequence[Segment], vocab: set[str]) -> list[Word]:
    """The lines' words; a line-end hyphen joins the next line's first word when that starts in lowercase."""
    words: list[Word] = []
    for n, line in enumerate(lines):
        line_words = list(line.words)
        if n and words and line_words and re.search(r"\w-$", words[-1].text) and line_words[0].text[:1].islower():
            first = line_words.pop(0)
            words[-1] = Word(_join_hyphen(words[-1].text, first.text, vocab), words[-1].x0,
                             words[-1].bold and first.bold)
        words += line_words
    return words


def inline(words: Sequence[Word]) -> str:
    """Words as Markdown, bold runs wrapped in ** **."""
    out, run = [], []
    for word in [*words, None]:
        if word is not None and word.bold:
            run.append(word.text)
            continue
        if run:
            out.append(f"**{' '.join(run)}**")
            run = []
        if word is not None:
            out.append(word.text)
    return " ".join(out)


def _code(block: Block) -> str:
    left = min(line.x0 for line in block.lines)
    width = 0.6 * block.lines[0].size  # monospaced advance
    rows = []
    for line in block.lines:
        text = ""
        for word in line.words:
            column = max(len(text) + (1 if text else 0), round((word.x0 - left) / width))
            text = text.ljust(column) + word.text
        rows.append(text)
    return "```\n" + "\n".join(rows) + "\n```"


def _cell(lines: Sequence[Segment], vocab: set[str]) -> str:
    return inline(joined_words(lines, vocab)).replace("|", "\\|")


def _table(table: TableBlock, vocab: set[str]) -> str:
    rows = [[_cell(cell, vocab) for cell in row] for row in table.cells]
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join([lines[0], "|" + "---|" * len(rows[0]), *lines[1:]])


def _paragraph(block: Block, vocab: set[str]) -> str:
    words = joined_words(block.lines, vocab)
    if block.kind == "item":
        marker = words[0].text
        marker = marker.strip("()").rstrip(".)") + "." if re.match(r"\(?\w", marker) else "-"
        return f"{marker} {inline(words[1:])}"
    text = inline(words)
    if re.match(r"\d+[.)]\s", text):  # not a list item or heading when read back
        return re.sub(r"^(\d+)", r"\1\\", text)
    return "\\" + text if re.match(r"(?:[-*+]|#{1,6})\s", text) else text


def render(blocks: Sequence[Block]) -> tuple[str, list[SectionPages]]:
    """The blocks as Markdown (a pages comment under each heading) and each section's page range."""
    vocab = vocabulary(blocks)
    parts: list[str] = []
    sections: list[SectionPages] = []
    heading_at: list[int] = []
    previous = ""
    for block in blocks:
        if block.kind == "heading":
            previous = "heading"
            title = " ".join(w.text for w in joined_words(block.lines, vocab))
            sections.append(SectionPages(title, block.level, block.first_page, block.first_page))
            heading_at.append(len(parts))
            parts.append(f"{'#' * block.level} {title}")
            continue
        if sections:
            last = sections[-1]
            sections[-1] = SectionPages(last.title, last.level, last.first_page, max(last.last_page, block.last_page))
        text = (_code(block) if block.kind == "code" else _table(block.table, vocab) if block.table is not None
                else _paragraph(block, vocab))
        if block.kind == "item" and previous == "item":
            parts[-1] += "\n" + text  # one tight list
        else:
            parts.append(text)
        previous = block.kind
    for at, section in zip(heading_at, sections, strict=True):
        parts[at] += "\n" + PAGES_COMMENT.format(first=section.first_page, last=section.last_page)
    return "\n\n".join(parts) + "\n", sections
