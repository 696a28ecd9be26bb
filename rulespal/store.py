"""Chroma vector store: local PersistentClient or a Chroma server. One collection per embedding model and chunker
holds every book's chunks, tagged with the book's fingerprint; a small meta collection names the active collection
and records each book that was written completely, so a book is added, replaced or removed on its own."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlparse

import chromadb
import numpy as np
from chromadb.api.types import GetResult, Where
from chromadb.base_types import LiteralValue, LogicalOperator, WhereOperator
from chromadb.config import Settings as ChromaSettings

from rulespal.chunking import Chunk
from rulespal.settings import Settings

META_COLLECTION = "rulespal-meta"
CHUNK_PREFIX = "rulespal-chunks-"
_BATCH = 1024  # chunks a Chroma add (0.7 ms a chunk at 1,024, 0.9 at 256)


@dataclass(frozen=True)
class BookEntry:
    """A book written completely into a collection: its fingerprint and how many chunks it has."""

    fingerprint: str
    chunks: int


@dataclass(frozen=True)
class ActiveIndex:
    """The collection that searches read, the fingerprint of the library it serves and its books' entries."""

    collection: str
    fingerprint: str
    books: Mapping[str, BookEntry] = field(default_factory=dict)

    @property
    def chunk_count(self) -> int:
        """Chunks of the served books."""
        return sum(e.chunks for e in self.books.values())


def make_client(settings: Settings) -> chromadb.ClientAPI:
    """A Chroma client: HttpClient when RULESPAL_CHROMA_URL is set, else a PersistentClient under home."""
    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url)
        return chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 8000,
                                   ssl=url.scheme == "https", settings=chroma_settings)
    settings.chroma_path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(settings.chroma_path), settings=chroma_settings)


def _names(client: chromadb.ClientAPI) -> list[str]:
    return [c if isinstance(c, str) else c.name for c in client.list_collections()]


def _metadatas(got: GetResult) -> list[dict[str, str | int]]:
    """The metadata rows of a get, holding only the str and int values RulesPal writes."""
    return [{k: v for k, v in (m or {}).items() if isinstance(v, str | int)} for m in got["metadatas"] or []]


def _chunk_id(chunk: Chunk, book_fingerprint: str) -> str:
    """A chunk's id in a collection: its own id and its book version (two versions of a book may coexist)."""
    return f"{chunk.id}@{book_fingerprint[:16]}"


def _own_id(stored_id: str) -> str:
    """The chunk id inside a collection's id (see _chunk_id)."""
    return stored_id.rsplit("@", 1)[0]


def _vectors(vectors: Sequence[Sequence[float]]) -> np.ndarray:
    """Vectors as one float32 array, the form Chroma stores (half the memory of Python float lists)."""
    return np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)


