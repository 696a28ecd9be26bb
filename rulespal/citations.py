"""Sentences of a section, and quotes verified verbatim (modulo whitespace, case and markup) against it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulespal.answer import Citation
from rulespal.library import Library

MIN_QUOTE_CHARS = 12
_MARKUP = re.compile(r"[*_`>|#]+")


_LIST_MARKER = re.compile(r"(?m)^\s*(?:[-*•]|\d+\.|[a-z]\.)\s+")


def normalise(text: str) -> str:
    """Text without list markers and Markdown emphasis, every run of whitespace folded to one space, lowercased."""
    return " ".join(_MARKUP.sub(" ", _LIST_MARKER.sub("", text)).split()).lower()


def clean_line(line: str) -> str:
    """A line of a section without its list marker, Markdown emphasis and table bars."""
    line = _LIST_MARKER.sub("", line)
    return " ".join(_MARKUP.sub("", line).strip(" |").split())


def verify(library: Library, game: str, quote: str, candidates: Iterable[str]) -> Citation | None:
    """A Citation if the quote appears verbatim (modulo whitespace/case/markup) in one of the candidate sections."""
    book = library.resolve(game)
    needle = normalise(quote).strip(" .")
    if len(needle) < MIN_QUOTE_CHARS:
        return None
    for sid in candidates:
        sec = book.section(sid)
        if sec is not None and needle in normalise(sec.text):
            return Citation(book.id, sec.id, sec.title, quote.strip())
    return None
