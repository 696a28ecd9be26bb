"""Any OpenAI-compatible chat server (llama.cpp's server, Ollama, vLLM, LM Studio) over plain HTTP: verdicts by
log-probability, engine calls through a JSON-Schema response format, replies streamed as server-sent events."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import httpx

from rulespal.models.base import (
    Capabilities,
    ChatModel,
    Message,
    ModelUnavailable,
    ToolChoice,
    ToolSpec,
    option_of,
    option_probabilities,
)
from rulespal.models.local import parse_route, router_schema

TOP_LOGPROBS = 20
TIMEOUT = httpx.Timeout(120.0, connect=5.0)


def parse_spec(spec: str) -> tuple[str, str]:
    """(base URL, model name) from `openai-compatible:http://host:port/v1?model=NAME&verdicts=1&prose=1` (all
    optional)."""
    _, _, url = spec.partition(":")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ModelUnavailable(f"{spec!r}: expected openai-compatible:http://HOST:PORT/v1[?model=NAME]")
    model = parse_qs(parts.query).get("model", ["default"])[0]
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", "")), model


class OpenAICompatibleModel(ChatModel):
    """A chat model behind an OpenAI-compatible /chat/completions endpoint."""

    def __init__(self, spec: str, api_key: str | None = None):
        self.spec = spec
        self.base_url, self.model = parse_spec(spec)
        asked = parse_qs(urlsplit(spec.partition(":")[2]).query)
        verdicts, prose = (asked.get(name, ["0"])[0] in ("1", "true", "yes") for name in ("verdicts", "prose"))
        # opt-in: the server's model is unknown, and the embedded 1.5B it most often serves inverts yes/no verdicts
        self.capabilities = Capabilities(calibrated=True, verdicts=verdicts, router=True, prose=prose, warm_up=False)
        key = api_key or os.environ.get("RULESPAL_API_KEY") or os.environ.get("OPENAI_API_KEY") or "none"
        self._client = httpx.Client(base_url=self.base_url, timeout=TIMEOUT,
                                    headers={"Authorization": f"Bearer {key}"})

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        try:
            response = self._client.post("/chat/completions", json={"model": self.model, **body})
            response.raise_for_status()
            return response.json()
        except httpx.HTTPError as exc:
            raise ModelUnavailable(f"chat server {self.base_url}: {exc}") from exc

    @staticmethod
    def _messages(messages: Sequence[Message]) -> list[dict[str, str]]:
        return [{"role": m.role, "content": m.content} for m in messages]

    def choose(self, messages: Sequence[Message], options: Sequence[str]) -> dict[str, float]:
        """Option probabilities from the first token's log-probabilities (the reply itself if none are sent)."""
        out = self._post({"messages": self._messages(messages), "max_tokens": 1, "temperature": 0,
                          "logprobs": True, "top_logprobs": TOP_LOGPROBS})
        choice = out["choices"][0]
        content = (choice.get("logprobs") or {}).get("content") or []
        if content and content[0].get("top_logprobs"):
            return option_probabilities([(t["token"], t["logprob"]) for t in content[0]["top_logprobs"]], options)
        picked = option_of(choice["message"].get("content") or "", options)
        return {o: 1.0 if o == picked else 0.0 for o in options} if picked else {o: 1 / len(options) for o in options}

    def route(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> ToolChoice | None:
        """One step constrained by a JSON-Schema response format: a tool with its arguments, or none."""
        if not tools:
            return None
        out = self._post({"messages": self._messages(messages), "max_tokens": 512, "temperature": 0,
                          "response_format": {"type": "json_object", "schema": router_schema(tools)}})
        return parse_route(out["choices"][0]["message"].get("content") or "", tools)

    def stream(self, messages: Sequence[Message], max_tokens: int = 120) -> Iterator[str]:
        """Reply tokens as the server streams them."""
        body = {"model": self.model, "messages": self._messages(messages), "max_tokens": max_tokens,
                "temperature": 0, "stream": True}
        try:
            with self._client.stream("POST", "/chat/completions", json=body) as response:
                response.raise_for_status()
                for line in response.iter_lines():
                    data = line.removeprefix("data:").strip()
                    if not line.startswith("data:") or data == "[DONE]":
                        continue
                    delta = json.loads(data)["choices"][0].get("delta") or {}
                    if token := delta.get("content"):
                        yield token
        except httpx.HTTPError as exc:
            raise ModelUnavailable(f"chat server {self.base_url}: {exc}") from exc
