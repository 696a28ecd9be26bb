"""Front and back matter that holds no rules (tables of contents, indexes, credits, copyright), recognised by its
structure rather than by its title: such sections stay browsable but are not indexed for answers."""

from __future__ import annotations

import re

from rulespal.lexical import counted, stem, stemmed
from rulespal.rulebook import Rulebook, Section

MENTIONS = 1  # a word of a variant that no more than this many other sections use names it
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


def within(section_id: str, root: str) -> bool:
    """Whether a section is the root or lies under it."""
    return section_id == root or section_id.startswith(root + "/")


def variant_names(book: Rulebook, names: set[str], titled: bool = False) -> dict[str, frozenset[str]]:
    """Each section holding a variant of the book's rules, with the terms that name it: words and counts of things
    ('3_dice') of it and its subsections, stemmed, that at most MENTIONS other rules sections of the book use (a
    cross-reference), its chapters above it, the game's own names (`names`, as tokens) and bare numbers aside (a
    question's '3 tricks' does not name a three-player variant); `titled` keeps only the words of its titles and
    its counts of things, the names a player calls a variant by ('team chicago', 'with 3 dice')."""
    headings = heading_words(book)
    terms = {s.id: set(stemmed(f"{s.title} {s.text}")) | counted(f"{s.title} {s.text}")
             for s in book.sections if is_rules(book, s, headings)}
    calls = {s.id: set(stemmed(s.title)) | counted(f"{s.title} {s.text}") for s in book.sections}
    names = {stem(t) for t in names}
    found: dict[str, frozenset[str]] = {}
    for variant in sorted(variant_sections(book)):
        inside = set().union(*(t for sid, t in (calls if titled else terms).items() if within(sid, variant)))
        outside = [t for sid, t in terms.items() if not within(sid, variant) and not within(variant, sid)]
        found[variant] = frozenset(t for t in inside - names
                                   if not t.isdigit() and sum(t in other for other in outside) <= MENTIONS)
    return found


# a player saying they play a variant ('the version with 3 dice', 'our house rule')
_PLAYS_A_VARIANT = re.compile(r"\b(?:version|variants?|variation|house rules?|optional|alternative|advanced)\b", re.I)


def variant_titles(book: Rulebook, names: set[str]) -> dict[str, frozenset[str]]:
    """Each variant section's title as stemmed words, the game's own names (`names`, as tokens) aside."""
    names = {stem(t) for t in names}
    variants = variant_sections(book)
    return {s.id: frozenset(t for t in stemmed(s.title) if t not in names and not t.isdigit())
            for s in book.sections if s.id in variants}


def named_variants(variants: dict[str, frozenset[str]], question: str, titles: dict[str, frozenset[str]],
                   strict: bool = True) -> frozenset[str]:
    """The innermost variant sections a question names by their naming terms (see variant_names): strictly, by the
    whole of a title ('team chicago') or by a naming term when it says it plays a variant ('trying the version with
    3 dice'; 'do I get 3 throws?' asks of the standard game); else also by a naming word of a title ('with spots'
    names 'Spotted Variant') or by two naming words, where one ('instead') may be the book's chance."""
    plays = bool(_PLAYS_A_VARIANT.search(question))
    terms = set(stemmed(question)) | (counted(question) if plays else set())
    named = set()
    for section, naming in variants.items():
        said, title = terms & naming, titles.get(section, frozenset())
        if (plays and said) or (title and title <= terms) or (not strict and (said & title or len(said) >= 2)):
            named.add(section)
    return frozenset(s for s in named if not any(other != s and within(other, s) for other in named))
