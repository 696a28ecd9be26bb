"""Benchmark: check + score of the last tile of a 60-tile Mise: Kolonizace position (synthetic random tiles)."""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.mise_kolonizace.notation_json import parse_position, position_json  # noqa: E402
from engine.mise_kolonizace.notation_text import position_text  # noqa: E402
from engine.registry import get_engine  # noqa: E402

ENGINE = get_engine("mise-kolonizace")
STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def synthetic_area(rng: random.Random, sides: str) -> str:
    """A random area in the compact notation (SYNTHETIC: the real tile set is not public)."""
    items = [f"{s}={rng.choice('oorrg')}" for s in sides]
    items += [f"{c}={rng.randint(1, 2)}" for c in rng.sample(["blue", "red", "green"], rng.choice((0, 1, 1, 2)))]
    items += [f"a={rng.randint(1, 2)}"] * (rng.random() < 0.2)
    return f"{rng.choice('FMS')}({' '.join(items)})"


def synthetic_tile(rng: random.Random) -> str:
    """A random tile: one area or two split by a diagonal."""
    if rng.random() < 0.5:
        return synthetic_area(rng, "NESW")
    split = rng.choice("\\/")
    north, south = ("NE", "SW") if split == "\\" else ("NW", "SE")
    return f"{synthetic_area(rng, north)} {split}{rng.choice('rg')} {synthetic_area(rng, south)}"


def synthetic_position(count: int, seed: int = 8) -> list[str]:
    """Tiles placed one by one at random legal squares until `count` are on the table."""
    rng = random.Random(seed)
    lines: list[str] = []
    taken = {(0, 0)}
    check = ENGINE.operation("check").run
    while len(lines) < count:
        tile = synthetic_tile(rng)
        frontier = sorted({(x + dx, y + dy) for x, y in taken for dx, dy in STEPS.values()} - taken)
        for cell in rng.sample(frontier, min(8, len(frontier))):
            line = f"@{cell[0]},{cell[1]} r{rng.choice((0, 90, 180, 270))} {tile}"
            if check("\n".join(lines + [line]))["legal"]:
                lines.append(line)
                taken.add(cell)
                break
    return lines


def measure(label: str, run, repeats: int = 200) -> None:
    """Print median and p95 wall time of `run()` in milliseconds."""
    for _ in range(10):
        run()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"{label:<44} median {statistics.median(times):7.3f} ms   p95 {times[int(0.95 * len(times)) - 1]:7.3f} ms")


def main() -> None:
    lines = synthetic_position(60)  # seed 8: the last tile closes areas, so scoring does real work
    doc = position_json(parse_position("players: blue red green\n" + "\n".join(lines)))
    text = position_text(parse_position(doc))
    check, score = ENGINE.operation("check").run, ENGINE.operation("score").run
    print(f"60-tile synthetic position; its last tile scores {score(doc)['total']} "
          f"({len(json.dumps(doc))} bytes of JSON)")
    measure("check + score (JSON document)", lambda: (check(doc), score(doc)))
    measure("check + score (compact text)", lambda: (check(text), score(text)))
    measure("check only (JSON)", lambda: check(doc))
    measure("score only (JSON)", lambda: score(doc))


if __name__ == "__main__":
    main()
