"""Ruled tables: ruling lines clustered into grids, the text inside each grid cut into cells."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from rulespal.pdf.glyphs import Rule
from rulespal.pdf.lines import Segment, rows

TOUCH = 2.5  # rules this close (points) belong to one grid


@dataclass(frozen=True)
class TableBlock:
    """A table found on a page: its box and its cells row by row (each cell a list of lines, top to bottom)."""

    page: int
    x0: float
    x1: float
    top: float
    bottom: float
    cells: tuple[tuple[tuple[Segment, ...], ...], ...]


def _touch(a: Rule, b: Rule) -> bool:
    return a.x0 - TOUCH <= b.x1 and b.x0 - TOUCH <= a.x1 and a.top - TOUCH <= b.bottom and b.top - TOUCH <= a.bottom


def _grids(rules: Sequence[Rule]) -> list[list[Rule]]:
    parent = list(range(len(rules)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(rules):
        for j in range(i + 1, len(rules)):
            if _touch(a, rules[j]):
                parent[root(i)] = root(j)
    groups: dict[int, list[Rule]] = {}
    for i, rule in enumerate(rules):
        groups.setdefault(root(i), []).append(rule)
    return [g for g in groups.values() if sum(r.horizontal for r in g) >= 2 and sum(not r.horizontal for r in g) >= 2]


def _cuts(values: list[float]) -> list[float]:
    cuts: list[float] = []
    for v in sorted(values):
        if not cuts or v - cuts[-1] > TOUCH:
            cuts.append(v)
    return cuts


def find_tables(page: int, rules: Sequence[Rule], segs: Sequence[Segment]) -> tuple[list[TableBlock], list[Segment]]:
    """The page's ruled tables and the segments outside them."""
    tables, rest = [], list(segs)
    for grid in _grids(rules):
        xs = _cuts([(r.x0 + r.x1) / 2 for r in grid if not r.horizontal])
        ys = _cuts([(r.top + r.bottom) / 2 for r in grid if r.horizontal])
        inside = [s for s in rest if xs[0] < (s.x0 + s.x1) / 2 < xs[-1] and ys[0] < (s.top + s.bottom) / 2 < ys[-1]]
        if not inside:
            continue
        grid_cells: dict[tuple[int, int], list[Segment]] = {}
        for seg in inside:
            key = (bisect_right(ys, (seg.top + seg.bottom) / 2) - 1, bisect_right(xs, (seg.x0 + seg.x1) / 2) - 1)
            grid_cells.setdefault(key, []).append(seg)
        cells = tuple(
            tuple(tuple(seg for row in rows(grid_cells.get((r, c), [])) for seg in sorted(row, key=lambda s: s.x0))
                  for c in range(len(xs) - 1))
            for r in range(len(ys) - 1) if any((r, c) in grid_cells for c in range(len(xs) - 1)))
        tables.append(TableBlock(page, xs[0], xs[-1], ys[0], ys[-1], cells))
        taken = {id(s) for s in inside}
        rest = [s for s in rest if id(s) not in taken]
    return tables, rest
