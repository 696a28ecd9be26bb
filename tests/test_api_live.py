"""The API over real sockets (uvicorn on 127.0.0.1), the rate limiter, and the `rulespal serve` command."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from uuid import uuid4

import httpx
import pytest
from api_harness import sse_events, stream_chat
from fastapi.testclient import TestClient
from services import free_port

from rulespal.api.app import create_app
from rulespal.api.ratelimit import MemoryLimiter
from rulespal.settings import Settings

MAP_A = ["...........", "...M.......", "........M..", "...........", "...........", ".....M.....",
         "...........", "...........", "..M........", ".......M...", "..........."]


def test_live_health_games_and_score(http):
    assert http.get("/healthz").json()["status"] == "ok"
    games = http.get("/api/games").json()
    assert [g["id"] for g in games] == ["cartographers", "cational-meographic", "mise-kolonizace"]
    # Sentinel Wood: forest at (0,10) and (10,10) on the edge = 2; coins 0; monsters 0.
    grid = MAP_A[:]
    grid[0] = "..........F"
    grid[10] = "..........F"
    body = http.post("/api/games/cartographers/score",
                     json={"map": "A", "grid": grid, "cards": ["Sentinel Wood"]}).json()
    assert body["total"] == 2


def test_live_errors(http):
    missing = http.get("/api/games/cartographers/sections/nowhere")
    assert missing.status_code == 404 and "preparation-setup" in missing.json()["known"]
    bad = http.post("/api/games/cartographers/score", json={"map": "C", "grid": MAP_A})
    assert bad.status_code == 422
    assert ["body", "map"] in [d["loc"] for d in bad.json()["detail"]]


def test_live_chat_streams_server_sent_events(http):
    with http.stream("POST", "/api/chat", json={"question": "What happens in the explore phase?",
                                                "game": "cartographers"}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response.iter_lines())
    kinds = [kind for kind, _ in events]
    assert kinds[0] == "citations" and kinds[-1] == "done"
    assert kinds.count("token") > 1  # the answer arrives in pieces
    assert events[-1][1]["citations"]


# --- rate limits ------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def limited(server):
    """A second app on the same index with an in-memory budget of 2 questions per minute per client."""
    app = create_app(Settings(home=server.home, model="extractive", rate_limit_per_minute=2, redis_url=None))
    with TestClient(app) as client:
        yield client


def test_rate_limit_is_429_with_retry_after(limited):
    question = {"question": "How many players?", "game": "mise-kolonizace"}
    assert limited.post("/api/ask", json=question).status_code == 200
    assert stream_chat(limited, question)[0] == 200
    refused = limited.post("/api/ask", json=question)
    assert refused.status_code == 429
    # the bucket refills 2 tokens per 60 s, so one token takes 30 s
    assert 1 <= int(refused.headers["Retry-After"]) <= 30
    assert refused.json()["retry_after"] == int(refused.headers["Retry-After"])
    # browsing and engines are not limited
    assert limited.get("/api/games").status_code == 200


def test_memory_bucket_refills(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("rulespal.api.ratelimit.time.monotonic", lambda: now[0])
    limiter = MemoryLimiter(per_minute=2)  # capacity 2, refill 1 token / 30 s
    assert limiter.take("a") == 0 and limiter.take("a") == 0
    assert limiter.take("a") == pytest.approx(30.0)
    assert limiter.take("b") == 0  # buckets are per client
    now[0] += 15  # half a token back: 15 s still to wait
    assert limiter.take("a") == pytest.approx(15.0)
    now[0] += 15
    assert limiter.take("a") == 0


# --- rulespal serve ---------------------------------------------------------------------------------------------------
def test_serve_command_starts_a_server(server):
    port = free_port()
    env = {**os.environ, "RULESPAL_HOME": str(server.home), "RULESPAL_MODEL": "extractive"}
    proc = subprocess.Popen([sys.executable, "-m", "rulespal", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout.readline().strip() == f"RulesPal at http://127.0.0.1:{port}/  (API docs: http://127.0.0.1:{port}/docs)"
        deadline = time.monotonic() + 90
        while True:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.3)
        assert health.json()["chat"]["model"] == "extractive"
    finally:
        proc.terminate()
        proc.wait(timeout=20)



# --- memory under concurrency -----------------------------------------------------------------------------------------
def test_concurrent_two_turn_chats_keep_every_turn_on_its_own_thread(server):
    run = uuid4().hex[:8]
    asked = {f"live-memory-{run}-{n}": [f"How do I score points in {game}?", f"and what about that, chat {n}?"]
             for n, game in enumerate(["Cartographers", "Cational Meographic"] * 5)}

    def two_turns(thread: str) -> list[str]:
        problems = []
        with httpx.Client(base_url=server.url, timeout=120) as client:
            for question in asked[thread]:
                status, events = stream_chat(client, {"question": question, "thread_id": thread})
                if status != 200 or events[-1][0] != "done" or events[-1][1]["thread_id"] != thread:
                    problems.append(f"{thread} {question!r}: HTTP {status}, last event {events[-1]}")
        return problems

    with ThreadPoolExecutor(max_workers=len(asked)) as pool:
        problems = [p for found in pool.map(two_turns, asked) for p in found]
    assert problems == []
    history = server.app.state.assistant.conversations.history  # each thread's stored questions, in order
    stored = {thread: [turn.question for turn in history(thread)] for thread in asked}
    assert stored == asked  # no lost turn, no turn stored on another thread
