"""The mission track: a row of photo-mission stacks and the Mission Update step that moves one card to the right."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cational_meographic.components import Mission, MissionCard
from engine.cational_meographic.parsing import read_card_fields, read_list, read_object
from engine.cational_meographic.rulings import ruling
from engine.kit import PositionError, Problems, read_int

TRACK_FIELDS = ("stacks",)
TRACK_OPTIONAL = ("half_covering",)
CARD_FIELDS = ("name", "pawints")
CARD_OPTIONAL = ("pattern",)


@dataclass(frozen=True)
class MissionTrack:
    """Stacks left to right (the leftmost is the draw stack), each listed bottom to top, none empty;
    `half_covering` is the index of the stack whose top card half-covers the card beneath it, if any (ruling R2)."""

    stacks: tuple[tuple[MissionCard, ...], ...]
    half_covering: int | None = None

    def visible(self) -> tuple[tuple[int, Mission], ...]:
        """Return (stack index, mission) for every card showing, left to right; a covered card comes before the
        card covering it (rulings R2-R4)."""
        shown: list[tuple[int, Mission]] = []
        for i, stack in enumerate(self.stacks):
            if i == self.half_covering:
                shown.append((i, Mission(stack[-2], covered=True)))
                shown.append((i, Mission(stack[-1], bonus=stack[-2].pawints)))
            else:
                shown.append((i, Mission(stack[-1])))
        return tuple(shown)

    def missions(self) -> tuple[Mission, ...]:
        """The showing missions whose pattern is known, ready to score placements against."""
        return tuple(m for _, m in self.visible() if m.card.pattern.cells)

    def to_json(self) -> dict[str, Any]:
        """Return the track in the notation `mission_update` reads."""
        return {"stacks": [[card.to_json() for card in stack] for stack in self.stacks],
                "half_covering": self.half_covering}


@dataclass(frozen=True)
class Move:
    """One Mission Update: which card moved from which stack to which (indexes of the track before the move;
    `to_stack` equal to the number of stacks means a new stack), what it covers, and why it was chosen."""

    card: MissionCard
    from_stack: int
    to_stack: int
    covers: MissionCard | None
    why: str

    def to_json(self) -> dict[str, Any]:
        """Return the move as a JSON-ready dict."""
        return {"card": self.card.name, "pawints": self.card.pawints, "from_stack": self.from_stack,
                "to_stack": self.to_stack, "action": "cover" if self.covers else "new_stack",
                "covers": self.covers.name if self.covers else None, "why": self.why}


def mission_update(track: MissionTrack) -> tuple[MissionTrack, Move]:
    """Move the covering card (if a card is half-covered) or else the leftmost stack's top card one stack right,
    half-covering the card there or starting a new stack (rulings R1, R2, R5)."""
    if track.half_covering is not None:
        source = track.half_covering
        why = (f"Stack {source}'s top card half-covers the card beneath it, so that covering card moves "
               f"({ruling('R1')}).")
    else:
        source = 0
        why = "No card is half-covered, so the top card of the leftmost stack moves."
    stacks = [list(stack) for stack in track.stacks]
    card = stacks[source].pop()
    target = source + 1
    covers = stacks[target][-1] if target < len(stacks) else None
    if covers is None:
        stacks.append([card])
        why += " No card lies to its right, so it starts a new stack."
    else:
        stacks[target].append(card)
        why += (f" It covers the pattern of {covers.name} (stack {target}), leaving its ×{covers.pawints} showing as "
                "a bonus.")
    half = target if covers is not None else None
    if not stacks[source]:
        del stacks[source]
        half = None if half is None else half - 1
        why += f" Stack {source} is now empty and leaves the row ({ruling('R5')})."
    return MissionTrack(tuple(tuple(s) for s in stacks), half), Move(card, source, target, covers, why)


def parse_track(doc: Any) -> MissionTrack:
    """Validate a mission-track document and return it, or raise PositionError listing every problem found."""
    problems = Problems()
    obj = read_object(doc, (), problems, TRACK_FIELDS, TRACK_OPTIONAL)
    if obj is None:
        raise PositionError(problems.errors)
    stacks: list[tuple[MissionCard, ...]] = []
    given = read_list(obj["stacks"], ("stacks",), problems, "stacks", non_empty=True) if "stacks" in obj else None
    for i, value in enumerate(given or []):
        cards = []
        for j, item in enumerate(read_list(value, ("stacks", i), problems, "cards (bottom to top)", non_empty=True)
                                 or []):
            card_obj = read_object(item, ("stacks", i, j), problems, CARD_FIELDS, CARD_OPTIONAL)
            card = read_card_fields(card_obj, ("stacks", i, j), problems, False) if card_obj is not None else None
            if card is not None:
                cards.append(card)
        stacks.append(tuple(cards))
    half = obj.get("half_covering")
    if half is not None and read_int(half, ("half_covering",), problems, 0) is not None:
        if half >= len(stacks) or len(stacks[half]) < 2:
            sizes = ", ".join(f"{i}: {len(s)}" for i, s in enumerate(stacks))
            problems.add(("half_covering",), f"expected the index of a stack holding at least 2 cards (a covering "
                                             f"card on the card it covers), got {half}; stack sizes are {sizes}")
    problems.raise_if_any()
    return MissionTrack(tuple(stacks), half)
