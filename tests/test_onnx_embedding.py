"""The ONNX Runtime MiniLM against sentence-transformers (the real packaged model), and its export cache."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rulespal import onnx_bert
from rulespal.embeddings import Embedder, default_model_path
from rulespal.onnx_bert import OnnxBert, model_file

TEXTS = ["x", "Do diagonal spaces count as adjacent?",
         "Each player draws five cards at the start of the game and keeps them hidden from the others.",
         "## Scoring\n\nAt the end of each season, score the two edicts of that season. " * 3,
         "Rule 4.2.1: can warriors move through ruins? " * 40]  # longer than max_seq_length: truncated


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("onnx-cache")


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(default_model_path(), device="cpu")
    return model.encode(TEXTS, normalize_embeddings=True, convert_to_numpy=True)


@pytest.mark.parametrize(("precision", "floor", "one_letter_floor"), [("fp32", 0.9999, 0.9999), ("int8", 0.99, 0.97)])
def test_onnx_vectors_agree_with_sentence_transformers(cache: Path, reference: np.ndarray, precision: str,
                                                       floor: float, one_letter_floor: float):
    folder = Path(default_model_path())
    model = OnnxBert(folder, model_file(folder, cache, precision), batch=2)  # batches of two: padding is masked
    together = model.encode(TEXTS)
    alone = np.array([model.encode([t])[0] for t in TEXTS])
    assert together.shape == reference.shape
    assert np.abs(np.linalg.norm(together, axis=1) - 1).max() < 1e-5
    for vectors in (together, alone):
        cosine = (vectors * reference).sum(1)
        assert cosine[1:].min() > floor and cosine[0] > one_letter_floor  # int8 "x": 0.98


def test_export_is_cached_by_weights_and_embedding_needs_no_torch(cache: Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    folder = Path(default_model_path())
    built = model_file(folder, cache, "int8")
    assert built.name.startswith(onnx_bert.weights_digest(folder)[:32])
    monkeypatch.setattr(onnx_bert, "_build_apart", lambda *_: pytest.fail("rebuilt a cached export"))
    assert model_file(folder, cache, "int8") == built
    embedder = Embedder(cache_dir=cache)
    assert embedder.model_id.endswith("+onnx-int8")  # an index of torch vectors is rebuilt, not mixed
    assert np.allclose(embedder.embed_query(TEXTS[0]), embedder.embed(TEXTS[:1])[0], atol=1e-6)
    code = (f"import sys; from pathlib import Path; from rulespal.embeddings import Embedder\n"
            f"e = Embedder(cache_dir=Path({str(cache)!r})); e.embed(['a', 'b c']); e.embed_query('d')\n"
            f"assert 'torch' not in sys.modules, 'torch imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_other_models_stay_on_sentence_transformers(tmp_path: Path):
    embedder = Embedder(str(tmp_path))  # not an exportable folder
    assert embedder.folder is None and embedder.model_id == str(tmp_path)
    with pytest.raises(ValueError, match="unknown ONNX precision"):
        model_file(Path(default_model_path()), tmp_path, "int4")
