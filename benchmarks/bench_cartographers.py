"""Benchmark the Cartographers engine: scoring all 16 cards on a full random map, and enumerating every explore
card's legal placements on an empty map. Prints median and p95 in milliseconds."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout without installing

from engine.cartographers import ENGINE  # noqa: E402
from engine.cartographers.cards import EXPLORE_CARDS  # noqa: E402
from engine.cartographers.grid import Board  # noqa: E402
from engine.cartographers.maps import MAPS  # noqa: E402


def timings(action: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median and p95 wall time of `action` in ms, after one warm-up call."""
    action()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def full_random_position(seed: int) -> dict:
    """Map A with every unprinted space drawn with a random terrain, scored on all 16 cards."""
    rng = random.Random(seed)
    blank = Board.blank(MAPS["A"]).rows()
    grid = ["".join(code if code == "M" else rng.choice("FVAWX") for code in row) for row in blank]
    return {"map": "A", "grid": grid, "cards": "all", "coins_from_shapes": 3}


def main() -> None:
    score = ENGINE.operation("score").run
    legal_moves = ENGINE.operation("legal_moves").run
    position = full_random_position(7)
    med, p95 = timings(lambda: score(position), 500)
    print(f"score, 16 cards, full random map:           median {med:.3f} ms  p95 {p95:.3f} ms  (target < 5 ms)")

    empty = {"map": "A", "grid": Board.blank(MAPS["A"]).rows(), "limit": 10000}
    cards = [card.name for card in EXPLORE_CARDS if card.kind != "ruins"]
    med, p95 = timings(lambda: [legal_moves(empty | {"card": name}) for name in cards], 100)
    print(f"legal_moves, all {len(cards)} explore cards, empty map: median {med:.3f} ms  p95 {p95:.3f} ms  "
          f"(target < 50 ms)")


if __name__ == "__main__":
    main()
