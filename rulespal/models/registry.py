"""Build a LangChain chat model from a spec string: `local`, `fake`, or `provider:model` for LangChain providers."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from langchain_core.language_models import BaseChatModel

from rulespal.errors import RulesPalError

PROVIDERS = {"openai": "langchain-openai", "anthropic": "langchain-anthropic", "ollama": "langchain-ollama"}


class ModelUnavailable(RulesPalError):
    """A model spec that names nothing known, or whose integration is not installed."""


def _local() -> BaseChatModel:
    from rulespal.models.local import LocalChatModel

    return LocalChatModel()


def _fake() -> BaseChatModel:
    from rulespal.models.fake import RulebookEchoModel

    return RulebookEchoModel()


_BUILTIN: dict[str, Callable[[], BaseChatModel]] = {"local": _local, "fake": _fake}


def _provider(spec: str) -> BaseChatModel:
    provider, _, name = spec.partition(":")
    if provider not in PROVIDERS or not name:
        raise ModelUnavailable(f"unknown model spec {spec!r}; use one of: {', '.join(_BUILTIN)}, "
                               + ", ".join(f"{p}:<model>" for p in PROVIDERS))
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(name, model_provider=provider, temperature=0)
    except ImportError as exc:
        raise ModelUnavailable(f"{spec}: install the extra: pip install 'rulespal[{provider}]' ({PROVIDERS[provider]})") from exc


@cache
def get_chat_model(spec: str) -> BaseChatModel:
    """The chat model for a spec, built once per process."""
    builder = _BUILTIN.get(spec)
    return builder() if builder else _provider(spec)

