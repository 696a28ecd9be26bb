"""The book's definitions: sentences that say what a term means ('adjacent means sharing a side', 'Spaces that
share a side are adjacent', a glossary entry), wherever in the book they stand. A rule quoted for a question often
leans on one ('lose a star for each empty space adjacent to a monster'), and the question turns on it ('only
diagonally, corner to corner?')."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rulespal.citations import clean_line
from rulespal.evidence import EvidenceFinder, EvidenceSentence, paragraph_lines, rule_units, stems
from rulespal.glossary import ENTRY
from rulespal.player_words import with_book_terms
from rulespal.rulebook import Section

# 'X means Y': the term before the cue, its meaning after
_FORWARD = re.compile(r"\b(?:means|meaning|refers? to|(?:is|are) defined as|in other words|that is,|i\.e\.)\s", re.I)
# 'X counts as Y': the class after the cue, what it takes in before
_BACKWARD = re.compile(r"\b(?:(?:is|are) called|counts? as|(?:is|are) considered|(?:is|are) treated as)\s", re.I)
# 'Spaces that share a side are adjacent.': a class of things named by what they share
_NAMED_BY = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)? (?:that|which|whose|with) ([^.]{3,80})\b(?:is|are) ([a-z]+)\.(.*)$")
_CLAUSE = re.compile(r"[;:]|\.\s")  # where a clause ends: a definition is read within its clause
_MEANING_END = re.compile(r"[;:)]|\.\s")  # a meaning given in brackets ends with them
TERM_WORDS = 3  # the term defined: the last words before 'means', the first after 'counts as'
RARE_SHARE = 0.5  # a linking word is at least this rare: its weight (idf) is this share of the book's rarest
# words too common in any question to link it to a definition
_COMMON = frozenset("""about after again against also always another any anything before being both does doesnt done
each either even every from just like more most much must need never only other over same should some still such than
then there thing this those very what when where which while with your""".split())
MAX_CHARS = 400  # a definition is a sentence or two: a longer unit is a rule that happens to say 'means'


@dataclass(frozen=True)
class Definition:
    """A unit of the book that defines a term: the term (its words) and what the book says it is."""

    section: Section
    position: int
    text: str
    term: str
    meaning: str


def _clause_before(text: str, end: int) -> str:
    """The clause of text that ends at end."""
    breaks = [m.end() for m in _CLAUSE.finditer(text, 0, end)]
    return text[breaks[-1] if breaks else 0:end]


def _clause_after(text: str, start: int) -> str:
    """The clause of text that starts at start (a bracket closes it too)."""
    found = _MEANING_END.search(text, start)
    return text[start:found.start() if found else len(text)]


def _read(unit: str) -> tuple[str, str] | None:
    """(term, meaning) of a unit that defines a term, else None."""
    named = _NAMED_BY.match(unit)
    if named:
        return named.group(2), f"{named.group(1)} {named.group(3)}"
    for cue in _FORWARD.finditer(unit):
        return " ".join(_words(_clause_before(unit, cue.start()))[-TERM_WORDS:]), _clause_after(unit, cue.end())
    for cue in _BACKWARD.finditer(unit):
        return " ".join(_words(_clause_after(unit, cue.end()))[:TERM_WORDS]), _clause_before(unit, cue.start())
    return None


def _words(text: str) -> list[str]:
    """The content words of a text as written, in order."""
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", text) if _content(w)]


def _content(text: str) -> list[str]:
    """The content words of a text as stems, in order."""
    return [t for t in stems(text) if t.isalpha() and len(t) >= 4 and t not in _COMMON]


@lru_cache(maxsize=4096)
def definitions(section: Section) -> tuple[Definition, ...]:
    """The units of a section (as rule_units cuts them) that define a term: glossary entries and sentences with a
    defining cue ('means', 'counts as', 'is called', 'Things that … are X'); read once per section."""
    entries = {}
    for raw in paragraph_lines(section.text):
        entry = ENTRY.match(raw)
        if entry:
            for unit in rule_units(clean_line(raw)):
                entries[unit] = (entry.group(1), entry.group(2))
    found = []
    for pos, unit in enumerate(rule_units(section.text)):
        read = entries.get(unit) or _read(unit)
        if read is not None and len(unit) <= MAX_CHARS:
            found.append(Definition(section, pos, unit, *read))
    return tuple(found)


def leaned_on(finder: EvidenceFinder, question: str, game: str,
              shown: Sequence[EvidenceSentence]) -> EvidenceSentence | None:
    """The book's definition of a term the question uses ('adjacent', or a player's 'touching') and the player or
    the quoted rule says outright, whose meaning holds another of the question's own words that the quotes lack
    ('diagonal'): only words rare in the book link them, a word never links to the term it stands for, and the
    rarest pair wins."""
    if not shown:
        return None
    book = finder.library.resolve(game)
    idf = finder.idf(book.id)
    bar = RARE_SHARE * max(idf.values(), default=0.0)
    names = {t for n in finder.library.names(book) for t in stems(n)}
    rare = lambda text: {t for t in _content(text) if idf.get(t, 0.0) >= bar and t not in names}  # noqa: E731
    own, asked = rare(question), rare(with_book_terms(question))
    quoted = set(stems(" ".join(f"{s.title} {s.text}" for s in shown)))
    texts = {s.text for s in shown}
    best: tuple[float, EvidenceSentence] | None = None
    for section in book.sections:
        for found in definitions(section):
            term = rare(found.term) & asked & (own | quoted)  # the player's word, or one the rule says too
            told = {t for t in (set(stems(found.meaning)) & own) - quoted - term
                    if not term & set(stems(with_book_terms(t)))}
            if found.text in texts or not term or not told:
                continue
            score = max(idf[t] for t in told) + max(idf[t] for t in term)
            if best is None or score > best[0]:
                best = (score, EvidenceSentence(book.id, section.id, section.title, found.text, -1,
                                                (section.order, found.position), score, 0.0, 0.0))
    return best[1] if best else None
