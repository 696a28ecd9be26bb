"""An answer as data: text, game, verified citations and the engine calls behind it; plus streaming events."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Citation:
    """A verbatim quote from a rulebook section."""

    game: str
    section_id: str
    title: str
    quote: str
    source: Literal["rulebook", "ruling"] = "rulebook"  # a ruling is RulesPal's, never the book's words
    page: int | None = None  # the section's first page, when the book came from a PDF


ToolCallOrigin = Literal["position", "words", "model"]  # a position given, the question's own words, the model's call


@dataclass(frozen=True)
class ToolCallRecord:
    """One tool call the agent made, with its arguments and result (or error)."""

    name: str
    args: dict[str, Any]
    result: Any
    origin: ToolCallOrigin = "position"


AnswerBasis = Literal["verdict", "rule", "closest", "sum", "engine", "ruling", "refusal"]


@dataclass(frozen=True)
class Answer:
    """What RulesPal says to a question."""

    answer: str
    game: str | None
    citations: tuple[Citation, ...] = ()
    tool_calls: tuple[ToolCallRecord, ...] = ()
    thread_id: str | None = None
    covered: bool = True
    nearest: tuple[dict[str, Any], ...] = ()
    basis: AnswerBasis = "rule"
    verdict: str | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        """Rebuild an Answer from its JSON form."""
        return cls(data["answer"], data["game"], tuple(Citation(**c) for c in data["citations"]),
                   tuple(ToolCallRecord(**t) for t in data["tool_calls"]), data.get("thread_id"),
                   data.get("covered", True), tuple(data.get("nearest", ())), data.get("basis", "rule"),
                   data.get("verdict"))

    def to_dict(self) -> dict[str, Any]:
        """JSON form with the DESIGN keys (answer, game, citations, tool_calls) plus thread, coverage, and what
        the answer rests on (basis: a checked verdict, the rule itself, the engine, a RulesPal ruling, a refusal)."""
        return {
            "answer": self.answer, "game": self.game,
            "citations": [asdict(c) for c in self.citations],
            "tool_calls": [asdict(t) for t in self.tool_calls],
            "thread_id": self.thread_id, "covered": self.covered, "nearest": list(self.nearest),
            "basis": self.basis, "verdict": self.verdict,
        }


EventKind = Literal["token", "tool_call", "tool_result", "citations", "done", "error"]


@dataclass(frozen=True)
class Event:
    """A streaming event: `token` {text}, `tool_call` {name,args}, `tool_result` {name,result},
    `citations` {game, citations}, `done` {the whole Answer}, `error` {message}."""

    kind: EventKind
    data: dict[str, Any] = field(default_factory=dict)
