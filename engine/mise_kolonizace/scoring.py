"""Scoring a placement: value every area it closes and award it to the majority of cosmonauts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.mise_kolonizace.areas import Region, Survey, survey
from engine.mise_kolonizace.board import Board, build_board, kind_label, neighbour
from engine.mise_kolonizace.model import Position
from engine.mise_kolonizace.placement import check_placement
from engine.mise_kolonizace.rules import (
    BASE_KIND,
    END_GAME_STACK_SIZE,
    OPPOSITE,
    POINTS_PER_ALIEN,
    POINTS_PER_TILE,
    REF_END,
    REF_SCORING,
    REF_SCORING_EXAMPLES,
    SIDES,
)
from engine.protocol import Breakdown, ScoreLine


@dataclass(frozen=True)
class Item:
    """One part of a closed area's worth: its size, its aliens, or one neighbouring area."""

    key: str
    label: str
    points: int
    detail: str


@dataclass(frozen=True)
class Award:
    """A closed area's worth and who takes it."""

    region: Region
    items: tuple[Item, ...]
    winners: tuple[str, ...]

    @property
    def value(self) -> int:
        """Points the area is worth in all."""
        return sum(item.points for item in self.items)

    @property
    def share(self) -> int:
        """Points each majority holder receives (an equal split, rounded down)."""
        return self.value // len(self.winners) if self.winners else 0

    @property
    def lost(self) -> int:
        """Points nobody receives: the remainder of a split, or everything when the area has no cosmonaut."""
        return self.value - self.share * len(self.winners)


def _tiles(count: int) -> str:
    return f"{count} tile{'s' * (count != 1)}"


def _aliens(count: int) -> str:
    return f"{count} alien{'s' * (count != 1)}"


def _region_name(region: Region) -> str:
    return f"area {region.number} ({kind_label(region.kind)})"


def own_items(prefix: str, size: int, aliens: int) -> list[Item]:
    """What a closed area is worth by itself: its size and its aliens."""
    return [
        Item(f"{prefix}:size", "size of the closed area", size * POINTS_PER_TILE,
             f"{_tiles(size)} x {POINTS_PER_TILE}"),
        Item(f"{prefix}:aliens", "aliens in the closed area", aliens * POINTS_PER_ALIEN,
             f"{_aliens(aliens)} x {POINTS_PER_ALIEN}"),
    ]


def neighbour_item(key: str, name: str, size: int, aliens: int, state: str = "") -> Item:
    """What one area linked by a green laser adds (counted once, however many green lasers link it)."""
    return Item(key, f"neighbouring {name} through a green laser", size * POINTS_PER_TILE + aliens * POINTS_PER_ALIEN,
                f"{_tiles(size)} x {POINTS_PER_TILE} + {_aliens(aliens)} x {POINTS_PER_ALIEN}{state}")


def worth(found: Survey, region: Region) -> tuple[Item, ...]:
    """Itemise what a closed area is worth: size, aliens, then each green-laser neighbour once."""
    prefix = f"area:{region.number}"
    items = own_items(prefix, region.size, region.aliens)
    for number in region.green_neighbours:
        other = found.regions[number]
        state = "" if other.kind == BASE_KIND else ", closed" if other.closed else ", still open"
        items.append(neighbour_item(f"{prefix}:neighbour:{number}", _region_name(other), other.size, other.aliens,
                                    state))
    return tuple(items)


def majority(region: Region, order: tuple[str, ...]) -> tuple[str, ...]:
    """The colours holding the most cosmonauts in the area (none if it has no cosmonaut), in player order."""
    most = max(region.cosmonauts.values(), default=0)
    return tuple(c for c in order if most and region.cosmonauts.get(c) == most)


def newly_closed(position: Position, board: Board, found: Survey) -> list[Region]:
    """Areas closed now that were not closed before the move: those holding the move, or sealed by it."""
    move = position.move
    last = len(position.tiles) - 1
    candidates = {found.region_of[n] for n, node in enumerate(board.nodes) if node.tile_index == last}
    for side in SIDES:
        square = board.squares.get(neighbour(move.at, side))
        if square is not None:
            node, edge = square.sides[OPPOSITE[side]]
            if edge == "open":
                candidates.add(found.region_of[node])
    regions = (found.regions[n] for n in sorted(candidates))
    return [r for r in regions if r.closed and r.kind != BASE_KIND]


def _colour_order(position: Position, board: Board) -> tuple[str, ...]:
    if position.players is not None:
        return position.players
    colours = {c for node in board.nodes for c in node.cosmonauts} | set(position.totals or {})
    return tuple(sorted(colours))


