"""Server-sent event streams of the API (chat answers, rulebook uploads): events of a blocking iterator as SSE
frames, stepped in a worker thread, with a failure as a final `error` event and the iterator closed when the client
goes away."""

from __future__ import annotations

import inspect
import json
import logging
import threading
from collections.abc import AsyncIterator, Generator, Iterator
from itertools import chain
from typing import Any, Protocol

import anyio
from sse_starlette import ServerSentEvent
from starlette.concurrency import run_in_threadpool

from engine import PositionError
from rulespal.api.errors import error_body
from rulespal.errors import RulesPalError

log = logging.getLogger(__name__)


class StreamEvent(Protocol):
    """An event to send: its kind (the SSE `event:` field) and JSON data."""

    @property
    def kind(self) -> str: ...

    @property
    def data(self) -> dict[str, Any]: ...


def error_data(exc: Exception) -> dict[str, Any]:
    """The data of an `error` event: the message, the HTTP status and body the same error gets as a response."""
    if isinstance(exc, RulesPalError | PositionError):
        status, body, _headers = error_body(exc)
        return {"message": str(exc), "status": status, **body}
    return {"message": "internal error", "status": 500, "detail": "internal error"}


def _frames(events: Iterator[StreamEvent]) -> Generator[ServerSentEvent, None, None]:
    """Events as SSE frames; a failure mid-stream becomes a final `error` event."""
    try:
        for event in events:
            yield ServerSentEvent(data=json.dumps(event.data, ensure_ascii=False, default=str), event=event.kind)
    except (RulesPalError, PositionError) as exc:
        yield ServerSentEvent(data=json.dumps(error_data(exc)), event="error")
    except Exception as exc:  # the stream has started: report instead of cutting the connection
        log.exception("event stream failed")
        yield ServerSentEvent(data=json.dumps(error_data(exc)), event="error")


async def event_stream(first: list[StreamEvent], events: Iterator[StreamEvent]) -> AsyncIterator[ServerSentEvent]:
    """The frames of `first` then `events`, one at a time from a worker thread. When the client goes away (Stop, a
    closed tab) `events` is closed at once, so the work behind it can stop and release its locks."""
    frames = _frames(chain(first, events))
    turn = threading.Lock()  # next() and close() never run at the same time

    def step() -> ServerSentEvent | None:
        with turn:
            return next(frames, None)

    def close() -> None:
        with turn:
            if inspect.getgeneratorstate(frames) != inspect.GEN_CLOSED:
                log.info("event stream closed before its end: the client went away")
            frames.close()
            if hasattr(events, "close"):
                events.close()

    try:
        while (frame := await run_in_threadpool(step)) is not None:
            yield frame
    finally:
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(close)
