"""Scoring a position: the chosen edicts' cards, coins (shapes + surrounded mountains, capped) and monsters."""

from __future__ import annotations

from engine.cartographers.edicts import EDICT_RULES
from engine.cartographers.grid import CELL_COUNT, EMPTY, NEIGHBOURS, Board, fmt_cells
from engine.cartographers.position import Edict, Position
from engine.cartographers.rules import COIN_TRACK_LENGTH, REF_SEASON_SCORING
from engine.protocol import Breakdown, ScoreLine


def card_line(board: Board, edict: Edict) -> ScoreLine:
    """The score line of one scoring card on a board."""
    card = edict.card
    result = EDICT_RULES[card.name](board)
    label = f"Edict {edict.letter}: {card.name}" if edict.letter else card.name
    return ScoreLine(f"card:{card.slug}", label, result.points, card.rule_ref, result.detail)


def coin_count(board: Board, from_shapes: int) -> int:
    """Filled coin symbols: shape coins plus surrounded mountains, at most the coin track's length."""
    return min(COIN_TRACK_LENGTH, from_shapes + len(board.surrounded_mountains))


def coins_line(board: Board, from_shapes: int) -> ScoreLine:
    """One star per filled coin symbol: shape coins plus mountains with all four neighbours filled."""
    mountains = board.surrounded_mountains
    raw = from_shapes + len(mountains)
    coins = coin_count(board, from_shapes)
    where = f" at {fmt_cells(mountains)}" if mountains else ""
    cap = f", capped at {COIN_TRACK_LENGTH} (the coin track has {COIN_TRACK_LENGTH} symbols)" if raw > coins else ""
    detail = (f"{from_shapes} coin(s) from shapes + {len(mountains)} surrounded mountain(s){where} "
              f"(all four neighbouring spaces filled) = {raw}{cap}: {coins} × 1 = {coins}")
    return ScoreLine("coins", "Coins", coins, REF_SEASON_SCORING, detail)


def monster_cells(board: Board) -> list[int]:
    """Distinct empty spaces sharing a side with at least one monster space."""
    return [i for i in range(CELL_COUNT)
            if board.cells[i] == EMPTY and any(board.cells[n] == "X" for n in NEIGHBOURS[i])]


def monsters_line(board: Board) -> ScoreLine:
    """Minus one star per distinct empty space next to a monster."""
    cells = monster_cells(board)
    detail = (f"empty spaces next to a monster at {fmt_cells(cells)}: {len(cells)} × −1 = {-len(cells)} "
              f"(each space counted once)" if cells else "no empty space next to a monster: 0")
    return ScoreLine("monsters", "Monsters", -len(cells), REF_SEASON_SCORING, detail)


def score_position(position: Position) -> Breakdown:
    """Score the position's edicts (only the season's two when a season is given), coins and monsters."""
    board = position.board
    lines = [card_line(board, edict) for edict in position.edicts]
    lines += [coins_line(board, position.coins_from_shapes), monsters_line(board)]
    extra: dict[str, object] = {"map": board.side.letter}
    if position.season:
        extra |= {"season": position.season.key, "edicts_scored": list(position.season.edicts)}
    return Breakdown(tuple(lines), extra)
