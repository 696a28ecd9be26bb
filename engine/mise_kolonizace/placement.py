"""Placement legality: the move must touch a placed tile by a side, not overlap, and keep unlike areas apart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.mise_kolonizace.board import build_board, kind_label, neighbour, world_sides
from engine.mise_kolonizace.model import Cell, Position
from engine.mise_kolonizace.rules import OPPOSITE, REF_GAMEPLAY, REF_PLACING_EXAMPLES, SIDE_NAMES, SIDES
from engine.protocol import Reason, Verdict

# How one side of the placed tile meets the tile beyond it.
JOINS = "joins"  # same kind, both sides open: one area
SEPARATED = "separated"  # a laser on at least one of the two sides
UNLIKE = "unlike_areas_touch"  # different kinds, no laser: not permitted


@dataclass(frozen=True)
class Contact:
    """One side of the placed tile touching a tile (or the space base) already on the table."""

    side: str
    neighbour: Cell
    kind: str
    edge: str
    neighbour_kind: str
    neighbour_edge: str

    @property
    def result(self) -> str:
        """Whether the two areas join, are separated by a laser, or touch illegally."""
        if self.edge != "open" or self.neighbour_edge != "open":
            return SEPARATED
        return JOINS if self.kind == self.neighbour_kind else UNLIKE

    def to_dict(self) -> dict[str, Any]:
        """JSON form of the contact."""
        return {"side": self.side, "neighbour": list(self.neighbour), "kind": self.kind, "edge": self.edge,
                "neighbour_kind": self.neighbour_kind, "neighbour_edge": self.neighbour_edge, "result": self.result}


def contacts_of(position: Position) -> list[Contact]:
    """The sides of the move that touch tiles placed before it, in N, E, S, W order."""
    board = build_board(position, len(position.tiles) - 1)
    move = position.move
    placed = world_sides(move)
    found: list[Contact] = []
    for side in SIDES:
        beyond = neighbour(move.at, side)
        square = board.squares.get(beyond)
        if square is None:
            continue
        area_index, edge = placed[side]
        node, far_edge = square.sides[OPPOSITE[side]]
        found.append(Contact(side, beyond, move.tile.areas[area_index].kind, edge, board.nodes[node].kind, far_edge))
    return found


def _occupant(position: Position) -> str | None:
    at = position.move.at
    if at == position.base:
        return "the space base"
    for index, placement in enumerate(position.tiles[:-1]):
        if placement.at == at:
            return f"the tile placed as tiles[{index}]"
    return None


def check_placement(position: Position) -> tuple[Verdict, list[Contact]]:
    """Judge the last tile of the position against the placement rules; also return its contacts."""
    move = position.move
    where = f"[{move.at[0]}, {move.at[1]}]"
    reasons: list[Reason] = []
    occupant = _occupant(position)
    if occupant:
        reasons.append(Reason("occupied", f"Square {where} is already covered by {occupant}; a tile goes on an empty "
                                          "square.", REF_GAMEPLAY))
    contacts = contacts_of(position)
    if not contacts:
        reasons.append(Reason("no_contact", f"The tile at {where} touches no tile already on the table along a side "
                                            "(touching only at a corner does not count).", REF_GAMEPLAY))
    for contact in contacts:
        if contact.result == UNLIKE:
            far = f"[{contact.neighbour[0]}, {contact.neighbour[1]}]"
            reasons.append(Reason(
                UNLIKE,
                f"The {SIDE_NAMES[contact.side]} side ({contact.side}) of the tile at {where} is "
                f"{kind_label(contact.kind)} with no laser and touches {kind_label(contact.neighbour_kind)} of the "
                f"tile at {far}, whose {OPPOSITE[contact.side]} side has no laser either: different kinds of area "
                "must be separated by a laser.",
                REF_PLACING_EXAMPLES))
    legal = not reasons
    if legal:
        joined = sum(c.result == JOINS for c in contacts)
        reasons.append(Reason(
            "placement_ok",
            f"The tile at {where} touches {len(contacts)} tile(s) on the table along a side; {joined} side(s) continue "
            "an area of the same kind and every other contact is separated by a laser.", REF_GAMEPLAY))
    detail = "; ".join(
        f"{c.side}: {kind_label(c.kind)} ({c.edge}) meets {kind_label(c.neighbour_kind)} ({c.neighbour_edge}) "
        f"at [{c.neighbour[0]}, {c.neighbour[1]}] -> {c.result}" for c in contacts) or "no side touches a tile"
    return Verdict(legal, tuple(reasons), detail), contacts


def check(position: Position) -> dict[str, Any]:
    """The `check` answer: verdict plus the move and how each of its touching sides meets its neighbour."""
    verdict, contacts = check_placement(position)
    return verdict.to_dict() | {"move": {"at": list(position.move.at), "rotation": position.move.rotation},
                                "contacts": [c.to_dict() for c in contacts]}
