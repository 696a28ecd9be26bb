"""The 16 scoring cards as small rule functions, registered in EDICT_RULES under the card's name."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.cartographers.grid import CELL_COUNT, CODES, EDGE, EMPTY, NEIGHBOURS, SIZE, Board, fmt_cells, index


@dataclass(frozen=True)
class CardScore:
    """Points a scoring card awards on a board, and which cells earned them."""

    points: int
    detail: str


EdictRule = Callable[[Board], CardScore]
EDICT_RULES: dict[str, EdictRule] = {}


def _edict(name: str) -> Callable[[EdictRule], EdictRule]:
    def register(rule: EdictRule) -> EdictRule:
        """Record the rule under the card's name."""
        EDICT_RULES[name] = rule
        return rule
    return register


def _each(label: str, cells: Iterable[int], each: int) -> tuple[int, str]:
    """Points and text for 'each listed cell scores `each`'."""
    found = sorted(cells)
    if not found:
        return 0, f"{label}: none = 0"
    return len(found) * each, f"{label} at {fmt_cells(found)}: {len(found)} × {each} = {len(found) * each}"


def _groups(label: str, groups: list[tuple[int, ...]], each: int) -> tuple[int, str]:
    """Points and text for 'each listed cluster scores `each`'."""
    if not groups:
        return 0, f"{label}: none = 0"
    listed = "; ".join(f"[{fmt_cells(g)}]" for g in groups)
    return len(groups) * each, f"{label}: {listed}: {len(groups)} × {each} = {len(groups) * each}"


def _combined(*parts: tuple[int, str]) -> CardScore:
    total = sum(points for points, _ in parts)
    return CardScore(total, "; ".join(text for _, text in parts) + f"; total {total}")


def _of(board: Board, code: str) -> list[int]:
    return [i for i, c in enumerate(board.cells) if c == code]


def _next_to(board: Board, i: int, codes: str) -> bool:
    return any(board.cells[n] in codes for n in NEIGHBOURS[i])


@_edict("Sentinel Wood")
def sentinel_wood(board: Board) -> CardScore:
    """1 per forest space on the map edge."""
    return CardScore(*_each("forest on the map edge", (i for i in _of(board, "F") if i in EDGE), 1))


