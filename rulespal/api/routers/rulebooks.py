"""Adding and deleting rulebooks over HTTP: allowed with the admin token (RULESPAL_ADMIN_TOKEN, sent as a bearer
token) or, when no token is set, only on a server that listens on loopback."""

from __future__ import annotations

import queue
import secrets
import threading
from collections.abc import Generator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Depends, Header, UploadFile
from sse_starlette import EventSourceResponse

from rulespal.api.deps import AppSettings, Pal
from rulespal.api.schemas import ERROR_RESPONSES, MessageOut, RulebookAddedOut, RulebookDeletedOut, RulebookEventOut
from rulespal.api.sse import event_stream
from rulespal.errors import UploadRefused
from rulespal.rulebook import Rulebook
from rulespal.service import RulesPal
from rulespal.upload import add_rulebook, check_upload, delete_rulebook
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


def _added(book: Rulebook) -> dict:
    """What an added rulebook is answered with: its id, title, table of contents and whether it came from a PDF."""
    return {"id": book.id, **TocView.of(book).to_dict(), "pdf": book.source_pdf is not None}


@dataclass(frozen=True)
class _UploadEvent:
    kind: str
    data: dict[str, Any]


class _ClientGone(Exception):
    """Raised into the upload when nobody reads its stream any more, so it stops and restores what it changed."""


def _upload_events(pal: RulesPal, filename: str, data: bytes) -> Generator[_UploadEvent, None, None]:
    """The upload's `stage` and `progress` events as its worker thread reports them, then `added`; the worker's
    error is raised here. Closing the generator (the client went away) aborts the upload at its next report."""
    updates: queue.SimpleQueue[_UploadEvent | None] = queue.SimpleQueue()
    gone = threading.Event()
    outcome: Future[Rulebook] = Future()

    def report(kind: str, payload: dict[str, Any]) -> None:
        if gone.is_set():
            raise _ClientGone("the client went away")
        updates.put(_UploadEvent(kind, payload))

    def work() -> None:
        try:
            outcome.set_result(add_rulebook(pal, filename, data, report))
        except BaseException as exc:  # handed to the stream, which reports it
            outcome.set_exception(exc)
        finally:
            updates.put(None)

    threading.Thread(target=work, name="rulebook-upload").start()
    try:
        while (update := updates.get()) is not None:
            yield update
        yield _UploadEvent("added", _added(outcome.result()))
    finally:
        gone.set()


@router.post("", status_code=201, response_model=RulebookAddedOut, summary="Add a rulebook (PDF or Markdown)",
             responses={200: {"content": {"text/event-stream": {"schema": RulebookEventOut.model_json_schema()}},
                              "description": "With `Accept: text/event-stream`: events `stage`, `progress`, then "
                                             "`added` (data = the 201 answer) or `error`; each data is JSON."},
                        413: {"model": MessageOut, "description": "Larger than RULESPAL_MAX_UPLOAD_MB."},
                        415: {"model": MessageOut, "description": "Neither a PDF nor UTF-8 Markdown."}})
async def add(file: UploadFile, pal: Pal, settings: AppSettings,
              accept: Annotated[str | None, Header()] = None) -> dict | EventSourceResponse:
    """Convert (a PDF) and index an uploaded rulebook; its id (the slug of the file name), title and table of
    contents. The type is read from the content, never the name; an upload with the same id replaces it. With
    `Accept: text/event-stream` the answer is a stream of its progress (a file refused by size, type or pages is
    still an HTTP error before the stream starts)."""
    data = await file.read(int(settings.max_upload_mb * 1_000_000) + 1)
    name = file.filename or "rulebook"
    if "text/event-stream" not in (accept or ""):
        return _added(await anyio.to_thread.run_sync(add_rulebook, pal, name, data))
    await anyio.to_thread.run_sync(check_upload, settings, data)
    return EventSourceResponse(event_stream([], _upload_events(pal, name, data)))


@router.delete("/{game}", response_model=RulebookDeletedOut, summary="Delete an added rulebook",
               responses={409: {"model": MessageOut, "description": "A bundled rulebook, or one added with a folder."}})
def delete(game: str, pal: Pal) -> dict:
    """Remove a rulebook added by upload or `rulespal ingest FILE` from the library and the index."""
    book = pal.book(game)
    return {"deleted": book.id, "games": delete_rulebook(pal, book.id)}
