"""Question routes: a whole answer as JSON (/api/ask) or streamed as server-sent events (/api/chat)."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from sse_starlette import EventSourceResponse

from rulespal.api.deps import ChatAssistant, Pal
from rulespal.api.ratelimit import rate_limited
from rulespal.api.schemas import ERROR_RESPONSES, AnswerOut, AskIn, ChatEventOut, MessageOut
from rulespal.api.sse import event_stream
from rulespal.service import RulesPal

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


@router.post("/chat", summary="Ask a question (streamed as server-sent events)", response_class=EventSourceResponse,
             response_model=None,
             responses={200: {"content": {"text/event-stream": {"schema": ChatEventOut.model_json_schema()}},
                              "description": "Events `token`, `tool_call`, `tool_result`, `citations`, then `done` "
                                             "(data = the whole answer) or `error`; each data is JSON."}})
def chat(body: AskIn, pal: Pal, assistant: ChatAssistant) -> EventSourceResponse:
    """Stream the answer: tokens as they come, tool calls and results, verified citations, then the whole answer."""
    events = assistant.stream(body.question, game=_game(body, pal), thread_id=body.thread_id, position=body.position)
    first = next(events, None)  # errors before the first event (empty or long question) get their HTTP status
    return EventSourceResponse(event_stream([first] if first else [], events))
