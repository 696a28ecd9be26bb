"""Deterministic chat models: a scripted one for tests, and a rulebook-echo one for offline demos and evals."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import Field

from rulespal.citations import best_sentence
from rulespal.prompts import ENGINE_RESULT_PREFIX

_PASSAGE = re.compile(r"^\[1\] (?P<sid>\S+) — (?P<title>.*?)\n<<<\n(?P<text>.*?)\n>>>", re.S | re.M)


class _StreamingFake(BaseChatModel):
    """Shared plumbing: tools are accepted, replies are streamed word by word."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "_StreamingFake":
        """Tools are accepted and ignored: replies come from the script/the rules below."""
        return self

    def _reply(self, messages: list[BaseMessage]) -> AIMessage:
        raise NotImplementedError

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._reply(messages))])

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        reply = self._reply(messages)
        if reply.tool_calls:
            yield ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=[
                {"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": i}
                for i, c in enumerate(reply.tool_calls)]))
            return
        for piece in re.findall(r"\S+\s*", str(reply.content)):
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=piece))
            if run_manager:
                run_manager.on_llm_new_token(piece, chunk=chunk)
            yield chunk


class ScriptedChatModel(_StreamingFake):
    """Replies with queued AIMessages in order (tool calls or text) and records what it was sent."""

    responses: list[AIMessage] = Field(default_factory=list)
    received: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted-fake"

    def _reply(self, messages: list[BaseMessage]) -> AIMessage:
        self.received.append(list(messages))
        if not self.responses:
            raise RuntimeError("ScriptedChatModel ran out of queued responses")
        return self.responses.pop(0)


class RulebookEchoModel(_StreamingFake):
    """A deterministic stand-in for a real model: answers with the best sentence of the top passage, quoted and
    cited, and reports engine results verbatim. Used by tests, demos and the eval baseline; never the default."""

    @property
    def _llm_type(self) -> str:
        return "rulebook-echo"

    def _reply(self, messages: list[BaseMessage]) -> AIMessage:
        last = messages[-1]
        if isinstance(last, ToolMessage):
            return AIMessage(content=f"The engine says: {last.content}")
        human = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
        text = str(human.content) if human else ""
        engine = re.search(rf"^{ENGINE_RESULT_PREFIX} \((?P<name>[^)]+)\): (?P<json>.+)$", text, re.M)
        passage = _PASSAGE.search(text)
        question = re.search(r"^Question: (.*)$", text, re.M)
        parts = []
        if engine:
            result = json.loads(engine.group("json"))
            if "total" in result:
                parts.append(f"The engine ({engine.group('name')}) scores this at {result['total']}.")
            elif "legal" in result:
                parts.append(f"The engine ({engine.group('name')}) says this is "
                             f"{'legal' if result['legal'] else 'not legal'}.")
            else:
                parts.append(f"The engine ({engine.group('name')}) returned: {engine.group('json')}")
        if passage:
            quote = best_sentence(passage.group("text"), question.group(1) if question else text)
            parts.append(f"According to {passage.group('title')}: \"{quote}\" [{passage.group('sid')}]")
        return AIMessage(content=" ".join(parts) or "The rulebook does not say.")
