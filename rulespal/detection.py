"""Which game a question is about, in a library of many books.

Each book is a bag of its words and of its pairs of adjacent words ('follow suit', 'full house': named rules and
components), from its headings and text, plus its names weighted as NAME_WEIGHT mentions. A question's words and
pairs are scored against every book by how much more often the book uses them than the library does as a whole
(query likelihood with Dirichlet smoothing against the library's background distribution), each word weighted by its
rarity (how few books use it): a word every book uses says nothing, a word one book uses often says a lot, and a
short book is not favoured for merely being short. That score is added to the log of the games' votes among the
nearest chunks (each weighed by its similarity, two at most per game: retrieval.game_votes), a name whose words no
other book uses adds NAMED_WEIGHT, and a
softmax over the library turns the sum into a probability per game. The two weights were fitted by maximum
likelihood on dev questions only (the 35-book library's own, the bundled books' and the outside books' asked in it);
the probabilities are overconfident between 0.5 and 0.99. CONFIDENT was 0.97, where confident answers were right
248 times in 248 on the dev questions of three libraries; the 1,025 answer-set questions about the bundled games,
asked without their game, then found 11 confidently wrong among the three bundled books (4 at 0.99) and 24 in 1,861
over 104 books (14 at 0.99), so it sits at 0.99: below it the player is asked which game"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from rulespal.lexical import compared_away, stem, tokenize
from rulespal.rulebook import Rulebook

NAME_WEIGHT = 5  # a book's names count as five mentions in its bag of words
SMOOTHING = 1000.0  # Dirichlet prior, in words of the library's background distribution
LEXICAL_WEIGHT = 0.63  # per unit of rarity-weighted log-likelihood ratio (fitted on the dev questions)
VOTE_WEIGHT = 2.1  # per unit of log(1 + votes), votes counted in nearest chunks (fitted likewise)
NAMED_WEIGHT = 8.0  # all the words of one of a book's names, one of them in no other book: it names the book
VOTERS = 10  # nearest chunks that vote (retrieval.VOTES): a game's share of the votes times this is its count
CONFIDENT = 0.99
SHOWN = 5
MODEL_FILE = "detector-lm-v1.json"  # marks a saved detector of this format

PAIR = "_"  # joins the two tokens of a pair term (tokenize never yields it)


@dataclass(frozen=True)
class Candidate:
    """A game the question may be about, with a confidence in [0, 1]."""

    game: str
    title: str
    confidence: float

    def to_dict(self) -> dict:
        """JSON form."""
        return {"game": self.game, "title": self.title, "confidence": round(self.confidence, 3)}


def _pairs(tokens: Sequence[str]) -> list[str]:
    """Adjacent tokens as one term ('follow_suit', 'full_house', 'three_pair'): named rules and components."""
    return [f"{a}{PAIR}{b}" for a, b in zip(tokens, tokens[1:], strict=False)]


def _tokens(text: str) -> list[str]:
    """tokenize's tokens, a multiplication sign read as the 'x' players type ('×3' -> 'x3'): the sign that sets
    a book's tiles apart is typed as a letter."""
    return tokenize(text.replace("×", "x"))


def book_terms(book: Rulebook) -> Counter:
    """Term counts of a book's headings and text: its tokens, and its pairs of adjacent tokens (within a heading
    or a section's text)."""
    terms: Counter = Counter()
    for section in book.sections:
        for part in (section.title, section.text):
            tokens = _tokens(part)
            terms.update(tokens)
            terms.update(_pairs(tokens))
    return terms


