"""Rulings on points the rulebook leaves open: short texts quoted in engine output and the sections they rest on
(full text: docs/rulings.md)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cational_meographic.rules import (
    REF_ADJACENCY,
    REF_COMPONENTS,
    REF_GAME_FLOW,
    REF_MISSION_EXAMPLE,
    REF_MISSION_UPDATE,
    REF_PHOTO_MISSIONS,
    REF_PLACEMENT,
    REF_REPLENISHMENT,
    REF_SCORING_EXAMPLE,
    REF_SCOUT,
    REF_SETUP,
    REF_SOLO,
    REF_TAKE_PHOTOS,
    REF_TITLES,
)


@dataclass(frozen=True)
class Ruling:
    """How the engine settles an open point, and the rulebook sections the reading rests on."""

    text: str
    sections: tuple[str, ...]


RULINGS = {
    "R1": Ruling("when a card is half-covered, the card lying on top of it (the covering card) is the one moved",
                 (REF_MISSION_UPDATE,)),
    "R2": Ruling("a half-covered card lies under another card that hides its pattern but leaves its Pawints visible; "
                 "it is not an active mission, and at most one card is half-covered at a time",
                 (REF_MISSION_UPDATE, REF_MISSION_EXAMPLE)),
    "R3": Ruling("the top card of every stack, the leftmost draw stack included, is an active photo mission",
                 (REF_SETUP, REF_MISSION_EXAMPLE)),
    "R4": Ruling("a covering card is worth its own printed Pawints plus the printed Pawints of the card it covers "
                 "(given as `bonus`)", (REF_MISSION_UPDATE, REF_MISSION_EXAMPLE)),
    "R5": Ruling("a stack left without cards is removed from the row; the next stack becomes the leftmost",
                 (REF_MISSION_UPDATE,)),
    "R6": Ruling("after Scout a player holds two tiles (starting hand + scouted tile), places either one and keeps "
                 "the other", (REF_SETUP, REF_SCOUT, REF_TAKE_PHOTOS)),
    "R7": Ruling("the solo discard happens only when a replenishment is due, from the rightmost non-empty pile; if "
                 "that pile empties the remaining piles slide to the right end; multiplayer games discard nothing",
                 (REF_SOLO, REF_REPLENISHMENT, REF_SCOUT)),
    "R8": Ruling("a drawn tile of a type already on a pile joins that pile; a new type starts a pile in the leftmost "
                 "empty place; drawing stops at three piles or when the bag is empty", (REF_SCOUT, REF_SETUP)),
    "R9": Ruling("only tiles sharing an edge are adjacent; a tile touching only at a corner never earns Adjacency "
                 "Pawints", (REF_ADJACENCY, REF_PLACEMENT)),
    "R10": Ruling("a same-type neighbour with exactly as many Pawints as the placed tile counts and earns its own "
                  "value", (REF_ADJACENCY, REF_SCORING_EXAMPLE)),
    "R11": Ruling("a placement that breaks the placement rule (occupied space, corner only, no contact) scores "
                  "nothing: total 0, legal: false and the reasons", (REF_PLACEMENT,)),
    "R12": Ruling("a card scores once when the placed tile completes one or more copies of its pattern; each "
                  "placement is scored on its own", (REF_PHOTO_MISSIONS,)),
    "R13": Ruling("a '*' pattern cell matches any tile, the placed tile included, but never an empty space",
                  (REF_PHOTO_MISSIONS, REF_COMPONENTS)),
    "R14": Ruling("landscape types are free labels compared ignoring letter case and surrounding spaces",
                  (REF_COMPONENTS,)),
    "R15": Ruling("the existing board is taken as given; its connectedness is not checked", (REF_PLACEMENT,)),
    "R16": Ruling("the mission update comes once per round, after the last player's turn; tiles are scored against "
                  "the missions active during their turn", (REF_MISSION_UPDATE, REF_GAME_FLOW)),
    "R17": Ruling("title ranges include both ends; any non-negative whole score has a title", (REF_TITLES,)),
}


def ruling(ruling_id: str) -> str:
    """Return the sentence engines append to a detail when this ruling decided the outcome."""
    return f"ruling: {RULINGS[ruling_id].text} ({ruling_id} in docs/rulings.md)"
