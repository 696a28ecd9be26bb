"""Front and back matter that holds no rules (tables of contents, indexes, credits, copyright), recognised by its
structure rather than by its title: such sections stay browsable but are not indexed for answers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rulespal.lexical import counted, stemmed
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


@dataclass(frozen=True)
class VariantNames:
    """What names each variant section of a book: `words`, its words and counts of things ('3_dice'), stemmed, that
    at most MENTIONS other rules sections use; `called`, the same from its titles alone ('team', '3_dice'); `titles`,
    its title's words."""

    words: dict[str, frozenset[str]]
    called: dict[str, frozenset[str]]
    titles: dict[str, frozenset[str]]


def variant_names(book: Rulebook, names: Iterable[str]) -> VariantNames:
    """How each section holding a variant of the book's rules is named (see VariantNames): its chapters above it,
    the game's own `names`, and bare numbers aside (a question's '3 tricks' does not name a three-player variant)."""
    headings = heading_words(book)
    terms = {s.id: set(stemmed(f"{s.title} {s.text}")) | counted(f"{s.title} {s.text}")
             for s in book.sections if is_rules(book, s, headings)}
    calls = {s.id: set(stemmed(s.title)) | counted(f"{s.title} {s.text}") for s in book.sections}
    own = {t for name in names for t in stemmed(name)}
    variants = sorted(variant_sections(book))

    def naming(source: dict[str, set[str]], variant: str) -> frozenset[str]:
        inside = set().union(*(t for sid, t in source.items() if within(sid, variant)))
        outside = [t for sid, t in terms.items() if not within(sid, variant) and not within(variant, sid)]
        return frozenset(t for t in inside - own
                         if not t.isdigit() and sum(t in other for other in outside) <= MENTIONS)

    titles = {s.id: frozenset(t for t in stemmed(s.title) if t not in own and not t.isdigit())
              for s in book.sections if s.id in variants}
    return VariantNames({v: naming(terms, v) for v in variants}, {v: naming(calls, v) for v in variants}, titles)


# a player saying they play a variant ('the version with 3 dice', 'our house rule')
_PLAYS_A_VARIANT = re.compile(r"\b(?:version|variants?|variation|house rules?|optional|alternative|advanced)\b", re.I)


def named_variants(variants: VariantNames, question: str, strict: bool = True) -> frozenset[str]:
    """The innermost variant sections a question names: strictly (the quotes), by the whole of a title ('team
    chicago') or by a naming term of its titles when it says it plays a variant ('trying the version with 3 dice';
    'do I get 3 throws?' asks of the standard game); else (the search) by the same, by a naming word of a title
    ('with spots' names 'Spotted Variant') or by two naming words of its text, one ('instead') being the book's
    chance."""
    plays = bool(_PLAYS_A_VARIANT.search(question))
    terms = set(stemmed(question)) | (counted(question) if plays else set())
    named = set()
    for section, naming in (variants.called if strict else variants.words).items():
        said, title = terms & naming, variants.titles.get(section, frozenset())
        if (plays and said) or (title and title <= terms) or (not strict and (said & title or len(said) >= 2)):
            named.add(section)
    return frozenset(s for s in named if not any(other != s and within(other, s) for other in named))
