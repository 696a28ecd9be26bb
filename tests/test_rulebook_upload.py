"""Rulebooks added and deleted over HTTP (POST/DELETE /api/rulebooks): the guard, limits, content sniffing, safe ids,
failures that change nothing; and page citations for books that came from a PDF (hits, citations, TOC, the PDF)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from api_harness import sse_events
from fastapi.testclient import TestClient
from pdf_fixtures import render_fixture
from reportlab.pdfgen import canvas

from rulespal import upload
from rulespal.agent import build_assistant
from rulespal.api.app import create_app
from rulespal.api.routers.rulebooks import _upload_events
from rulespal.citations import verify
from rulespal.service import RulesPal
from rulespal.settings import Settings
from rulespal.upload import upload_id

LAKE = "---\nid: lake-game\ntitle: Lake Game\n---\n\n# Fish\n\nFish swim in circles around the island.\n"
RIVER = """---
title: River Game
---

# Boats

Boats move two spaces downstream on each turn. A boat that reaches the waterfall is lost.

# Bridges

A bridge blocks boats unless it is raised by the keeper.
"""
PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(64)


def _client(pal: RulesPal, **changes) -> TestClient:
    """A client of an app over `pal` (no lifespan: the service is the test's), with settings changed."""
    settings = pal.settings.model_copy(update=changes)
    app = create_app(settings)
    app.state.pal = pal
    return TestClient(app, raise_server_exceptions=False)


def _post(client: TestClient, name: str, data: bytes, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post("/api/rulebooks", files={"file": (name, io.BytesIO(data), "application/octet-stream")},
                       headers=headers)


def _stream(client: TestClient, name: str, data: bytes) -> tuple[int, list[tuple[str, dict]]]:
    """POST a file asking for server-sent events: the status and the events (or the JSON body of an HTTP error)."""
    files = {"file": (name, io.BytesIO(data), "application/octet-stream")}
    with client.stream("POST", "/api/rulebooks", files=files, headers={"Accept": "text/event-stream"}) as response:
        if response.status_code != 200:
            response.read()
            return response.status_code, [("http-error", response.json())]
        return 200, sse_events(response.iter_lines())


def _marsh(sections: int) -> bytes:
    """A Markdown rulebook with one short rule per section (one chunk each)."""
    rules = "".join(f"# Reed {n}\n\nReed {n} bends when a heron lands on it in round {n}.\n\n" for n in range(sections))
    return f"---\ntitle: Marsh Game\n---\n\n{rules}".encode()


def _problem(response) -> str:
    """The message of a 422 about the uploaded file."""
    [item] = response.json()["detail"]
    assert item["loc"] == ["body", "file"]
    return item["msg"]


def _blank_pdf(pages: int, text: bool = True) -> bytes:
    out = io.BytesIO()
    pdf = canvas.Canvas(out)
    for n in range(pages):
        if text:
            pdf.drawString(72, 720, f"Rules page {n + 1}")
        pdf.rect(72, 72, 200, 200)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


@pytest.fixture(scope="module")
def pal(tmp_path_factory: pytest.TempPathFactory) -> RulesPal:
    """A service whose only bundled book is a tiny one (fast to index), in its own RULESPAL_HOME."""
    root = tmp_path_factory.mktemp("upload")
    bundled = root / "bundled"
    bundled.mkdir()
    (bundled / "lake-game.md").write_text(LAKE, encoding="utf-8")
    service = RulesPal(Settings(home=root / "home", rulebooks_dir=bundled, model="extractive", max_upload_mb=0.2,
                                max_upload_pages=5))
    service.open_index()
    return service


@pytest.fixture(scope="module")
def river_pdf(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("river")
    (folder / "river-game.md").write_text(RIVER, encoding="utf-8")
    render_fixture(folder / "river-game.md", folder / "river-game.pdf")
    return (folder / "river-game.pdf").read_bytes()


def test_upload_ids_are_slugs_of_the_base_name():
    """No folders, dots or odd characters survive into the stored file name."""
    assert upload_id("../../etc/Evil Rules.PDF") == "evil-rules"
    assert upload_id("..\\..\\windows\\x.md") == "x"
    assert upload_id("..") == upload_id("") == upload_id("/") == "rulebook"


def test_guard_without_token_allows_loopback_only(pal: RulesPal):
    """No admin token: 403 on a server that listens beyond loopback (before the file is looked at)."""
    for host in ("0.0.0.0", "192.168.1.20"):
        response = _post(_client(pal, host=host), "rules.md", b"# Rules\n\nText.\n")
        assert response.status_code == 403 and "RULESPAL_ADMIN_TOKEN" in response.json()["detail"]
    assert _client(pal, host="0.0.0.0").delete("/api/rulebooks/lake-game").status_code == 403
    assert _post(_client(pal, host="::1"), "picture.png", PNG).status_code == 415  # allowed through to the checks


def test_guard_with_token_requires_it_as_bearer(pal: RulesPal):
    """With RULESPAL_ADMIN_TOKEN set, even a loopback server wants it, as `Authorization: Bearer …`."""
    for host in ("127.0.0.1", "0.0.0.0"):
        client = _client(pal, host=host, admin_token="s3cret")
        assert _post(client, "picture.png", PNG).status_code == 403
        assert _post(client, "picture.png", PNG, token="wrong").status_code == 403
        assert _post(client, "picture.png", PNG, token="s3cret").status_code == 415


def test_oversize_wrong_type_too_many_pages_and_no_text_layer(pal: RulesPal):
    """413 above the size limit; 415 by content whatever the name; 422 for too many pages or a scan."""
    client = _client(pal)
    big = _post(client, "big.md", b"# Big\n\n" + b"word " * 60_000)
    assert big.status_code == 413 and "limit is 0.2 MB" in big.json()["detail"]
    for name, data in (("rules.pdf", PNG), ("rules.md", PNG), ("rules.pdf", b"# Rules\0\0binary")):
        assert _post(client, name, data).status_code == 415, name
    pages = _post(client, "long.pdf", _blank_pdf(6))
    assert pages.status_code == 422 and "6 pages; the limit is 5" in _problem(pages)
    scan = _post(client, "scan.pdf", _blank_pdf(2, text=False))
    assert scan.status_code == 422 and "OCR" in _problem(scan) and "/" not in _problem(scan).split(":")[0]
    broken = _post(client, "broken.pdf", b"%PDF-1.4\nnot really a pdf")
    assert broken.status_code == 422
    assert pal.library.ids == ("lake-game",) and not list(pal.settings.books_dir.glob("*.*"))


def test_upload_pdf_then_search_cite_and_open_it_at_the_page(pal: RulesPal, river_pdf: bytes):
    """The new book's id, title and TOC come back; search finds it with its page; the PDF is served."""
    client = _client(pal)
    response = _post(client, "My Shelf/river-game.pdf", river_pdf)
    assert response.status_code == 201, response.text
    added = response.json()
    assert (added["id"], added["title"], added["pdf"]) == ("river-game", "River Game", True)
    # (a one-page PDF's running header is not recognised as one: it stays as an introduction)
    assert [(e["section_id"], e["page"]) for e in added["toc"]][-2:] == [("boats", 1), ("bridges", 1)]
    hits = client.get("/api/search", params={"q": "how far do boats move", "game": "river-game"}).json()["hits"]
    assert hits[0]["section_id"] == "boats" and hits[0]["page"] == 1 and "<!--" not in hits[0]["text"]
    section = client.get("/api/games/river-game/sections/boats").json()
    assert section["pages"] == [1, 1] and "pages:" not in section["text"]
    pdf = client.get("/api/games/river-game/pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content == river_pdf and pdf.headers["content-disposition"].startswith("inline")
    citation = verify(pal.library, "river-game", "A boat that reaches the waterfall is lost.", ["boats"])
    assert citation is not None and citation.page == 1
    answer = build_assistant(pal, "extractive").ask("What happens to a boat at the waterfall?", game="river-game")
    assert answer.citations and {c.page for c in answer.citations} == {1}
    assert all(c["page"] == 1 for c in answer.to_dict()["citations"])
    markdown = client.get("/api/games/lake-game/pdf")
    assert markdown.status_code == 404 and "not converted from a PDF" in markdown.json()["detail"]
    assert client.get("/api/search", params={"q": "fish", "game": "lake-game"}).json()["hits"][0]["page"] is None


def test_markdown_upload_with_a_traversal_name_stays_in_books(pal: RulesPal):
    """A hostile file name is reduced to a slug under RULESPAL_HOME/books."""
    response = _post(_client(pal), "../../../../tmp/pond-game.md", b"# Pond Game\n\n## Frogs\n\nFrogs jump twice.\n")
    assert response.status_code == 201, response.text
    assert response.json()["id"] == "pond-game"
    assert (pal.settings.books_dir / "pond-game.md").is_file() and not Path("/tmp/pond-game.md").exists()


def test_failed_upload_leaves_library_files_and_index_as_they_were(pal: RulesPal, monkeypatch):
    """A book whose id is taken (422) or an index build that breaks (500) change nothing that is served."""
    client = _client(pal)
    before = (pal.library.ids, pal.settings.sources_file.read_text(encoding="utf-8"),
              sorted(p.name for p in pal.settings.books_dir.iterdir()),
              (pal.settings.books_dir / "river-game.md").read_text(encoding="utf-8"))
    clash = _post(client, "other.md", LAKE.replace("Fish swim", "Sharks swim").encode())
    assert clash.status_code == 422 and "already used" in _problem(clash)
    assert _problem(clash).startswith("other.md: ")  # no server folders in front of the file name

    def broken(*_args, **_kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(pal, "_build", broken)
    replaced = _post(client, "river-game.md", RIVER.replace("two spaces", "nine spaces").encode())
    assert replaced.status_code == 500
    monkeypatch.undo()
    after = (pal.library.ids, pal.settings.sources_file.read_text(encoding="utf-8"),
             sorted(p.name for p in pal.settings.books_dir.iterdir()),
             (pal.settings.books_dir / "river-game.md").read_text(encoding="utf-8"))
    assert after == before and (pal.settings.books_dir / "river-game.pdf").is_file()
    assert pal.search("how far do boats move", game="river-game").hits[0].section_id == "boats"


def test_delete_added_books_but_not_bundled_ones(pal: RulesPal):
    """Bundled: 409 with a reason; added: gone from the library, the index and books/."""
    client = _client(pal)
    bundled = client.delete("/api/rulebooks/lake-game")
    assert bundled.status_code == 409 and "bundled" in bundled.json()["detail"]
    assert client.delete("/api/rulebooks/no-such-game").status_code == 404
    gone = client.delete("/api/rulebooks/river-game")
    assert gone.status_code == 200, gone.text
    assert gone.json() == {"deleted": "river-game", "games": ["lake-game", "pond-game"]}
    assert not (pal.settings.books_dir / "river-game.pdf").exists()
    assert "river-game" not in json.loads(pal.settings.sources_file.read_text(encoding="utf-8"))[0]
    assert client.get("/api/search", params={"q": "boats", "game": "river-game"}).status_code == 404


def test_serve_tells_the_app_where_it_listens(monkeypatch):
    """`rulespal serve --host 0.0.0.0` reaches the app's settings, so the upload guard sees a non-loopback host."""
    import uvicorn
    from typer.testing import CliRunner

    from rulespal import cli
    from rulespal.settings import get_settings

    monkeypatch.setenv("RULESPAL_HOST", "127.0.0.1")  # restored after the test
    monkeypatch.setattr(uvicorn, "run", lambda *_args, **_kwargs: None)
    try:
        result = CliRunner().invoke(cli.app, ["serve", "--host", "0.0.0.0", "--json"])
        assert result.exit_code == 0, result.output
        assert get_settings().host == "0.0.0.0"
    finally:
        get_settings.cache_clear()


def test_streamed_upload_reports_indexing_progress_then_the_added_book(pal: RulesPal, monkeypatch):
    """With `Accept: text/event-stream`: stage indexing, progress up to the book's chunks, then the same JSON as the
    201 answer; refusals before any work are still plain HTTP errors, later ones `error` events with their status."""
    monkeypatch.setattr("rulespal.index.WRITE_BATCH", 64)  # several writes for one book
    client = _client(pal)
    status, events = _stream(client, "marsh-game.md", _marsh(300))
    assert status == 200, events
    kinds = [kind for kind, _data in events]
    assert kinds[0] == "stage" and kinds[-1] == "added" and set(kinds[1:-1]) == {"progress"}, kinds
    total = events[0][1]["chunks"]
    assert events[0][1] == {"stage": "indexing", "chunks": total} and total > 64
    chunks = [data["chunks"] for kind, data in events if kind == "progress"]
    assert len(set(chunks)) > 1 and chunks == sorted(chunks) and chunks[-1] == total
    assert {data["total"] for kind, data in events if kind == "progress"} == {total}
    assert events[-1][1] == client.get("/api/games/marsh-game/toc").json() | {"id": "marsh-game", "pdf": False}
    assert _post(client, "marsh-game.md", _marsh(300)).json() == events[-1][1]  # the 201 answer, unchanged book

    assert _stream(client, "picture.png", PNG) == (415, [("http-error", {"detail": "the file is neither a PDF "
                                                                   "(starting with %PDF-) nor UTF-8 Markdown text"})])
    assert _stream(client, "long.pdf", _blank_pdf(6))[0] == 422
    clash = LAKE.replace("Fish swim", "Sharks swim").encode()
    status, events = _stream(client, "other.md", clash)
    plain = _post(client, "other.md", clash)
    assert status == 200 and [kind for kind, _data in events] == ["stage", "error"]
    assert events[-1][1] == {"message": _problem(plain), "status": 422, **plain.json()}
    assert client.delete("/api/rulebooks/marsh-game").status_code == 200


def test_streamed_upload_of_a_pdf_reports_its_conversion(pal: RulesPal, river_pdf: bytes):
    """A PDF's stream starts with its conversion and page count."""
    status, events = _stream(_client(pal), "creek-game.pdf", river_pdf)
    assert status == 200, events
    assert [kind for kind, _data in events][:2] == ["stage", "stage"] and events[-1][0] == "added"
    assert [data.get("stage") for _kind, data in events[:2]] == ["converting", "indexing"]
    assert events[0][1]["pages"] == 1 and events[-1][1]["pdf"] is True
    assert _client(pal).delete("/api/rulebooks/creek-game").status_code == 200


def test_a_client_that_goes_away_leaves_no_book(pal: RulesPal):
    """Closing the event stream mid-indexing aborts the upload: files, library and index stay as they were."""
    before = (pal.library.ids, sorted(p.name for p in pal.settings.books_dir.iterdir()))
    events = _upload_events(pal, "heron-game.md", _marsh(300).replace(b"Marsh Game", b"Heron Game"))
    assert next(events).data["stage"] == "indexing"
    events.close()
    with upload._CHANGING:  # the upload has finished undoing itself
        after = (pal.library.ids, sorted(p.name for p in pal.settings.books_dir.iterdir()))
    assert after == before and "heron-game" not in pal.library.ids
    assert _client(pal).get("/api/search", params={"q": "heron", "game": "heron-game"}).status_code == 404
