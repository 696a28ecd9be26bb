"""The embedded default chat model: Qwen2.5-Coder-1.5B on llama.cpp, with tool calls through a JSON-Schema
constrained router (each step is exactly one tool call with valid arguments, or 'answer')."""

from __future__ import annotations

import atexit
import json
import threading
import uuid
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from rulespal.models.weights import ensure_gguf
from rulespal.prompts import ENGINE_RESULT_PREFIX
from rulespal.questions import asks_for_engine
from rulespal.tools import RULEBOOK_TOOLS
from rulespal.settings import get_settings

ROUTER_INSTRUCTION = (
    "The player describes a concrete situation, so the rules engine must compute the answer. Reply with JSON only: "
    '{"action": "<tool name>", "args": {...}} with the arguments filled in from the question, or '
    '{"action": "answer"} if none of these tools fits the question.'
)
TOOL_RESULT_CHARS = 1500
_LLAMA_LOCK = threading.Lock()  # one llama.cpp context per process; calls take turns


@cache
def load_llama(path: str, n_ctx: int, n_threads: int):
    """The llama.cpp model, loaded once per process (it keeps the KV cache of the last prompt prefix)."""
    from llama_cpp import Llama

    llama = Llama(model_path=path, n_ctx=n_ctx, n_threads=n_threads, n_batch=256, verbose=False)
    atexit.register(llama.close)  # free the model before interpreter teardown (its destructor fails late in exit)
    return llama


def _router_schema(tools: Sequence[dict[str, Any]]) -> dict[str, Any]:
    options: list[dict[str, Any]] = [{"type": "object", "properties": {"action": {"const": "answer"}},
                                      "required": ["action"]}]
    for tool in tools:
        fn = tool["function"]
        options.append({"type": "object", "properties": {"action": {"const": fn["name"]},
                                                          "args": fn.get("parameters") or {"type": "object"}},
                        "required": ["action", "args"]})
    return {"anyOf": options}


def _grammar(schema: dict[str, Any]):
    from llama_cpp.llama_grammar import LlamaGrammar

    return LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)


