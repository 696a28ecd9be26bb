"""Draw-phase legality: what a card allows on a board (shapes, ruins, 1x1 fallbacks) and why a move is (il)legal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cartographers.cards import AMBUSH_CARDS, PLAYABLE_CARDS, Cell, find_playable_card
from engine.cartographers.grid import CODES, SIZE, TERRAIN_CODE, Board, cell_of, fmt_cells, index, on_map
from engine.cartographers.placement import SINGLE_CELLS, Card, Placement, card_placements, match_shape
from engine.cartographers.position import Position, check_keys, require_object
from engine.cartographers.rules import (
    COIN_TRACK_LENGTH,
    REF_AMBUSH,
    REF_COINS,
    REF_DRAW,
    REF_MOUNTAINS,
    REF_RIFT,
    REF_RUINS,
    TERRAINS,
)
from engine.cartographers.scoring import coin_count
from engine.kit import Loc, Problems, shown
from engine.protocol import PositionError, Reason, Verdict

MOVE_KEYS = ("card", "terrain", "cells", "ruins", "ambush")
PLAYABLE_NAMES = ", ".join(c.name for c in PLAYABLE_CARDS if c.kind != "ruins")
PRINTED_ONLY = ("mountain", "wasteland")

# Draw-phase situations: what a card lets a player draw on a given board.
MODE_TEXT = {
    "shapes": "draw one of the card's shapes (rotated/flipped as you like) anywhere it fits, in one of its terrains",
    "shapes_on_ruins": "after a ruins card: draw one of the card's shapes so that it covers an unfilled ruins space",
    "fallback": "none of the card's shapes fits anywhere: draw a 1x1 square on any empty space in one of the "
                "card's terrains (no coin)",
    "ruins_fallback": "after a ruins card, no shape can cover an unfilled ruins space: draw a 1x1 square on any "
                      "empty space, in any terrain (no coin)",
}


@dataclass(frozen=True)
class Options:
    """What may be drawn: the mode, the legal cell sets and the terrains allowed with them."""

    mode: str
    placements: tuple[Placement, ...]
    terrains: tuple[str, ...]


@dataclass(frozen=True)
class Move:
    """A drawing: the card, the terrain, the cells, and the ruins flag."""

    card: Card
    terrain: str
    cells: tuple[Cell, ...]
    ruins: bool


def options(board: Board, card: Card, ruins: bool) -> Options:
    """What a card allows on a board; `ruins`: a ruins card came just before (ambushes ignore it)."""
    fitting = tuple(p for p in card_placements(card) if not p.mask & board.filled_mask)
    empty = tuple(p for p in SINGLE_CELLS if not p.mask & board.filled_mask)
    if ruins and not card.is_ambush:
        covering = tuple(p for p in fitting if p.mask & board.unfilled_ruins_mask)
        if covering:
            return Options("shapes_on_ruins", covering, card.terrains)
        return Options("ruins_fallback", empty, TERRAINS)
    if fitting:
        return Options("shapes", fitting, card.terrains)
    return Options("fallback", empty, card.terrains)


def _terrain(value: Any, problems: Problems) -> str:
    if isinstance(value, str):
        key = value.strip()
        name = CODES.get(key.upper(), key.lower()) if len(key) == 1 else key.lower()
        if name in TERRAINS or name in PRINTED_ONLY:
            return name
    problems.add(("move", "terrain"), f"expected a terrain ({', '.join(TERRAINS)}; or its code "
                                      f"{', '.join(TERRAIN_CODE[t] for t in TERRAINS)}), got {value!r}")
    return ""


def _cells(value: Any, problems: Problems) -> tuple[Cell, ...]:
    if not isinstance(value, list) or not value:
        problems.add(("move", "cells"), f"expected a non-empty list of [row, col] pairs (0-based), "
                                        f"got {value!r}")
        return ()
    cells: list[Cell] = []
    for k, pair in enumerate(value):
        if (not isinstance(pair, list) or len(pair) != 2
                or any(isinstance(x, bool) or not isinstance(x, int) for x in pair)):
            problems.add(("move", "cells", k), f"expected [row, col] as two whole numbers, got {pair!r}")
        elif tuple(pair) in cells:
            problems.add(("move", "cells", k), f"cell {pair} is listed twice")
        else:
            cells.append((pair[0], pair[1]))
    return tuple(cells)


def _flag(doc: dict[str, Any], key: str, loc: tuple[str, ...], problems: Problems) -> bool:
    value = doc.get(key, False)
    if not isinstance(value, bool):
        problems.add((*loc, key), f"expected true or false, got {value!r}")
        return False
    return value


def parse_move(value: Any) -> Move:
    """Validate the `move` object of a check document; raise PositionError on malformed fields."""
    doc = require_object(value, ("move",))
    problems = Problems()
    check_keys(doc, MOVE_KEYS, ("move",), problems)
    name = doc.get("card")
    if not isinstance(name, str):
        problems.add(("move", "card"), f"expected the name of the explore or ambush card drawn from, "
                                       f"got {shown(name)}")
        name = ""
    card = playable_card(name, ("move", "card"), problems) if name else None
    default = "monster" if card is not None and card.is_ambush else None
    terrain = _terrain(doc.get("terrain", default), problems)
    cells = _cells(doc.get("cells"), problems)
    ruins = _flag(doc, "ruins", ("move",), problems)
    ambush = _flag(doc, "ambush", ("move",), problems)
    if card is not None and ambush and not card.is_ambush:
        problems.add(("move", "ambush"), f"ambush is true but {card.name} is not an ambush card; the "
                                         f"ambush cards are {', '.join(a.name for a in AMBUSH_CARDS)}")
    if problems or card is None:
        raise PositionError(problems.errors)
    return Move(card, terrain, cells, ruins)


def playable_card(value: Any, loc: Loc, problems: Problems) -> Card | None:
    """The explore or ambush card named by value, recording an error for an unknown name or a ruins card."""
    card = find_playable_card(value) if isinstance(value, str) else None
    if card is None:
        problems.add(loc, f"unknown card {shown(value)}; cards that show shapes: {PLAYABLE_NAMES}")
    elif card.kind == "ruins":
        problems.add(loc, f"{card.name} is a ruins card and shows no shape: give the next explore card "
                          f"revealed, with ruins: true")
        return None
    return card


def _sentences(reasons: list[Reason]) -> str:
    """Reason messages as sentences: 'Illegal: first. Second.'"""
    return " ".join(f"{r.message[0].upper()}{r.message[1:]}." for r in reasons)


def _fmt(cells: list[Cell] | tuple[Cell, ...]) -> str:
    return ", ".join(f"({r},{c})" for r, c in cells)


def _terrain_reason(card: Card, terrain: str, allowed: tuple[str, ...], mode: str) -> Reason:
    if terrain in PRINTED_ONLY:
        return Reason("terrain_printed_only", f"{terrain} spaces are printed on the map, never drawn; choose one of "
                                             f"{', '.join(allowed)}", REF_DRAW)
    if card.is_ambush:
        return Reason("terrain_not_on_card", f"an ambush shape is always filled with monster, not {terrain}",
                      REF_AMBUSH)
    ref = REF_RIFT if card.kind == "rift_lands" else REF_DRAW
    return Reason("terrain_not_on_card", f"{terrain} is not shown on {card.name}; this drawing may use "
                                         f"{', '.join(allowed)} ({MODE_TEXT[mode]})", ref)


def _shape_reasons(card: Card, move: Move, opts: Options, covers: bool) -> list[Reason]:
    """Reasons the move's shape is not allowed in the current mode."""
    single = len(move.cells) == 1
    matched = match_shape(card, list(move.cells))
    shapes_ref = REF_AMBUSH if card.is_ambush else REF_DRAW
    if opts.mode in ("fallback", "ruins_fallback"):
        if single:
            return []
        if opts.mode == "ruins_fallback":
            return [Reason("must_draw_1x1", f"after a ruins card, when none of {card.name}'s shapes can cover an "
                                            f"unfilled ruins space, you must draw a 1x1 square instead", REF_RUINS)]
        if matched is None:
            return [Reason("shape_not_on_card", f"the cells {_fmt(move.cells)} do not form any shape of "
                                                f"{card.name} in any rotation or reflection", shapes_ref)]
        return []  # a card shape that fits nowhere: the off_map / overlaps_filled reasons already say why
    reasons: list[Reason] = []
    example = _fmt([cell_of(i) for i in opts.placements[0].cells])
    if matched is None and single:
        ref = REF_RUINS if opts.mode == "shapes_on_ruins" else shapes_ref
        scope = "cover an unfilled ruins space" if opts.mode == "shapes_on_ruins" else "be drawn"
        reasons.append(Reason("fallback_not_allowed", f"a 1x1 square is only allowed when no shape of {card.name} can "
                                                      f"{scope}; one can, e.g. at {example}", ref))
    elif matched is None:
        reasons.append(Reason("shape_not_on_card", f"the cells {_fmt(move.cells)} do not form any shape of "
                                                   f"{card.name} in any rotation or reflection", shapes_ref))
    if opts.mode == "shapes_on_ruins" and not covers:
        reasons.append(Reason("must_cover_ruins", f"after a ruins card the shape must cover an unfilled ruins space "
                                                  f"when possible, and it is possible here, e.g. at {example}",
                              REF_RUINS))
    return reasons