def _area_dict(award: Award, found: Survey) -> dict[str, Any]:
    region = award.region
    return {
        "area": region.number, "kind": region.kind, "label": kind_label(region.kind),
        "tiles": [list(c) for c in region.cells], "size": region.size, "aliens": region.aliens,
        "cosmonauts": dict(region.cosmonauts),
        "items": [{"key": i.key, "label": i.label, "points": i.points, "detail": i.detail} for i in award.items],
        "neighbours": [{"area": n, "kind": found.regions[n].kind, "size": found.regions[n].size,
                        "aliens": found.regions[n].aliens, "closed": found.regions[n].closed}
                       for n in region.green_neighbours],
        "value": award.value, "winners": list(award.winners), "share": award.share, "lost": award.lost,
    }


def _award_text(award: Award) -> str:
    region, items = award.region, " + ".join(f"{i.points} {i.label}" for i in award.items if i.points)
    head = f"{_region_name(region)}, {_tiles(region.size)}, worth {award.value} ({items or 'nothing'})"
    counts = ", ".join(f"{c} {n}" for c, n in region.cosmonauts.items()) or "none"
    if len(award.winners) == 1:
        return f"{head}; cosmonauts {counts}: majority -> {award.share}"
    return (f"{head}; cosmonauts {counts}: {len(award.winners)}-way tie between {', '.join(award.winners)} -> "
            f"{award.share} each, {award.lost} lost")


def _lines(awards: list[Award], order: tuple[str, ...]) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    for colour in order:
        won = [a for a in awards if colour in a.winners]
        if won:
            shared = any(len(a.winners) > 1 for a in won)
            lines.append(ScoreLine(
                f"player:{colour}", f"{colour} scores {len(won)} closed area{'s' * (len(won) != 1)}",
                sum(a.share for a in won), REF_SCORING_EXAMPLES if shared else REF_SCORING,
                "; ".join(_award_text(a) for a in won)))
    for award in awards:
        if not award.winners:
            lines.append(ScoreLine(
                f"area:{award.region.number}:unclaimed",
                f"{_region_name(award.region)} closed with no cosmonaut in it: nobody scores", 0, REF_SCORING,
                f"worth {award.value} to a majority holder, but it holds no cosmonaut"))
    return lines


def _open_areas(position: Position, board: Board, found: Survey) -> list[dict[str, Any]]:
    last = len(position.tiles) - 1
    numbers = sorted({found.region_of[n] for n, node in enumerate(board.nodes) if node.tile_index == last})
    return [{"area": n, "kind": found.regions[n].kind, "size": found.regions[n].size,
             "open_sides": [{"at": list(s.at), "side": s.side, "why": s.why} for s in found.regions[n].open_sides]}
            for n in numbers if not found.regions[n].closed]


def _game_end(position: Position) -> dict[str, Any]:
    stacks = dict(position.stacks or {})
    over = all(left <= END_GAME_STACK_SIZE for left in stacks.values())  # stacks name every player (build.py)
    note = (f"every stack is down to {END_GAME_STACK_SIZE} tiles: the game ends; turn the last two tiles over and "
            "score them with end_game" if over else
            f"the game goes on until every player's stack holds only {END_GAME_STACK_SIZE} tiles")
    return {"over": over, "stacks": stacks, "note": note, "rule_ref": REF_END}


def score(position: Position) -> dict[str, Any]:
    """The `score` answer: points the move awards, per player, with every closed area itemised."""
    verdict, _ = check_placement(position)
    extra: dict[str, Any] = {"legal": verdict.legal}
    if position.stacks is not None:
        extra["game_end"] = _game_end(position)
    if not verdict.legal:
        extra |= {"reasons": verdict.to_dict()["reasons"], "areas": [], "awards": {},
                  "summary": "The placement is not legal, so it scores nothing: " +
                             " ".join(r.message for r in verdict.reasons)}
        if position.totals is not None:
            extra["totals"] = dict(position.totals)
        return Breakdown((), extra).to_dict()
    board = build_board(position, len(position.tiles))
    found = survey(board)
    order = _colour_order(position, board)
    awards = [Award(r, worth(found, r), majority(r, order)) for r in newly_closed(position, board, found)]
    lines = _lines(awards, order)
    points = {line.key.split(":", 1)[1]: line.points for line in lines if line.key.startswith("player:")}
    extra |= {"areas": [_area_dict(a, found) for a in awards], "awards": points,
              "open_areas": _open_areas(position, board, found)}
    if position.totals is not None:
        colours = [c for c in order if c in position.totals or c in points]
        extra["totals"] = {c: position.totals.get(c, 0) + points.get(c, 0) for c in colours}
    at = f"[{position.move.at[0]}, {position.move.at[1]}]"
    if awards:
        gained = ", ".join(f"{c} +{p}" for c, p in points.items()) or "nobody scores"
        extra["summary"] = f"The tile at {at} closes {len(awards)} area(s): {gained}."
    else:
        extra["summary"] = f"The tile at {at} closes no area, so nobody scores."
    return Breakdown(tuple(lines), extra).to_dict()
