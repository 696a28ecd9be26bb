"""`rulespal ingest` with PDFs: converted once into RULESPAL_HOME/books, replaced when changed, then indexed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdf_fixtures import render_fixture
from typer.testing import CliRunner

from rulespal import cli
from rulespal.pdf.books import markdown_sources

RIVER = """---
title: River Game
---

# Boats

Boats move two spaces downstream on each turn. A boat that reaches the waterfall is lost.

# Bridges

A bridge blocks boats unless it is raised.
"""


@pytest.fixture()
def river_pdf(tmp_path: Path) -> Path:
    source = tmp_path / "src" / "river-game.md"
    source.parent.mkdir()
    source.write_text(RIVER, encoding="utf-8")
    folder = tmp_path / "shelf"
    folder.mkdir()
    render_fixture(source, folder / "river-game.pdf")
    (folder / "lake-game.md").write_text("# Lake Game\n\n## Fish\nFish swim.\n", encoding="utf-8")
    return folder / "river-game.pdf"


def test_folder_mixing_markdown_and_pdf(river_pdf: Path, tmp_path: Path):
    """The folder is passed on for its Markdown; its PDF becomes books/<id>.md with the original beside it."""
    books = tmp_path / "home" / "books"
    sources = markdown_sources([river_pdf.parent], books)
    assert sources == [river_pdf.parent, books / "river-game.md"]
    assert (books / "river-game.pdf").read_bytes() == river_pdf.read_bytes()
    text = (books / "river-game.md").read_text(encoding="utf-8")
    assert "title: River Game" in text and "# Bridges\n<!-- pages: 1-1 -->" in text


def test_same_file_is_a_no_op_and_a_changed_file_replaces_the_book(river_pdf: Path, tmp_path: Path):
    """Same sha256: the stored Markdown is not rewritten; new bytes: converted again."""
    books = tmp_path / "books"
    stored = markdown_sources([river_pdf], books)[0]
    before = stored.stat().st_mtime_ns
    assert markdown_sources([river_pdf], books) == [stored] and stored.stat().st_mtime_ns == before
    changed = river_pdf.parent.parent / "src" / "river-game.md"
    changed.write_text(RIVER.replace("two spaces", "three spaces"), encoding="utf-8")
    render_fixture(changed, river_pdf)
    markdown_sources([river_pdf], books)
    assert "three spaces" in stored.read_text(encoding="utf-8")


@pytest.mark.usefixtures("rp_home")
def test_cli_ingests_a_pdf_and_searches_it(river_pdf: Path, tmp_path: Path, monkeypatch):
    """`rulespal ingest rules.pdf` indexes the converted book through the normal path."""
    from rulespal.service import RulesPal
    from rulespal.settings import Settings

    service = RulesPal(Settings(home=tmp_path / "home"))
    monkeypatch.setattr(cli, "pal", lambda: service)
    runner = CliRunner()
    out = runner.invoke(cli.app, ["ingest", str(river_pdf), "--json"])
    bad = runner.invoke(cli.app, ["ingest", str(river_pdf.parent / "lake-game.md"), str(tmp_path / "nope.pdf")])
    assert out.exit_code == 0, out.output
    assert "river-game" in json.loads(out.stdout)["games"]
    assert service.search("how far do boats move", game="river-game").hits[0].section_id == "boats"
    assert bad.exit_code == 2 and "nope.pdf" in bad.stderr
