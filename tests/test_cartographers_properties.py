"""Cartographers property tests: random playouts, legal_moves agreeing with check, JSON round trips."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from sim_cartographers import random_game

from engine.cartographers import ENGINE
from engine.cartographers.cards import AMBUSH_CARDS, EXPLORE_CARDS, find_playable_card
from engine.cartographers.grid import SIZE, cell_of, index
from engine.cartographers.maps import MAPS
from engine.cartographers.placement import card_placements

CHECK = ENGINE.operation("check").run
SCORE = ENGINE.operation("score").run
LEGAL_MOVES = ENGINE.operation("legal_moves").run
SHAPE_CARDS = [c.name for c in (*EXPLORE_CARDS, *AMBUSH_CARDS) if c.kind != "ruins"]


@st.composite
def positions(draw: st.DrawFn) -> dict:
    """A random valid position: printed features in place, other spaces mostly empty or drawn terrain."""
    side = MAPS[draw(st.sampled_from("AB"))]
    printed = {index(r, c): "M" for r, c in side.mountains} | {index(r, c): "#" for r, c in side.wasteland}
    fill = draw(st.floats(0.0, 0.95))
    codes = draw(st.lists(st.sampled_from("FVAWX"), min_size=121, max_size=121))
    empty = draw(st.lists(st.floats(0.0, 1.0), min_size=121, max_size=121))
    cells = [printed.get(i, codes[i] if empty[i] < fill else ".") for i in range(121)]
    grid = ["".join(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]
    return {"map": side.letter, "grid": grid, "cards": "all", "coins_from_shapes": draw(st.integers(0, 16))}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), side=st.sampled_from("AB"))
def test_random_playouts_finish_and_every_chosen_drawing_is_legal(seed: int, players: int, side: str) -> None:
    game = random_game(seed, players, side)
    assert game.result["complete"] and len(game.result["players"]) == players
    for player in game.result["players"]:
        assert player["total"] == sum(season["total"] for season in player["seasons"])
    assert game.result == ENGINE.operation("score_game").run(json.loads(json.dumps(game.document)))
    for draw in game.draws:
        if draw.solo_rule:
            continue
        move = {"card": draw.card, "terrain": draw.terrain, "cells": [list(c) for c in draw.cells],
                "ruins": draw.ruins}
        verdict = CHECK({"map": side, "grid": list(draw.grid_before), "move": move})
        assert verdict["legal"], (draw, verdict)


@settings(max_examples=40, deadline=None)
@given(position=positions(), card=st.sampled_from(SHAPE_CARDS), ruins=st.booleans(), data=st.data())
def test_legal_moves_agree_with_check(position: dict, card: str, ruins: bool, data: st.DataObject) -> None:
    board_doc = {"map": position["map"], "grid": position["grid"]}
    listed = LEGAL_MOVES(board_doc | {"card": card, "ruins": ruins, "limit": 10000})
    legal = {(tuple(map(tuple, p["cells"])), p["terrain"]) for p in listed["placements"]}
    assert len(legal) == listed["count"]
    for cells, terrain in data.draw(st.lists(st.sampled_from(sorted(legal)), max_size=8)) if legal else []:
        assert CHECK(board_doc | {"move": {"card": card, "terrain": terrain, "cells": [list(c) for c in cells],
                                           "ruins": ruins}})["legal"]
    # Any in-bounds drawing of a card shape or a single space is legal exactly when legal_moves lists it.
    shapes = card_placements(find_playable_card(card))
    for _ in range(6):
        cells_idx = data.draw(st.one_of(st.sampled_from(shapes).map(lambda p: p.cells),
                                        st.integers(0, 120).map(lambda i: (i,))))
        terrain = data.draw(st.sampled_from(["forest", "village", "farm", "water", "monster"]))
        cells = tuple(cell_of(i) for i in cells_idx)
        verdict = CHECK(board_doc | {"move": {"card": card, "terrain": terrain, "cells": [list(c) for c in cells],
                                              "ruins": ruins}})
        assert verdict["legal"] == ((cells, terrain) in legal), verdict


@settings(max_examples=30, deadline=None)
@given(position=positions())
def test_score_survives_json_round_trip(position: dict) -> None:
    result = SCORE(position)
    assert SCORE(json.loads(json.dumps(position))) == result
    assert result["total"] == sum(line["points"] for line in result["lines"])
    assert len(result["lines"]) == 18
