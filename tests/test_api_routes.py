"""HTTP API through FastAPI's TestClient: every route, error statuses and bodies, the chat stream's event order.
Runs on the session's real app (real embeddings, real Chroma in a temp RULESPAL_HOME, extractive answers, no chat
model)."""

from __future__ import annotations

import json

import pytest
from api_harness import stream_chat
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from rulespal.citations import normalise

# Map side A as printed: mountains at (1,3), (2,8), (5,5), (8,2), (9,7); no wasteland (rulebook "Side A: Wilderness").
MAP_A = ["...........", "...M.......", "........M..", "...........", "...........", ".....M.....",
         "...........", "...........", "..M........", ".......M...", "..........."]


def with_cells(grid: list[str], cells: dict[tuple[int, int], str]) -> list[str]:
    """A copy of a grid with some cells replaced."""
    rows = [list(r) for r in grid]
    for (r, c), code in cells.items():
        rows[r][c] = code
    return ["".join(r) for r in rows]


@pytest.fixture(scope="module")
def client(server):
    return TestClient(server.app)


# --- browsing ---------------------------------------------------------------------------------------------------------
def test_games_lists_the_three_rulebooks_with_engines(client):
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.json()}
    assert set(games) == {"cartographers", "cational-meographic", "mise-kolonizace"}
    assert all(g["engine"] for g in games.values())
    assert games["cartographers"]["title"] == "Cartographers"


def test_toc_is_a_tree_and_games_resolve_by_alias(client):
    response = client.get("/api/games/Kolonizace/toc")  # an alias of mise-kolonizace
    assert response.status_code == 200
    assert response.json()["game"] == "mise-kolonizace"
    carto = client.get("/api/games/cartographers/toc").json()
    turn = next(e for e in carto["toc"] if e["section_id"] == "the-turn-of-play")
    assert [c["section_id"] for c in turn["children"]][:2] == [
        "the-turn-of-play/1-explore-phase", "the-turn-of-play/2-draw-phase"]


def test_section_by_path_id(client):
    response = client.get("/api/games/cartographers/sections/the-turn-of-play/2-draw-phase")
    assert response.status_code == 200
    sec = response.json()
    assert sec["title"] == "2. Draw Phase"
    assert sec["heading_path"] == ["The Turn of Play", "2. Draw Phase"]
    assert sec["parent_id"] == "the-turn-of-play"
    assert "the-turn-of-play/2-draw-phase/ruins" in sec["children"]
    assert sec["text"]


def test_unknown_game_is_404_listing_the_games(client):
    response = client.get("/api/games/monopoly/toc")
    assert response.status_code == 404
    body = response.json()
    assert "monopoly" in body["detail"]
    assert body["known"] == ["cartographers", "cational-meographic", "mise-kolonizace"]


def test_unknown_section_is_404_listing_the_sections(client):
    response = client.get("/api/games/cartographers/sections/the-turn-of-play/9-nap-phase")
    assert response.status_code == 404
    body = response.json()
    assert "9-nap-phase" in body["detail"]
    assert "the-turn-of-play/2-draw-phase" in body["known"]
    assert "scoring-cards/forest-cards/sentinel-wood" in body["known"]


# --- search -----------------------------------------------------------------------------------------------------------
def test_search_within_a_game(client):
    response = client.get("/api/search",
                          params={"q": "forest spaces on the edge of the map", "game": "cartographers", "k": 3})
    assert response.status_code == 200
    body = response.json()
    assert body["game"] == "cartographers" and body["detected"] is False
    assert len(body["hits"]) == 3
    assert "scoring-cards/forest-cards/sentinel-wood" in [h["section_id"] for h in body["hits"]]
    assert set(body["hits"][0]) == {"game", "section_id", "title", "heading_path", "text", "score", "span", "page"}


@pytest.mark.parametrize("game", [None, ""])
def test_search_detects_the_game(client, game):
    params = {"q": "Pawints for a landscape tile next to a tile of the same type"}
    if game is not None:
        params["game"] = game  # an empty game= (as a form sends it) means "detect"
    body = client.get("/api/search", params=params).json()
    assert body["detected"] is True
    assert body["game"] == "cational-meographic"


@pytest.mark.parametrize(("params", "loc"), [
    ({}, ["query", "q"]),
    ({"q": "ruins", "k": 0}, ["query", "k"]),
    ({"q": "ruins", "k": 51}, ["query", "k"]),
])
def test_search_bad_parameters_are_422_naming_the_field(client, params, loc):
    response = client.get("/api/search", params=params)
    assert response.status_code == 422
    assert loc in [d["loc"] for d in response.json()["detail"]]


def test_search_unknown_game_is_404(client):
    response = client.get("/api/search", params={"q": "ruins", "game": "chess"})
    assert response.status_code == 404
    assert "cartographers" in response.json()["known"]


