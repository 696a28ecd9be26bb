"""A book's glossary and the plain words players use for its terms. A rulebook that writes its rules in its own terms
('the rumah', 'a caída') explains them once in a list of entries ('**rumah** — one of the two large holes at the ends
of the board'); a player asks about 'the big hole at my end'. A question that says an entry's plain words is searched
with the term as well, so the rules written in the book's terms are found. An entry's plain words are the names it
says players use ('Players often call it the kitty') and, for a term of the book's own language (not an English
word), the translation it opens with ('"dead"') and the head of its meaning: the meaning itself when it is a word or
two ('the opponent', 'to sow'), else its first words before 'of', 'that' or a comma, when they are two or three
('large holes'), or one word the book itself hardly says ('seed' in a book that writes 'empiki')."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rulespal.lexical import stem, tokenize
from rulespal.player_words import english_words
from rulespal.rulebook import Rulebook

# a glossary entry: an emphasised term opening its line, then its meaning ('**Cluster**: a group of …')
ENTRY = re.compile(r"^\s*(?:[-*•]\s+)?(?:\*\*|\*|__)([^*_]{1,40})(?:\*\*|\*|__)\s*(?:[:—–(-]|means\b|is\b|are\b)(.*)")
_MEANINGS = re.compile(r"mean|defin|explan|english|translat|descri|what it is", re.I)  # a glossary table's header
_FORMS = re.compile(r"plural|singular|also|other forms?", re.I)  # a glossary table's column of the term's other forms
_GLOSSED = re.compile(r"(?:\*|_)([A-Za-zÀ-ÿ][\wÀ-ÿ' -]{0,30})(?:\*|_)\s*\(([^()]{3,80})\)")  # '*accuso* (a …)'
# the names an entry says players use: 'Players often call it the kitty', 'also known as the pin', 'shortened to OB'
_CALLED = re.compile(r"\b(?:call(?:ed|s)?(?: it| them)?|known as|nicknamed|shortened to|abbreviated(?: to| as)?)\s+"
                     r"(?:the |a |an )?[\"“‘']?([a-z][a-z'-]*(?: [a-z][a-z'-]*)?)[\"”’']?(?=\s*(?:[.,;:)]|$|\bor\b))",
                     re.I)
_HEAD_END = re.compile(r"[,.;:()\[\]]|\s(?:of|in|on|at|that|which|who|whose|from|for|with|by|when|where|while|"
                       r"used|and|or|is|are|as)\b", re.I)
_LEADING = re.compile(r"^(?:\W+|(?:(?:one|each|any|either|both|all) of (?:the|your|its|their)|a|an|the|your|its|"
                      r"one|to)\s+)+", re.I)
# a translation opening the meaning: 'mati — "dead": the turn is over'
_QUOTED_GLOSS = re.compile(r"^\s*(?:an?\s+|the\s+)?[\"“]([^\"”]{1,40})[\"”]\s*[:,—–-]\s*")
# a player's adjective for the one in the meaning ('the big hole' for 'the large hole')
SAME_WORDS = {"big": "large", "huge": "large", "bigger": "larger", "little": "small", "tiny": "small", "wee": "small"}
SHORT_MEANING = 2  # content words: a meaning this short is a synonym ('the opponent', 'a turn of one player')
HEAD_WORDS = (2, 3)  # content words, numbers aside, a longer meaning's head needs to stand for its term ('large holes')
PLAIN_WORD_USES = 8  # a head of one word ('seed' for the mpiki) stands for a term in a book that says it this seldom


@dataclass(frozen=True)
class Gloss:
    """A term of the book's glossary and the plain words that say it (each a set of word stems, all needed)."""

    term: str
    said_by: tuple[frozenset[str], ...]


