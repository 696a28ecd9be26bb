"""Adding and deleting rulebooks over HTTP: allowed with the admin token (RULESPAL_ADMIN_TOKEN, sent as a bearer
token) or, when no token is set, only on a server that listens on loopback."""

from __future__ import annotations

import secrets
from typing import Annotated

import anyio
from fastapi import APIRouter, Depends, Header, UploadFile

from rulespal.api.deps import AppSettings, Pal
from rulespal.api.schemas import ERROR_RESPONSES, MessageOut, RulebookAddedOut, RulebookDeletedOut
from rulespal.errors import UploadRefused
from rulespal.upload import add_rulebook, delete_rulebook
from rulespal.views import TocView

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def require_admin(settings: AppSettings, authorization: Annotated[str | None, Header()] = None) -> None:
    """Let the request through with the admin token (when one is set), or on a loopback-only server."""
    if settings.admin_token:
        expected = f"Bearer {settings.admin_token}".encode()
        if not secrets.compare_digest((authorization or "").encode(), expected):
            raise UploadRefused("forbidden", "adding or deleting rulebooks needs the admin token: "
                                             "send 'Authorization: Bearer <RULESPAL_ADMIN_TOKEN>'")
    elif settings.host not in LOOPBACK:
        raise UploadRefused("forbidden", "adding or deleting rulebooks is disabled on this server: set "
                                         "RULESPAL_ADMIN_TOKEN, or serve on 127.0.0.1 only")


router = APIRouter(prefix="/api/rulebooks", tags=["rulebooks"], dependencies=[Depends(require_admin)],
                   responses={**ERROR_RESPONSES, 403: {"model": MessageOut, "description": "Not allowed here."}})


@router.post("", status_code=201, response_model=RulebookAddedOut, summary="Add a rulebook (PDF or Markdown)",
             responses={413: {"model": MessageOut, "description": "Larger than RULESPAL_MAX_UPLOAD_MB."},
                        415: {"model": MessageOut, "description": "Neither a PDF nor UTF-8 Markdown."}})
async def add(file: UploadFile, pal: Pal, settings: AppSettings) -> dict:
    """Convert (a PDF) and index an uploaded rulebook; its id (the slug of the file name), title and table of
    contents. The type is read from the content, never the name; an upload with the same id replaces it."""
    data = await file.read(int(settings.max_upload_mb * 1_000_000) + 1)
    book = await anyio.to_thread.run_sync(add_rulebook, pal, file.filename or "rulebook", data)
    return {"id": book.id, **TocView.of(book).to_dict(), "pdf": book.source_pdf is not None}


@router.delete("/{game}", response_model=RulebookDeletedOut, summary="Delete an added rulebook",
               responses={409: {"model": MessageOut, "description": "A bundled rulebook, or one added with a folder."}})
def delete(game: str, pal: Pal) -> dict:
    """Remove a rulebook added by upload or `rulespal ingest FILE` from the library and the index."""
    book = pal.book(game)
    return {"deleted": book.id, "games": delete_rulebook(pal, book.id)}
