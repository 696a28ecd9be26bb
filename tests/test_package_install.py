"""The wheel installs anywhere: built from a copy of the sources, installed into a fresh venv outside the checkout
(dependencies borrowed from the project's venv, so nothing is downloaded), then `rulespal games`, `rulespal search`
and `rulespal serve` work from an unrelated folder with the rulebooks shipped as package data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import httpx
import pytest
from services import free_port, wait_until

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "rulespal", "engine")

pytestmark = pytest.mark.slow


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    """(bin folder of the fresh venv, environment for its commands, a working folder outside the checkout)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(path, source / name)
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", tmp / "dist", source,
         cwd=tmp)
    [wheel] = (tmp / "dist").glob("rulespal-*.whl")
    venv = tmp / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    python = venv / "bin" / "python"
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp)
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).stdout.strip())
    (site / "borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # torch & co, no copy
    work = tmp / "elsewhere"
    work.mkdir()
    env = {**os.environ, "RULESPAL_HOME": str(tmp / "home"), "RULESPAL_MODEL": "extractive", "HF_HUB_OFFLINE": "1"}
    env.pop("PYTHONPATH", None)
    return venv / "bin", env, work


def test_the_package_comes_from_the_wheel_not_the_checkout(installed):
    bin_dir, env, work = installed
    where = _run(bin_dir / "python", "-c", "import rulespal, engine; print(rulespal.__file__, engine.__file__)",
                 cwd=work, env=env).stdout.split()
    assert all(Path(path).is_relative_to(bin_dir.parent) for path in where), where


def test_games_and_search_work_from_an_unrelated_folder(installed):
    bin_dir, env, work = installed
    games = json.loads(_run(bin_dir / "rulespal", "games", "--json", cwd=work, env=env).stdout)
    assert {g["id"] for g in games} >= {"cartographers", "cational-meographic", "mise-kolonizace"}
    found = json.loads(_run(bin_dir / "rulespal", "search", "do diagonal spaces count as adjacent?", "--game",
                            "cartographers", "-k", "3", "--json", cwd=work, env=env).stdout)
    assert found["game"] == "cartographers" and len(found["hits"]) == 3


def test_serve_answers_http_from_the_installed_package(installed):
    bin_dir, env, work = installed
    port = free_port()
    server = subprocess.Popen([str(bin_dir / "rulespal"), "serve", "--port", str(port)], cwd=work, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: _ok(f"{url}/healthz"), "rulespal serve from the wheel", server, seconds=180)
        assert {g["id"] for g in httpx.get(f"{url}/api/games").json()} >= {"cartographers", "mise-kolonizace"}
        assert httpx.get(f"{url}/api/games/cartographers/sections/the-turn-of-play/2-draw-phase").status_code == 200
        assert "<html" in httpx.get(f"{url}/").text.lower()
    finally:
        server.terminate()
        server.wait(timeout=30)


def _ok(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False
