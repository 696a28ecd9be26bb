"""Route dependencies: the objects the lifespan built once per process."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request

from rulespal.api.errors import ChatUnavailable
from rulespal.service import RulesPal
from rulespal.settings import Settings


def get_pal(request: Request) -> RulesPal:
    """The process-wide RulesPal service."""
    return request.app.state.pal


def get_settings(request: Request) -> Settings:
    """The settings the app was built with."""
    return request.app.state.settings


def get_assistant(request: Request) -> Any:
    """The process-wide chat assistant, or ChatUnavailable saying why it could not be built."""
    assistant = request.app.state.assistant
    if assistant is None:
        raise ChatUnavailable(f"the chat model is not available: {request.app.state.assistant_error}")
    return assistant


Pal = Annotated[RulesPal, Depends(get_pal)]
AppSettings = Annotated[Settings, Depends(get_settings)]
ChatAssistant = Annotated[Any, Depends(get_assistant)]