# --- engines ----------------------------------------------------------------------------------------------------------
def test_schema_lists_operations_with_schemas_and_routes(client):
    body = client.get("/api/games/cartographers/schema").json()
    ops = {op["name"]: op for op in body["operations"]}
    assert {"check", "score"} <= set(ops)
    assert ops["score"]["path"] == "/api/games/cartographers/score"
    assert ops["legal_moves"]["path"] == "/api/games/cartographers/run/legal_moves"
    assert ops["score"]["input_schema"]["type"] == "object"
    assert ops["score"]["input_schema"]["examples"]


def test_score_cartographers_position(client):
    # Sentinel Wood: forest on the outer ring (0,0), (0,1), (0,2), (5,0) = 4, the inner forest (4,4) = 0;
    # coins: 2 from shapes, no mountain surrounded = 2; monsters: none = 0. Total 4 + 2 + 0 = 6.
    grid = with_cells(MAP_A, {(0, 0): "F", (0, 1): "F", (0, 2): "F", (5, 0): "F", (4, 4): "F"})
    response = client.post("/api/games/cartographers/score",
                           json={"map": "A", "grid": grid, "cards": ["Sentinel Wood"], "coins_from_shapes": 2})
    assert response.status_code == 200
    body = response.json()
    points = {line["key"]: line["points"] for line in body["lines"]}
    assert points == {"card:sentinel-wood": 4, "coins": 2, "monsters": 0}
    assert body["total"] == 6
    sentinel = next(line for line in body["lines"] if line["key"] == "card:sentinel-wood")
    assert sentinel["rule_ref"] == "scoring-cards/forest-cards/sentinel-wood"


def test_score_monster_penalty(client):
    # A monster in the corner (10,10) has two empty neighbours (9,10) and (10,9): -2. No cards, no coins.
    grid = with_cells(MAP_A, {(10, 10): "X"})
    body = client.post("/api/games/cartographers/score", json={"map": "A", "grid": grid, "cards": []}).json()
    assert body["total"] == -2


def test_check_verdicts(client):
    legal = client.post("/api/games/cartographers/check", json={
        "map": "A", "grid": MAP_A,
        "move": {"card": "Great River", "terrain": "water", "cells": [[3, 0], [4, 0], [5, 0]]}})
    assert legal.status_code == 200 and legal.json()["legal"] is True
    # the straight river shape down column 3 would cross the printed mountain at (1,3)
    illegal = client.post("/api/games/cartographers/check", json={
        "map": "A", "grid": MAP_A,
        "move": {"card": "Great River", "terrain": "water", "cells": [[0, 3], [1, 3], [2, 3]]}})
    body = illegal.json()
    assert body["legal"] is False
    assert [r["code"] for r in body["reasons"]] == ["overlaps_filled"]
    assert body["reasons"][0]["rule_ref"] == "the-turn-of-play/2-draw-phase"


def test_bad_cell_is_422_naming_the_cell(client):
    grid = with_cells(MAP_A, {(3, 3): "Q"})
    response = client.post("/api/games/cartographers/score", json={"map": "A", "grid": grid, "cards": "all"})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert detail[0]["loc"] == ["body", "grid", 3, 3]
    assert "'Q'" in detail[0]["msg"]


def test_missing_printed_mountain_is_422_naming_the_cell(client):
    grid = with_cells(MAP_A, {(1, 3): "F"})
    response = client.post("/api/games/cartographers/score", json={"map": "A", "grid": grid, "cards": "all"})
    assert response.status_code == 422
    assert ["body", "grid", 1, 3] in [d["loc"] for d in response.json()["detail"]]


@pytest.mark.parametrize("body", [[1, 2, 3], "just text"])
def test_body_must_be_an_object(client, body):
    response = client.post("/api/games/cartographers/score", json=body)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body"]


def test_malformed_json_is_422(client):
    response = client.post("/api/games/cartographers/score", content=b'{"map": "A",',
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][0] == "body"


def test_other_operations_run(client):
    body = client.post("/api/games/cational-meographic/run/hiking_title", json={"pawints": 72}).json()
    assert body["title"] == "Mountain Mouser"
    moves = client.post("/api/games/cartographers/run/legal_moves",
                        json={"map": "A", "grid": MAP_A, "card": "Great River", "limit": 1}).json()
    assert moves["count"] > 1


def test_unknown_operation_is_404_listing_operations(client):
    response = client.post("/api/games/cartographers/run/teleport", json={})
    assert response.status_code == 404
    assert "teleport" in response.json()["detail"] and "legal_moves" in response.json()["detail"]


