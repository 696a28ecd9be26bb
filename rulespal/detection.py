"""Which game a question is about, in a library of many books: BM25 over one profile per book (title, aliases,
headings, distinctive terms) fused with the games of the nearest chunks and any game named in the question."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

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


def profile_text(book: Named, headings: Sequence[str], terms: Counter, document_frequency: Mapping[str, int],
                 books: int) -> str:
    """A book's profile: names (repeated), heading titles, and its most distinctive terms by tf-idf."""
    def weight(term: str) -> float:
        return (1 + math.log(terms[term])) * math.log(1 + books / document_frequency.get(term, 1))

    distinctive = [t for t in sorted(terms, key=weight, reverse=True)[:PROFILE_TERMS] for _ in range(terms[t])]
    names = " ".join([book.id.replace("-", " "), book.title, *book.aliases])
    return " ".join([names] * NAME_REPEAT + list(headings) + distinctive)


def library_profiles(books: Sequence[Named], headings: Sequence[Sequence[str]],
                     counts: Sequence[Counter]) -> list[str]:
    """Profiles of every book from its names, heading titles and term counts, with document frequencies over the
    whole library."""
    df = Counter(t for c in counts for t in c)
    return [profile_text(b, h, c, df, len(books)) for b, h, c in zip(books, headings, counts, strict=True)]


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
