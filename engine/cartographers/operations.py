"""The Cartographers operations: JSON document in, JSON-ready dict out."""

from __future__ import annotations

from typing import Any

from engine.cartographers.cards import SEASONS, find_scoring_card
from engine.cartographers.components import components
from engine.cartographers.game_score import score_game, solo_rating
from engine.cartographers.legality import check_move, legal_moves, parse_move, playable_card
from engine.cartographers.position import check_keys, parse_map, parse_position, require_object
from engine.cartographers.scoring import score_position
from engine.kit import Problems, shown
from engine.protocol import PositionError

DEFAULT_LIMIT = 200
MAX_LIMIT = 10000


def run_score(doc: Any) -> dict[str, Any]:
    """Score a position document."""
    return score_position(parse_position(doc)).to_dict()


def run_check(doc: Any) -> dict[str, Any]:
    """Check the move of a check document against its position (problems of both are reported together)."""
    doc = require_object(doc)
    problems = Problems()
    position = move = None
    try:
        position = parse_position(doc, extra_keys=("move",))
    except PositionError as exc:
        problems.extend(exc.errors)
    if "move" not in doc:
        problems.add(("move",), "required: {card, terrain, cells, ruins} describing the drawing")
    else:
        try:
            move = parse_move(doc["move"])
        except PositionError as exc:
            problems.extend(exc.errors)
    if problems or position is None or move is None:
        raise PositionError(problems.errors)
    return check_move(position, move)


def run_legal_moves(doc: Any) -> dict[str, Any]:
    """List the legal placements of a card on a position."""
    doc = require_object(doc)
    problems = Problems()
    ruins = doc.get("ruins", False)
    if not isinstance(ruins, bool):
        problems.add(("ruins",), f"expected true or false, got {shown(ruins)}")
    limit = doc.get("limit", DEFAULT_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= MAX_LIMIT:
        problems.add(("limit",), f"expected a whole number from 0 to {MAX_LIMIT}, got {shown(limit)}")
    card = playable_card(doc.get("card"), ("card",), problems)
    try:
        position = parse_position(doc, extra_keys=("card", "ruins", "limit"))
    except PositionError as exc:
        raise PositionError([*exc.errors, *problems.errors]) from None
    if problems or card is None:
        raise PositionError(problems.errors)
    return legal_moves(position.board, card, ruins, limit)


def run_score_game(doc: Any) -> dict[str, Any]:
    """Score a whole-game document."""
    return score_game(doc)


def run_components(doc: Any) -> dict[str, Any]:
    """What the components print: both map sides and all cards, or only the printed map of doc['map']."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("map",), (), problems)
    side = parse_map(doc["map"], ("map",), problems) if "map" in doc else None
    problems.raise_if_any()
    return components(side)


def run_solo_title(doc: Any) -> dict[str, Any]:
    """The solo rating and title of a final score, with the game's four scoring cards or their solo values' sum."""
    doc = require_object(doc)
    problems = Problems()
    check_keys(doc, ("score", "cards", "solo_values"), (), problems)
    score = doc.get("score")
    if isinstance(score, bool) or not isinstance(score, int):
        problems.add(("score",), f"required: the final score in reputation stars, a whole number, got {shown(score)}")
    values: dict[str, int] = {}
    if ("cards" in doc) == ("solo_values" in doc):
        problems.add(("cards",), "give either the four scoring cards of the game or solo_values, their solo "
                                 "values' sum")
    elif "cards" in doc:
        cards = doc["cards"]
        if not isinstance(cards, list) or len(cards) != len(SEASONS):
            problems.add(("cards",), f"expected the {len(SEASONS)} scoring cards of the game, got {shown(cards)}")
        else:
            for i, name in enumerate(cards):
                card = find_scoring_card(name) if isinstance(name, str) else None
                if card is None:
                    problems.add(("cards", i), f"unknown scoring card {shown(name)}")
                elif card.name in values:
                    problems.add(("cards", i), f"{card.name} is named twice")
                else:
                    values[card.name] = card.solo_value
    else:
        total = doc["solo_values"]
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            problems.add(("solo_values",), f"expected a whole number of at least 0, got {shown(total)}")
        else:
            values = {"the four scoring cards": total}
    problems.raise_if_any()
    return solo_rating(score, values)
