"""The 11x11 map sheet: cell codes, neighbours, and a Board with cached analyses (clusters, filled mask)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from engine.cartographers.cards import Cell
from engine.cartographers.maps import MapSide

SIZE = 11
CELL_COUNT = SIZE * SIZE
EMPTY = "."
UNDRAWN_RUINS = "R"  # optional marker of a printed ruins space nothing is drawn on; read as EMPTY
CODES: dict[str, str] = {
    ".": "empty", "F": "forest", "V": "village", "A": "farm", "W": "water", "X": "monster", "M": "mountain",
    "#": "wasteland",
}
TERRAIN_CODE: dict[str, str] = {name: code for code, name in CODES.items()}


def index(r: int, c: int) -> int:
    """Flat index of (row, col)."""
    return r * SIZE + c


def cell_of(i: int) -> Cell:
    """(row, col) of a flat index."""
    return divmod(i, SIZE)


def on_map(r: int, c: int) -> bool:
    """Whether (row, col) lies on the 11x11 sheet."""
    return 0 <= r < SIZE and 0 <= c < SIZE


def fmt_cells(indices: Iterable[int]) -> str:
    """'(r,c), (r,c)' for flat indices, in row-major order."""
    return ", ".join("({},{})".format(*cell_of(i)) for i in sorted(indices))


def mask_of(indices: Iterable[int]) -> int:
    """Bit mask with one bit per flat index."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if on_map(r + dr, c + dc))
    for r in range(SIZE) for c in range(SIZE)
)
EDGE: frozenset[int] = frozenset(i for i in range(CELL_COUNT) if len(NEIGHBOURS[i]) < 4)


@dataclass(frozen=True)
class Board:
    """A map sheet: its printed side and 121 codes row-major (undrawn ruins read as '.')."""

    side: MapSide
    cells: str

    @classmethod
    def blank(cls, side: MapSide) -> Board:
        """The sheet as printed: mountains and wasteland filled, everything else empty."""
        codes = [EMPTY] * CELL_COUNT
        for r, c in side.mountains:
            codes[index(r, c)] = "M"
        for r, c in side.wasteland:
            codes[index(r, c)] = "#"
        return cls(side, "".join(codes))

    @classmethod
    def sketch(cls, side: MapSide, marks: Mapping[str, Iterable[Cell]]) -> Board:
        """The printed sheet with each code drawn on its listed (row, col) cells, e.g. {"F": [(0, 3)]}."""
        board = cls.blank(side)
        for code, cells in marks.items():
            board = board.drawn((index(r, c) for r, c in cells), code)
        return board

    def rows(self) -> list[str]:
        """The grid as 11 strings of 11 codes."""
        return [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]

    def drawn(self, indices: Iterable[int], code: str) -> Board:
        """A new board with `code` drawn on the given cells."""
        codes = list(self.cells)
        for i in indices:
            codes[i] = code
        return Board(self.side, "".join(codes))

    def filled(self, i: int) -> bool:
        """Whether a cell is filled (anything but empty; mountains, wasteland, monsters included)."""
        return self.cells[i] != EMPTY

    def enclosed(self, i: int) -> bool:
        """Whether each of the cell's four sides is a filled cell or the map edge."""
        return all(self.cells[n] != EMPTY for n in NEIGHBOURS[i])

    @cached_property
    def filled_mask(self) -> int:
        """Bit mask of filled cells."""
        return mask_of(i for i, code in enumerate(self.cells) if code != EMPTY)

    @cached_property
    def ruins(self) -> frozenset[int]:
        """Flat indices of the printed ruins spaces (filled or not)."""
        return frozenset(index(r, c) for r, c in self.side.ruins)

    @cached_property
    def unfilled_ruins_mask(self) -> int:
        """Bit mask of printed ruins spaces nothing has been drawn on yet."""
        return mask_of(i for i in self.ruins if self.cells[i] == EMPTY)

    @cached_property
    def mountains(self) -> tuple[int, ...]:
        """Flat indices of the mountain spaces, row-major."""
        return tuple(i for i, code in enumerate(self.cells) if code == "M")

    @cached_property
    def surrounded_mountains(self) -> tuple[int, ...]:
        """Mountains whose four orthogonal neighbours all exist and are filled (each is worth a coin)."""
        return tuple(i for i in self.mountains if len(NEIGHBOURS[i]) == 4 and self.enclosed(i))

    @cached_property
    def _clusters(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        seen = bytearray(CELL_COUNT)
        found: dict[str, list[tuple[int, ...]]] = {}
        cells = self.cells
        for start in range(CELL_COUNT):
            code = cells[start]
            if seen[start] or code == EMPTY:
                continue
            seen[start] = 1
            stack, members = [start], [start]
            while stack:
                for n in NEIGHBOURS[stack.pop()]:
                    if not seen[n] and cells[n] == code:
                        seen[n] = 1
                        stack.append(n)
                        members.append(n)
            found.setdefault(code, []).append(tuple(sorted(members)))
        return {code: tuple(groups) for code, groups in found.items()}

    def clusters(self, code: str) -> tuple[tuple[int, ...], ...]:
        """Clusters (orthogonally connected groups) of one code, each sorted row-major, ordered by first cell."""
        return self._clusters.get(code, ())

    def touching(self, group: Iterable[int]) -> set[int]:
        """Cells outside the group that share a side with it."""
        members = set(group)
        return {n for i in members for n in NEIGHBOURS[i] if n not in members}
