"""Pawints earned by placing a tile: its own Pawints, qualifying edge neighbours and completed photo missions."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.cational_meographic.components import Cell, LandscapeTile, Mission, Tile, show_cell
from engine.cational_meographic.patterns import Completion, completions
from engine.cational_meographic.placement import check_placement, neighbours
from engine.cational_meographic.position import Position
from engine.cational_meographic.rules import (
    CORNER_NEIGHBOURS,
    REF_ADJACENCY,
    REF_MISSION_UPDATE,
    REF_PHOTO_MISSIONS,
    REF_TILE,
    WILDCARD,
)
from engine.cational_meographic.rulings import ruling
from engine.protocol import Breakdown, ScoreLine

LISTED_COPIES = 3  # other completed copies named in a detail; the rest are counted (details stay readable)


def slug(name: str) -> str:
    """Lowercase a name, drop apostrophes and join the remaining runs of a-z0-9 with '-'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "").replace("’", "")).strip("-")


def mission_keys(missions: Sequence[Mission]) -> list[str]:
    """Return a distinct score-line key per mission: mission:<slug>, with -2, -3... for repeated names."""
    keys: list[str] = []
    for i, mission in enumerate(missions):
        base = f"mission:{slug(mission.card.name) or f'card-{i + 1}'}"
        key, n = base, 1
        while key in keys:
            n += 1
            key = f"{base}-{n}"
        keys.append(key)
    return keys


def own_line(tile: LandscapeTile, shown: str) -> ScoreLine:
    """The placed tile's own Pawint icon value (`shown`: how the tile is named in the detail)."""
    return ScoreLine("tile", "Tile Pawints", tile.pawints, REF_TILE,
                     f"The placed {shown} shows ×{tile.pawints}, earned in full.")


def tile_line(placed: Tile) -> ScoreLine:
    """The placed tile's own Pawint icon value."""
    return own_line(placed.landscape, str(placed))


def qualifies(neighbour: LandscapeTile, placed: LandscapeTile) -> bool:
    """Whether an edge neighbour earns its Pawints: the same type, and equal or fewer Pawints."""
    return neighbour.kind == placed.kind and neighbour.pawints <= placed.pawints


def earned_line(neighbour: LandscapeTile, placed: LandscapeTile, where: str) -> ScoreLine:
    """The line of a qualifying edge neighbour (`where`: how it is named in the detail)."""
    equal = neighbour.pawints == placed.pawints
    notes = [f"{where}: same type and ×{neighbour.pawints} {'equals' if equal else 'is fewer than'} "
             f"×{placed.pawints}, so it earns its own {neighbour.pawints}."]
    notes += [ruling("R10") + "."] if equal else []
    notes += [ruling("R14") + "."] if neighbour.type != placed.type else []
    return ScoreLine("adjacency", "Adjacency Pawints", neighbour.pawints, REF_ADJACENCY, " ".join(notes))


def refusal(neighbour: LandscapeTile, placed: LandscapeTile, where: str) -> str:
    """Why an edge neighbour earns nothing: a different type, or a higher value."""
    if neighbour.kind != placed.kind:
        return f"{where}: a different type ({neighbour.type} is not {placed.type})"
    return f"{where}: a higher value (×{neighbour.pawints} is more than the placed tile's ×{placed.pawints})"


def corner_refusal(where: str) -> str:
    """Why a tile touching only at a corner earns nothing, though its type and value would have counted."""
    return f"{where}: it touches only at a corner, so it is not adjacent ({ruling('R9')})"


def not_earned_line(refused: Sequence[str]) -> ScoreLine:
    """One 0 line listing the neighbours that earn nothing and why."""
    return ScoreLine("adjacency", "Adjacency Pawints (not earned)", 0, REF_ADJACENCY,
                     "No Pawints from " + "; ".join(refused) + ". Only edge neighbours of the same type "
                     "with equal or fewer Pawints count.")