class VectorStore:
    """Chunk collections plus a meta collection: the active collection, builds in progress, complete books."""

    def __init__(self, client: chromadb.ClientAPI):
        self.client = client
        self._meta = client.get_or_create_collection(META_COLLECTION)

    def _get_meta(self, key: str) -> dict | None:
        found = _metadatas(self._meta.get(ids=[key], include=["metadatas"]))
        return found[0] if found else None

    def _put_meta(self, key: str, meta: dict) -> None:
        self._meta.upsert(ids=[key], embeddings=_vectors([[1.0]]), documents=[key], metadatas=[meta])

    def active(self) -> ActiveIndex | None:
        """The active index, or None before the first complete build."""
        meta = self._get_meta("active")
        if meta is None:
            return None
        name = str(meta["collection"])
        return ActiveIndex(name, str(meta["fingerprint"]), self.books(name))

    def books(self, collection: str) -> dict[str, BookEntry]:
        """Books written completely into a collection, by game id."""
        got = self._meta.get(where={"$and": [{"collection": collection}, {"kind": "book"}]}, include=["metadatas"])
        return {str(m["game"]): BookEntry(str(m["fingerprint"]), int(m["chunks"])) for m in _metadatas(got)}

    def building(self, space: str, fresh: bool = False) -> str:
        """The collection being built for a model and chunker (`space`): the unfinished one left by an
        interrupted build, or a new one (always new when `fresh`)."""
        key = f"build:{space}"
        meta = self._get_meta(key)
        if meta is not None and not fresh and str(meta["collection"]) in _names(self.client):
            return str(meta["collection"])
        name = f"{CHUNK_PREFIX}{space[:16]}-{uuid.uuid4().hex[:8]}"
        self.client.create_collection(name, metadata={"hnsw:space": "cosine", "space": space})
        self._put_meta(key, {"kind": "build", "collection": name, "space": space})
        return name

    def add(self, name: str, chunks: Sequence[Chunk], vectors: Sequence[Sequence[float]],
            fingerprints: Mapping[str, str]) -> None:
        """Write chunks (of one or more books) as their vectors into a collection, in batches, tagged with their
        game and book fingerprint (`fingerprints` by game id) and nothing else: texts come from the rulebooks, so
        Chroma keeps no documents (no full-text index: 0.6 instead of 1.0 ms a chunk, half the disk)."""
        collection = self.client.get_collection(name)
        for start in range(0, len(chunks), _BATCH):
            part = chunks[start:start + _BATCH]
            collection.add(ids=[_chunk_id(c, fingerprints[c.game]) for c in part],
                           embeddings=_vectors(vectors[start:start + _BATCH]),
                           metadatas=[{"game": c.game, "book": fingerprints[c.game]} for c in part])

    def clear(self, name: str, first: Chunk, book_fingerprint: str) -> None:
        """Drop the chunks of one book version left by an interrupted write, if its first chunk is there (a book's
        chunks are written in order; looking one id up is cheap, a filtered delete scans the whole collection)."""
        collection = self.client.get_collection(name)
        if collection.get(ids=[_chunk_id(first, book_fingerprint)], include=[])["ids"]:
            collection.delete(where={"book": book_fingerprint})

    def record(self, name: str, game: str, entry: BookEntry) -> None:
        """Mark a book as completely written into a collection."""
        self._put_meta(f"book:{name}:{game}", {"kind": "book", "collection": name, "game": game,
                                                "fingerprint": entry.fingerprint, "chunks": entry.chunks})

    def retire(self, name: str, game: str, keep: BookEntry | None) -> None:
        """Drop a book's chunks from a collection except the kept version (all of them, and its record, without)."""
        collection = self.client.get_collection(name)
        if keep is None:
            self._meta.delete(ids=[f"book:{name}:{game}"])
            collection.delete(where={"game": game})
        else:
            same_game: Where = {"game": game}
            not_kept: dict[WhereOperator | LogicalOperator, LiteralValue] = {"$ne": keep.fingerprint}
            other_version: Where = {"book": not_kept}
            collection.delete(where={"$and": [same_game, other_version]})

    def activate(self, name: str, fingerprint: str, space: str) -> ActiveIndex:
        """Make a collection the active one (its build is then finished)."""
        self._put_meta("active", {"collection": name, "fingerprint": fingerprint})
        self._meta.delete(ids=[f"build:{space}"])
        return ActiveIndex(name, fingerprint, self.books(name))

    def drop_others(self, name: str) -> None:
        """Drop every chunk collection but this one, with its records."""
        for other in _names(self.client):
            if other.startswith(CHUNK_PREFIX) and other != name:
                self.client.delete_collection(other)
                self._meta.delete(where={"collection": other})

    def query(self, collection: str, vector: Sequence[float], n: int, game: str | None) -> list[tuple[str, float]]:
        """Nearest chunk ids with cosine similarity, optionally restricted to one game; while a book is being
        replaced, a chunk found in both versions is given once."""
        col = self.client.get_collection(collection)
        res = col.query(query_embeddings=_vectors([vector]), n_results=n, where={"game": game} if game else None,
                        include=["distances"])
        found: dict[str, float] = {}
        for cid, dist in zip(res["ids"][0], (res["distances"] or [[]])[0], strict=True):
            found.setdefault(_own_id(cid), 1.0 - float(dist))
        return list(found.items())

    def book_vectors(self, collection: str, game: str, fingerprint: str) -> tuple[tuple[str, ...], np.ndarray]:
        """Chunk ids and vectors (one row each) of one version of a book, read in one call: a search within a book
        ranks them itself, since Chroma's filtered query scans the whole collection (~0.3 s at 240,000 chunks)."""
        got = self.client.get_collection(collection).get(
            where={"$and": [{"game": game}, {"book": fingerprint}]}, include=["embeddings"])
        ids = tuple(_own_id(cid) for cid in got["ids"])
        found = got["embeddings"]
        vectors = np.asarray(found, dtype=np.float32).reshape(len(ids), -1) if found is not None else np.zeros((0, 0))
        return ids, vectors

    def count(self, collection: str) -> int:
        """Chunks of the books written completely into a collection."""
        return sum(e.chunks for e in self.books(collection).values())
