"""Evaluation data shipped with the package (datasets as JSON lines, outside and library rulebooks), and where runs
write their results: a new timestamped folder under evals/results/, compared with the committed baseline there."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

DATA = Path(str(resources.files("rulespal.evals")))
DATASETS = DATA / "datasets"
BOOKS = DATA / "books"
CHECKOUT_RESULTS = Path(__file__).resolve().parents[2] / "evals" / "results"


def load_jsonl(name: str) -> list[dict[str, Any]]:
    """Rows of datasets/<name>.jsonl; a broken line is an error naming the line."""
    path = DATASETS / f"{name}.jsonl"
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not valid JSON: {exc.msg}") from exc
    return rows


def results_root() -> Path:
    """evals/results of the checkout RulesPal runs from, else evals/results under the current folder."""
    return CHECKOUT_RESULTS if CHECKOUT_RESULTS.is_dir() else Path.cwd() / "evals" / "results"


@cache
def run_dir() -> Path:
    """This process's results folder, evals/results/<YYYYmmdd-HHMMSS>/ (one per run, never the baseline)."""
    return results_root() / datetime.now().strftime("%Y%m%d-%H%M%S")


def save_result(name: str, data: dict[str, Any]) -> Path:
    """Write <run folder>/<name>.json; the committed evals/results/<name>.json stays the baseline."""
    path = run_dir() / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _numbers(data: Any, prefix: str = "") -> dict[str, float]:
    """The numeric leaves of a result, by dotted path (lists of rows are skipped)."""
    if isinstance(data, dict):
        return {k: v for key, value in data.items() for k, v in _numbers(value, f"{prefix}{key}.").items()}
    if isinstance(data, int | float) and not isinstance(data, bool):
        return {prefix.rstrip("."): float(data)}
    return {}


def comparison(path: Path) -> str:
    """The metrics of a run's result beside the committed baseline of the same name, with the change."""
    baseline = results_root() / path.name
    if not baseline.is_file():
        return f"{path}: no committed baseline {baseline.name} to compare with"
    new = _numbers(json.loads(path.read_text(encoding="utf-8")))
    old = _numbers(json.loads(baseline.read_text(encoding="utf-8")))
    lines = [f"{path} vs the baseline {baseline}:"]
    for key in sorted(new.keys() & old.keys()):
        change = new[key] - old[key]
        mark = "" if change == 0 else f"  ({change:+.3g})"
        lines.append(f"  {key}: {old[key]:g} -> {new[key]:g}{mark}")
    return "\n".join(lines)
