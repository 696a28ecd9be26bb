"""A mean-pooled sentence-transformers BERT (MiniLM) on ONNX Runtime. The ONNX file is exported once from the
model's safetensors (torch, at first use), its attention and layer norms fused, optionally quantised to int8, and
cached by the weights' hash; embedding with it never imports torch."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

PRECISIONS = ("fp32", "int8", "int8-matmul")  # int8-matmul: attention and embeddings stay fp32
BATCH = 16  # texts per forward pass, sorted by length so a batch pads little (16: least CPU and RSS)
_MEAN_POOLED = {"pooling_mode_mean_tokens": True, "pooling_mode_cls_token": False, "pooling_mode_max_tokens": False,
                "pooling_mode_mean_sqrt_len_tokens": False}


def exportable(folder: Path) -> bool:
    """Whether a model folder is a BERT with mean pooling then normalisation (what the export computes)."""
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
        pooling = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return (kinds == ["Transformer", "Pooling", "Normalize"] and config.get("model_type") == "bert"
            and config.get("position_embedding_type", "absolute") == "absolute"
            and all(pooling.get(k, False) == v for k, v in _MEAN_POOLED.items())
            and (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file()
            and (folder / "sentence_bert_config.json").is_file())


def weights_digest(folder: Path) -> str:
    """sha256 of a model's weights and config (the cache key of its exported files)."""
    digest = hashlib.sha256()
    for name in ("config.json", "model.safetensors"):
        with open(folder / name, "rb") as f:
            while block := f.read(1 << 22):
                digest.update(block)
    return digest.hexdigest()


def _export(folder: Path, target: Path) -> None:
    """Export the transformer with mean pooling and normalisation to ONNX (torch's TorchScript exporter)."""
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(folder), attn_implementation="eager").eval()  # eager: attention fuses

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = model

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    ids = torch.ones(2, 16, dtype=torch.long)
    axes = {"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
            "embedding": {0: "batch"}}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's notes on shapes it records as constants (checked by tests)
        torch.onnx.export(Pooled(), (ids, torch.ones_like(ids)), str(target), dynamo=False, opset_version=17,
                          input_names=["input_ids", "attention_mask"], output_names=["embedding"],
                          dynamic_axes=axes)


def _build(folder: Path, target: Path, precision: str) -> None:
    """Export, fuse and (for int8) quantise a model into target, through a temporary folder beside it."""
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.transformers.optimizer import optimize_model

    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        exported, fused, done = Path(tmp) / "exported.onnx", Path(tmp) / "fused.onnx", Path(tmp) / "done.onnx"
        _export(folder, exported)
        optimize_model(str(exported), model_type="bert", num_heads=int(config["num_attention_heads"]),
                       hidden_size=int(config["hidden_size"])).save_model_to_file(str(fused))
        if precision.startswith("int8"):  # per-channel weights: mean cosine to fp32 0.994, 0.961 per tensor
            quantize_dynamic(str(fused), str(done), weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul"] if precision == "int8-matmul" else None,
                             extra_options={"DefaultTensorType": 1})  # 1 = FLOAT, for the fused ops' outputs
        else:
            fused.rename(done)
        done.replace(target)  # atomic: a concurrent build or reader sees a whole file or none


def model_file(folder: Path, cache_dir: Path, precision: str) -> Path:
    """The ONNX file of a model folder at a precision, built on first use (seconds, with torch)."""
    if precision not in PRECISIONS:
        raise ValueError(f"unknown ONNX precision {precision!r}; expected one of {', '.join(PRECISIONS)}")
    target = cache_dir / f"{weights_digest(folder)[:32]}-{precision}.onnx"
    if not target.is_file():
        cache_dir.mkdir(parents=True, exist_ok=True)
        _build_apart(folder, target, precision)
    return target


def _build_apart(folder: Path, target: Path, precision: str) -> None:
    """Build in a child process: torch and the export's ~1.3 GB peak never enter the embedding process."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}  # a local folder: never the hub
    done = subprocess.run([sys.executable, "-m", "rulespal.onnx_bert", str(folder), str(target), precision],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0 or not target.is_file():
        raise RuntimeError(f"could not export {folder} to ONNX ({precision}): {done.stderr.strip()[-2000:]}")


class OnnxBert:
    """Sentence embeddings from an exported ONNX file: tokenised with `tokenizers`, truncated at the model's
    max_seq_length, mean-pooled over the attention mask and L2-normalised inside the graph."""

    def __init__(self, folder: Path, onnx_file: Path, batch: int = BATCH, threads: int = 0):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        max_len = int(json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))["max_seq_length"])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_len)
        self.tokenizer.no_padding()  # padded per batch below, to the batch's longest text
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"])
        self.batch = batch

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Normalised embeddings of texts (one row each, in order), batched by token length."""
        ids = [e.ids for e in self.tokenizer.encode_batch(list(texts))]
        order = np.argsort([len(i) for i in ids], kind="stable")
        parts = []
        for start in range(0, len(ids), self.batch):
            rows = order[start:start + self.batch]
            width = max(len(ids[r]) for r in rows)
            batch, mask = np.zeros((len(rows), width), dtype=np.int64), np.zeros((len(rows), width), dtype=np.int64)
            for n, r in enumerate(rows):
                batch[n, :len(ids[r])], mask[n, :len(ids[r])] = ids[r], 1
            parts.append(self.session.run(None, {"input_ids": batch, "attention_mask": mask})[0])
        out = np.empty((len(ids), parts[0].shape[1]), dtype=np.float32) if parts else np.zeros((0, 0), np.float32)
        out[order] = np.concatenate(parts) if parts else out
        return out


if __name__ == "__main__":  # python -m rulespal.onnx_bert FOLDER TARGET PRECISION (what model_file runs)
    _build(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