def judge(board: Board, move: Move, coins_from_shapes: int = 0) -> tuple[Verdict, dict[str, Any]]:
    """The verdict on a move and its extras (mode, shape coin, surrounded mountains, coins gained within the room
    left on the coin track, ruins covered)."""
    failures: list[Reason] = []
    off = [cell for cell in move.cells if not on_map(*cell)]
    inside = [index(r, c) for r, c in move.cells if on_map(r, c)]
    overlapped = [i for i in inside if board.filled(i)]
    if off:
        failures.append(Reason("off_map", f"{_fmt(off)} lie(s) off the {SIZE}x{SIZE} map (rows and columns 0-10)",
                               REF_DRAW))
    if overlapped:
        what = ", ".join(f"({r},{c}) is {CODES[board.cells[index(r, c)]]}" for r, c in map(cell_of, overlapped))
        failures.append(Reason("overlaps_filled", f"a shape cannot overlap filled spaces: {what}", REF_DRAW))
    card = move.card
    opts = options(board, card, move.ruins)
    covered = [i for i in inside if board.unfilled_ruins_mask >> i & 1]
    failures += _shape_reasons(card, move, opts, bool(covered))
    if move.terrain not in opts.terrains:
        failures.append(_terrain_reason(card, move.terrain, opts.terrains, opts.mode))
    matched = match_shape(card, list(move.cells))
    fallback = opts.mode in ("fallback", "ruins_fallback")
    shape_coin = bool(matched and matched[1]) and not fallback
    surrounded: list[int] = []
    if not off and not overlapped:
        after = board.drawn(inside, "X")
        surrounded = [m for m in after.surrounded_mountains if m not in board.surrounded_mountains]
    legal = not failures
    room = COIN_TRACK_LENGTH - coin_count(board, coins_from_shapes)
    earned = int(shape_coin) + len(surrounded)
    extra = {
        "mode": opts.mode,
        "shape_coin": shape_coin,
        "surrounded_mountains": [list(cell_of(m)) for m in surrounded],
        "coins_gained": min(earned, room) if legal else 0,
        "covers_ruins": bool(covered),
    }
    if not legal:
        return Verdict(False, tuple(failures), _sentences(failures)), extra
    notes = _notes(card, move, opts, covered, shape_coin, surrounded)
    if earned > room:
        notes.append(Reason("coin_track_full", f"{earned} coin(s) earned but only {room} coin symbol(s) left on the "
                                               f"{COIN_TRACK_LENGTH}-symbol coin track: {room} filled", REF_COINS))
    detail = f"Legal: {card.name}, {move.terrain} on {_fmt(move.cells)} ({MODE_TEXT[opts.mode]})."
    return Verdict(True, tuple(notes), f"{detail} {_sentences(notes)}".strip()), extra


