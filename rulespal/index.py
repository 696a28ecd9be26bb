"""Keep the vector index in step with the rulebooks: fingerprint, rebuild when it changes."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from rulespal.chunking import CHUNKER_VERSION, Chunk, chunk_rulebook
from rulespal.embedding_cache import EmbeddingCache
from rulespal.embeddings import Embedder
from rulespal.library import Library
from rulespal.store import ActiveIndex, VectorStore


def fingerprint(library: Library, model_id: str) -> str:
    """sha256 over every rulebook's id and content, the embedding model and the chunker version."""
    digest = hashlib.sha256(f"{model_id}\n{CHUNKER_VERSION}\n".encode())
    for book in library.books:
        digest.update(f"{book.id}\n{len(book.content)}\n".encode())
        digest.update(book.content.encode())
    return digest.hexdigest()


def all_chunks(library: Library) -> tuple[Chunk, ...]:
    """Chunks of every rulebook, in library order."""
    return tuple(c for book in library.books for c in chunk_rulebook(book))


@dataclass(frozen=True)
class IndexStatus:
    """What ensure_index found or did."""

    active: ActiveIndex
    chunks: tuple[Chunk, ...]
    rebuilt: bool


Progress = Callable[[int, int], None]  # (chunks done, chunks in all)
EMBED_BATCH = 256


def ensure_index(library: Library, embedder: Embedder, store: VectorStore, force: bool = False,
                 cache: EmbeddingCache | None = None, progress: Progress | None = None) -> IndexStatus:
    """Rebuild the index when the fingerprint changed (or when forced); otherwise reuse it. A rebuild embeds
    batch by batch (through the cache when given) and writes each batch at once, so memory stays bounded; the
    new collection becomes active only when complete."""
    chunks = all_chunks(library)
    wanted = fingerprint(library, embedder.model_id)
    active = store.active()
    if active is not None and active.fingerprint == wanted and not force:
        return IndexStatus(active, chunks, rebuilt=False)
    embed = cache.embed if cache is not None else embedder.embed
    name = store.create(wanted)
    try:
        for start in range(0, len(chunks), EMBED_BATCH):
            batch = chunks[start:start + EMBED_BATCH]
            store.add(name, batch, embed([c.embed_text for c in batch]))
            if progress is not None:
                progress(start + len(batch), len(chunks))
    except BaseException:
        store.discard(name)
        raise
    return IndexStatus(store.activate(name, wanted), chunks, rebuilt=True)
