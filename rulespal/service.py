"""The service layer the CLI and the API share: games, table of contents, sections, search, engines, ingest."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from engine import GameEngine, engine_ids, get_engine
from rulespal.catalogue import Catalogue
from rulespal.embedding_cache import EmbeddingCache
from rulespal.embeddings import Embedder, get_embedder
from rulespal.errors import NoEngine, NotRemovable
from rulespal.index import IndexStatus, Progress, ensure_index, retire
from rulespal.library import Library, read_sources, write_sources
from rulespal.passages import TOTAL_CHARS
from rulespal.retrieval import Mode, Retriever, SearchResult
from rulespal.rulebook import Rulebook, Section
from rulespal.settings import Settings, get_settings
from rulespal.store import VectorStore, make_client
from rulespal.views import EngineView, GameView, IngestReport, SearchView, SectionView, TocView


def _engine_of(game_id: str) -> GameEngine:
    try:
        return get_engine(game_id)
    except KeyError as exc:
        raise NoEngine(exc.args[0]) from exc


class RulesPal:
    """Everything RulesPal knows in one process: rulebooks, index, retriever and engines (built lazily, once)."""

    def __init__(self, settings: Settings | None = None):
        self.settings = settings or get_settings()
        self._lock = threading.Lock()
        self._ingest_lock = threading.Lock()
        self._retriever: Retriever | None = None

    def _library_paths(self) -> list[Path]:
        return [self.settings.rulebooks_dir, *read_sources(self.settings.sources_file)]

    @cached_property
    def library(self) -> Library:
        """The rulebooks: bundled plus those added with ingest (only new or changed files are read)."""
        return Library.from_paths(self._library_paths(), self.catalogue.book_list)

    @cached_property
    def embedder(self) -> Embedder:
        """The embedding model (loaded on first use)."""
        return get_embedder(self.settings.embedding_model)

    @cached_property
    def store(self) -> VectorStore:
        """The Chroma store (local or server)."""
        return VectorStore(make_client(self.settings))

    @cached_property
    def embedding_cache(self) -> EmbeddingCache:
        """Chunk vectors already computed, by model and text (under home)."""
        return EmbeddingCache(self.settings.home / "embeddings.sqlite", self.embedder)

    @cached_property
    def catalogue(self) -> Catalogue:
        """The book list and detection model of the library, cached under home."""
        return Catalogue(self.settings.home / "catalogue")

    def _build(self, library: Library, force: bool = False,
               progress: Progress | None = None) -> tuple[IndexStatus, Retriever]:
        """Bring the index up to date for a library (slow: may embed every chunk); changes no served state."""
        # from disk instead of re-reading every book; built before the embedding model and a grown vector index
        # are in memory, so its peak does not add to theirs
        detector = self.catalogue.detector(library)
        status = ensure_index(library, self.embedder, self.store, force=force, cache=self.embedding_cache,
                              progress=progress)
        retriever = Retriever(library, self.embedder, self.store, status.active)
        retriever.detector = detector
        return status, retriever

    @property
    def retriever(self) -> Retriever:
        """The retriever over an up-to-date index (new or changed books written first)."""
        with self._lock:
            if self._retriever is None:
                status, self._retriever = self._build(self.library)
                retire(status, self.store)
            return self._retriever

    def open_index(self) -> Retriever:
        """Load the models and build or open the index now, instead of on the first search."""
        return self.retriever

    # --- browsing -------------------------------------------------------------------------------------------
    def games(self) -> list[GameView]:
        """Every game with its title, aliases and whether it has a rules engine."""
        engines = set(engine_ids())
        return [GameView(b.id, b.title, b.aliases, b.players, b.sections, b.id in engines) for b in self.library.infos]

    def book(self, game: str) -> Rulebook:
        """A rulebook by id, title or alias."""
        return self.library.resolve(game)

    def toc(self, game: str) -> TocView:
        """The table of contents of a game as a tree."""
        return TocView.of(self.book(game))

    def section(self, game: str, section_id: str) -> tuple[Rulebook, Section]:
        """A section of a rulebook, with the book it belongs to."""
        return self.library.section(game, section_id)

    def read_section(self, game: str, section_id: str) -> SectionView:
        """A section of a rulebook as the front ends show it."""
        return SectionView.of(*self.section(game, section_id))

    def search(self, query: str, game: str | None = None, k: int = 5, mode: Mode = "hybrid",
               follow_up_of: str | None = None, budget: int = TOTAL_CHARS) -> SearchResult:
        """Hybrid search, restricted to a game when given (detected otherwise); see Retriever.search."""
        return self.retriever.search(query, game=game, k=k, mode=mode, follow_up_of=follow_up_of, budget=budget)

    def search_view(self, query: str, game: str | None = None, k: int = 5) -> SearchView:
        """A hybrid search as the front ends show it: the query with the game, candidates and hits."""
        return SearchView(query, self.search(query, game=game, k=k))

    # --- engines --------------------------------------------------------------------------------------------
    def engine(self, game: str) -> EngineView:
        """A game's rules engine and its operations; NoEngine when the game has none."""
        game_id = self.book(game).id
        return EngineView(game_id, _engine_of(game_id))

    def run_engine(self, game: str, operation: str, document: Any) -> dict[str, Any]:
        """Run an engine operation (check, score, …) on a position document; PositionError on bad input."""
        try:
            op = self.engine(game).engine.operation(operation)
        except KeyError as exc:
            raise NoEngine(exc.args[0]) from exc
        return op.run(document)

    # --- ingestion ------------------------------------------------------------------------------------------
    def ingest(self, paths: Sequence[Path] = (), force: bool = False, progress: Progress | None = None) -> IngestReport:
        """Add rulebook files/folders (validated first), then write the new or changed books into the index and drop
        removed ones; `progress` is called with (books done, books to write, chunks written) as each batch of
        chunks and each book is written."""
        started = time.perf_counter()
        new_paths = [p.resolve() for p in paths]
        known = read_sources(self.settings.sources_file)
        # raises before anything is written
        candidate = Library.from_paths([*self._library_paths(), *new_paths], self.catalogue.book_list)
        with self._ingest_lock:  # one rebuild at a time; searches go on against the served index meanwhile
            # on failure the old index and library stay
            status, retriever = self._build(candidate, force=force, progress=progress)
            if new_paths:
                write_sources(self.settings.sources_file, list(dict.fromkeys([*known, *new_paths])))
            with self._lock:
                self._retriever, self.__dict__["library"] = retriever, candidate
            retire(status, self.store)
        return IngestReport(candidate.ids, status.active.chunk_count, status.rebuilt, time.perf_counter() - started)

    def remove(self, game: str) -> IngestReport:
        """Take a rulebook added as a single file out of the sources and the index (NotRemovable for bundled books
        and books added with a folder); on failure the sources, library and index stay as they were."""
        book = self.book(game)
        source, known = Path(book.source_path).resolve(), read_sources(self.settings.sources_file)
        if source not in known:
            where = ("is bundled with RulesPal" if source.is_relative_to(self.settings.rulebooks_dir.resolve())
                     else f"was added with its folder {source.parent}")
            raise NotRemovable(f"{book.id} {where}; only rulebooks added as single files can be removed")
        write_sources(self.settings.sources_file, [p for p in known if p != source])
        try:
            return self.ingest()
        except BaseException:
            write_sources(self.settings.sources_file, known)
            raise
