"""Health route: liveness and what the process has loaded."""

from __future__ import annotations

from fastapi import APIRouter, Request

from engine import engine_ids
from rulespal.api.deps import AppSettings, Pal
from rulespal.api.schemas import HealthOut

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=HealthOut, summary="Health")
def health(request: Request, pal: Pal, settings: AppSettings) -> dict:
    """`ok` with the games, engines, index size and whether the chat model is ready."""
    state = request.app.state
    return {"status": "ok", "games": list(pal.library.ids), "engines": list(engine_ids()),
            "chunks": pal.retriever.chunk_count,
            "chat": {"model": settings.model, "ready": state.assistant is not None, "error": state.assistant_error}}
