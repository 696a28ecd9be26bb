"""The book's word for a player's: a thing the question counts under a name the book never uses ('3 astronauts')
is matched, by meaning, to the thing the book counts ('2 points for each cosmonaut'), so search, quotes and sums
meet the book's rule. Only counted things are matched, only names the book lacks, and only when close in meaning."""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping

import numpy as np

from rulespal.embeddings import Embedder
from rulespal.lexical import STOPWORDS, plural_stem
from rulespal.rulebook import Rulebook

BOOKS_KEPT = 64  # books whose counted things stay embedded (the least recently asked goes first)
SIMILARITY = 0.68  # a player's word and the book's: cosine of the two words' vectors, at least this
_QUANTITY = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|each|every|per|"
                       r"both|several|many)\s+((?:[a-z'-]+\s+){0,2}[a-z'-]+)")


def _counted(text: str) -> set[str]:
    """The things a text counts: plural nouns among the three words after a number or 'each' ('3 of my
    astronauts' -> astronauts), lowercased."""
    found = set()
    for match in _QUANTITY.finditer(text.lower()):
        found |= {w for w in match.group(1).split() if len(w) >= 4 and w.isalpha() and plural_stem(w) != w}
    return found - STOPWORDS


class BookWords:
    """Each book's counted things embedded once (per book content), and the book's name for a player's."""

    def __init__(self, embedder: Embedder):
        self.embedder = embedder
        self._books: dict[tuple[str, int], tuple[list[str], np.ndarray]] = {}
        self._lock = threading.Lock()

    def _book(self, book: Rulebook) -> tuple[list[str], np.ndarray]:
        """(the book's counted things, their vectors)."""
        key = (book.id, hash(book.content))
        with self._lock:
            if key in self._books:
                self._books[key] = self._books.pop(key)  # most recently used last
            else:
                if len(self._books) >= BOOKS_KEPT:
                    self._books.pop(next(iter(self._books)))
                things = sorted(_counted(book.content.lower()))
                # each word embedded alone, as the question's word is: the int8 model scales activations per call
                vectors = (np.array([self.embedder.embed_query(w) for w in things], dtype=np.float32) if things
                           else np.zeros((0, 1)))
                self._books[key] = (things, vectors)
            return self._books[key]

    def bridge(self, question: str, book: Rulebook) -> Mapping[str, str]:
        """The book's word for each thing the question counts under a name the book never uses, when one of the
        book's counted things is close enough in meaning."""
        things, vectors = self._book(book)
        known = book.word_forms
        bridged = {}
        for word in sorted(_counted(question)):
            if word in known or plural_stem(word) in known or not things:
                continue
            similarity = vectors @ np.array(self.embedder.embed_query(word), dtype=np.float32)
            best = int(np.argmax(similarity))
            if similarity[best] >= SIMILARITY:
                bridged[word] = things[best]
        return bridged


def with_book_words(question: str, bridged: Mapping[str, str]) -> str:
    """The question with each bridged word replaced by the book's ('3 astronauts' -> '3 cosmonauts')."""
    for word, book_word in bridged.items():
        question = re.sub(rf"\b{re.escape(word)}\b", book_word, question, flags=re.I)
    return question
