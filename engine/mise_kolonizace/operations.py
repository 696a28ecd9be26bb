"""The Mise: Kolonizace operations: JSON document (or compact text) in, JSON-ready dict out."""

from __future__ import annotations

from typing import Any

from engine.mise_kolonizace.end_game import end_game
from engine.mise_kolonizace.notation_json import parse_end_game, parse_position
from engine.mise_kolonizace.placement import check
from engine.mise_kolonizace.scoring import score


def run_check(doc: Any) -> dict[str, Any]:
    """Check the last tile of a position (JSON object or compact text)."""
    return check(parse_position(doc))


def run_score(doc: Any) -> dict[str, Any]:
    """Score the last tile of a position (JSON object or compact text)."""
    return score(parse_position(doc))


def run_end_game(doc: Any) -> dict[str, Any]:
    """Score the end-of-game bonus and rank the players (JSON object or compact text)."""
    return end_game(parse_end_game(doc))
