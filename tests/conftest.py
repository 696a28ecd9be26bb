"""Shared fixtures: one real index (real embedding model, real Chroma store in a temp folder) per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session")
def rp_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private RULESPAL_HOME for the session (index, conversations)."""
    home = tmp_path_factory.mktemp("rulespal-home")
    os.environ["RULESPAL_HOME"] = str(home)
    from rulespal.settings import get_settings

    get_settings.cache_clear()
    return home


@pytest.fixture(scope="session")
def pal(rp_home: Path):
    """A RulesPal service over the bundled rulebooks with its index built."""
    from rulespal.service import RulesPal
    from rulespal.settings import Settings

    service = RulesPal(Settings(home=rp_home))
    service.open_index()
    return service


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory):
    """The one live app of the session (uvicorn on 127.0.0.1, extractive answers, no chat model), shared by API
    and web tests."""
    from api_harness import shared_server

    return shared_server(tmp_path_factory)


@pytest.fixture(scope="module")
def http(server):
    """An HTTP client for the live server."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=60) as client:
        yield client
