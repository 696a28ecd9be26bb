"""Reading order on a page: column gutters found from the text itself, full-width items cutting the page into bands."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from rulespal.pdf.lines import Segment, merge_row, rows
from rulespal.pdf.tables import TableBlock

Item = Segment | TableBlock
MIN_GUTTER = 6.0  # points
MAX_CROSSING = 0.12  # a gutter may be crossed by at most this share of the page's items (full-width headings, tables)
MIN_SIDE = 3  # text items (wider than MIN_WIDTH) needed on each side of a gutter, so list markers make no column
MIN_WIDTH = 30.0


def gutters(items: Sequence[Item]) -> list[float]:
    """x positions of the column gutters (empty vertical strips with text on both sides); [] for one column."""
    if len(items) < 2 * MIN_SIDE:
        return []
    left, right = min(i.x0 for i in items), max(i.x1 for i in items)
    allowed = MAX_CROSSING * len(items)
    found: list[float] = []
    run_start: float | None = None
    x = left + 0.15 * (right - left)
    while x <= right - 0.15 * (right - left) + 1:
        crossing = sum(1 for i in items if i.x0 < x < i.x1)
        if crossing <= allowed and run_start is None:
            run_start = x
        elif (crossing > allowed or x > right - 0.15 * (right - left)) and run_start is not None:
            if x - run_start >= MIN_GUTTER:
                middle = (run_start + x) / 2
                previous = found[-1] if found else left
                wide = [i for i in items if i.x1 - i.x0 >= MIN_WIDTH]
                if (sum(1 for i in wide if previous <= i.x0 and i.x1 <= middle) >= MIN_SIDE
                        and sum(1 for i in wide if i.x0 >= middle) >= MIN_SIDE):
                    found.append(middle)
            run_start = None
        x += 1.0
    return found


def reading_order(items: Sequence[Item]) -> list[tuple[int, Item]]:
    """(column, item) in reading order: band by band, each band's columns left to right; rows merged into lines."""
    cuts = gutters(items)
    spanning = sorted((i for i in items if any(i.x0 < g < i.x1 for g in cuts)), key=lambda i: i.top)
    tops = [i.top for i in spanning]
    bands: dict[tuple[int, int], list[Item]] = {}
    for item in items:
        if not any(item.x0 < g < item.x1 for g in cuts):
            bands.setdefault((bisect_right(tops, item.top), bisect_right(cuts, item.x0)), []).append(item)
    ordered: list[tuple[int, Item]] = []
    for band in range(len(spanning) + 1):
        if band:
            ordered.append((0, spanning[band - 1]))
        for column in range(len(cuts) + 1):
            members = bands.get((band, column), [])
            tables = [m for m in members if isinstance(m, TableBlock)]
            lines = [merge_row(r) for r in rows(m for m in members if isinstance(m, Segment))]
            placed: list[Item] = [*lines, *tables]
            ordered += [(column, m) for m in sorted(placed, key=lambda m: m.top)]
    return ordered
