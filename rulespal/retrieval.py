"""Hybrid retrieval: dense (Chroma) and BM25 fused by reciprocal rank within a game, small chunks widened into
passages that hold the rule, and game detection with a confidence."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

import numpy as np

from rulespal.chunking import Chunk, chunk_rulebook
from rulespal.detection import CONFIDENT, BookModel, Candidate, GameDetector, book_bag, book_terms
from rulespal.embeddings import Embedder
from rulespal.glossary import with_glossary_terms
from rulespal.lexical import LexicalIndex, stemmed, tokenize
from rulespal.library import Library
from rulespal.matter import VariantNames, named_variants, variant_names, variant_roots, within
from rulespal.passages import PER_HIT_CHARS, TOTAL_CHARS, build
from rulespal.player_words import with_book_terms
from rulespal.rulebook import Rulebook
from rulespal.store import ActiveIndex, VectorStore

RRF_K = 60
CANDIDATES = 40
VOTES = 10  # nearest chunks across the library that vote for a game
VOTE_POWER = 4  # a voting chunk weighs its cosine similarity to this power: the closest chunks count most
VOTES_PER_GAME = 2  # a game's nearest chunks that vote: a long book's many chunks on one topic do not outvote others
DENSE_WEIGHT, LEXICAL_WEIGHT = 1.0, 1.3  # rulebook questions often share exact terms with the rule
VARIANT_RANKS = 5  # ranks a variant's chunk gives up when the question does not name the variant
Mode = Literal["hybrid", "dense", "bm25"]


@dataclass(frozen=True)
class Hit:
    """A rulebook section found for a query: the passage around its best-matching chunk, and that chunk's exact
    text (`span`)."""

    game: str
    section_id: str
    title: str
    heading_path: tuple[str, ...]
    text: str
    score: float
    similarity: float | None
    span: str = ""
    page: int | None = None  # the section's first page, when the book came from a PDF

    def to_dict(self) -> dict:
        """JSON form with the DESIGN keys, plus the matched span and the page (null unless from a PDF)."""
        return {"game": self.game, "section_id": self.section_id, "title": self.title,
                "heading_path": list(self.heading_path), "text": self.text, "score": round(self.score, 6),
                "span": self.span, "page": self.page}


@dataclass(frozen=True)
class SearchResult:
    """Hits for a query, the game they come from, and whether that game was detected rather than given. When
    detection is not confident, `game` is None, `candidates` lists the likely games and the hits come from the
    likeliest one."""

    query: str
    game: str | None
    detected: bool
    hits: tuple[Hit, ...]
    coverage: float = 0.0  # share of the query's words (game names aside) found in the top hit
    candidates: tuple[Candidate, ...] = ()
    confident: bool = True

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


def game_votes(nearest: Sequence[tuple[str, float]]) -> dict[str, float]:
    """Each game's vote from the nearest chunks (id, cosine similarity), best first: the similarities to the
    VOTE_POWER of its VOTES_PER_GAME nearest chunks (a chunk id starts with its game: no book is read to vote)."""
    votes: dict[str, float] = defaultdict(float)
    counted: dict[str, int] = defaultdict(int)
    for cid, similarity in nearest:
        game = cid.split(":", 1)[0]
        if counted[game] < VOTES_PER_GAME:
            votes[game] += max(similarity, 0.0) ** VOTE_POWER
            counted[game] += 1
    return dict(votes)


def as_searched(question: str, book: Rulebook) -> str:
    """A question as it is searched in a book: the players' words joined by the book's terms, the glossary terms it
    says in plain words, and the titles of the rules it cites by number."""
    return with_book_terms(with_glossary_terms(book.with_cited_titles(question), book), book.words)


class Retriever:
    """Searches the active index; built once per process. A book's chunks and BM25 are built on its first search."""

    def __init__(self, library: Library, embedder: Embedder, store: VectorStore, active: ActiveIndex):
        self.library, self.embedder, self.store, self.active = library, embedder, store, active
        # detecting the game and then searching it reuse one embedding of the query
        self._query_vector = lru_cache(maxsize=512)(self._embed_query)
        self._chunks = lru_cache(maxsize=256)(self._book_chunks)
        self._lexical = lru_cache(maxsize=64)(self._book_lexical)
        self._variants = lru_cache(maxsize=64)(self._book_variants)
        self._vectors = lru_cache(maxsize=64)(self._book_vectors)

    @property
    def chunk_count(self) -> int:
        """Chunks in the active index."""
        return self.store.count(self.active.collection)

    def _embed_query(self, query: str) -> tuple[float, ...]:
        return tuple(self.embedder.embed_query(query))

    def _book_chunks(self, game: str) -> dict[str, Chunk]:
        return {c.id: c for c in chunk_rulebook(self.library.resolve(game))}

    def _book_lexical(self, game: str) -> tuple[LexicalIndex, tuple[Chunk, ...]]:
        chunks = tuple(self._chunks(game).values())
        return LexicalIndex([c.embed_text for c in chunks], analyzer=stemmed), chunks

    def _book_variants(self, game: str) -> tuple[tuple[str, ...], VariantNames]:
        """The outermost sections holding a variant of the book's rules (optional rules, variant chapters), and
        what names each variant section (see matter.variant_names)."""
        book = self.library.resolve(game)
        return tuple(root.id for root in variant_roots(book)), variant_names(book, self.library.names(book))

    def _demoted(self, query: str, game: str) -> frozenset[str]:
        """Ids of the variant roots a query names nothing of: their chunks rank below the standard rules."""
        roots, naming = self._variants(game)
        named = named_variants(naming, query, strict=False)
        return frozenset(root for root in roots if not any(within(section, root) for section in named))

    @cached_property
    def detector(self) -> GameDetector:
        """Game detection over the library (built here when no catalogue provides it)."""
        bags = [book_bag(info, book_terms(self.library.read(info.id))) for info in self.library.infos]
        return GameDetector(self.library.infos, BookModel.of_books(self.library.infos, bags))

    def _chunk(self, chunk_id: str) -> Chunk | None:
        game = chunk_id.split(":", 1)[0]
        return self._chunks(game).get(chunk_id) if game in self.library else None

    def _book_vectors(self, game: str) -> tuple[tuple[str, ...], np.ndarray]:
        entry = self.active.books.get(game)
        return self.store.book_vectors(self.active.collection, game, entry.fingerprint) if entry else ((), np.zeros(0))

    def _dense(self, query: str, game: str | None, n: int) -> list[tuple[Chunk, float]]:
        """The n chunks nearest the query: across the library through Chroma's index, within a game by ranking the
        book's own vectors (held for the book's later searches)."""
        if game is None:
            found = self.store.query(self.active.collection, self._query_vector(query), n, None)
        else:
            ids, vectors = self._vectors(game)
            sims = vectors @ np.asarray(self._query_vector(query), dtype=np.float32) if len(ids) else np.zeros(0)
            found = [(ids[i], float(sims[i])) for i in np.argsort(-sims, kind="stable")[:n]]
        return [(chunk, sim) for cid, sim in found if (chunk := self._chunk(cid)) is not None]

    def _ranked(self, queries: tuple[str, ...], game: str, mode: Mode) -> list[tuple[Chunk, float, float | None]]:
        """(chunk, fused score, dense similarity) best first, fusing every query's dense and BM25 ranks."""
        fused: dict[str, float] = defaultdict(float)
        similarity: dict[str, float] = {}
        chunks: dict[str, Chunk] = {}
        lexical, book_chunks = self._lexical(game)
        demoted = self._demoted(" ".join(queries), game)
        for query in queries:
            dense = self._dense(query, game, CANDIDATES) if mode != "bm25" else []
            words = [(book_chunks[i], s) for i, s in lexical.search(query, CANDIDATES)] if mode != "dense" else []
            for chunk, sim in dense:
                similarity[chunk.id] = max(sim, similarity.get(chunk.id, sim))
            for weight, ranking in ((DENSE_WEIGHT, dense), (LEXICAL_WEIGHT, words)):
                for rank, (chunk, _score) in enumerate(ranking):
                    penalty = VARIANT_RANKS if any(within(chunk.section_id, root) for root in demoted) else 0
                    fused[chunk.id] += weight / (RRF_K + rank + 1 + penalty)
                    chunks[chunk.id] = chunk
        order = sorted(fused.items(), key=lambda kv: -kv[1])
        return [(chunks[cid], score, similarity.get(cid)) for cid, score in order]

    def detect(self, query: str) -> tuple[Candidate, ...]:
        """Likely games for a question, best first, with confidences (the nearest chunks vote by similarity)."""
        nearest = self.store.query(self.active.collection, self._query_vector(query), VOTES, None)
        votes = game_votes([(cid, sim) for cid, sim in nearest if cid.split(":", 1)[0] in self.library])
        named = self.library.mentioned(query)
        return self.detector.candidates(query, votes, named.id if named else None)

    def search(self, query: str, game: str | None = None, k: int = 5, mode: Mode = "hybrid",
               follow_up_of: str | None = None, budget: int = TOTAL_CHARS) -> SearchResult:
        """Top-k sections for a query within a game (detected from the query when not given), each returned as
        the passage around its match (about `budget` characters in all). A follow-up ('and in solo mode?') is
        searched both alone and joined to the question it follows, ranks fused; players' words ('next to') are
        searched with the rulebook terms they stand for ('adjacent')."""
        queries = (f"{follow_up_of} {query}", query) if follow_up_of else (query,)
        candidates: tuple[Candidate, ...] = ()
        if game is None:
            candidates = self.detect(queries[0])
            target = candidates[0].game if candidates else None
            confident = bool(candidates) and candidates[0].confidence >= CONFIDENT
        else:
            target, confident = self.library.resolve(game).id, True
        book = self.library.resolve(target) if target else None
        searched = tuple(as_searched(q, book) if book else with_book_terms(q) for q in queries)
        hits = self._hits(searched, target, k, mode, budget) if target else ()
        shown = target if confident else None
        return SearchResult(query, shown, game is None and shown is not None, hits,
                            self._coverage(queries[0], target, hits), candidates, confident)

    def _hits(self, queries: tuple[str, ...], game: str, k: int, mode: Mode, budget: int) -> tuple[Hit, ...]:
        """The best k sections, each widened from its matched chunks into a passage; a section already held by
        an earlier passage keeps only its matched span."""
        best: dict[str, tuple[Chunk, float, float | None]] = {}
        spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for chunk, score, sim in self._ranked(queries, game, mode):
            if chunk.section_id not in best and len(best) < k:
                best[chunk.section_id] = (chunk, score, sim)
            spans[chunk.section_id].append((chunk.start, chunk.end))
        book = self.library.resolve(game)
        hits: list[Hit] = []
        covered: set[str] = set()
        left = budget
        for section_id, (chunk, score, sim) in best.items():
            section = book.section(section_id)
            if section is None:  # chunks are cut from this very book, so every section id is in it
                continue
            if section_id in covered:
                text = chunk.text
            else:
                passage = build(book, section, spans[section_id], min(PER_HIT_CHARS, max(left, 0)), tuple(spans))
                covered.update(passage.covered)
                text = passage.text
            left -= len(text)
            hits.append(Hit(game, section_id, chunk.title, chunk.heading_path, text, score, sim, chunk.text,
                            section.pages[0] if section.pages else None))
        return tuple(hits)

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
