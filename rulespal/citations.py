"""Quotes: verify them verbatim (modulo whitespace) against their section, and pick a best sentence as fallback."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rulespal.answer import Citation
from rulespal.lexical import tokenize
from rulespal.library import Library

MIN_QUOTE_CHARS = 12
_QUOTED = re.compile(r"[\"“”«»]([^\"“”«»]{%d,600}?)[\"“”«»]" % MIN_QUOTE_CHARS)
_SECTION_REF = re.compile(r"\[(?:(?P<game>[a-z0-9-]+):)?(?P<sid>[a-z0-9][a-z0-9/-]*)\]")
_MARKUP = re.compile(r"[*_`>|#]+")


def normalise(text: str) -> str:
    """Text with Markdown emphasis removed and every run of whitespace folded to one space, lowercased."""
    return " ".join(_MARKUP.sub(" ", text).split()).lower()


def sentences(text: str) -> list[str]:
    """Sentences and list items of a section, without list markers."""
    parts = re.split(r"(?<=[.!?])\s+|\n+", text)
    cleaned = [_MARKUP.sub("", re.sub(r"^\s*(?:[-*•]|\d+\.|[a-z]\.)\s+", "", p)).strip(" |") for p in parts]
    return [c for c in cleaned if len(c) >= MIN_QUOTE_CHARS]


def best_sentence(text: str, query: str) -> str:
    """The sentence of `text` sharing the most query words (earliest on ties); the first sentence otherwise."""
    wanted = set(tokenize(query))
    options = sentences(text) or [text.strip()]
    return max(options, key=lambda s: (len(wanted & set(tokenize(s))), -options.index(s)))


@dataclass(frozen=True)
class QuoteCandidate:
    """A quote the model wrote, with the section it named (if any)."""

    quote: str
    section_id: str | None


def extract_quotes(answer: str) -> list[QuoteCandidate]:
    """Quoted spans in an answer, each with the [section-id] written right after it (if any)."""
    found = []
    for match in _QUOTED.finditer(answer):
        after = _SECTION_REF.match(answer[match.end():].lstrip(" ,.;:—-("))
        found.append(QuoteCandidate(match.group(1).strip(), after.group("sid") if after else None))
    return found


def section_refs(answer: str) -> list[str]:
    """Section ids written as [section-id] in an answer, in order."""
    return list(dict.fromkeys(m.group("sid") for m in _SECTION_REF.finditer(answer) if "/" in m.group("sid")
                              or "-" in m.group("sid")))


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


_NUMBER = re.compile(r"(?<!\d)\d+(?!\d)")
_BRACKETED = re.compile(r"\[[^\]]*\]")
_ENUMERATOR = re.compile(r"(?m)^\s*(?:[-*•]\s*)?\d+[.)]\s+")  # "2. Shuffle…" numbers a step, not a fact


def unsupported_numbers(answer: str, support: str) -> list[str]:
    """Numbers stated in an answer (outside [section-id] brackets) that occur nowhere in the support text —
    the passages, tool results and question the answer was built from."""
    have = set(_NUMBER.findall(_ENUMERATOR.sub(" ", support)))
    return list(dict.fromkeys(n for n in _NUMBER.findall(_BRACKETED.sub(" ", answer)) if n not in have))