def entries(text: str) -> list[tuple[str, str]]:
    """The glossary entries of a section's text, (term, meaning): a line that opens with an emphasised term, a row of
    a table whose header has a column of meanings (| Term | Plural | Meaning |: the term in the first column, and in
    a column of other forms), and an emphasised term glossed in brackets where it is first used ('the *accuso* (a
    declaration of …)')."""
    found = []
    columns: tuple[int, list[int]] | None = None  # in a table of terms: the column of meanings, those of terms
    for line in text.splitlines():
        cells = [c.strip(" *_") for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        if len(cells) < 2:
            columns = None
        elif columns is None:
            meaning = next((i for i, c in enumerate(cells) if i and _MEANINGS.search(c)), None)
            columns = (meaning, [0, *(i for i, c in enumerate(cells) if _FORMS.search(c))]) if meaning else None
        elif not set("".join(cells)) <= set("-: "):
            meaning, terms = columns
            found += [(cells[i], cells[meaning]) for i in terms if max(i, meaning) < len(cells) and
                      re.search(r"\w", cells[i])]
        if entry := ENTRY.match(line):
            found.append((entry.group(1).strip(), entry.group(2).strip()))
        found += [(m.group(1).strip(), m.group(2).strip()) for m in _GLOSSED.finditer(line)]
    return found


def plain_stems(text: str) -> frozenset[str]:
    """A text's word stems, a player's adjectives read as the book's ('big' as 'large')."""
    return frozenset(stem(SAME_WORDS.get(t, t)) for t in tokenize(text))


def _head(meaning: str) -> str:
    """A meaning's first words, up to 'of', 'that', a comma or the like ('one of the two large holes at the ends'
    -> 'two large holes')."""
    text = _LEADING.sub("", meaning)
    end = _HEAD_END.search(text)
    return text[:end.start()] if end else text


def _said_by(term: str, meaning: str, english: frozenset[str], said_in_book: Counter) -> tuple[frozenset[str], ...]:
    """The sets of stems that say a term: the names players call it, and the head of its meaning for a term of the
    book's own language (a head of one word only when the book itself hardly says that word: it says the term)."""
    said = [plain_stems(name) for name in _CALLED.findall(meaning)]
    words = re.findall(r"[a-zà-ÿ]+", term.lower())
    if words and not any(w in english for w in words):
        translated = _QUOTED_GLOSS.match(meaning)
        if translated:
            said.append(plain_stems(translated.group(1)))
        first = re.split(r"(?<=[a-z])\.\s", meaning[translated.end() if translated else 0:], maxsplit=1)[0]
        whole = plain_stems(first)
        head = frozenset(w for w in plain_stems(_head(first)) if not w.isdigit())  # 'the big hole': 'two large holes'
        if len(whole) <= SHORT_MEANING:
            said.append(whole)
        elif len(head) in HEAD_WORDS or (len(head) == 1 and said_in_book[min(head)] <= PLAIN_WORD_USES):
            said.append(head)
    own = plain_stems(term)
    return tuple(s for s in said if s and not s & own and not all(w.isdigit() for w in s))


_READ: dict[str, tuple[Gloss, ...]] = {}  # by the book's digest: each book's glossary is read once


def _glossary(book: Rulebook) -> tuple[Gloss, ...]:
    english = english_words()
    said_in_book = Counter(stem(t) for t in tokenize(book.content))
    glosses: dict[str, Gloss] = {}
    for section in book.sections:
        for term, meaning in entries(section.text):
            said = _said_by(term, meaning, english, said_in_book)
            if said and term.lower() not in glosses:
                glosses[term.lower()] = Gloss(term, said)
    return tuple(glosses.values())


def glossary(book: Rulebook) -> tuple[Gloss, ...]:
    """The terms of a book's glossary that players say in plain words, each with those words."""
    if book.digest not in _READ:
        _READ[book.digest] = _glossary(book)
    return _READ[book.digest]


def glossary_terms(question: str, book: Rulebook) -> list[str]:
    """The book's glossary terms that a question says in plain words and not by name."""
    asked = plain_stems(question)
    return [g.term for g in glossary(book)
            if not plain_stems(g.term) <= asked and any(words <= asked for words in g.said_by)]


def with_glossary_terms(question: str, book: Rulebook) -> str:
    """The question with the glossary terms it says in plain words added ('the big hole at my end (rumah)')."""
    terms = glossary_terms(question, book)
    return f"{question} ({' '.join(terms)})" if terms else question
