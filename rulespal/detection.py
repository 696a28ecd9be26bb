"""Which game a question is about, in a library of many books.

Each book is a bag of its words (headings and text, plus its names weighted as NAME_WEIGHT mentions). A question's
words are scored against every book by how much more often the book uses them than the library does as a whole
(query likelihood with Dirichlet smoothing against the library's background distribution): a word every book uses
says nothing, a word one book uses often says a lot, and a short book is not favoured for merely being short. That
score is fused with the games of the nearest chunks (their share of the votes), and a softmax over the library turns
the sum into a probability per game. The two weights were fitted by maximum likelihood on the dev questions only, so
the confidence is a calibrated probability of being right; CONFIDENT is set where confident answers were right
~99% of the time on the dev questions of three libraries (35 books, the three bundled ones)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from scipy import sparse

from rulespal.lexical import tokenize
from rulespal.rulebook import Rulebook

NAME_WEIGHT = 5  # a book's names count as five mentions in its bag of words
SMOOTHING = 1000.0  # Dirichlet prior, in words of the library's background distribution
LEXICAL_WEIGHT = 0.94  # per unit of log-likelihood ratio (fitted on the dev questions)
VOTE_WEIGHT = 1.85  # per unit of log(1 + votes), votes counted in nearest chunks (fitted likewise)
NAMED_WEIGHT = 8.0  # a question with a word of a book's names that no other book uses is about that book
VOTERS = 10  # nearest chunks that vote (retrieval.VOTES): a game's share of the votes times this is its count
CONFIDENT = 0.97
SHOWN = 5
MODEL_FILE = "detector-lm-v1.json"  # marks a saved detector of this format

_NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_VOWEL = re.compile("[aeiouy]")


@dataclass(frozen=True)
class Candidate:
    """A game the question may be about, with a confidence in [0, 1]."""

    game: str
    title: str
    confidence: float

    def to_dict(self) -> dict:
        """JSON form."""
        return {"game": self.game, "title": self.title, "confidence": round(self.confidence, 3)}


def book_terms(book: Rulebook) -> Counter:
    """Term counts of a book's headings and text."""
    return Counter(t for s in book.sections for t in tokenize(f"{s.title} {s.text}"))


class Named(Protocol):
    """A book's names: a Rulebook or its entry in the book list."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...


def stem(token: str) -> str:
    """A token as detection matches it: number words as digits ('thirteen' -> '13'), and a light suffix stem on
    top of tokenize's plural one ('pegged', 'pegging' -> 'peg'; 'scored', 'score' -> 'scor'; 'matches' -> 'match')."""
    if token in _NUMBERS:
        return _NUMBERS[token]
    if not token.isalpha():
        return token
    for suffix in ("ing", "ed"):
        root = token[: -len(suffix)]
        if token.endswith(suffix) and len(root) >= 3 and _VOWEL.search(root):
            token = root
            if len(token) > 3 and token[-1] == token[-2] and token[-1] not in "lsz":
                token = token[:-1]
            break
    if token.endswith("ie") and len(token) > 4:
        token = token[:-2] + "y"
    if token.endswith("e") and len(token) > 3 and token[-2] != "e":
        token = token[:-1]
    return token


def _names(book: Named) -> str:
    return " ".join([book.id.replace("-", " "), book.title, *book.aliases])


def book_bag(book: Named, terms: Counter, stems: dict[str, list[str]] | None = None) -> Counter:
    """A book's bag of detection words: its term counts (as `stem` reads them) and its names, NAME_WEIGHT times.
    `stems` caches term -> its stemmed tokens across books."""
    stems = {} if stems is None else stems
    bag: Counter = Counter()
    for term, count in terms.items():
        words = stems.get(term)
        if words is None:
            words = stems[term] = [stem(t) for t in tokenize(term)]
        for word in words:
            bag[word] += count
    for word in tokenize(_names(book)):
        bag[stem(word)] += NAME_WEIGHT
    return bag


def library_profiles(books: Sequence[Named], headings: Sequence[Sequence[str]],
                     counts: Sequence[Counter]) -> list[str]:
    """Every book's profile as text: its names NAME_WEIGHT times, then each of its terms as often as it uses it
    (headings are in the counts already); GameDetector(books, profiles) scores exactly as the catalogue's."""
    del headings  # counted with the text (book_terms)
    return [" ".join([_names(b)] * NAME_WEIGHT + [t for t, n in c.items() for _ in range(n)])
            for b, c in zip(books, counts, strict=True)]


def profiles(books: Sequence[Rulebook], counts: Sequence[Counter]) -> list[str]:
    """Profiles of every parsed book (see library_profiles)."""
    return library_profiles(books, [[s.title for s in b.sections] for b in books], counts)


