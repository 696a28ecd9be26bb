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


@pytest.mark.usefixtures("rp_home")
def test_ingest_outside_folder_without_front_matter(tmp_path):
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
    assert "river-game" in {g.id for g in RulesPal(Settings(home=tmp_path / "home")).games()}  # remembered


def test_engine_command_errors_are_clear(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = run("score", "cartographers", str(bad))
    assert out.exit_code == 2 and "line 1" in out.stderr
    empty = run("score", "cartographers", "-", input="")
    assert empty.exit_code == 2 and "empty" in empty.stderr


def test_ask_json_with_the_fake_model(run):
    out = run("ask", "Do diagonal spaces count as adjacent?", "--model", "extractive", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["game"] == "cartographers" and data["citations"][0]["section_id"] == "general-scoring-rules-to-remember"
    assert set(data) >= {"answer", "game", "citations", "tool_calls", "thread_id"}


def test_ask_with_a_pasted_position_prints_the_engine_table(run):
    position = ('{"board": [{"at": [0, 0], "type": "forest", "pawints": 1}], '
                '"placed": {"at": [0, 1], "type": "forest", "pawints": 2}, "missions": []}')
    out = run("ask", f"How many Pawints does this score? {position}", "--game", "cational-meographic",
              "--model", "extractive")
    assert out.exit_code == 0, out.output
    assert "[score_cational_meographic]" in out.stdout and "TOTAL 3" in out.stdout


def test_chat_keeps_the_game_and_handles_commands(run):
    script = "/game cartos\n/toc\nhow are coins scored?\n/game chess\n/new\n/quit\n"
    out = run("chat", "--model", "extractive", input=script)
    assert out.exit_code == 0, out.output
    assert "[cartographers] >" in out.stdout
    assert "Scoring the Queen's Edicts  [end-of-the-season/scoring-the-queens-edicts]" in out.stdout  # /toc
    assert "unknown game 'chess'" in out.stdout and "new conversation" in out.stdout


def test_title_lookup(run):
    out = run("title", "cational-meographic", "85", "--json")
    assert out.exit_code == 0 and json.loads(out.stdout)["title"] == "Nimble Navigator"


@pytest.mark.parametrize("args, message", [
    (("ask", "   ", "--model", "extractive"), "the question is empty"),
    (("ask", "x" * 3000, "--model", "extractive"), "the limit is"),
    (("ask", "Do diagonal spaces count?", "--model", "nosuch:model"), "unknown model spec"),
])
def test_ask_errors_are_messages_not_tracebacks(run, args, message):
    out = run(*args)
    assert out.exit_code == 2 and message in out.stderr and "Traceback" not in out.output
