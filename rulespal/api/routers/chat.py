"""Question routes: a whole answer as JSON (/api/ask) or streamed as server-sent events (/api/chat)."""

from __future__ import annotations

import inspect
import json
import logging
import threading
from collections.abc import AsyncIterator, Generator, Iterator
from itertools import chain

import anyio
from fastapi import APIRouter, Depends
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.concurrency import run_in_threadpool

from engine import PositionError
from rulespal.answer import Event
from rulespal.api.deps import ChatAssistant, Pal
from rulespal.api.errors import error_body
from rulespal.api.ratelimit import rate_limited
from rulespal.api.schemas import ERROR_RESPONSES, AnswerOut, AskIn, ChatEventOut, MessageOut
from rulespal.errors import RulesPalError
from rulespal.service import RulesPal

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api", tags=["chat"], dependencies=[Depends(rate_limited)], responses={
    **ERROR_RESPONSES,
    413: {"model": MessageOut, "description": "The question is longer than the configured limit."},
    429: {"model": MessageOut, "description": "Too many requests from this client; see the Retry-After header."},
    503: {"model": MessageOut, "description": "The chat model could not be loaded."},
})


def _game(body: AskIn, pal: RulesPal) -> str | None:
    """The resolved game id, before any model work starts (the assistant checks the question itself)."""
    return pal.book(body.game).id if body.game else None


@router.post("/ask", response_model=AnswerOut, summary="Ask a question (whole answer)")
def ask(body: AskIn, pal: Pal, assistant: ChatAssistant) -> dict:
    """The answer with its verified citations and the engine calls behind it."""
    answer = assistant.ask(body.question, game=_game(body, pal), thread_id=body.thread_id, position=body.position)
    return answer.to_dict()


def _frames(events: Iterator[Event]) -> Generator[ServerSentEvent, None, None]:
    """Assistant events as SSE frames; a failure mid-stream becomes a final `error` event."""
    try:
        for event in events:
            yield ServerSentEvent(data=json.dumps(event.data, ensure_ascii=False, default=str), event=event.kind)
    except (RulesPalError, PositionError) as exc:
        yield ServerSentEvent(data=json.dumps({"message": str(exc), **error_body(exc)[1]}), event="error")
    except Exception:  # the stream has started: report instead of cutting the connection
        log.exception("chat stream failed")
        yield ServerSentEvent(data=json.dumps({"message": "internal error while answering"}), event="error")


async def _sse(first: list[Event], events: Iterator[Event]) -> AsyncIterator[ServerSentEvent]:
    """The frames of `first` then `events`, one at a time from a worker thread. When the client goes away (Stop, a
    closed tab) the assistant's generator is closed at once, so the model stops generating and releases its lock."""
    frames = _frames(chain(first, events))
    turn = threading.Lock()  # next() and close() never run at the same time

    def step() -> ServerSentEvent | None:
        with turn:
            return next(frames, None)

    def close() -> None:
        with turn:
            if inspect.getgeneratorstate(frames) != inspect.GEN_CLOSED:
                log.info("chat stream closed before its end: the client went away")
            frames.close()
            if hasattr(events, "close"):
                events.close()

    try:
        while (frame := await run_in_threadpool(step)) is not None:
            yield frame
    finally:
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(close)


@router.post("/chat", summary="Ask a question (streamed as server-sent events)", response_class=EventSourceResponse,
             response_model=None,
             responses={200: {"content": {"text/event-stream": {"schema": ChatEventOut.model_json_schema()}},
                              "description": "Events `token`, `tool_call`, `tool_result`, `citations`, then `done` "
                                             "(data = the whole answer) or `error`; each data is JSON."}})
def chat(body: AskIn, pal: Pal, assistant: ChatAssistant) -> EventSourceResponse:
    """Stream the answer: tokens as they come, tool calls and results, verified citations, then the whole answer."""
    events = assistant.stream(body.question, game=_game(body, pal), thread_id=body.thread_id, position=body.position)
    first = next(events, None)  # errors before the first event (empty or long question) get their HTTP status
    return EventSourceResponse(_sse([first] if first else [], events))
