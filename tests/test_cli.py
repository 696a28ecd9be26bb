"""The rulespal CLI: browse, search, ingest, engine commands and their error cases."""

import json

import pytest
from typer.testing import CliRunner

from rulespal import cli


@pytest.fixture()
def run(pal, monkeypatch):
    monkeypatch.setattr(cli, "pal", lambda: pal)
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(cli.app, list(args), input=input)

    return invoke


def test_games_lists_the_three_books(run):
    out = run("games", "--json")
    assert out.exit_code == 0
    assert {g["id"] for g in json.loads(out.stdout)} >= {"cartographers", "cational-meographic", "mise-kolonizace"}


def test_toc_is_an_indented_tree(run):
    out = run("toc", "cational-meographic")
    assert out.exit_code == 0
    assert "\n    Scout  [game-flow/scout]" in out.stdout
    assert "\n      Landscape Tile Placement" in out.stdout


def test_section_and_unknowns(run):
    ok = run("section", "mise", "end-of-game", "--json")
    assert ok.exit_code == 0 and "2 planet tiles" in json.loads(ok.stdout)["text"]
    bad = run("section", "mise", "nope")
    assert bad.exit_code == 1 and "end-of-game" in bad.stderr
    unknown = run("toc", "chess")
    assert unknown.exit_code == 1 and "cartographers" in unknown.stderr


def test_search_json_keys(run):
    out = run("search", "Do diagonal spaces count as adjacent?", "-k", "2", "--json")
    data = json.loads(out.stdout)
    assert data["game"] == "cartographers" and data["detected"] is True
    assert data["hits"][0]["section_id"] == "general-scoring-rules-to-remember"


def test_ingest_outside_folder_without_front_matter(tmp_path, rp_home):
    from rulespal.service import RulesPal
    from rulespal.settings import Settings

    folder = tmp_path / "more"
    folder.mkdir()
    (folder / "river-game.md").write_text("# River Game\n\n## Boats\nBoats move two spaces downstream.\n")
    service = RulesPal(Settings(home=tmp_path / "home"))
    report = service.ingest([folder])
    assert "river-game" in report.games and report.rebuilt
    hits = service.search("how far do boats move", game="river-game").hits
    assert hits[0].section_id == "boats"
    assert "river-game" in {g["id"] for g in RulesPal(Settings(home=tmp_path / "home")).games()}  # remembered


def test_engine_command_errors_are_clear(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = run("score", "cartographers", str(bad))
    assert out.exit_code == 2 and "line 1" in out.stderr
    empty = run("score", "cartographers", "-", input="")
    assert empty.exit_code == 2 and "empty" in empty.stderr