@_edict("Greenbough")
def greenbough(board: Board) -> CardScore:
    """1 per row and 1 per column holding at least one forest space."""
    forests = _of(board, "F")
    rows = sorted({i // SIZE for i in forests})
    cols = sorted({i % SIZE for i in forests})
    row_text = ", ".join(map(str, rows)) or "none"
    col_text = ", ".join(map(str, cols)) or "none"
    total = len(rows) + len(cols)
    return CardScore(total, f"forest in rows {row_text} ({len(rows)} × 1) and columns {col_text} "
                            f"({len(cols)} × 1) = {total}")


@_edict("Treetower")
def treetower(board: Board) -> CardScore:
    """1 per forest space whose four sides are each filled or the map edge."""
    return CardScore(*_each("forest enclosed on all four sides (filled space or map edge)",
                            (i for i in _of(board, "F") if board.enclosed(i)), 1))


@_edict("Stoneside Forest")
def stoneside_forest(board: Board) -> CardScore:
    """3 per mountain joined to another mountain by a single forest cluster."""
    joined: set[int] = set()
    links: list[str] = []
    for group in board.clusters("F"):
        mountains = sorted(n for n in board.touching(group) if board.cells[n] == "M")
        if len(mountains) >= 2:
            joined.update(mountains)
            links.append(f"forest cluster [{fmt_cells(group)}] joins mountains {fmt_cells(mountains)}")
    if not joined:
        return CardScore(0, "no forest cluster touches two or more mountains: 0")
    points = 3 * len(joined)
    return CardScore(points, f"{'; '.join(links)}; mountains counted once: {fmt_cells(joined)}: "
                             f"{len(joined)} × 3 = {points}")


@_edict("Canal Lake")
def canal_lake(board: Board) -> CardScore:
    """1 per water space next to a farm, plus 1 per farm space next to water."""
    return _combined(
        _each("water next to farm", (i for i in _of(board, "W") if _next_to(board, i, "A")), 1),
        _each("farm next to water", (i for i in _of(board, "A") if _next_to(board, i, "W")), 1),
    )


@_edict("Mages Valley")
def mages_valley(board: Board) -> CardScore:
    """2 per water space next to a mountain, plus 1 per farm space next to a mountain."""
    return _combined(
        _each("water next to a mountain", (i for i in _of(board, "W") if _next_to(board, i, "M")), 2),
        _each("farm next to a mountain", (i for i in _of(board, "A") if _next_to(board, i, "M")), 1),
    )


@_edict("The Golden Granary")
def the_golden_granary(board: Board) -> CardScore:
    """1 per water space next to a printed ruins space, plus 3 per farm space drawn on a ruins space."""
    return _combined(
        _each("water next to a ruins space",
              (i for i in _of(board, "W") if any(n in board.ruins for n in NEIGHBOURS[i])), 1),
        _each("farm on a ruins space", (i for i in _of(board, "A") if i in board.ruins), 3),
    )


def _isolated(board: Board, code: str, other: str) -> list[tuple[int, ...]]:
    return [g for g in board.clusters(code)
            if not any(i in EDGE for i in g) and not any(board.cells[n] == other for n in board.touching(g))]


@_edict("Shoreside Expanse")
def shoreside_expanse(board: Board) -> CardScore:
    """3 per farm cluster touching neither water nor the edge, plus 3 per such water cluster (not touching farm)."""
    return _combined(
        _groups("farm clusters touching neither water nor the map edge", _isolated(board, "A", "W"), 3),
        _groups("water clusters touching neither farm nor the map edge", _isolated(board, "W", "A"), 3),
    )


WILDHOLDS_SIZE, WILDHOLDS_EACH = 6, 8
SHIELDGATE_EACH = 2
LOST_BARONY_EACH = 3


def wildholds_points(sizes: Sequence[int]) -> int:
    """Wildholds from the village clusters' sizes: 8 per cluster of six or more spaces."""
    return WILDHOLDS_EACH * sum(1 for size in sizes if size >= WILDHOLDS_SIZE)


def shieldgate_points(sizes: Sequence[int]) -> int:
    """Shieldgate from the village clusters' sizes: 2 per space of the second largest (0 with fewer than two; of
    two tied for largest, the other one)."""
    ranked = sorted(sizes, reverse=True)
    return SHIELDGATE_EACH * ranked[1] if len(ranked) >= 2 else 0


def lost_barony_points(side: int) -> int:
    """Lost Barony from the side of the largest all-filled square: 3 per space along one side."""
    return LOST_BARONY_EACH * side


@_edict("Wildholds")
def wildholds(board: Board) -> CardScore:
    """8 per village cluster of six or more spaces."""
    groups = board.clusters("V")
    big = [g for g in groups if len(g) >= WILDHOLDS_SIZE]
    return CardScore(wildholds_points([len(g) for g in groups]),
                     _groups(f"village clusters of {WILDHOLDS_SIZE}+ spaces", big, WILDHOLDS_EACH)[1])


@_edict("Great City")
def great_city(board: Board) -> CardScore:
    """1 per space of the largest village cluster not next to a mountain."""
    free = [g for g in board.clusters("V") if not any(board.cells[n] == "M" for n in board.touching(g))]
    ignored = len(board.clusters("V")) - len(free)
    note = f" ({ignored} cluster(s) touching a mountain ignored)" if ignored else ""
    if not free:
        return CardScore(0, f"no village cluster clear of mountains{note}: 0")
    best = max(free, key=len)
    return CardScore(len(best), f"largest village cluster touching no mountain: [{fmt_cells(best)}]: "
                                f"{len(best)} × 1 = {len(best)}{note}")


_GREENGOLD_TYPES = "FAWXM"


@_edict("Greengold Plains")
def greengold_plains(board: Board) -> CardScore:
    """3 per village cluster next to at least three different terrain types."""
    scoring: list[tuple[int, ...]] = []
    notes: list[str] = []
    for group in board.clusters("V"):
        kinds = sorted({CODES[board.cells[n]] for n in board.touching(group) if board.cells[n] in _GREENGOLD_TYPES})
        if len(kinds) >= 3:
            scoring.append(group)
            notes.append(f"[{fmt_cells(group)}] touches {', '.join(kinds)}")
    if not scoring:
        return CardScore(0, "no village cluster touches three different terrain types: 0")
    return CardScore(3 * len(scoring), f"village clusters next to 3+ terrain types: {'; '.join(notes)}: "
                                       f"{len(scoring)} × 3 = {3 * len(scoring)}")


@_edict("Shieldgate")
def shieldgate(board: Board) -> CardScore:
    """2 per space of the second-largest village cluster."""
    groups = sorted(board.clusters("V"), key=len, reverse=True)
    if len(groups) < 2:
        return CardScore(0, f"{len(groups)} village cluster(s); a second-largest needs two: 0")
    second = groups[1]
    sizes = ", ".join(str(len(g)) for g in groups)
    tie = " (tied with the largest)" if len(groups[0]) == len(second) else ""
    points = shieldgate_points([len(g) for g in groups])
    return CardScore(points, f"village cluster sizes {sizes}; second largest{tie}: [{fmt_cells(second)}]: "
                             f"{len(second)} × {SHIELDGATE_EACH} = {points}")


@_edict("Borderlands")
def borderlands(board: Board) -> CardScore:
    """6 per completely filled row and per completely filled column."""
    rows = [r for r in range(SIZE) if all(board.filled(index(r, c)) for c in range(SIZE))]
    cols = [c for c in range(SIZE) if all(board.filled(index(r, c)) for r in range(SIZE))]
    count = len(rows) + len(cols)
    return CardScore(6 * count, f"full rows {', '.join(map(str, rows)) or 'none'}; full columns "
                                f"{', '.join(map(str, cols)) or 'none'}: {count} × 6 = {6 * count}")


@_edict("Lost Barony")
def lost_barony(board: Board) -> CardScore:
    """3 per space along one side of the largest all-filled square."""
    side = [[0] * (SIZE + 1) for _ in range(SIZE + 1)]
    best, corner = 0, (0, 0)
    for r in range(SIZE):
        for c in range(SIZE):
            if board.filled(index(r, c)):
                k = 1 + min(side[r][c], side[r][c + 1], side[r + 1][c])
                side[r + 1][c + 1] = k
                if k > best:
                    best, corner = k, (r - k + 1, c - k + 1)
    if not best:
        return CardScore(0, "no filled space: 0")
    top, left = corner
    return CardScore(lost_barony_points(best), f"largest filled square {best}×{best} at rows {top}–{top + best - 1}, "
                                               f"columns {left}–{left + best - 1}: {best} × {LOST_BARONY_EACH} = "
                                               f"{lost_barony_points(best)}")


_DIAGONALS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index(r + k, k) for k in range(SIZE - r)) for r in range(SIZE)
)


@_edict("The Broken Road")
def the_broken_road(board: Board) -> CardScore:
    """3 per completely filled diagonal running from the left edge down-right to the bottom edge."""
    full = [d[0] for d in _DIAGONALS if all(board.filled(i) for i in d)]
    if not full:
        return CardScore(0, "no fully filled left-to-bottom diagonal: 0")
    return CardScore(3 * len(full), f"fully filled diagonals starting at {fmt_cells(full)} (each running down-right "
                                    f"to the bottom edge): {len(full)} × 3 = {3 * len(full)}")


@_edict("The Cauldrons")
def the_cauldrons(board: Board) -> CardScore:
    """1 per empty space whose four sides are each filled or the map edge."""
    return CardScore(*_each("empty spaces enclosed on all four sides (filled space or map edge)",
                            (i for i in range(CELL_COUNT) if board.cells[i] == EMPTY and board.enclosed(i)), 1))

