"""Load evaluation datasets (JSON lines) with clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATASETS = Path(__file__).resolve().parents[2] / "evals" / "datasets"
RESULTS = Path(__file__).resolve().parents[2] / "evals" / "results"


def load_jsonl(name: str) -> list[dict[str, Any]]:
    """Rows of evals/datasets/<name>.jsonl; a broken line is an error naming the line."""
    path = DATASETS / f"{name}.jsonl"
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not valid JSON: {exc.msg}") from exc
    return rows


def save_result(name: str, data: dict[str, Any]) -> Path:
    """Write evals/results/<name>.json."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
