"""Request and response models of the HTTP API (the JSON keys are the ones in docs/architecture.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulespal.answer import AnswerBasis, ToolCallOrigin


class GameOut(BaseModel):
    """A game RulesPal has a rulebook for."""

    id: str = Field(description="Game id, used in every other route.")
    title: str
    aliases: list[str] = Field(description="Other names users type for the game.")
    players: str | None = None
    sections: int = Field(description="Number of sections in the rulebook.")
    engine: bool = Field(description="Whether a rules engine can check and score positions of this game.")


class TocEntryOut(BaseModel):
    """A node of a table of contents."""

    section_id: str
    title: str
    level: int
    page: int | None = Field(default=None, description="First page, when the book came from a PDF.")
    children: list[TocEntryOut]


class TocOut(BaseModel):
    """A rulebook's table of contents as a tree."""

    game: str
    title: str
    toc: list[TocEntryOut]


class SectionOut(BaseModel):
    """One section of a rulebook: its own text and the ids of its subsections."""

    game: str
    section_id: str
    title: str
    heading_path: list[str]
    parent_id: str | None
    text: str = Field(description="Markdown text of the section (without its subsections).")
    children: list[str] = Field(description="Section ids of the direct subsections.")
    pages: list[int] | None = Field(default=None, description="[first, last] page in the source PDF, when the book "
                                    "came from one (open /api/games/{game}/pdf#page=N).")


class RulebookAddedOut(TocOut):
    """A rulebook just added: its id, title and table of contents, to confirm."""

    id: str
    pdf: bool = Field(description="Whether the original PDF is served at /api/games/{id}/pdf.")


class RulebookEventOut(BaseModel):
    """One server-sent event of POST /api/rulebooks with `Accept: text/event-stream`: `event: <event>` and
    `data: <a JSON object>`."""

    event: Literal["stage", "progress", "added", "error"]
    data: str = Field(description="A JSON object: stage {stage: 'converting', pages} (PDF only) or {stage: "
                                  "'indexing', chunks}; progress {chunks, total, books_done, books} (chunks embedded "
                                  "so far; total null when other books are written too); added {the 201 answer}; "
                                  "error {message, status, detail}.",
                      json_schema_extra={"contentMediaType": "application/json", "contentSchema": {"type": "object"}})


class RulebookDeletedOut(BaseModel):
    """A rulebook just removed, and the games left."""

    deleted: str
    games: list[str]


class HitOut(BaseModel):
    """A rulebook section found for a query, with the text of its best-matching chunk."""

    game: str
    section_id: str
    title: str
    heading_path: list[str]
    text: str
    score: float
    span: str = Field(default="", description="The exact chunk that matched, inside `text`.")
    page: int | None = Field(default=None, description="The section's first page, when the book came from a PDF.")


class CandidateOut(BaseModel):
    """A game the query may be about."""

    game: str
    title: str
    confidence: float = Field(description="Between 0 and 1.")


class SearchOut(BaseModel):
    """Search results and the game they come from."""

    query: str
    game: str | None
    detected: bool = Field(description="True when the game was detected from the query rather than given.")
    candidates: list[CandidateOut] = Field(default_factory=list, description="Likely games, best first, when the "
                                           "game was not given; `game` is null when none is confident enough.")
    hits: list[HitOut]
    relevant: bool = Field(default=True, description="False when no hit is about the query (low similarity in "
                           "meaning and few shared words): the hits are then only the nearest sections.")


class OperationOut(BaseModel):
    """An engine operation and the JSON Schema of the document it takes."""

    name: str
    description: str
    input_schema: dict[str, Any]
    path: str = Field(description="Route that runs the operation.")


class EngineSchemaOut(BaseModel):
    """The operations of a game's rules engine."""

    game: str
    operations: list[OperationOut]


class ReasonOut(BaseModel):
    """Why a move is (il)legal."""

    code: str
    message: str
    rule_ref: str = Field(description="Section id of the rule (see /api/games/{game}/sections/{rule_ref}).")


class ScoreLineOut(BaseModel):
    """One line of a score breakdown."""

    key: str
    label: str
    points: int
    rule_ref: str
    detail: str = ""


