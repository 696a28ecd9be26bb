"""Engine routes: check, score and the other operations of a game's rules engine."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body

from rulespal.api.deps import Pal
from rulespal.api.schemas import ERROR_RESPONSES, EngineResultOut

router = APIRouter(prefix="/api/games", tags=["engines"], responses=ERROR_RESPONSES)

Position = Annotated[dict[str, Any], Body(
    description='The position as JSON (schemas and examples: GET /api/games/{game}/schema), '
                'or {"text": "…"} for notation text.')]


def _document(body: dict[str, Any]) -> Any:
    """The engine's input: the notation string of a {"text": …} body, else the JSON itself."""
    if set(body) == {"text"} and isinstance(body["text"], str):
        return body["text"]
    return body


@router.post("/{game}/check", response_model=EngineResultOut, response_model_exclude_none=True,
             summary="Check a move or placement")
def check(game: str, body: Position, pal: Pal) -> dict:
    """Legality of a move or placement: `legal` and `reasons`, each citing its rule (`rule_ref`)."""
    return pal.run_engine(game, "check", _document(body))


@router.post("/{game}/score", response_model=EngineResultOut, response_model_exclude_none=True,
             summary="Score a position")
def score(game: str, body: Position, pal: Pal) -> dict:
    """A score breakdown: `total` and `lines` (key, label, points, rule_ref, detail)."""
    return pal.run_engine(game, "score", _document(body))


@router.post("/{game}/run/{operation}", response_model=EngineResultOut, response_model_exclude_none=True,
             summary="Run another engine operation")
def run_operation(game: str, operation: str, body: Position, pal: Pal) -> dict:
    """Any operation listed by GET /api/games/{game}/schema (e.g. legal_moves, mission_update)."""
    return pal.run_engine(game, operation, _document(body))
