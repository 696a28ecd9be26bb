"""Stand-in document vectors for benchmarks that time everything but the embedding model: a deterministic unit
vector per text (from its hash), under the real model's id, so real searches can use the index built with them."""

from __future__ import annotations

import hashlib

import numpy as np


class StandIn:
    """Fast, deterministic unit vectors under a given model id (nothing loaded)."""

    def __init__(self, model_id: str, dimension: int = 384):
        self.model_id, self.dimension = model_id, dimension

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One unit vector per text, seeded by the text's sha256."""
        out = []
        for text in texts:
            rng = np.random.default_rng(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little"))
            vector = rng.standard_normal(self.dimension)
            out.append((vector / np.linalg.norm(vector)).tolist())
        return out

    def embed_query(self, text: str) -> list[float]:
        """The stand-in vector of one query."""
        return self.embed([text])[0]
