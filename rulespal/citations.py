"""Sentences of a section, and quotes verified verbatim (modulo whitespace, case and markup) against it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulespal.answer import Citation
from rulespal.library import Library

MIN_QUOTE_CHARS = 12
_MARKUP = re.compile(r"[*_`>|#]+")


_LIST_MARKER = re.compile(r"(?m)^\s*(?:[-*•]|\d+\.|[a-z]\.)\s+")
_TABLE_RULE = re.compile(r"(?m)^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$")
_SEPARATORS = re.compile(r"[;|]")


def normalise(text: str) -> str:
    """Text without list markers, table rules and bars, Markdown emphasis and semicolons, every run of whitespace
    folded to one space, lowercased: what a quote must match, word for word."""
    text = _SEPARATORS.sub(" ", _TABLE_RULE.sub(" ", _LIST_MARKER.sub("", text)))
    return " ".join(_MARKUP.sub(" ", text).split()).lower()


def clean_line(line: str) -> str:
    """A line of a section without its list marker and Markdown emphasis; a table row keeps its inner bars."""
    line = _LIST_MARKER.sub("", line).strip()
    if line.startswith("|"):
        return " | ".join(c.strip() for c in _MARKUP.sub("", line.replace("|", "\0")).split("\0") if c.strip())
    return " ".join(_MARKUP.sub("", line).split())


def is_table_rule(line: str) -> bool:
    """True for a Markdown table's header rule (|---|---|)."""
    return bool(_TABLE_RULE.fullmatch(line))


def verify(library: Library, game: str, quote: str, candidates: Iterable[str]) -> Citation | None:
    """A Citation if the quote appears verbatim (modulo whitespace/case/markup) in one of the candidate sections."""
    book = library.resolve(game)
    needle = normalise(quote).strip(" .")
    if len(needle) < MIN_QUOTE_CHARS:
        return None
    for sid in candidates:
        sec = book.section(sid)
        if sec is not None and needle in normalise(sec.text):
            return Citation(book.id, sec.id, sec.title, quote.strip(), page=sec.pages[0] if sec.pages else None)
    return None
