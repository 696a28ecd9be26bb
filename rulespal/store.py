"""Chroma vector store: local PersistentClient or a Chroma server, with an atomic switch between index builds."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlparse

import chromadb
from chromadb.config import Settings as ChromaSettings

from rulespal.chunking import Chunk
from rulespal.settings import Settings

META_COLLECTION = "rulespal-meta"
CHUNK_PREFIX = "rulespal-chunks-"
_BATCH = 256


@dataclass(frozen=True)
class ActiveIndex:
    """The collection that searches read, and the fingerprint of what it holds."""

    collection: str
    fingerprint: str


def make_client(settings: Settings) -> chromadb.ClientAPI:
    """A Chroma client: HttpClient when RULESPAL_CHROMA_URL is set, else a PersistentClient under home."""
    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url)
        return chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 8000,
                                   ssl=url.scheme == "https", settings=chroma_settings)
    settings.chroma_path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(settings.chroma_path), settings=chroma_settings)


class VectorStore:
    """Chunk collections plus a small meta collection naming the active one."""

    def __init__(self, client: chromadb.ClientAPI):
        self.client = client
        self._meta = client.get_or_create_collection(META_COLLECTION)

    def active(self) -> ActiveIndex | None:
        """The active index, or None before the first complete build."""
        got = self._meta.get(ids=["active"], include=["metadatas"])
        if not got["ids"]:
            return None
        meta = got["metadatas"][0]
        return ActiveIndex(str(meta["collection"]), str(meta["fingerprint"]))

    def create(self, fingerprint: str) -> str:
        """A new, empty collection for a build (not active yet); returns its name."""
        name = f"{CHUNK_PREFIX}{fingerprint[:16]}-{uuid.uuid4().hex[:8]}"
        self.client.create_collection(name, metadata={"hnsw:space": "cosine", "fingerprint": fingerprint})
        return name

    def add(self, name: str, chunks: Sequence[Chunk], vectors: Sequence[Sequence[float]]) -> None:
        """Write chunks and their vectors into a collection, in batches."""
        collection = self.client.get_collection(name)
        for start in range(0, len(chunks), _BATCH):
            part = chunks[start:start + _BATCH]
            collection.add(
                ids=[c.id for c in part],
                embeddings=[list(v) for v in vectors[start:start + _BATCH]],
                documents=[c.text for c in part],
                metadatas=[{"game": c.game, "section_id": c.section_id, "title": c.title,
                            "heading_path": " > ".join(c.heading_path)} for c in part],
            )

    def discard(self, name: str) -> None:
        """Drop an unfinished build."""
        self.client.delete_collection(name)

    def activate(self, name: str, fingerprint: str) -> ActiveIndex:
        """Make a complete collection the active one and drop older builds."""
        active = ActiveIndex(name, fingerprint)
        self._meta.upsert(ids=["active"], embeddings=[[1.0]], documents=[name],
                          metadatas=[{"collection": name, "fingerprint": fingerprint}])
        self._drop_stale(active)
        return active

    def _drop_stale(self, active: ActiveIndex) -> None:
        for col in self.client.list_collections():
            name = col if isinstance(col, str) else col.name
            stale_prefix = not name.startswith(f"{CHUNK_PREFIX}{active.fingerprint[:16]}")
            if name.startswith(CHUNK_PREFIX) and name != active.collection and stale_prefix:
                self.client.delete_collection(name)

    def query(self, collection: str, vector: Sequence[float], n: int, game: str | None) -> list[tuple[str, float]]:
        """Nearest chunk ids with cosine similarity, optionally restricted to one game."""
        col = self.client.get_collection(collection)
        res = col.query(query_embeddings=[list(vector)], n_results=n, where={"game": game} if game else None,
                        include=["distances"])
        return [(cid, 1.0 - float(dist)) for cid, dist in zip(res["ids"][0], res["distances"][0])]

    def count(self, collection: str) -> int:
        """Number of chunks in a collection."""
        return self.client.get_collection(collection).count()