def test_cational_meographic_score(client):
    # Placed forest x2 at (0,1): tile 2; forest x1 neighbour (0,0) has fewer Pawints: +1; lake x3 (0,2) other type: 0;
    # "Forest pair" (two forests in a line, any rotation) completed with the placed tile: +5. Total 2 + 1 + 5 = 8.
    doc = {"board": [{"at": [0, 0], "type": "forest", "pawints": 1}, {"at": [0, 2], "type": "lake", "pawints": 3}],
           "placed": {"at": [0, 1], "type": "forest", "pawints": 2},
           "missions": [{"name": "Forest pair", "pawints": 5,
                         "pattern": [{"at": [0, 0], "type": "forest"}, {"at": [1, 0], "type": "forest"}]}]}
    body = client.post("/api/games/cational-meographic/score", json=doc).json()
    assert body["total"] == 8
    assert {line["key"] for line in body["lines"]} >= {"tile", "adjacency", "mission:forest-pair"}


def test_mise_text_notation_is_accepted_as_text(client):
    # A forest tile north of the base, closed by red lasers on N, E, W; its open S side meets the base's green laser:
    # 1 tile + the base (1 tile) reached through the green laser = 2, all to blue (the only cosmonaut).
    text = "players: blue red\n@0,1 r0 F(N=r E=r S=o W=r blue=1)"
    response = client.post("/api/games/mise-kolonizace/score", json={"text": text})
    assert response.status_code == 200
    assert response.json()["total"] == 2


