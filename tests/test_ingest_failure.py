"""An ingest that fails midway (embedding or the vector store breaking part-way through) leaves the served index,
the active Chroma collection, the game list and the recorded rulebook sources exactly as they were."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from chromadb.api.models.Collection import Collection

from rulespal.library import read_sources
from rulespal.service import RulesPal

TIDDLYWINKS = """---
id: tiddlywinks
title: Tiddlywinks
players: "2 to 4"
---

# Setup

Each player takes six winks of one colour and one squidger. Place the pot in the middle of the mat.

# Play

Press the edge of a wink with your squidger so that it flies. A wink that lands in the pot scores three points.

# Squopping

A wink that lands on top of another wink squops it; a squopped wink cannot be played until it is freed.
"""
QUERY = {"q": "how do I score points", "game": "cartographers", "k": 5}


class MidwayFailure(RuntimeError):
    """The failure injected part-way through an index build."""


@pytest.fixture
def new_rulebooks(tmp_path: Path) -> Path:
    """A folder with one valid rulebook the library does not hold yet."""
    folder = tmp_path / "extra-rulebooks"
    folder.mkdir()
    (folder / "tiddlywinks.md").write_text(TIDDLYWINKS, encoding="utf-8")
    return folder


def fail_embedding_after_first_batch(pal: RulesPal, monkeypatch: pytest.MonkeyPatch) -> None:
    """Document embedding embeds its first 32 texts, then breaks; one-text query embeddings keep working."""
    embed = pal.embedder.embed

    def broken(texts):
        if len(texts) > 1:
            embed(list(texts)[:32])
            raise MidwayFailure("the embedding model failed after the first batch")
        return embed(texts)

    monkeypatch.setattr(pal.embedder, "embed", broken)


def fail_store_after_first_batch(_pal: RulesPal, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new book's first batch of 2 chunks is written, then adding the second one breaks."""
    add = Collection.add
    calls = []

    def broken(self, *args, **kwargs):
        calls.append(self.name)
        if len(calls) > 1:
            raise MidwayFailure(f"the vector store failed while writing {self.name}")
        return add(self, *args, **kwargs)

    monkeypatch.setattr("rulespal.store._BATCH", 2)
    monkeypatch.setattr(Collection, "add", broken)


def served_state(server, http: httpx.Client) -> dict:
    """What the running app serves and keeps on disk."""
    pal: RulesPal = server.app.state.pal
    search = http.get("/api/search", params=QUERY)
    assert search.status_code == 200
    return {"hits": [(h["section_id"], round(h["score"], 6)) for h in search.json()["hits"]],
            "games": [g["id"] for g in http.get("/api/games").json()],
            "chunks": http.get("/healthz").json()["chunks"],
            "active": pal.store.active(),
            "collections": sorted(c if isinstance(c, str) else c.name for c in pal.store.client.list_collections()),
            "sources": read_sources(pal.settings.sources_file)}


@pytest.mark.parametrize("inject", [fail_embedding_after_first_batch, fail_store_after_first_batch],
                         ids=["embedding", "vector-store"])
def test_failed_ingest_keeps_serving_the_old_index(server, http, new_rulebooks, monkeypatch,
                                                   inject: Callable[[RulesPal, pytest.MonkeyPatch], None]):
    pal: RulesPal = server.app.state.pal
    before = served_state(server, http)
    assert before["hits"] and before["active"] is not None and "tiddlywinks" not in before["games"]

    inject(pal, monkeypatch)
    with pytest.raises(MidwayFailure):
        pal.ingest([new_rulebooks])
    after_failure = served_state(server, http)  # still with the failure injected: nothing may need a rebuild
    monkeypatch.undo()

    assert after_failure == before  # same hits and scores, games, chunk count, active collection, no leftovers
    assert new_rulebooks.resolve() not in after_failure["sources"]
    assert http.get("/api/search", params={"q": "squopped wink", "game": "tiddlywinks"}).status_code == 404
    assert served_state(server, http) == before
