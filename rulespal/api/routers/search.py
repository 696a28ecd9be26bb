"""Search route: hybrid (dense + BM25) search of the rulebooks."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from rulespal.api.deps import Pal
from rulespal.api.schemas import ERROR_RESPONSES, SearchOut

router = APIRouter(prefix="/api", tags=["search"], responses=ERROR_RESPONSES)

# below this similarity in meaning, with few shared words, no hit is about the query (as REFUSE_SIMILARITY in agent.py)
RELEVANT_SIMILARITY = 0.30


@router.get("/search", response_model=SearchOut, summary="Search the rulebooks")
def search(pal: Pal,
           q: Annotated[str, Query(min_length=1, max_length=500, description="What to look for.")],
           game: Annotated[str | None, Query(description="Restrict to one game (detected from q if omitted).")] = None,
           k: Annotated[int, Query(ge=1, le=50, description="How many sections to return.")] = 5) -> dict:
    """The k sections that best match the query, within one game (given or detected; `game=` empty = detect).
    When detection is not confident, `game` is null and `candidates` lists the likely games to ask about.
    `relevant` is false when none of them is about the query (the retrieval similarity and word coverage)."""
    view = pal.search_view(q, game=game or None, k=k)
    return {**view.to_dict(), "relevant": bool(view.result.hits) and view.result.relevant(RELEVANT_SIMILARITY)}
