"""Ranking and answer metrics (pure functions, unit-tested)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from statistics import mean


def first_gold_rank(ranked: Sequence[str], gold: Sequence[str]) -> int | None:
    """1-based rank of the first gold item in a ranking, or None."""
    return next((i for i, item in enumerate(ranked, 1) if item in set(gold)), None)


def hit_at(ranks: Sequence[int | None], k: int) -> float:
    """Share of queries whose first gold item is within the top k."""
    return mean(1.0 if r is not None and r <= k else 0.0 for r in ranks) if ranks else 0.0


def mrr(ranks: Sequence[int | None]) -> float:
    """Mean reciprocal rank (0 for a query with no gold item found)."""
    return mean(1.0 / r if r else 0.0 for r in ranks) if ranks else 0.0


def facts_present(text: str, patterns: Sequence[str]) -> bool:
    """True when every fact pattern (a case-insensitive regex) matches the text."""
    return all(re.search(p, text, re.I) for p in patterns)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]
