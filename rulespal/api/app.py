"""The FastAPI application: routers, error mapping, the web page, and the objects built once per process."""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from rulespal.api.errors import install_error_handlers
from rulespal.api.ratelimit import make_limiter
from rulespal.api.routers import chat, engines, games, health, rulebooks, search
from rulespal.service import RulesPal
from rulespal.settings import Settings, get_settings

STATIC_DIR = Path(__file__).resolve().parent / "static"
AssistantFactory = Callable[[RulesPal], Any]

log = logging.getLogger(__name__)


def default_assistant(pal: RulesPal) -> Any:
    """The assistant for the configured chat model (RULESPAL_MODEL)."""
    from rulespal.agent import build_assistant

    return build_assistant(pal, pal.settings.model)


def _warm(pal: RulesPal) -> None:
    """Build or open the index and run one search so the first request pays no loading cost."""
    pal.search("how do I score points", k=1)


def _warm_assistant(assistant: Any) -> None:
    try:
        assistant.warm_up()
    except Exception as exc:  # a failed warm-up only costs the first question its speed
        log.warning("warming up the chat model failed: %s", exc)


def create_app(settings: Settings | None = None, assistant_factory: AssistantFactory | None = None) -> FastAPI:
    """The RulesPal web app; the service and assistant are built once, when the app starts."""
    settings = settings or get_settings()
    factory = assistant_factory or default_assistant

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pal = RulesPal(settings)
        await anyio.to_thread.run_sync(_warm, pal)
        app.state.pal, app.state.limiter = pal, make_limiter(settings)
        try:
            app.state.assistant, app.state.assistant_error = await anyio.to_thread.run_sync(factory, pal), None
        except Exception as exc:  # the rest of the API stays useful without a chat model
            log.warning("chat model %r unavailable: %s", settings.model, exc)
            app.state.assistant, app.state.assistant_error = None, f"{type(exc).__name__}: {exc}"
        if app.state.assistant is not None and hasattr(app.state.assistant, "warm_up"):
            # load the local model and cache its prompt prefix without delaying start-up
            threading.Thread(target=_warm_assistant, args=(app.state.assistant,), daemon=True).start()
        yield

    app = FastAPIOffline(title="RulesPal", version="0.1.0", lifespan=lifespan,
                  description="Board-game rules answered from the rulebook (with quotes and section citations); "
                              "legality and scores from deterministic rules engines.")
    app.state.settings = settings
    install_error_handlers(app)
    for module in (games, search, engines, chat, health, rulebooks):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The web page."""
        return FileResponse(STATIC_DIR / "index.html")

    return app
