"""Hybrid retrieval: dense (Chroma) and BM25 fused by reciprocal rank, per game, with game detection."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np

from rulespal.chunking import Chunk
from rulespal.embeddings import Embedder
from rulespal.lexical import LexicalIndex, tokenize
from rulespal.library import Library
from rulespal.store import ActiveIndex, VectorStore

RRF_K = 60
CANDIDATES = 30
DENSE_WEIGHT, LEXICAL_WEIGHT = 1.0, 1.3  # rulebook questions often share exact terms with the rule
Mode = Literal["hybrid", "dense", "bm25"]


@dataclass(frozen=True)
class Hit:
    """A rulebook section found for a query, with the chunk that matched best."""

    game: str
    section_id: str
    title: str
    heading_path: tuple[str, ...]
    text: str
    score: float
    similarity: float | None

    def to_dict(self) -> dict:
        """JSON form with the DESIGN keys."""
        return {"game": self.game, "section_id": self.section_id, "title": self.title,
                "heading_path": list(self.heading_path), "text": self.text, "score": round(self.score, 6)}


@dataclass(frozen=True)
class SearchResult:
    """Hits for a query, the game they come from, and whether that game was detected rather than given."""

    query: str
    game: str | None
    detected: bool
    hits: tuple[Hit, ...]
    coverage: float = 0.0  # share of the query's words (game names aside) found in the top hit

    @property
    def best_similarity(self) -> float:
        """Highest dense similarity among the hits (0 without any)."""
        return max((h.similarity or 0.0 for h in self.hits), default=0.0)

    def relevant(self, threshold: float) -> bool:
        """Whether the book plausibly covers the query: no shared word at all with a middling similarity, or
        a low similarity with little word overlap, mean it does not."""
        similarity = self.best_similarity
        if self.coverage == 0.0 and similarity < 2 * threshold:
            return False
        return not (similarity < threshold and self.coverage < 0.5)


class Retriever:
    """Searches the active index; built once per process (BM25 and models are reused across queries)."""

    def __init__(self, library: Library, chunks: tuple[Chunk, ...], embedder: Embedder, store: VectorStore,
                 active: ActiveIndex):
        self.library, self.chunks, self.embedder, self.store, self.active = library, chunks, embedder, store, active
        self._position = {c.id: i for i, c in enumerate(chunks)}
        # detecting the game and then searching it reuse one embedding of the query
        self._query_vector = lru_cache(maxsize=512)(self._embed_query)
        self._lexical = LexicalIndex([c.embed_text for c in chunks])
        games = np.array([c.game for c in chunks])
        self._masks = {g: (games == g).astype(np.float32) for g in library.ids}

    def _embed_query(self, query: str) -> tuple[float, ...]:
        return tuple(self.embedder.embed([query])[0])

    def _dense(self, query: str, game: str | None, n: int) -> list[tuple[int, float]]:
        found = self.store.query(self.active.collection, self._query_vector(query), n, game)
        return [(self._position[cid], sim) for cid, sim in found if cid in self._position]

    def _ranked(self, queries: tuple[str, ...], game: str | None, mode: Mode) -> list[tuple[int, float, float | None]]:
        """(chunk index, fused score, dense similarity) best first, fusing every query's dense and BM25 ranks."""
        fused: dict[int, float] = defaultdict(float)
        similarity: dict[int, float] = {}
        for query in queries:
            dense = self._dense(query, game, CANDIDATES) if mode != "bm25" else []
            lexical = self._lexical.search(query, CANDIDATES, self._masks.get(game)) if mode != "dense" else []
            for idx, sim in dense:
                similarity[idx] = max(sim, similarity.get(idx, sim))
            for weight, ranking in ((DENSE_WEIGHT, dense), (LEXICAL_WEIGHT, lexical)):
                for rank, (idx, _score) in enumerate(ranking):
                    fused[idx] += weight / (RRF_K + rank + 1)
        order = sorted(fused.items(), key=lambda kv: -kv[1])
        return [(idx, score, similarity.get(idx)) for idx, score in order]

    def detect_game(self, query: str) -> str | None:
        """The game a question is about: a named title/alias, else the game of the strongest hits."""
        named = self.library.mentioned(query)
        if named is not None:
            return named.id
        votes: dict[str, float] = defaultdict(float)
        for idx, score, _sim in self._ranked((query,), None, "hybrid")[:8]:
            votes[self.chunks[idx].game] += score
        return max(votes, key=votes.get) if votes else None

    def search(self, query: str, game: str | None = None, k: int = 5, mode: Mode = "hybrid",
               follow_up_of: str | None = None) -> SearchResult:
        """Top-k sections for a query within a game (detected from the query when not given). A follow-up
        ('and in solo mode?') is searched both alone and joined to the question it follows, ranks fused."""
        queries = (f"{follow_up_of} {query}", query) if follow_up_of else (query,)
        detected = game is None
        if game is None:
            game = self.detect_game(queries[0])
        else:
            game = self.library.resolve(game).id
        best: dict[str, Hit] = {}
        for idx, score, sim in self._ranked(queries, game, mode):
            chunk = self.chunks[idx]
            if chunk.section_id not in best:
                best[chunk.section_id] = Hit(chunk.game, chunk.section_id, chunk.title, chunk.heading_path,
                                             chunk.text, score, sim)
            if len(best) >= k:
                break
        hits = tuple(best.values())
        return SearchResult(query, game, detected and game is not None, hits, self._coverage(queries[0], game, hits))

    def _coverage(self, query: str, game: str | None, hits: tuple[Hit, ...]) -> float:
        names = set()
        if game:
            book = self.library.resolve(game)
            names = {t for name in self.library.names(book) for t in tokenize(name)}
        wanted = set(tokenize(query)) - names
        if not hits or not wanted:
            return 0.0
        top = hits[0]
        return len(wanted & set(tokenize(" ".join(top.heading_path) + " " + top.text))) / len(wanted)