class LocalChatModel(BaseChatModel):
    """A LangChain chat model over llama-cpp-python with constrained tool routing and streamed answers."""

    n_ctx: int = 4096
    n_threads: int = 2
    max_tokens: int = 220
    context_passages: int = 2  # prefill costs ~12 ms a token here: keep the prompt tight
    prompt_style: str = "compact"  # a 1.5B model copies instruction phrases; give it fewer of them
    tools: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "rulespal-local-llama"

    @property
    def llama(self):
        """The shared llama.cpp instance (weights assembled and hash-checked on first use)."""
        return load_llama(str(ensure_gguf(get_settings().home)), self.n_ctx, self.n_threads)

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "LocalChatModel":
        """A copy of this model that may call the given tools (through the constrained router)."""
        return self.model_copy(update={"tools": [convert_to_openai_tool(t) for t in tools]})

    # --- prompt ---------------------------------------------------------------------------------------------
    def _router_prompt(self) -> str:
        """The tool list and the routing instruction; kept out of the system prompt so that the system prompt,
        identical for every game and question, stays in llama.cpp's prefix cache."""
        lines = [f"- {t['function']['name']}: {t['function'].get('description', '')}" for t in self._engine_tools()]
        return "Rules engine tools:\n" + "\n".join(lines) + "\n\n" + ROUTER_INSTRUCTION

    def _engine_tools(self) -> list[dict[str, Any]]:
        """The bound tools that compute (engine operations); the passages already cover the rulebook tools."""
        return [t for t in self.tools if t["function"]["name"] not in RULEBOOK_TOOLS]

    def _chat(self, messages: list[BaseMessage]) -> list[dict[str, str]]:
        """llama.cpp chat messages: system first, older turns reduced to their question and answer."""
        last_human = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
        out: list[dict[str, str]] = []
        for i, m in enumerate(messages):
            if isinstance(m, SystemMessage):
                out.append({"role": "system", "content": str(m.content)})
            elif isinstance(m, HumanMessage):
                meta = m.additional_kwargs.get("rulespal", {})
                content = str(m.content) if i == last_human else meta.get("question", str(m.content))[:500]
                out.append({"role": "user", "content": content})
            elif isinstance(m, AIMessage) and m.tool_calls:  # prose, so that answers do not imitate router JSON
                calls = "; ".join(f"{c['name']} with {json.dumps(c['args'])}" for c in m.tool_calls)
                out.append({"role": "assistant", "content": f"(I asked the rules engine: {calls}.)"})
            elif isinstance(m, AIMessage):
                out.append({"role": "assistant", "content": str(m.content)})
            elif isinstance(m, ToolMessage):
                out.append({"role": "user", "content": f"Tool result ({m.name}): {str(m.content)[:TOOL_RESULT_CHARS]}"})
        return out

    def _wants_tool(self, messages: list[BaseMessage]) -> bool:
        """Route only for a fresh points/legality question whose engine result is not already in the prompt;
        rules questions are answered straight from the retrieved passages (routing costs seconds on 2 cores)."""
        if not self._engine_tools() or not isinstance(messages[-1], HumanMessage):
            return False
        human = messages[-1]
        question = human.additional_kwargs.get("rulespal", {}).get("question", str(human.content))
        return asks_for_engine(question) and ENGINE_RESULT_PREFIX not in str(human.content)

    def _route(self, chat: list[dict[str, str]]) -> dict[str, Any]:
        """One constrained step: {'action': 'answer'} or {'action': tool, 'args': {...}}."""
        tools = self._engine_tools()
        schema = _router_schema(tools)
        try:
            grammar = _grammar(schema)
        except Exception:  # a schema llama.cpp cannot turn into a grammar: fall back to any JSON object per tool
            grammar = _grammar(_router_schema([{"function": {"name": t["function"]["name"]}} for t in tools]))
        out = self.llama.create_chat_completion(
            messages=chat + [{"role": "user", "content": self._router_prompt()}], grammar=grammar,
            max_tokens=512, temperature=0.0, repeat_penalty=1.0)
        try:
            return json.loads(out["choices"][0]["message"]["content"])
        except (json.JSONDecodeError, KeyError, TypeError):
            return {"action": "answer"}

    def _decide(self, messages: list[BaseMessage]) -> tuple[list[dict[str, str]], AIMessage | None]:
        chat = self._chat(messages)
        if not self._wants_tool(messages):
            return chat, None
        step = self._route(chat)
        if step.get("action") in (None, "answer"):
            return chat, None
        call = {"name": step["action"], "args": step.get("args") or {}, "id": f"call_{uuid.uuid4().hex[:12]}",
                "type": "tool_call"}
        return chat, AIMessage(content="", tool_calls=[call])

    def warm_up(self, system_prompt: str) -> None:
        """Load the weights and evaluate the fixed system prompt once, so the first question reuses its cache."""
        with _LLAMA_LOCK:
            chat = self._chat([SystemMessage(content=system_prompt)])
            self.llama.create_chat_completion(messages=chat, max_tokens=1, temperature=0.0)

    # --- LangChain interface --------------------------------------------------------------------------------
    def _answer_tokens(self, chat: list[dict[str, str]], stop: list[str] | None) -> Iterator[str]:
        for part in self.llama.create_chat_completion(messages=chat, max_tokens=self.max_tokens, temperature=0.0,
                                                      repeat_penalty=1.0, stream=True, stop=[*(stop or []), "<<<", "\n[1] "]):
            if token := part["choices"][0]["delta"].get("content") or "":
                yield token

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        with _LLAMA_LOCK:
            chat, call = self._decide(messages)
            message = call or AIMessage(content="".join(self._answer_tokens(chat, stop)))
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        with _LLAMA_LOCK:
            chat, call = self._decide(messages)
            if call is not None:
                tc = call.tool_calls[0]
                yield ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=[
                    {"name": tc["name"], "args": json.dumps(tc["args"]), "id": tc["id"], "index": 0}]))
                return
            for token in self._answer_tokens(chat, stop):
                chunk = ChatGenerationChunk(message=AIMessageChunk(content=token))
                if run_manager:
                    run_manager.on_llm_new_token(token, chunk=chunk)
                yield chunk