class Named(Protocol):
    """A book's names: a Rulebook or its entry in the book list."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...


def _names(book: Named) -> str:
    return " ".join([book.id.replace("-", " "), book.title, *book.aliases])


def _stem_term(term: str) -> str:
    """A term of book_terms (a token or a pair of tokens) as detection matches it."""
    return PAIR.join(stem(t) for t in term.split(PAIR))


def question_words(text: str) -> list[str]:
    """A question's detection words: its tokens and its pairs of adjacent tokens, stemmed, each once (a word said
    four times to describe a position is no more evidence of the game than said once)."""
    tokens = [stem(t) for t in _tokens(text)]
    return list(dict.fromkeys(tokens + _pairs(tokens)))


@dataclass(frozen=True)
class Bag:
    """A book's bag of detection words as arrays: each word's 64-bit key (see _key), in key order, and its count."""

    keys: np.ndarray
    counts: np.ndarray

    def to_bytes(self) -> tuple[bytes, bytes]:
        """The two arrays as bytes (read back with from_bytes)."""
        return self.keys.astype(np.uint64).tobytes(), self.counts.astype(np.int64).tobytes()

    @classmethod
    def from_bytes(cls, keys: bytes, counts: bytes) -> Bag:
        """A bag written with to_bytes."""
        return cls(np.frombuffer(keys, dtype=np.uint64), np.frombuffer(counts, dtype=np.int64))


def book_bag(book: Named, terms: Counter) -> Bag:
    """A book's bag of detection words: its term counts (book_terms, as `stem` reads them) and its names' tokens,
    NAME_WEIGHT times."""
    bag: dict[str, int] = {}
    for term, count in terms.items():
        word = _stem_term(term)
        bag[word] = bag.get(word, 0) + count
    for token in tokenize(_names(book)):
        word = stem(token)
        bag[word] = bag.get(word, 0) + NAME_WEIGHT
    keys = np.fromiter((_key(w) for w in bag), dtype=np.uint64, count=len(bag))
    order = np.argsort(keys)  # sorted runs make the library's sort by word a merge (BookModel.of_bags)
    return Bag(keys[order], np.fromiter(bag.values(), dtype=np.int64, count=len(bag))[order])


def rarity(spread: np.ndarray, books: int) -> np.ndarray:
    """How much a word used by `spread` of a library's `books` books can tell them apart: 1 for a word of one book,
    near 0 for a word of every book (inverse book frequency, scaled to [0, 1])."""
    return np.log((books + 1) / spread) / np.log(books + 1)


def _key(word: str) -> int:
    """A word's 64-bit key in a saved model (stable across processes, unlike hash())."""
    return int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")


