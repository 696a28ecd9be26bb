"""The small game protocol every rules engine implements: verdicts, score breakdowns, errors, operations.

Verdict semantics, the same in every engine (tests/test_engine_conformance.py checks them):
- A document that cannot be read, or that names something that does not exist (an unknown card, season, map side,
  colour, operation field), is an input error: PositionError with every problem's `loc` and `msg` (CLI exit 2, HTTP
  422). A move is judged only once its document reads; the position's and the move's problems come together.
- Fields that contradict each other are an input error naming both fields (the second in `loc`, the first in `msg`).
- A readable move that breaks a rule is a verdict: `legal: false` with `reasons` (code, message, rule_ref). Scoring
  such a move gives `total: 0`, no lines, `legal: false` and the same reasons; running totals come back unchanged.
- A reason code means one thing in every engine (`occupied`: the space already holds a tile; `off_map`,
  `overlaps_filled`, `shape_not_on_card`, `terrain_not_on_card`, `terrain_printed_only`, …); notes on a legal move
  use codes of their own.
- Every operation's input passes the shared reader's limits first (engine/kit.py: size, nesting, numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.kit import ErrorDetail, PositionError, check_document

__all__ = ["Breakdown", "ErrorDetail", "GameEngine", "Operation", "PositionError", "Reason", "ScoreLine", "Verdict"]


@dataclass(frozen=True)
class Reason:
    """Why a move is (il)legal: a stable code, a sentence for people, and the rulebook section it rests on."""

    code: str
    message: str
    rule_ref: str


@dataclass(frozen=True)
class Verdict:
    """The outcome of a legality check; `reasons` explain a refusal (or note the rule that allowed it)."""

    legal: bool
    reasons: tuple[Reason, ...] = ()
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: legal, reasons (code, message, rule_ref), detail."""
        return asdict(self) | {"reasons": [asdict(r) for r in self.reasons]}


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score breakdown, tied to the rulebook section that awards (or costs) the points."""

    key: str
    label: str
    points: int
    rule_ref: str
    detail: str = ""


@dataclass(frozen=True)
class Breakdown:
    """A score: the total and the lines that add up to it, plus optional extra facts (e.g. a title)."""

    lines: tuple[ScoreLine, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Sum of the points of all lines."""
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: total, lines (key, label, points, rule_ref, detail) and any extra keys."""
        return {"total": self.total, "lines": [asdict(line) for line in self.lines], **dict(self.extra)}


@dataclass(frozen=True)
class Operation:
    """An engine entry point callable with one JSON document: its name, a description for people and
    models, the JSON Schema of its input, and the function that returns a JSON-ready dict."""

    name: str
    description: str
    input_schema: Mapping[str, Any]
    run: Callable[[Any], dict[str, Any]]

    def __post_init__(self) -> None:
        func = self.run

        def run(document: Any) -> dict[str, Any]:
            """Refuse a document beyond the reader's limits, then run the operation on it."""
            check_document(document)
            return func(document)

        object.__setattr__(self, "run", run)


@dataclass(frozen=True)
class GameEngine:
    """A game's rules engine as seen from outside: its id, its operations (always `check` and `score`), the
    words players use for its score ('stars', 'Pawints'), which mark a question as asking for points, and
    optionally a reader of questions that describe in words everything an operation needs (`describe`: the
    operation's name and document, or None)."""

    game_id: str
    operations: tuple[Operation, ...]
    score_words: tuple[str, ...] = ()
    describe: Callable[[str], tuple[str, dict[str, Any]] | None] | None = None

    def operation(self, name: str) -> Operation:
        """Return the named operation, or raise KeyError listing those that exist."""
        for op in self.operations:
            if op.name == name:
                return op
        names = ", ".join(o.name for o in self.operations)
        raise KeyError(f"{self.game_id} has no operation {name!r}; it has: {names}")
