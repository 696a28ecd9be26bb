"""Hosted models through LangChain integrations (openai:…, anthropic:…, ollama:…): native tool calls for engine
routing; verdicts as a one-word reply (these APIs do not all return log-probabilities); their one-sentence
answers are shown when they pass the checks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rulespal.models.base import Capabilities, ChatModel, Message, ModelUnavailable, ToolChoice, ToolSpec, option_of

PROVIDERS = {"openai": "langchain-openai", "anthropic": "langchain-anthropic", "ollama": "langchain-ollama"}


def _lc_messages(messages: Sequence[Message]) -> list[Any]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
    return [kinds[m.role](content=m.content) for m in messages]


class ProviderModel(ChatModel):
    """A LangChain chat model from `provider:model`."""

    capabilities = Capabilities(calibrated=False, router=True, prose=True, warm_up=False)

    def __init__(self, spec: str):
        provider, _, name = spec.partition(":")
        if provider not in PROVIDERS or not name:
            raise ModelUnavailable(f"unknown model spec {spec!r}")
        from langchain.chat_models import init_chat_model

        try:
            self._model = init_chat_model(name, model_provider=provider, temperature=0)
        except ImportError as exc:
            raise ModelUnavailable(f"{spec}: install the extra: pip install 'rulespal[{provider}]'") from exc
        self.spec = spec

    def choose(self, messages: Sequence[Message], options: Sequence[str]) -> dict[str, float]:
        """The option the reply starts with, with probability 1 (uniform when it names none)."""
        reply = str(self._model.invoke(_lc_messages(messages)).content)
        picked = option_of(reply.split()[0] if reply.split() else "", options)
        return {o: 1.0 if o == picked else 0.0 for o in options} if picked else {o: 1 / len(options) for o in options}

    def route(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ToolChoice | None:
        """The first native tool call of the reply, if any."""
        specs = [{"type": "function", "function": {"name": t.name, "description": t.description,
                                                   "parameters": t.parameters}} for t in tools]
        reply = self._model.bind_tools(specs).invoke(_lc_messages(messages))
        calls = getattr(reply, "tool_calls", None) or []
        return ToolChoice(calls[0]["name"], calls[0]["args"]) if calls else None

    def stream(self, messages: Sequence[Message], max_tokens: int = 120) -> Iterator[str]:
        """Reply chunks as the provider streams them."""
        for chunk in self._model.stream(_lc_messages(messages), max_tokens=max_tokens):
            if chunk.content:
                yield str(chunk.content)