class BookModel:
    """The books' word statistics for scoring a question: per word (column, found by its key) and book the
    log-likelihood ratio weight log(1 + tf / (SMOOTHING * p_library(word))), stored by column (sparse; a column's
    length is how many books use the word, which gives its rarity); per book log(SMOOTHING / (length + SMOOTHING));
    and the names that name one book alone (`naming`: a name's words, the book's index). Saved as arrays that are
    memory-mapped back, so a new process reads only what it scores."""

    def __init__(self, keys: np.ndarray, starts: np.ndarray, books: np.ndarray, weights: np.ndarray,
                 base: np.ndarray, naming: Sequence[tuple[Sequence[str], int]] = ()):
        self.keys, self.starts, self.books, self.weights, self.base = keys, starts, books, weights, base
        self.naming = [(frozenset(words), int(book)) for words, book in naming]

    @classmethod
    def of_books(cls, books: Sequence[Named], bags: Sequence[Bag]) -> BookModel:
        """The model of a library whose books have these names and bags of words (book_bag): a name (all its
        words) names its book alone when one of its words is in no other book's bag."""
        model = cls.of_bags(bags)
        naming = set()
        for i, book in enumerate(books):
            for name in {book.id.replace("-", " "), book.title, *book.aliases}:
                words = tuple(sorted({stem(t) for t in tokenize(name)}))
                if any(model.spread(w) == 1 for w in words):
                    naming.add((words, i))
        return cls(model.keys, model.starts, model.books, model.weights, model.base, sorted(naming))

    @classmethod
    def of_bags(cls, bags: Sequence[Bag]) -> BookModel:
        """The model of a library whose books have these bags of words (book_bag), without names."""
        tf = np.concatenate([np.zeros(0, dtype=np.int64), *(b.counts for b in bags)])
        books = np.repeat(np.arange(len(bags), dtype=np.int32), [len(b.keys) for b in bags])
        words = np.concatenate([np.zeros(0, dtype=np.uint64), *(b.keys for b in bags)])
        order = np.argsort(words, kind="stable")  # by word, then by book (the bags are in book order)
        words, books, tf = words[order], books[order], tf[order].astype(np.float64)
        new = np.ones(len(words), dtype=bool)
        new[1:] = words[1:] != words[:-1]
        columns = np.cumsum(new) - 1  # each entry's word, columns in key order
        starts = np.append(np.flatnonzero(new), len(words)).astype(np.int64)
        lengths = np.bincount(books, weights=tf, minlength=len(bags))
        background = np.bincount(columns, weights=tf) / max(lengths.sum(), 1.0)
        weights = np.log1p(tf / (SMOOTHING * background[columns]))
        return cls(words[new], starts, books, weights.astype(np.float32), np.log(SMOOTHING / (lengths + SMOOTHING)))

    def _column(self, word: str) -> int | None:
        key = np.uint64(_key(word))
        j = int(np.searchsorted(self.keys, key))
        return j if j < len(self.keys) and self.keys[j] == key else None

    def spread(self, word: str) -> int:
        """How many books use a word (names included)."""
        j = self._column(word)
        return 0 if j is None else int(self.starts[j + 1] - self.starts[j])

    def scores(self, query: str) -> np.ndarray:
        """Per book, the log-likelihood ratio of the question's words under the book against the library, each
        word's share weighted by its rarity."""
        columns = [j for w in question_words(query) if (j := self._column(w)) is not None]
        if not columns:
            return np.zeros(len(self.base))
        spans = [slice(self.starts[j], self.starts[j + 1]) for j in columns]
        spreads = np.array([span.stop - span.start for span in spans])
        rarities = rarity(spreads, len(self.base))
        books = np.concatenate([self.books[span] for span in spans])
        weights = np.concatenate([self.weights[span] for span in spans]) * np.repeat(rarities, spreads)
        return np.bincount(books, weights=weights, minlength=len(self.base)) + rarities.sum() * self.base

    def save(self, folder: Path) -> None:
        """Write the model into a folder (read back with `load`); the marker file last."""
        folder.mkdir(parents=True, exist_ok=True)
        for name in _ARRAYS:
            np.save(folder / f"{name}.npy", getattr(self, name))
        naming = [[sorted(words), book] for words, book in self.naming]
        (folder / MODEL_FILE).write_text(json.dumps({"books": len(self.base), "naming": naming}), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> BookModel:
        """A model saved with `save`, its arrays memory-mapped."""
        marker = json.loads((folder / MODEL_FILE).read_text(encoding="utf-8"))
        keys, starts, books, weights, base = (np.load(folder / f"{name}.npy", mmap_mode="r") for name in _ARRAYS)
        if len(base) != marker["books"] or len(starts) != len(keys) + 1 or not len(books) == len(weights) == starts[-1]:
            raise ValueError(f"{folder}: inconsistent detector files")
        return cls(keys, starts, books, weights, base, marker["naming"])


_ARRAYS = ("keys", "starts", "books", "weights", "base")


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


class GameDetector:
    """Ranks the games of a library for a question, with confidences that sum to at most 1."""

    def __init__(self, books: Sequence[Named], model: BookModel):
        """Over the books' model (BookModel.of_books, or one saved and loaded)."""
        self.titles = {b.id: b.title for b in books}
        self._games = [b.id for b in books]
        self._index = {g: i for i, g in enumerate(self._games)}
        self.model = model

    def _vote_counts(self, votes: Mapping[str, float]) -> np.ndarray:
        counts = np.zeros(len(self._games))
        total = sum(v for v in votes.values() if v > 0)
        for game, vote in votes.items():
            if vote > 0 and game in self._index:
                counts[self._index[game]] = VOTERS * vote / total
        return counts

    def probabilities(self, query: str, votes: Mapping[str, float] | None = None) -> np.ndarray:
        """Per book (in library order), the probability that the question is about it."""
        if not self._games:
            return np.zeros(0)
        own = compared_away(query)  # a game the question compares with is no evidence ('… like in checkers')
        z = LEXICAL_WEIGHT * self.model.scores(own) + VOTE_WEIGHT * np.log1p(self._vote_counts(votes or {}))
        for book in {i for _, i in self._stated(query)}:
            z[book] += NAMED_WEIGHT
        return _softmax(z)

    def _stated(self, query: str) -> list[tuple[frozenset[str], int]]:
        """The distinctive names (words, book index) all of whose words the question says, outside a comparison
        (a game compared with is not named)."""
        words = {stem(t) for t in tokenize(compared_away(query))}
        return [(name, book) for name, book in self.model.naming if name <= words]

    def named(self, query: str) -> str | None:
        """The game the question names by one of its distinctive names (all its words, one of them in no other
        book: 'euchre', 'Cational Meographic'), the longest such name first; None when it names none."""
        stated = [(len(name), book) for name, book in self._stated(query)]
        return self._games[max(stated)[1]] if stated else None

    def profile_scores(self, query: str) -> dict[str, float]:
        """Share of belief per game from the words alone (no chunk votes), for games above 1%."""
        p = self.probabilities(query)
        return {g: float(s) for g, s in zip(self._games, p, strict=True) if s >= 0.01}

    def candidates(self, query: str, votes: Mapping[str, float], named: str | None = None) -> tuple[Candidate, ...]:
        """Games best first, each with the probability that the question is about it, from the question's words
        and the chunk votes (fused search scores per game). A game named in the question (`named`) is found from the
        words themselves: all the words of one of its names, one of which no other book of the library uses
        ('euchre', 'Cational Meographic'), weigh NAMED_WEIGHT; a name that is also another game's word ('go',
        'hearts', 'checkers' in backgammon) counts only as a word of its bag."""
        del named
        p = self.probabilities(query, votes)
        order = np.lexsort((np.arange(len(p)), -p))[:SHOWN]
        return tuple(Candidate(self._games[i], self.titles.get(self._games[i], self._games[i]), float(p[i]))
                     for i in order)
