"""A scripted chat model for tests: queued choices, engine calls and replies, and a record of what it was sent."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from rulespal.models.base import Capabilities, ChatModel, Message, ToolChoice, ToolSpec, normalise_choice


@dataclass
class ScriptedModel(ChatModel):
    """Replies from queues, in order; fails loudly when a queue runs dry (a test that expected no call)."""

    choices: list[dict[str, float]] = field(default_factory=list)
    routes: list[ToolChoice | None] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    capabilities: Capabilities = Capabilities(calibrated=True, router=True)
    spec: str = "scripted"
    received: list[tuple[str, list[Message]]] = field(default_factory=list)

    def choose(self, messages: Sequence[Message], options: Sequence[str]) -> dict[str, float]:
        """The next queued choice, rescaled over the options."""
        self.received.append(("choose", list(messages)))
        if not self.choices:
            raise AssertionError("ScriptedModel.choose called with no queued choice")
        return normalise_choice(self.choices.pop(0), options)

    def route(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ToolChoice | None:
        """The next queued engine call (or None)."""
        self.received.append(("route", [*messages, Message("tools", ", ".join(t.name for t in tools))]))
        if not self.routes:
            raise AssertionError("ScriptedModel.route called with no queued route")
        return self.routes.pop(0)

    def stream(self, messages: Sequence[Message], max_tokens: int = 120) -> Iterator[str]:
        """The next queued reply, word by word."""
        self.received.append(("stream", list(messages)))
        if not self.replies:
            raise AssertionError("ScriptedModel.stream called with no queued reply")
        for word in self.replies.pop(0).split(" ")[:max_tokens]:
            yield word + " "