def adjacency_lines(board: Mapping[Cell, LandscapeTile], placed: Tile) -> list[ScoreLine]:
    """One line per edge neighbour of the same type with equal or fewer Pawints, plus one 0 line explaining the
    edge neighbours that do not count and the corner-only tiles that would have."""
    lines: list[ScoreLine] = []
    refused: list[str] = []
    mine = placed.landscape
    for direction, space, tile in neighbours(board, placed.at):
        where = f"{tile} at {show_cell(space)} ({direction} of the placed tile)"
        if qualifies(tile, mine):
            lines.append(earned_line(tile, mine, where))
        else:
            refused.append(refusal(tile, mine, where))
    refused += [corner_refusal(f"{tile} at {show_cell(space)} ({direction})")
                for direction, space, tile in neighbours(board, placed.at, CORNER_NEIGHBOURS) if qualifies(tile, mine)]
    return lines + ([not_earned_line(refused)] if refused else [])


def _shown_completion(completion: Completion, tiles: Mapping[Cell, LandscapeTile], placed_at: Cell) -> str:
    parts = []
    for space, cell in completion.cells:
        text = f"{tiles[space]} at {show_cell(space)}"
        if cell.kind == WILDCARD:
            text += " (on a '*' cell)"
        if space == placed_at:
            text += " (the placed tile)"
        parts.append(text)
    return f"pattern {completion.orientation}: " + ", ".join(parts)


def _mission_line(key: str, mission: Mission, found: tuple[Completion, ...],
                  tiles: Mapping[Cell, LandscapeTile], placed_at: Cell) -> ScoreLine:
    card = mission.card
    notes = [f"Completed with the {_shown_completion(found[0], tiles, placed_at)}."]
    if len(found) > 1:
        others = "; ".join(_shown_completion(c, tiles, placed_at) for c in found[1:1 + LISTED_COPIES])
        more = f"; and {len(found) - 1 - LISTED_COPIES} more" if len(found) - 1 > LISTED_COPIES else ""
        notes.append(f"The placed tile also completes {len(found) - 1} other cop{'y' if len(found) == 2 else 'ies'} "
                     f"({others}{more}); the card still scores only once ({ruling('R12')}).")
    if any(c.uses_wildcard for c in found):
        notes.append(ruling("R13") + ".")
    label = f"Photo mission: {card.name}"
    if mission.covered:
        notes.append("But this card is covered by another mission card: a covered card grants no Pawints for its "
                     "pattern (its value is the covering card's bonus instead).")
        return ScoreLine(key, label + " (covered)", 0, REF_MISSION_UPDATE, " ".join(notes))
    if mission.bonus:
        notes.append(f"Worth ×{card.pawints} printed + {mission.bonus} bonus from the card it covers = "
                     f"{mission.worth} ({ruling('R4')}).")
    else:
        notes.append(f"Worth ×{card.pawints}.")
    return ScoreLine(key, label, mission.worth, REF_PHOTO_MISSIONS, " ".join(notes))


def mission_lines(board: Mapping[Cell, LandscapeTile], placed: Tile,
                  missions: Sequence[Mission]) -> tuple[list[ScoreLine], list[str]]:
    """Lines for missions whose pattern the placement completes, and the names of those it does not complete."""
    tiles = {**board, placed.at: placed.landscape}
    lines: list[ScoreLine] = []
    missed: list[str] = []
    for key, mission in zip(mission_keys(missions), missions, strict=False):
        found = completions(mission.card.pattern, tiles, placed.at)
        if found:
            lines.append(_mission_line(key, mission, found, tiles, placed.at))
        else:
            missed.append(mission.card.name)
    return lines, missed


def score_placement(board: Mapping[Cell, LandscapeTile], placed: Tile,
                    missions: Sequence[Mission]) -> tuple[tuple[ScoreLine, ...], list[str]]:
    """Score a placement on a board: the lines, and the names of missions it leaves incomplete."""
    found, missed = mission_lines(board, placed, missions)
    return (tile_line(placed), *adjacency_lines(board, placed), *found), missed


def score_position(position: Position) -> Breakdown:
    """Score a position's placement; an illegal placement scores nothing and says why (ruling R11)."""
    verdict = check_placement(position.board, position.placed.at)
    extra: dict[str, object] = {"legal": verdict.legal, "reasons": verdict.to_dict()["reasons"]}
    if not verdict.legal:
        return Breakdown((), extra | {"missions_not_completed": [m.card.name for m in position.missions],
                                      "summary": f"{verdict.detail} An illegal placement scores nothing "
                                                 f"({ruling('R11')})."})
    lines, missed = score_placement(position.board, position.placed, position.missions)
    return Breakdown(lines, extra | {"missions_not_completed": missed})