class BookModel:
    """The books' word statistics for scoring a question: per book and word the log-likelihood ratio weight
    log(1 + tf / (SMOOTHING * p_library(word))) (sparse), per book log(SMOOTHING / (length + SMOOTHING)), and the
    names that name one book alone (`naming`: a name's words, the book's index)."""

    def __init__(self, vocabulary: dict[str, int], weights: sparse.csc_matrix, base: np.ndarray,
                 naming: Sequence[tuple[Sequence[str], int]] = ()):
        self.vocabulary, self.weights, self.base = vocabulary, weights, base
        self.naming = [(frozenset(words), int(book)) for words, book in naming]

    @classmethod
    def of_books(cls, books: Sequence[Named], bags: Sequence[Counter]) -> BookModel:
        """The model of a library whose books have these names and bags of words (book_bag): a name (all its
        words) names its book alone when one of its words is in no other book's bag."""
        model = cls.of_bags(bags)
        spread = model.spread
        naming = set()
        for i, book in enumerate(books):
            for name in {book.id.replace("-", " "), book.title, *book.aliases}:
                words = tuple(sorted({stem(t) for t in tokenize(name)}))
                if any((j := model.vocabulary.get(w)) is not None and spread[j] == 1 for w in words):
                    naming.add((words, i))
        return cls(model.vocabulary, model.weights, model.base, sorted(naming))

    @classmethod
    def of_bags(cls, bags: Sequence[Counter]) -> BookModel:
        """The model of a library whose books have these bags of words (book_bag), without names."""
        vocabulary: dict[str, int] = {}
        rows, cols, values = [], [], []
        for b, bag in enumerate(bags):
            for word, count in bag.items():
                if count > 0:
                    rows.append(b)
                    cols.append(vocabulary.setdefault(word, len(vocabulary)))
                    values.append(float(count))
        tf, books, words = np.array(values), np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64)
        lengths = np.bincount(books, weights=tf, minlength=len(bags))
        background = np.bincount(words, weights=tf, minlength=len(vocabulary)) / max(lengths.sum(), 1.0)
        weights = np.log1p(tf / (SMOOTHING * background[words]))
        matrix = sparse.csc_matrix((weights, (books, words)), shape=(len(bags), len(vocabulary)))
        return cls(vocabulary, matrix, np.log(SMOOTHING / (lengths + SMOOTHING)))

    @classmethod
    def of_texts(cls, books: Sequence[Named], texts: Iterable[str]) -> BookModel:
        """The model of the books' profile texts (library_profiles)."""
        stems: dict[str, str] = {}
        return cls.of_books(books, [Counter(stems.setdefault(t, stem(t)) for t in tokenize(text)) for text in texts])

    @property
    def spread(self) -> np.ndarray:
        """Per word, how many books use it (names included)."""
        return np.diff(self.weights.indptr)

    def scores(self, query: str) -> np.ndarray:
        """Per book, the log-likelihood ratio of the question's words under the book against the library."""
        columns = [j for t in tokenize(query) if (j := self.vocabulary.get(stem(t))) is not None]
        if not columns:
            return np.zeros(len(self.base))
        w = self.weights
        spans = [slice(w.indptr[j], w.indptr[j + 1]) for j in columns]
        books = np.concatenate([w.indices[span] for span in spans])
        weights = np.concatenate([w.data[span] for span in spans])
        return np.bincount(books, weights=weights, minlength=len(self.base)) + len(columns) * self.base

    def save(self, folder: Path) -> None:
        """Write the model into a folder (read back with `load`); the marker file last."""
        folder.mkdir(parents=True, exist_ok=True)
        sparse.save_npz(folder / "weights.npz", self.weights)
        np.save(folder / "base.npy", self.base)
        (folder / "vocabulary.json").write_text(json.dumps(self.vocabulary), encoding="utf-8")
        naming = [[sorted(words), book] for words, book in self.naming]
        (folder / MODEL_FILE).write_text(json.dumps({"books": len(self.base), "naming": naming}), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> BookModel:
        """A model saved with `save`."""
        marker = json.loads((folder / MODEL_FILE).read_text(encoding="utf-8"))
        books = marker["books"]
        weights = sparse.csc_matrix(sparse.load_npz(folder / "weights.npz"))
        base = np.load(folder / "base.npy")
        vocabulary = json.loads((folder / "vocabulary.json").read_text(encoding="utf-8"))
        if len(base) != books or weights.shape != (books, len(vocabulary)):
            raise ValueError(f"{folder}: inconsistent detector files")
        return cls(vocabulary, weights, base, marker["naming"])


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


class GameDetector:
    """Ranks the games of a library for a question, with confidences that sum to at most 1."""

    def __init__(self, books: Sequence[Named], profile_texts: Sequence[str] = (), model: BookModel | None = None):
        """Over the books' profiles (library_profiles), or over their model already built (`model`)."""
        self.titles = {b.id: b.title for b in books}
        self._games = [b.id for b in books]
        self._index = {g: i for i, g in enumerate(self._games)}
        self.model = model if model is not None else BookModel.of_texts(books, profile_texts)

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
        z = LEXICAL_WEIGHT * self.model.scores(query) + VOTE_WEIGHT * np.log1p(self._vote_counts(votes or {}))
        words = {stem(t) for t in tokenize(query)}
        for book in {i for name, i in self.model.naming if name <= words}:
            z[book] += NAMED_WEIGHT
        return _softmax(z)

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
