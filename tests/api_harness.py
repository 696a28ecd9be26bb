"""One RulesPal app per test session, shared by the API and web tests: the real embedding model and a real Chroma
store in a temporary RULESPAL_HOME, extractive answers (no chat model), served by uvicorn on 127.0.0.1."""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from services import free_port

from rulespal.api.app import create_app
from rulespal.settings import Settings

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


@dataclass(frozen=True)
class LiveServer:
    """A running app: the FastAPI object, its base URL and data directory."""

    app: FastAPI
    url: str
    home: Path


def serve(app: FastAPI) -> tuple[uvicorn.Server, str]:
    """Start uvicorn for an app in a daemon thread; return once it accepts connections."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start (see the log above)")
        time.sleep(0.05)

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=10)

    atexit.register(stop)
    return server, f"http://127.0.0.1:{port}"


_SHARED: list[LiveServer] = []


def shared_server(tmp_path_factory: pytest.TempPathFactory) -> LiveServer:
    """The session's server (started on first use, index built in a fresh RULESPAL_HOME)."""
    if not _SHARED:
        home = tmp_path_factory.mktemp("rulespal-home")
        os.environ["RULESPAL_HOME"] = str(home)
        app = create_app(Settings(home=home, model="extractive", rate_limit_per_minute=100_000))
        _server, url = serve(app)
        _SHARED.append(LiveServer(app, url, home))
    return _SHARED[0]


def sse_events(lines: Iterator[str]) -> list[tuple[str, dict]]:
    """Parse server-sent event lines into (event, JSON data) pairs; comments (pings) are skipped."""
    events, kind, data = [], "message", []
    for line in lines:
        if line == "":
            if data:
                events.append((kind, json.loads("\n".join(data))))
            kind, data = "message", []
        elif line.startswith(":"):
            continue
        elif line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    if data:
        events.append((kind, json.loads("\n".join(data))))
    return events


def stream_chat(client: httpx.Client | object, body: dict) -> tuple[int, list[tuple[str, dict]]]:
    """POST /api/chat and collect its events."""
    with client.stream("POST", "/api/chat", json=body) as response:  # type: ignore[attr-defined]
        if response.status_code != 200:
            response.read()
            return response.status_code, [("http-error", response.json())]
        return 200, sse_events(response.iter_lines())
