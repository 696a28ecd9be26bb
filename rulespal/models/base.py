"""What RulesPal asks of a chat model, and what each model declares it offers (one typed protocol)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulespal.errors import RulesPalError


class ModelUnavailable(RulesPalError):
    """A model spec that names nothing known, whose integration is not installed, or whose server fails."""


@dataclass(frozen=True)
class Capabilities:
    """What a model offers the answer flow; the flow never probes a model for attributes."""

    calibrated: bool = False  # choose() returns real probabilities (log-probabilities), not 1.0 for its pick
    verdicts: bool = True  # its yes/no verdict on the shown rules is worth asking for (not the embedded 1.5B's)
    router: bool = False  # route() can fill an engine call from a situation described in words
    prose: bool = False  # its own one-sentence answers may be shown (after the checks); off for small models
    warm_up: bool = False  # warm_up() caches the fixed prompt prefix (a local model)


@dataclass(frozen=True)
class Message:
    """One chat message."""

    role: str  # system | user | assistant
    content: str


@dataclass(frozen=True)
class ToolSpec:
    """An engine operation offered to route(): name, description and the JSON Schema of its arguments."""

    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolChoice:
    """The engine call a model filled in."""

    name: str
    args: dict[str, Any]


class ChatModel:
    """A chat model as RulesPal uses it: pick one of a few words, fill an engine call, or write a short reply."""

    spec: str = "model"
    capabilities: Capabilities = Capabilities()

    def choose(self, messages: Sequence[Message], options: Sequence[str]) -> dict[str, float]:
        """Probability of each option as the reply's first word (sums to 1 over the options)."""
        raise NotImplementedError

    def route(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ToolChoice | None:
        """The engine call the messages ask for, or None when no tool fits (models declaring `router`)."""
        raise NotImplementedError

    def stream(self, messages: Sequence[Message], max_tokens: int = 120) -> Iterator[str]:
        """A short reply, token by token."""
        raise NotImplementedError

    def warm_up(self, system: str) -> None:
        """Prepare for the first question (load weights, cache the system prompt); nothing by default."""


def normalise_choice(scores: dict[str, float], options: Sequence[str]) -> dict[str, float]:
    """Scores per option rescaled to sum to 1 (uniform when nothing scored)."""
    total = sum(scores.get(o, 0.0) for o in options)
    if total <= 0:
        return {o: 1.0 / len(options) for o in options}
    return {o: scores.get(o, 0.0) / total for o in options}


def option_of(token: str, options: Sequence[str]) -> str | None:
    """The option a generated first token starts (case-insensitive, leading spaces and quotes ignored)."""
    word = token.strip().strip("\"'*").lower()
    if not word:
        return None
    matches = [o for o in options if o.lower().startswith(word) or word.startswith(o.lower())]
    return matches[0] if len(matches) == 1 else None


def option_probabilities(top: Sequence[tuple[str, float]], options: Sequence[str]) -> dict[str, float]:
    """Probability per option from (token, log-probability) pairs of the first generated token."""
    import math

    scores: dict[str, float] = {}
    for token, logprob in top:
        if (option := option_of(token, options)) is not None:
            scores[option] = scores.get(option, 0.0) + math.exp(logprob)
    return normalise_choice(scores, options)
