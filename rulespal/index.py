"""Keep the vector index in step with the rulebooks, book by book: each book has a fingerprint (content, chunker,
embedding model); only new or changed books are chunked and embedded, removed ones are dropped, and a changed
model or chunker builds a new collection. An interrupted ingest resumes where it stopped."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from rulespal.chunking import CHUNKER_VERSION, Chunk, chunk_rulebook
from rulespal.embedding_cache import EmbeddingCache
from rulespal.embeddings import Embedder
from rulespal.library import BookInfo, Library
from rulespal.rulebook import Rulebook
from rulespal.store import CHUNK_PREFIX, ActiveIndex, BookEntry, VectorStore


def space(model_id: str) -> str:
    """Fingerprint of what makes vectors comparable: the embedding model and the chunker version."""
    return hashlib.sha256(f"{model_id}\n{CHUNKER_VERSION}\n".encode()).hexdigest()


def book_fingerprint(book: Rulebook | BookInfo, model_id: str) -> str:
    """sha256 over a book's id and content digest, the embedding model and the chunker version (from the book
    list, without reading the file)."""
    return hashlib.sha256(f"{space(model_id)}\n{book.id}\n{book.digest}\n".encode()).hexdigest()


def fingerprint(library: Library, model_id: str) -> str:
    """sha256 over every book's fingerprint, in library order."""
    return hashlib.sha256("\n".join(book_fingerprint(b, model_id) for b in library.infos).encode()).hexdigest()


@dataclass(frozen=True)
class IndexStatus:
    """What ensure_index found or did: the index to serve, the books written and those to retire once served."""

    active: ActiveIndex
    written: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def rebuilt(self) -> bool:
        """Whether anything was written or removed."""
        return bool(self.written or self.stale)


Progress = Callable[[int, int, int], None]  # (books done, books to write, chunks written so far)
EMBED_BATCH = 256  # chunks of one book embedded in one call, from the book's start: int8 activations are scaled per
# call, so a book's vectors then depend on the book alone (the same whether it is ingested alone or in a library)
WRITE_BATCH = 2048  # chunks written to Chroma, and reported, together (across books)


@dataclass(frozen=True)
class Window:
    """Pieces of books (each embedded in one call) written together, the first chunks of the books whose first piece
    is among them (leftovers of those books are cleared first) and the books whose last piece is (recorded complete
    after), with their chunk counts."""

    pieces: tuple[tuple[Chunk, ...], ...]
    opened: tuple[Chunk, ...]
    completed: tuple[tuple[str, int], ...]

    @property
    def chunks(self) -> tuple[Chunk, ...]:
        """Every chunk of the window, in order."""
        return tuple(c for piece in self.pieces for c in piece)


def _windows(library: Library, todo: Sequence[str], size: int) -> Iterator[Window]:
    """The books to write cut into pieces of EMBED_BATCH chunks, gathered in windows of at least `size` chunks."""
    pieces: list[tuple[Chunk, ...]] = []
    opened: list[Chunk] = []
    done: list[tuple[str, int]] = []
    count = 0
    for game in todo:
        chunks = chunk_rulebook(library.read(game))
        opened.extend(chunks[:1])
        if not chunks:
            done.append((game, 0))
        for start in range(0, len(chunks), EMBED_BATCH):
            pieces.append(tuple(chunks[start:start + EMBED_BATCH]))
            count += len(pieces[-1])
            if start + EMBED_BATCH >= len(chunks):
                done.append((game, len(chunks)))
            if count >= size:
                yield Window(tuple(pieces), tuple(opened), tuple(done))
                pieces, opened, done, count = [], [], [], 0
    if pieces or opened or done:
        yield Window(tuple(pieces), tuple(opened), tuple(done))


def ensure_index(library: Library, embedder: Embedder, store: VectorStore, force: bool = False,
                 cache: EmbeddingCache | None = None, progress: Progress | None = None) -> IndexStatus:
    """Write the books whose fingerprint is not in the index yet (all of them into a new collection when the model
    or chunker changed, or when forced), then make the result active. Old versions of changed books and removed
    books stay searchable until `retire` is called; a failure leaves the active index as it was, and the books
    already written are kept for the next run."""
    model_space = space(embedder.model_id)
    active = store.active()
    same_space = active is not None and active.collection.startswith(f"{CHUNK_PREFIX}{model_space[:16]}")
    reused = active if same_space and not force else None  # the served collection, extended in place
    name = reused.collection if reused is not None else store.building(model_space, fresh=force)
    have = store.books(name)
    wanted = {b.id: book_fingerprint(b, embedder.model_id) for b in library.infos}
    todo: Sequence[str] = [g for g in library.ids if g not in have or have[g].fingerprint != wanted[g]]
    stale = tuple(g for g in have if g not in wanted)
    library_fp = fingerprint(library, embedder.model_id)
    if reused is not None and not todo and not stale and reused.fingerprint == library_fp:
        return IndexStatus(reused, (), ())
    embed = cache.embed if cache is not None else embedder.embed
    done, chunks = 0, 0

    def write(window: Window, vectors: Sequence[Sequence[float]]) -> None:
        nonlocal done, chunks
        for first in window.opened:
            store.clear(name, first, wanted[first.game])  # leftovers of an interrupted write of this very version
        written = window.chunks
        if written:
            store.add(name, written, vectors, wanted)
        for game, count in window.completed:
            store.record(name, game, BookEntry(wanted[game], count))
        done, chunks = done + len(window.completed), chunks + len(written)
        if progress is not None:
            progress(done, len(todo), chunks)

    with ThreadPoolExecutor(1, thread_name_prefix="rulespal-index-writer") as writer:
        pending: Future[None] | None = None
        for window in _windows(library, todo, WRITE_BATCH):
            vectors = [v for piece in window.pieces for v in embed([c.embed_text for c in piece])]
            if pending is not None:
                pending.result()  # one window written while the next is embedded; its error stops the ingest
            pending = writer.submit(write, window, vectors)
        if pending is not None:
            pending.result()
    result = store.activate(name, library_fp, model_space)
    served = ActiveIndex(name, library_fp, {g: e for g, e in result.books.items() if g in wanted})
    return IndexStatus(served, tuple(todo), stale)


def retire(status: IndexStatus, store: VectorStore) -> None:
    """Drop older collections, replaced versions of rewritten books and removed books, once the index is served."""
    store.drop_others(status.active.collection)
    for game in status.written:
        store.retire(status.active.collection, game, status.active.books[game])
    for game in status.stale:
        store.retire(status.active.collection, game, None)
