"""Chunk embeddings cached on disk, keyed by model and text, so an unchanged chunk is never embedded twice."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from rulespal.embeddings import Embedder


class EmbeddingCache:
    """Embeds texts through a SQLite cache (one row per model + text digest, float32 vector)."""

    def __init__(self, path: Path, embedder: Embedder):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.embedder = embedder
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB)")
        self._lock = threading.Lock()

    def _key(self, text: str) -> str:
        return hashlib.sha256(f"{self.embedder.model_id}\0{text}".encode()).hexdigest()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Vectors for texts: cached ones read back, the others embedded together and stored."""
        return self._through(texts, "", self.embedder.embed)

    def embed_each(self, texts: Sequence[str]) -> list[list[float]]:
        """Vectors for texts each embedded on its own (the int8 model scales its activations per call, so a text
        embedded beside others gets another vector), cached apart from batch-embedded ones."""
        return self._through(texts, "each\0", lambda missing: [self.embedder.embed([t])[0] for t in missing])

    def _through(self, texts: Sequence[str], space: str,
                 compute: Callable[[list[str]], Sequence[Sequence[float]]]) -> list[list[float]]:
        """Vectors for texts read from the cache under a key space, the missing ones computed and stored."""
        keys = [self._key(space + t) for t in texts]
        with self._lock:
            found = {}
            for start in range(0, len(keys), 500):
                part = keys[start:start + 500]
                rows = self._db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(part))})",
                                        part)
                found.update({k: np.frombuffer(v, dtype=np.float32).tolist() for k, v in rows})
        missing = [i for i, k in enumerate(keys) if k not in found]
        if missing:
            vectors = compute([texts[i] for i in missing])
            with self._lock, self._db:
                self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)",
                                     [(keys[i], np.asarray(v, dtype=np.float32).tobytes())
                                      for i, v in zip(missing, vectors, strict=True)])
            found.update({keys[i]: list(v) for i, v in zip(missing, vectors, strict=True)})
        return [found[k] for k in keys]
