"""Which game a question is about, in a library of many books: BM25 over one profile per book (title, aliases,
headings, distinctive terms) fused with the games of the nearest chunks and any game named in the question."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from rulespal.lexical import LexicalIndex, tokenize
from rulespal.rulebook import Rulebook

PROFILE_TERMS = 80  # distinctive terms kept per book
NAME_REPEAT = 3  # a book's names weigh as much as three mentions in its profile
SHARPNESS = 6.0  # how steeply profile scores below the best fall off
WEIGHTS = {"profile": 0.5, "votes": 0.5, "named": 0.2}
CONFIDENT = 0.65
SHOWN = 5


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


def _distinctive(terms: Counter, idf: Mapping[str, float], retokenize: dict[str, list[str]] | None = None) -> list[str]:
    """A book's PROFILE_TERMS most distinctive terms by tf-idf, each repeated as often as the book uses it (as
    tokenize reads it back when `retokenize`: a stemmed 'theirs' is the stopword 'their')."""
    keys = list(terms)
    counts = [terms[t] for t in keys]
    scale = [1 + math.log(c) for c in range(max(counts, default=1) + 1) if c] if counts else []
    weights = np.array([scale[c - 1] for c in counts]) * np.array([idf[t] for t in keys])
    order = np.lexsort((np.arange(len(keys)), -weights))[:PROFILE_TERMS]  # = sorted(reverse=True): ties in order
    best = [keys[i] for i in order]
    if retokenize is not None:  # term -> its tokens, shared across books
        for t in best:
            if t not in retokenize:
                retokenize[t] = tokenize(t)
        return [token for t in best for token in retokenize[t] * terms[t]]
    return [t for t in best for _ in range(terms[t])]


def _names(book: Named) -> str:
    return " ".join([book.id.replace("-", " "), book.title, *book.aliases])


def _idf(counts: Sequence[Counter]) -> dict[str, float]:
    df = Counter(t for c in counts for t in c)
    return {t: math.log(1 + len(counts) / n) for t, n in df.items()}


def profile_text(book: Named, headings: Sequence[str], terms: Counter, document_frequency: Mapping[str, int],
                 books: int) -> str:
    """A book's profile: names (repeated), heading titles, and its most distinctive terms by tf-idf."""
    idf = {t: math.log(1 + books / document_frequency.get(t, 1)) for t in terms}
    return " ".join([_names(book)] * NAME_REPEAT + list(headings) + _distinctive(terms, idf))


def library_profiles(books: Sequence[Named], headings: Sequence[Sequence[str]],
                     counts: Sequence[Counter]) -> list[str]:
    """Profiles of every book from its names, heading titles and term counts, with document frequencies over the
    whole library."""
    idf = _idf(counts)
    return [" ".join([_names(b)] * NAME_REPEAT + list(h) + _distinctive(c, idf))
            for b, h, c in zip(books, headings, counts, strict=True)]


def library_profile_tokens(books: Sequence[Named], headings: Sequence[Sequence[str]],
                           counts: Sequence[Counter]) -> list[list[str]]:
    """The tokens of library_profiles, without tokenising the distinctive terms again (they are tokens already)."""
    idf, tokens = _idf(counts), dict[str, list[str]]()
    return [tokenize(_names(b)) * NAME_REPEAT + tokenize(" ".join(h)) + _distinctive(c, idf, tokens)
            for b, h, c in zip(books, headings, counts, strict=True)]


def profiles(books: Sequence[Rulebook], counts: Sequence[Counter]) -> list[str]:
    """Profiles of every parsed book (see library_profiles)."""
    return library_profiles(books, [[s.title for s in b.sections] for b in books], counts)


def _normalise(scores: Mapping[str, float]) -> dict[str, float]:
    total = sum(scores.values())
    return {g: s / total for g, s in scores.items()} if total > 0 else {}


class GameDetector:
    """Ranks the games of a library for a question, with confidences that sum to at most 1."""

    def __init__(self, books: Sequence[Named], profile_texts: Sequence[str] = (),
                 lexical: LexicalIndex | None = None):
        """Over the books' profiles, or over BM25 of them already built (`lexical`, one document per book)."""
        self.titles = {b.id: b.title for b in books}
        self._games = [b.id for b in books]
        self._lexical = lexical if lexical is not None else LexicalIndex(profile_texts)

    def profile_scores(self, query: str) -> dict[str, float]:
        """Share of belief per game from the book profiles (softmax of BM25 scores relative to the best)."""
        found = self._lexical.search(query, 20)
        if not found:
            return {}
        best = found[0][1]
        return _normalise({self._games[i]: math.exp(SHARPNESS * (s / best - 1)) for i, s in found})

    def candidates(self, query: str, votes: Mapping[str, float], named: str | None) -> tuple[Candidate, ...]:
        """Games best first: profile belief, chunk votes (fused search scores per game) and a named game."""
        parts = {"profile": self.profile_scores(query), "votes": _normalise(votes),
                 "named": {named: 1.0} if named else {}}
        weight = sum(WEIGHTS[k] for k, part in parts.items() if part)
        fused: dict[str, float] = defaultdict(float)
        for key, part in parts.items():
            for game, share in part.items():
                fused[game] += WEIGHTS[key] * share / weight
        best = sorted(fused.items(), key=lambda kv: -kv[1])[:SHOWN]
        return tuple(Candidate(g, self.titles.get(g, g), c) for g, c in best)
