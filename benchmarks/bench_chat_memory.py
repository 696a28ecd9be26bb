"""Conversation memory under concurrency: N concurrent chats, each asking TWO questions on its own thread id through
POST /api/chat of a real server (fake chat model), then a check of the conversation store that every thread holds
exactly its two questions, in order.

Run: .venv/bin/python benchmarks/bench_chat_memory.py [--chats 50] [--seconds 300]
It starts `rulespal serve` (see bench_api.py) in a temporary RULESPAL_HOME, or uses --url with --home (the server's
RULESPAL_HOME, whose conversation store is read). Prints errors, lost turns and foreign turns (target 0/0/0) and the
latency of each turn; writes evals/results/bench_chat_memory.json."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import uuid
from pathlib import Path

import httpx
from bench_api import served
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import BaseCheckpointSaver

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.metrics import percentile
from rulespal.memory import make_checkpointer
from rulespal.settings import Settings


def turns(n: int, questions: list[dict]) -> list[dict]:
    """The two request bodies of chat n: a dataset question with its game, then a follow-up naming the chat."""
    q = questions[n % len(questions)]
    return [{"question": q["question"], "game": q["game"]}, {"question": f"and what about that, chat {n}?"}]


async def chat(client: httpx.AsyncClient, body: dict) -> tuple[float, str | None, dict | None]:
    """POST /api/chat; latency in ms, the problem if any, and the `done` answer."""
    started = time.perf_counter()
    kind, done, problem = "", None, None
    try:
        async with client.stream("POST", "/api/chat", json=body) as response:
            if response.status_code != 200:
                await response.aread()
                problem = f"HTTP {response.status_code}: {response.text[:200]}"
            else:
                async for line in response.aiter_lines():
                    if line.startswith("event:"):
                        kind = line[6:].strip()
                    elif line.startswith("data:") and kind in ("done", "error"):
                        data = json.loads(line[5:])
                        done, problem = (data, None) if kind == "done" else (None, f"error event: {data}")
    except httpx.HTTPError as exc:
        problem = f"{type(exc).__name__}: {exc}"
    if problem is None and done is None:
        problem = "the stream ended without a done event"
    return (time.perf_counter() - started) * 1000, problem, done


async def conversation(client: httpx.AsyncClient, n: int, thread: str, questions: list[dict]) -> dict:
    """Two turns on one thread; the second must stay on the first one's game."""
    latencies, problems, games = [], [], []
    for body in turns(n, questions):
        ms, problem, done = await chat(client, {**body, "thread_id": thread})
        latencies.append(ms)
        if problem:
            problems.append(problem)
            break
        games.append(done["game"])
        if done["thread_id"] != thread:
            problems.append(f"answered on thread {done['thread_id']!r}, asked on {thread!r}")
    if len(games) == 2 and games[0] != games[1]:
        problems.append(f"the follow-up left the game: {games}")
    return {"latencies": latencies, "problems": problems}


def remembered(store: BaseCheckpointSaver, thread: str) -> list[str]:
    """The questions of a thread's human turns, as the conversation store holds them."""
    saved = store.get_tuple({"configurable": {"thread_id": thread}})
    messages = saved.checkpoint["channel_values"].get("messages", []) if saved else []
    return [m.additional_kwargs["rulespal"]["question"] for m in messages
            if isinstance(m, HumanMessage) and "rulespal" in m.additional_kwargs]


async def bench(url: str, home: Path, chats: int, seconds: float) -> dict:
    """Run the chats concurrently, then compare every thread's stored questions with the ones asked."""
    questions = load_jsonl("retrieval")
    run = uuid.uuid4().hex[:8]
    threads = [f"memory-bench-{run}-{n}" for n in range(chats)]
    limits = httpx.Limits(max_connections=chats, max_keepalive_connections=chats)
    async with httpx.AsyncClient(base_url=url, timeout=seconds, limits=limits) as client:
        started = time.perf_counter()
        results = await asyncio.wait_for(asyncio.gather(
            *(conversation(client, n, t, questions) for n, t in enumerate(threads))), timeout=seconds)
        elapsed = time.perf_counter() - started
    lost = foreign = 0
    mismatches = []
    store = make_checkpointer(Settings(home=home))  # the server's store: SQLite under its home, or its Postgres
    for n, thread in enumerate(threads):
        asked = [t["question"] for t in turns(n, questions)]
        stored = remembered(store, thread)
        lost += sum(1 for q in asked if q not in stored)
        foreign += sum(1 for q in stored if q not in asked)
        if stored != asked:
            mismatches.append({"thread": thread, "asked": asked, "stored": stored})
    problems = [p for r in results for p in r["problems"]]
    first = [r["latencies"][0] for r in results]
    second = [r["latencies"][1] for r in results if len(r["latencies"]) > 1]
    return {"chats": chats, "turns_per_chat": 2, "seconds": round(elapsed, 2), "errors": len(problems),
            "lost_turns": lost, "foreign_turns": foreign, "threads_not_exact": len(mismatches),
            "turn1_p50_ms": round(percentile(first, 50), 1), "turn1_p95_ms": round(percentile(first, 95), 1),
            "turn2_p50_ms": round(percentile(second, 50), 1), "turn2_p95_ms": round(percentile(second, 95), 1),
            "first_errors": problems[:3], "first_mismatches": mismatches[:3]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=50, help="Concurrent conversations (two turns each).")
    parser.add_argument("--seconds", type=float, default=300, help="Time limit for all conversations.")
    parser.add_argument("--url", help="Use a running server instead of starting one (needs --home).")
    parser.add_argument("--home", type=Path, help="RULESPAL_HOME of the server (index reused if present).")
    args = parser.parse_args()
    if args.url and not args.home:
        parser.error("--url needs --home: the server's RULESPAL_HOME holds the conversations to check")

    with served(args.url, args.home, "rp-bench-memory-") as (url, home):
        result = asyncio.run(bench(url, home, args.chats, args.seconds))
    print(f"{result['chats']} chats x 2 turns in {result['seconds']} s: errors {result['errors']}, "
          f"lost turns {result['lost_turns']}, foreign turns {result['foreign_turns']}, "
          f"threads not exact {result['threads_not_exact']}")
    print(f"turn 1 p50/p95 {result['turn1_p50_ms']}/{result['turn1_p95_ms']} ms; "
          f"turn 2 p50/p95 {result['turn2_p50_ms']}/{result['turn2_p95_ms']} ms")
    for problem in result["first_errors"]:
        print(f"   error: {problem}")
    for mismatch in result["first_mismatches"]:
        print(f"   mismatch: {mismatch}")
    print(f"wrote {save_result('bench_chat_memory', {'cpus': os.cpu_count(), **result})}")


if __name__ == "__main__":
    main()
