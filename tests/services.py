"""Real servers for scale-out tests, started on 127.0.0.1 by the tests themselves: Chroma, Redis, PostgreSQL."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(ready: Callable[[], bool], what: str, proc: subprocess.Popen | None = None, seconds: float = 60) -> None:
    """Poll until `ready()` is true; fail with the process output if it died or time ran out."""
    deadline = time.monotonic() + seconds
    while not ready():
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}: {proc.stdout.read() if proc.stdout else ''}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start within {seconds} s")
        time.sleep(0.2)


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def process(cmd: list[str], what: str, port: int, **kwargs) -> Iterator[subprocess.Popen]:
    """Run a server process until the block ends; wait for its port first. Its output goes to a temporary file,
    not a pipe: a chatty server would block once a pipe nobody reads is full."""
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True, **kwargs)
    try:
        try:
            wait_until(lambda: _listening(port), what, proc)
        except RuntimeError as exc:
            log.seek(0)
            raise RuntimeError(f"{exc}\n{log.read()}") from exc
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@contextmanager
def chroma_server(path: Path) -> Iterator[str]:
    """`chroma run` on a free port; yields its URL."""
    exe = shutil.which("chroma", path=str(Path(sys.executable).parent)) or shutil.which("chroma")
    if exe is None:
        pytest.skip("the chroma CLI (from the chromadb package) is not installed")
    port = free_port()
    with process([exe, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)], "chroma", port):
        yield f"http://127.0.0.1:{port}"


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway redis-server (no persistence) on a free port; yields its URL."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server is not installed (make test installs it: scripts/install-system-deps.sh)")
    port = free_port()
    with process([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], "redis", port):
        yield f"redis://127.0.0.1:{port}/0"


@contextmanager
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb in a temp dir, run as the postgres user when we are root)."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not bins:
        pytest.skip("postgresql is not installed (make test installs it: scripts/install-system-deps.sh)")
    run_as: list[str] = []
    data = Path(tempfile.mkdtemp(prefix="rp-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*run_as, f"{bins[-1]}/initdb", "-D", str(data / "db"), "-U", "rulespal", "--auth=trust"],
                   check=True, capture_output=True)
    cmd = [*run_as, f"{bins[-1]}/postgres", "-D", str(data / "db"), "-p", str(port), "-k", str(data),
           "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
    try:
        with process(cmd, "postgres", port):
            yield f"postgresql://rulespal@127.0.0.1:{port}/postgres"
    finally:
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def llama_server(model_path: Path) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server on the given GGUF; yields its /v1 URL."""
    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", "4096", "--n_threads", "2", "--model_alias", "embedded",
           "--verbose", "false"]
    with process(cmd, "llama_cpp.server", port):
        yield f"http://127.0.0.1:{port}/v1"
