"""Benchmark: scoring one Cational Meographic placement on a 60-tile board with 5 photo missions (median/p95 ms).

The board and missions are synthetic (made up for timing; the rulebook publishes no component list).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cational_meographic import ENGINE  # noqa: E402

SYNTHETIC_TYPES = ("synthetic-forest", "synthetic-lake", "synthetic-meadow", "synthetic-peak")
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def synthetic_position(seed: int) -> dict:
    """A connected 60-tile board, a placed tile beside it, and 5 missions of 3-5 cells."""
    rng = random.Random(seed)
    cells = [(0, 0)]
    while len(cells) < 61:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(STEPS)
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    board = [{"at": list(at), "type": rng.choice(SYNTHETIC_TYPES), "pawints": rng.randint(1, 4)} for at in cells]
    placed = board.pop(rng.randrange(len(board)))
    missions = []
    for i in range(5):
        shape = [(0, 0)]
        while len(shape) < 3 + i % 3:
            r, c = rng.choice(shape)
            dr, dc = rng.choice(STEPS)
            if (r + dr, c + dc) not in shape:
                shape.append((r + dr, c + dc))
        missions.append({"name": f"Synthetic mission {i}", "pawints": rng.randint(1, 6), "bonus": 0,
                         "covered": False,
                         "pattern": [{"at": list(at), "type": rng.choice(SYNTHETIC_TYPES + ("*",))} for at in shape]})
    return {"board": board, "placed": placed, "missions": missions}


def main(runs: int = 2000) -> None:
    """Time the score operation (validation included) on varied synthetic positions and print median/p95."""
    score = ENGINE.operation("score").run
    docs = [synthetic_position(seed) for seed in range(50)]
    for doc in docs:  # warm-up (pattern orientation cache, imports)
        score(doc)
    timings = []
    for i in range(runs):
        doc = docs[i % len(docs)]
        start = time.perf_counter()
        score(doc)
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    p95 = timings[int(0.95 * len(timings)) - 1]
    print(f"cational-meographic score, 60-tile board, 5 missions, {runs} runs: "
          f"median {statistics.median(timings):.3f} ms, p95 {p95:.3f} ms")


if __name__ == "__main__":
    main()
