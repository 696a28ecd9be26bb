"""Browsing routes: the games, a rulebook's table of contents, its sections, and its engine's schemas."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from rulespal.api.deps import Pal
from rulespal.api.schemas import ERROR_RESPONSES, EngineSchemaOut, GameOut, SectionOut, TocOut

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)
DEDICATED_ROUTES = ("check", "score")


def operation_path(game: str, operation: str) -> str:
    """The route that runs an engine operation."""
    return f"/api/games/{game}/{operation if operation in DEDICATED_ROUTES else 'run/' + operation}"


@router.get("", response_model=list[GameOut], summary="List the games")
def list_games(pal: Pal) -> list[dict]:
    """Every game with its title, aliases, number of sections and whether it has a rules engine."""
    return [game.to_dict() for game in pal.games()]


@router.get("/{game}/toc", response_model=TocOut, summary="Table of contents")
def table_of_contents(game: str, pal: Pal) -> dict:
    """The rulebook's table of contents as a tree of sections (ids are citation anchors)."""
    return pal.toc(game).to_dict()


@router.get("/{game}/sections/{section_id:path}", response_model=SectionOut, summary="Read a section")
def read_section(game: str, section_id: str, pal: Pal) -> dict:
    """One section of a rulebook by its id (a slug path such as `the-turn-of-play/2-draw-phase`)."""
    return pal.read_section(game, section_id).to_dict()


@router.get("/{game}/pdf", response_class=FileResponse, summary="The original PDF of a converted rulebook",
            responses={200: {"content": {"application/pdf": {}}, "description": "Open at a page with #page=N."}})
def original_pdf(game: str, pal: Pal) -> FileResponse:
    """The PDF a rulebook was converted from (404 for a book written in Markdown); link `…/pdf#page=N`."""
    book = pal.book(game)
    if book.source_pdf is None:
        raise HTTPException(404, f"{book.id} was not converted from a PDF; read it at /api/games/{book.id}/toc")
    return FileResponse(book.source_pdf, media_type="application/pdf", filename=f"{book.id}.pdf",
                        content_disposition_type="inline")


@router.get("/{game}/schema", response_model=EngineSchemaOut, summary="Engine operations and position schemas")
def engine_schema(game: str, pal: Pal) -> dict:
    """The JSON Schema of the document each engine operation takes (check, score, …), with examples."""
    view = pal.engine(game).to_dict()
    for op in view["operations"]:
        op["path"] = operation_path(view["game"], op["name"])
    return view