class EngineResultOut(BaseModel):
    """An engine's answer: a verdict (legal, reasons), a breakdown (total, lines), or both, plus extra facts."""

    model_config = ConfigDict(extra="allow")

    legal: bool | None = None
    reasons: list[ReasonOut] | None = None
    detail: str | None = None
    total: int | None = None
    lines: list[ScoreLineOut] | None = None


class AskIn(BaseModel):
    """A question for the assistant."""

    question: str = Field(min_length=1, description="The question in plain words.")
    game: str | None = Field(default=None,
                             description="Game id, title or alias; detected from the question if omitted.")
    thread_id: str | None = Field(default=None, max_length=200,
                                  description="Conversation id for follow-ups; a new one is returned if omitted.")
    position: dict[str, Any] | str | None = Field(
        default=None, description="Optional position (JSON or notation text) the question is about.")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"question": "Does a corner space count twice for Sentinel Wood?", "game": "cartographers"}]})


class CitationOut(BaseModel):
    """A verbatim quote from a rulebook section."""

    game: str
    section_id: str
    title: str
    quote: str
    source: Literal["rulebook", "ruling"] = Field(description="`ruling`: RulesPal's ruling where the book is silent.")
    page: int | None = Field(default=None, description="The section's first page, when the book came from a PDF "
                             "(open /api/games/{game}/pdf#page=N).")


class ToolCallOut(BaseModel):
    """A tool call the assistant made."""

    name: str
    args: dict[str, Any]
    result: Any
    origin: ToolCallOrigin = Field(
        "position", description="Where the engine's input came from: a position given with the question, the "
                                "question's own words (an area described in full), or the model's tool call.")


class AnswerOut(BaseModel):
    """What RulesPal says to a question."""

    answer: str
    game: str | None
    citations: list[CitationOut]
    tool_calls: list[ToolCallOut]
    thread_id: str | None
    covered: bool = Field(description="False when the rulebook had nothing relevant (see `nearest`).")
    nearest: list[dict[str, Any]]
    basis: AnswerBasis = Field(
        description="What the answer rests on: a verdict checked against the rule, the rule itself, only the "
                    "closest rule (the book may not answer directly, and the answer says so), a sum of the "
                    "quoted rule's rates over the counts the question gives, the engine, a RulesPal ruling where "
                    "the book is silent, or a refusal.")
    verdict: Literal["yes", "no"] | None = Field(description="The yes/no verdict shown, when there is one.")


class ChatStatusOut(BaseModel):
    """Whether the chat model is ready."""

    model: str
    ready: bool
    error: str | None = None


class HealthOut(BaseModel):
    """Liveness and what is loaded."""

    status: str
    games: list[str]
    engines: list[str]
    chunks: int = Field(description="Chunks in the active search index.")
    chat: ChatStatusOut


class NotFoundOut(BaseModel):
    """A 404: what was not found and what exists instead."""

    detail: str
    known: list[str] = Field(default_factory=list, description="The ids that do exist.")


class ErrorItemOut(BaseModel):
    """One problem with the request: where (`loc`) and what was expected (`msg`)."""

    loc: list[str | int]
    msg: str
    type: str


class ValidationOut(BaseModel):
    """A 422: every problem found in the request."""

    detail: list[ErrorItemOut]


class MessageOut(BaseModel):
    """An error with a message (403, 409, 413, 415, 429, 503)."""

    detail: str
    retry_after: int | None = Field(default=None, description="Seconds to wait (429 only).")


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"model": NotFoundOut, "description": "Unknown game, section or engine operation."},
    422: {"model": ValidationOut, "description": "Invalid request or position; `loc` names the field or cell."},
}


class ChatEventOut(BaseModel):
    """One server-sent event of /api/chat as sent on the wire: `event: <event>` and `data: <a JSON object>`."""

    event: Literal["token", "tool_call", "tool_result", "citations", "done", "error"]
    data: str = Field(description="A JSON object: token {text}; tool_call {name,args}; tool_result {name,result}; "
                                  "citations {game,citations}; done {the whole answer}; error {message, status, "
                                  "detail}: the status and body the same error gets as a response.",
                      json_schema_extra={"contentMediaType": "application/json", "contentSchema": {"type": "object"}})
