"""HTML tables written into a Markdown rulebook, rewritten as Markdown tables, so their rows are read, searched and
quoted like any other table's ('<tr><td>Passing</td><td>3 chips</td></tr>' -> '| Passing | 3 chips |')."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_TABLE = re.compile(r"\n*[ \t]*<table\b.*?</table\s*>[ \t]*\n*", re.I | re.S)


class _Rows(HTMLParser):
    """The caption and the rows of cells of one HTML table, each cell's text with its tags dropped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.caption: list[str] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:  # noqa: ARG002 (HTMLParser)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            if not self.rows:
                self.rows.append([])
            self._cell = []
        elif tag == "caption":
            self._in_caption = True
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()).replace("|", "/"))
            self._cell = None
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._in_caption:
            self.caption.append(data)


def _markdown(table: str) -> str:
    """One HTML table as a Markdown table, its caption on the line above it ('Penalty table:')."""
    parsed = _Rows()
    parsed.feed(table)
    parsed.close()
    rows = [row for row in parsed.rows if any(row)]
    if not rows:
        return table
    width = max(len(row) for row in rows)
    lines = ["| " + " | ".join(row + [""] * (width - len(row))) + " |" for row in rows]
    lines.insert(1, "|" + "---|" * width)  # the first row heads the table, as Markdown requires
    caption = " ".join("".join(parsed.caption).split())
    return "\n".join(([f"{caption}:", ""] if caption else []) + lines)


def markdown_tables(text: str) -> str:
    """The text with each HTML <table> rewritten as a Markdown table, between blank lines."""
    return _TABLE.sub(lambda m: f"\n\n{_markdown(m.group())}\n\n", text)