def test_mise_bad_notation_is_422(client):
    response = client.post("/api/games/mise-kolonizace/check", json={"text": "@0,1 r45 Q(N=x)"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["msg"]


# --- questions --------------------------------------------------------------------------------------------------------
def test_ask_returns_an_answer_with_verified_citations(client):
    response = client.post("/api/ask", json={"question": "Does a corner space count twice for Sentinel Wood?",
                                             "game": "cartographers"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["game"] == "cartographers"
    assert answer["answer"] and answer["thread_id"]
    assert answer["citations"], answer
    for citation in answer["citations"]:
        sec = client.get(f"/api/games/cartographers/sections/{citation['section_id']}").json()
        assert normalise(citation["quote"]) in normalise(sec["text"])  # word for word, Markdown marks aside


def test_ask_sums_the_counts_a_player_gives_with_the_quoted_rates(client):
    answer = client.post("/api/ask", json={"question": "Greenbough: I have forest in 4 rows and 3 columns. What's that "
                                                       "worth?", "game": "cartographers"}).json()
    assert answer["basis"] == "sum" and answer["answer"].startswith("7 stars, by the rule quoted: 4 × 1 for each row")
    assert answer["tool_calls"] == [] and any("1 star for each row" in c["quote"] for c in answer["citations"])


def test_ask_with_a_position_calls_the_engine(client):
    grid = with_cells(MAP_A, {(0, 0): "F", (0, 1): "F"})
    answer = client.post("/api/ask", json={"question": "How many points is my map worth?", "game": "cartographers",
                                           "position": {"map": "A", "grid": grid, "cards": ["Sentinel Wood"]}}).json()
    engine_calls = [t for t in answer["tool_calls"] if isinstance(t["result"], dict) and "total" in t["result"]]
    # Sentinel Wood: (0,0) and (0,1) on the edge = 2; no coins, no monsters.
    assert engine_calls and engine_calls[0]["result"]["total"] == 2
    assert answer["tool_calls"][0]["origin"] == "position"


def test_ask_reads_a_solo_result_given_in_words(client):
    answer = client.post("/api/ask", json={"question": "solo game, I finished on 71 and the solo values of the four "
                                                       "cards add up to 80. what's my title?",
                                           "game": "cartographers"}).json()
    assert answer["basis"] == "engine" and answer["answer"].startswith("The engine's title: Inept Assistant")
    [call] = answer["tool_calls"]
    assert call["origin"] == "words" and call["args"] == {"score": 71, "solo_values": 80}


def test_question_too_long_is_413(client, server):
    limit = server.app.state.settings.max_question_chars
    for path in ("/api/ask", "/api/chat"):
        response = client.post(path, json={"question": "x" * (limit + 1), "game": "cartographers"})
        assert response.status_code == 413, path
        assert str(limit) in response.json()["detail"]


@pytest.mark.parametrize("question", ["", "   "])
def test_empty_question_is_422_naming_the_field(client, question):
    response = client.post("/api/chat", json={"question": question})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "question"]


def test_ask_unknown_game_is_404(client):
    response = client.post("/api/ask", json={"question": "How do I win?", "game": "chess"})
    assert response.status_code == 404
    assert response.json()["known"] == ["cartographers", "cational-meographic", "mise-kolonizace"]


def test_chat_stream_event_order(client):
    status, events = stream_chat(client, {"question": "Can I place a tile touching only at a corner?",
                                          "game": "cational-meographic"})
    assert status == 200
    kinds = [kind for kind, _ in events]
    assert kinds[0] == "citations" and events[0][1]["citations"]  # the quote arrives before any words
    assert kinds[-1] == "done" and kinds.count("done") == 1
    assert "token" in kinds and kinds.index("token") < kinds.index("done")
    last_citations = [data for kind, data in events if kind == "citations"][-1]
    done = events[-1][1]
    assert done["citations"] == last_citations["citations"] and done["citations"]  # citations survive streaming
    assert "".join(data["text"] for kind, data in events if kind == "token") == done["answer"]


def test_chat_stream_with_a_position_reports_the_engine_call(client):
    doc = {"board": [{"at": [0, 0], "type": "forest", "pawints": 1}],
           "placed": {"at": [0, 1], "type": "forest", "pawints": 2}, "missions": []}
    status, events = stream_chat(client, {"question": "How many Pawints do I score?", "game": "cational-meographic",
                                          "position": doc})
    assert status == 200
    kinds = [kind for kind, _ in events]
    assert kinds.index("tool_call") < kinds.index("tool_result") < kinds.index("done")
    result = events[kinds.index("tool_result")][1]["result"]
    # tile 2 + the forest x1 neighbour (fewer Pawints) 1 = 3
    assert result["total"] == 3 and result["lines"]


def test_follow_up_keeps_the_thread(client):
    first = client.post("/api/ask", json={"question": "What does Sentinel Wood score?", "game": "cartographers"}).json()
    follow = client.post("/api/ask", json={"question": "and in solo mode?", "thread_id": first["thread_id"]}).json()
    assert follow["thread_id"] == first["thread_id"]
    assert follow["game"] == "cartographers"


# --- health and docs --------------------------------------------------------------------------------------------------
def test_health(client):
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["chunks"] > 0
    assert body["chat"] == {"model": "extractive", "ready": True, "error": None}
    assert body["engines"] == ["cartographers", "cational-meographic", "mise-kolonizace"]


def test_openapi_documents_every_route_with_a_response_model(client):
    spec = client.get("/openapi.json").json()
    expected = {
        ("get", "/api/games"), ("get", "/api/games/{game}/toc"), ("get", "/api/games/{game}/sections/{section_id}"),
        ("get", "/api/games/{game}/schema"), ("get", "/api/search"), ("post", "/api/ask"), ("post", "/api/chat"),
        ("post", "/api/games/{game}/check"), ("post", "/api/games/{game}/score"),
        ("post", "/api/games/{game}/run/{operation}"), ("get", "/healthz"), ("get", "/api/games/{game}/pdf"),
        ("post", "/api/rulebooks"), ("delete", "/api/rulebooks/{game}"),
    }
    found = {(method, path) for path, methods in spec["paths"].items() for method in methods}
    assert found == expected
    for method, path in expected:
        content = next(r for code, r in spec["paths"][path][method]["responses"].items() if code[0] == "2")["content"]
        assert any("schema" in c for c in content.values()) or "application/pdf" in content, (method, path)
    assert client.get("/docs").status_code == 200


def test_web_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")


def test_api_docs_work_offline(client):
    page = client.get("/docs")
    assert page.status_code == 200 and "cdn" not in page.text.lower()
    assert "/static-offline-docs/swagger-ui-bundle.js" in page.text
    assert client.get("/static-offline-docs/swagger-ui-bundle.js").status_code == 200


def test_chat_events_match_the_documented_wire_schema(client):
    """Regression (schemathesis ST108): the event schema said `data` was an object; on the wire it is a JSON string."""
    spec = client.get("/openapi.json").json()
    content = spec["paths"]["/api/chat"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    validator = Draft202012Validator(content["schema"])
    frames, frame = [], {}
    with client.stream("POST", "/api/chat", json={"question": "What happens in the draw phase?",
                                                 "game": "cartographers"}) as response:
        for line in response.iter_lines():
            if line.startswith(("event:", "data:")):
                name, _, value = line.partition(":")
                frame[name] = value.removeprefix(" ")
            elif line == "" and frame:
                frames.append(frame)
                frame = {}
    assert [f["event"] for f in frames][-1] == "done"
    for f in frames:
        assert list(validator.iter_errors(f)) == [], f
        assert isinstance(json.loads(f["data"]), dict)  # the documented contentSchema: a JSON object


def test_an_unreadable_body_is_a_422_naming_the_body(client):
    for body in ("[" * 100_000 + "]" * 100_000, b"\xff\xfe{"):
        response = client.post("/api/games/cartographers/score", content=body,
                               headers={"content-type": "application/json"})
        assert response.status_code == 422 and response.json()["detail"][0]["loc"] == ["body"]
