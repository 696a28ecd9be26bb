"""Chat models by spec string: `local` (embedded), `extractive` (no model), `openai-compatible:URL`, and
`provider:model` for LangChain providers."""

from __future__ import annotations

from rulespal.models.base import ChatModel, ModelUnavailable
from rulespal.models.providers import PROVIDERS
from rulespal.settings import Settings

NO_MODEL = "extractive"
SPECS = ("local", NO_MODEL, "openai-compatible:http://HOST:PORT/v1[?model=NAME]",
         *(f"{p}:<model>" for p in PROVIDERS))


def build_chat_model(spec: str, settings: Settings) -> ChatModel | None:
    """The chat model for a spec (None for `extractive`: answers are the deciding sentences alone)."""
    if spec == NO_MODEL:
        return None
    if spec == "local":
        from rulespal.models.local import LocalModel

        return LocalModel(settings.home)
    if spec.startswith("openai-compatible:"):
        from rulespal.models.openai_compatible import OpenAICompatibleModel

        return OpenAICompatibleModel(spec)
    if spec.partition(":")[0] in PROVIDERS:
        from rulespal.models.providers import ProviderModel

        return ProviderModel(spec)
    raise ModelUnavailable(f"unknown model spec {spec!r}; use one of: {', '.join(SPECS)}")
