"""Front and back matter that holds no rules (tables of contents, indexes, credits, copyright), recognised by its
structure rather than by its title: such sections stay browsable but are not indexed for answers."""

from __future__ import annotations

import re

from rulespal.rulebook import Rulebook, Section

_WORDS = re.compile(r"[a-z]+")
_INDEX_LINE = re.compile(r"^\W*[A-Za-z][^.!?]{0,60}?[\s,.:…]+\d+(?:\s*[-–,]\s*\d+)*\s*$")
_ROLE_LINE = re.compile(r"^\W*[A-Z][\w .&/'’-]{1,40}(?::|\s[-–—]\s)\s*\S")
_COPYRIGHT = re.compile(r"©|\(c\)\s*\d{4}|all rights reserved|\bcopyright\b", re.I)


def _words(text: str) -> str:
    return " ".join(_WORDS.findall(text.lower()))


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def heading_words(book: Rulebook) -> list[tuple[str, str]]:
    """(section id, its title as lowercase words) for every section of a book."""
    return [(s.id, _words(s.title)) for s in book.sections]


def lists_headings(book: Rulebook, section: Section, headings: list[tuple[str, str]] | None = None) -> bool:
    """A table of contents: most of the section's words are the book's own heading titles (`headings`: the
    book's heading_words, when already computed)."""
    text = _words(section.text)
    if not text:
        return False
    words, padded = set(text.split()), f" {text} "
    titles = {t for sid, t in (headings if headings is not None else heading_words(book))
              if sid != section.id and len(t) >= 4 and t.split(" ", 1)[0] in words}  # cheap test first
    found = [t for t in titles if f" {t} " in padded]
    return len(found) >= 5 and sum(len(t) + 1 for t in found) >= 0.5 * len(text)


def is_index(section: Section) -> bool:
    """An index: lines of terms followed by page numbers."""
    lines = _lines(section.text)
    return len(lines) >= 5 and sum(bool(_INDEX_LINE.match(ln)) for ln in lines) >= 0.6 * len(lines)


def _capitalised(text: str) -> bool:
    words = re.findall(r"[A-Za-z][\w'’-]*", text)
    return len(words) >= 2 and sum(w[0].isupper() for w in words) >= 0.7 * len(words)


def is_credits(section: Section) -> bool:
    """Credits: short lines of names ('Game design: Ann Lee', 'Ann Lee, Bo Park'), no sentences, no numbers."""
    lines = [ln.lstrip("-*• ") for ln in _lines(section.text)]
    if len(lines) < 3:
        return False

    def names(line: str) -> bool:
        if len(line) >= 90 or line.endswith(".") or line.startswith("|") or re.search(r"\d", line):
            return False
        role = _ROLE_LINE.match(line)
        return _capitalised(line[role.end() - 1:] if role else line)

    return sum(names(ln) for ln in lines) >= 0.7 * len(lines)


def is_copyright(section: Section) -> bool:
    """A copyright block: a short section carrying a copyright notice."""
    return len(section.text) < 800 and bool(_COPYRIGHT.search(section.text))


def is_rules(book: Rulebook, section: Section, headings: list[tuple[str, str]] | None = None) -> bool:
    """Whether a section may hold rules (everything but contents, indexes, credits and copyright blocks)."""
    return not (lists_headings(book, section, headings) or is_index(section) or is_credits(section)
                or is_copyright(section))


# "Optional Rules", "Variant: Rengo", "House Rules", "Advanced variants" (not a step marked "(optional)")
_VARIANT_TITLE = re.compile(r"^[\W\d]*(?:optional|alternative)\b|\bvariants?\b|\b(?:house|optional) rules?\b", re.I)


def _descendant_titles(book: Rulebook, section: Section) -> set[str]:
    return {_words(s.title) for s in book.sections if s.id.startswith(section.id + "/")}


def _repeats_a_sibling(book: Rulebook, section: Section) -> bool:
    """Whether the section's subsections are mostly titled like those of an earlier sibling (a variant chapter
    restating the standard game's Dealing, Passing, Scoring…)."""
    own = _descendant_titles(book, section)
    for sibling in book.sections[:section.order]:
        if sibling.parent_id == section.parent_id and sibling.level == section.level:
            shared = own & _descendant_titles(book, sibling)
            if len(shared) >= 2 and len(shared) >= 0.5 * len(own):
                return True
    return False


def variant_sections(book: Rulebook) -> frozenset[str]:
    """Ids of the sections holding a variant of the rules: each variant root and everything under it."""
    roots = variant_roots(book)
    return frozenset(s.id for s in book.sections if any(s.id == r.id or s.id.startswith(r.id + "/") for r in roots))


def variant_roots(book: Rulebook) -> tuple[Section, ...]:
    """The outermost sections holding a variant of the rules rather than the standard game: titled as optional,
    variant, house or alternative rules, or restating an earlier sibling's subsections."""
    roots: list[Section] = []
    for section in book.sections:
        if any(section.id.startswith(root.id + "/") for root in roots):
            continue
        if _VARIANT_TITLE.search(section.title) or _repeats_a_sibling(book, section):
            roots.append(section)
    return tuple(roots)
