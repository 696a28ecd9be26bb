"""HTTP API benchmark against a real server on 127.0.0.1: p50/p95 latency of /api/search and
/api/games/cartographers/score under concurrent clients, and concurrent chats with the fake model (errors counted).

Run: .venv/bin/python benchmarks/bench_api.py [--clients 1,20,50] [--requests 400] [--chats 50] [--seconds 30]
It starts `rulespal serve` in a subprocess (RULESPAL_MODEL=fake, a temporary RULESPAL_HOME unless --home is given)
or uses --url. Each run is bounded by a request count and a time limit. Writes evals/results/bench_api.json."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from services import free_port  # noqa: E402  (one helper for tests and benchmarks)

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.metrics import percentile

# Map side A with a few forests, villages and a monster: a typical mid-game sheet.
SHEET = {"map": "A", "cards": ["Sentinel Wood", "Canal Lake", "Great City", "Borderlands"], "coins_from_shapes": 3,
         "grid": ["FF.........", "F..M.......", ".VV.....M..", ".VV...WW...", "......AA...", ".....M.....",
                  "...........", "......X....", "..M........", ".......M...", "..........F"]}


@dataclass
class Run:
    """Latencies (ms) and failures of one scenario."""

    name: str
    clients: int
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> dict:
        """Counts, throughput and percentiles."""
        done = len(self.latencies)
        return {"scenario": self.name, "clients": self.clients, "requests": done, "errors": len(self.errors),
                "seconds": round(self.seconds, 2), "per_second": round(done / self.seconds, 1) if self.seconds else 0.0,
                "p50_ms": round(percentile(self.latencies, 50), 1), "p95_ms": round(percentile(self.latencies, 95), 1),
                "first_errors": self.errors[:3]}


async def load(name: str, clients: int, total: int, seconds: float,
               request: Callable[[httpx.AsyncClient, int], Awaitable[str | None]], url: str) -> Run:
    """`clients` concurrent workers sending `total` requests at most, stopping after `seconds`."""
    run = Run(name, clients)
    counter = iter(range(total))
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def worker(client: httpx.AsyncClient) -> None:
        for n in counter:
            if time.monotonic() > deadline:
                return
            started = time.perf_counter()
            try:
                problem = await request(client, n)
            except httpx.HTTPError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            run.latencies.append((time.perf_counter() - started) * 1000)
            if problem:
                run.errors.append(problem)

    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        started = time.perf_counter()
        await asyncio.gather(*(worker(client) for _ in range(clients)))
        run.seconds = time.perf_counter() - started
    return run


def search_request(questions: list[dict]) -> Callable[[httpx.AsyncClient, int], Awaitable[str | None]]:
    async def request(client: httpx.AsyncClient, n: int) -> str | None:
        q = questions[n % len(questions)]
        params = {"q": q["question"], "k": 5, **({"game": q["game"]} if q.get("game") else {})}
        response = await client.get("/api/search", params=params)
        return None if response.status_code == 200 and response.json()["hits"] else f"HTTP {response.status_code}"
    return request


async def score_request(client: httpx.AsyncClient, _n: int) -> str | None:
    response = await client.post("/api/games/cartographers/score", json=SHEET)
    return None if response.status_code == 200 and "total" in response.json() else f"HTTP {response.status_code}"


def chat_request(questions: list[dict]) -> Callable[[httpx.AsyncClient, int], Awaitable[str | None]]:
    async def request(client: httpx.AsyncClient, n: int) -> str | None:
        q = questions[n % len(questions)]
        kinds: list[str] = []
        async with client.stream("POST", "/api/chat", json={"question": q["question"], "game": q["game"]}) as response:
            if response.status_code != 200:
                return f"HTTP {response.status_code}"
            async for line in response.aiter_lines():
                if line.startswith("event:"):
                    kinds.append(line[6:].strip())
        if "error" in kinds or not kinds or kinds[-1] != "done":
            return f"events {kinds[-3:]}"
        return None
    return request


def start_server(home: Path) -> tuple[subprocess.Popen, str]:
    """`rulespal serve` with the fake model and no practical rate limit; waits until /healthz answers."""
    port = free_port()
    env = {**os.environ, "RULESPAL_HOME": str(home), "RULESPAL_MODEL": "fake",
           "RULESPAL_RATE_LIMIT_PER_MINUTE": "1000000"}
    proc = subprocess.Popen([sys.executable, "-m", "rulespal", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited:\n{proc.stderr.read()}")
        try:
            if httpx.get(f"{url}/healthz", timeout=5).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.5)
    proc.terminate()
    raise SystemExit("the server did not start within 240 s")


@contextmanager
def served(url: str | None, home: Path | None, scratch_prefix: str) -> Iterator[tuple[str, Path | None]]:
    """(URL, RULESPAL_HOME) of the server to measure: the given URL, or `rulespal serve` started on `home` (a
    scratch folder when none is given), stopped and cleaned up afterwards."""
    if url:
        yield url, home
        return
    scratch = None if home else Path(tempfile.mkdtemp(prefix=scratch_prefix))
    home = home or scratch
    started = time.perf_counter()
    proc, url = start_server(home)
    print(f"server up at {url} in {time.perf_counter() - started:.1f} s (home {home})")
    try:
        yield url, home
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


async def bench(url: str, clients: list[int], requests: int, chats: int, seconds: float) -> list[dict]:
    questions = load_jsonl("retrieval")
    async with httpx.AsyncClient(base_url=url, timeout=60) as warm:  # first calls load caches
        await warm.get("/api/search", params={"q": "warm up", "k": 1})
        await warm.post("/api/games/cartographers/score", json=SHEET)
    results = []
    for n in clients:
        results.append((await load("search", n, requests, seconds, search_request(questions), url)).summary())
        results.append((await load("score", n, requests, seconds, score_request, url)).summary())
    chat = await load("chat (fake model)", chats, chats, max(seconds, 120), chat_request(questions), url)
    results.append(chat.summary())
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,20,50", help="Concurrent clients per run, comma-separated.")
    parser.add_argument("--requests", type=int, default=400, help="Requests per run (upper bound).")
    parser.add_argument("--chats", type=int, default=50, help="Concurrent chats (one each).")
    parser.add_argument("--seconds", type=float, default=30, help="Time limit per run.")
    parser.add_argument("--url", help="Use a running server instead of starting one.")
    parser.add_argument("--home", type=Path, help="RULESPAL_HOME for the started server (index reused if present).")
    args = parser.parse_args()
    clients = [int(c) for c in args.clients.split(",")]

    with served(args.url, args.home, "rp-bench-api-") as (url, _home):
        results = asyncio.run(bench(url, clients, args.requests, args.chats, args.seconds))
    print(f"{'scenario':<20}{'clients':>8}{'requests':>9}{'errors':>7}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for r in results:
        print(f"{r['scenario']:<20}{r['clients']:>8}{r['requests']:>9}{r['errors']:>7}{r['per_second']:>8}"
              f"{r['p50_ms']:>9}{r['p95_ms']:>9}")
        for problem in r["first_errors"]:
            print(f"   error: {problem}")
    path = save_result("bench_api", {"cpus": os.cpu_count(), "results": results})
    print(f"wrote {path}")
    print(json.dumps({r["scenario"] + f"@{r['clients']}": [r["p50_ms"], r["p95_ms"]] for r in results}))


if __name__ == "__main__":
    main()