def _notes(card: Card, move: Move, opts: Options, covered: list[int], shape_coin: bool,
           surrounded: list[int]) -> list[Reason]:
    """Informational reasons for a legal move: which special rules applied."""
    notes: list[Reason] = []
    if move.ruins and card.is_ambush:
        notes.append(Reason("ruins_deferred", "an ambush right after a ruins card is resolved normally; the ruins "
                                              "effect applies to the next explore card", REF_AMBUSH))
    if card.is_ambush:
        notes.append(Reason("ambush", "an ambush shape is drawn as monster on the neighbour's map (the map given "
                                      "here), passing sheets in the arrow's direction", REF_AMBUSH))
    if opts.mode == "shapes_on_ruins":
        notes.append(Reason("covers_ruins", f"covers the ruins space at {fmt_cells(covered)}", REF_RUINS))
    if opts.mode == "fallback":
        notes.append(Reason("fallback_1x1", f"no shape of {card.name} fits anywhere, so a 1x1 square is drawn "
                                            f"instead (no coin)", REF_AMBUSH if card.is_ambush else REF_DRAW))
    if opts.mode == "ruins_fallback":
        notes.append(Reason("fallback_1x1", "after a ruins card no shape can cover an unfilled ruins space, so a "
                                            "1x1 square of any terrain is drawn instead (no coin)", REF_RUINS))
    if shape_coin:
        notes.append(Reason("shape_coin", "this shape shows a coin: fill in the next coin symbol", REF_COINS))
    if surrounded:
        notes.append(Reason("mountain_surrounded", f"the mountain(s) at {fmt_cells(surrounded)} now have all four "
                                                   f"neighbouring spaces filled: one coin each", REF_MOUNTAINS))
    return notes


def check_move(position: Position, move: Move) -> dict[str, Any]:
    """The JSON verdict (legal, reasons, detail) plus extras for a move on a position."""
    verdict, extra = judge(position.board, move, position.coins_from_shapes)
    return verdict.to_dict() | extra


def legal_moves(board: Board, card: Card, ruins: bool, limit: int) -> dict[str, Any]:
    """Every legal drawing (distinct cell set x terrain) of a card on a board; the first `limit` listed."""
    opts = options(board, card, ruins)
    listed: list[dict[str, Any]] = []
    for placement in opts.placements:
        for terrain in opts.terrains:
            if len(listed) == limit:
                break
            listed.append({"cells": [list(cell_of(i)) for i in placement.cells], "terrain": terrain,
                           "coin": placement.coin})
    count = len(opts.placements) * len(opts.terrains)
    ref = REF_RUINS if opts.mode.startswith(("shapes_on", "ruins")) else (REF_AMBUSH if card.is_ambush else REF_DRAW)
    return {
        "card": card.name, "mode": opts.mode, "explanation": MODE_TEXT[opts.mode], "rule_ref": ref,
        "terrains": list(opts.terrains), "cell_sets": len(opts.placements), "count": count,
        "placements": listed, "truncated": count > len(listed),
    }
