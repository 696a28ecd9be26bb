"""The Cational Meographic tile supply: piles of distinct types, Scout, replenishment and the solo discard."""

import random

import pytest
from sim_cational_meographic import SupplyError, scout, setup_supply

from engine.cational_meographic.components import LandscapeTile
from engine.cational_meographic.supply import BLIND_DRAW, Supply


class FirstInBag(random.Random):
    """A stand-in random source that always draws the first tile left in the bag, so draws can be worked by hand."""

    def randrange(self, *_args, **_kwargs):
        return 0


F1, F2, F3, F4 = (LandscapeTile("forest", p) for p in (1, 2, 3, 4))
L1, L2 = LandscapeTile("lake", 1), LandscapeTile("lake", 2)
M1, D1 = LandscapeTile("meadow", 1), LandscapeTile("desert", 1)


def test_setup_stacks_same_types_until_three_distinct_piles():
    # F1 starts pile 0; F2 joins it; L1 starts pile 1; F3 joins pile 0; M1 starts pile 2 -> three piles, stop
    supply = setup_supply([F1, F2, L1, F3, M1, D1], FirstInBag())
    assert supply.piles == ((F1, F2, F3), (L1,), (M1,))
    assert supply.bag == (D1,)


def test_drawn_type_joins_its_pile_ignoring_case():
    upper = LandscapeTile("FOREST ", 2)
    supply = setup_supply([F1, upper, L1, M1], FirstInBag())
    assert supply.piles == ((F1, upper), (L1,), (M1,))


def test_taking_a_pile_top_that_leaves_three_piles_draws_nothing():
    supply = Supply(bag=(D1,), piles=((F1, F2), (L1,), (M1,)))
    for solo in (False, True):
        tile, after = scout(supply, 0, FirstInBag(), solo)
        assert tile == F2
        assert after == Supply(bag=(D1,), piles=((F1,), (L1,), (M1,)))  # no discard, no draw


def test_emptied_pile_is_replenished_in_its_place_in_multiplayer():
    supply = Supply(bag=(F3, D1, L2), piles=((F1, F2), (L1,), (M1,)))
    tile, after = scout(supply, 1, FirstInBag(), solo=False)
    # F3 joins the forest pile, D1 starts a pile in the empty place 1
    assert tile == L1
    assert after.piles == ((F1, F2, F3), (D1,), (M1,))
    assert after.bag == (L2,)
    assert after.discarded == ()


def test_solo_discards_the_rightmost_top_before_replenishing():
    # take M1 (pile 2 empties); discard the rightmost non-empty top, L2 (pile 1 keeps L1, so no sliding);
    # D1 then fills the empty place 2
    supply = Supply(bag=(D1, F4), piles=((F1, F2), (L1, L2), (M1,)))
    tile, after = scout(supply, 2, FirstInBag(), solo=True)
    assert tile == M1
    assert after.discarded == (L2,)
    assert after.piles == ((F1, F2), (L1,), (D1,))
    assert after.bag == (F4,)


def test_solo_discard_that_empties_the_rightmost_pile_slides_the_rest_right():
    # take L1 (pile 1 empties); discard M1 from pile 2, which empties; the forest pile slides to the far right;
    # D1 then starts a pile in the leftmost empty place; the bag is then empty, so only two piles
    supply = Supply(bag=(D1,), piles=((F1, F2, F3), (L1,), (M1,)))
    tile, after = scout(supply, 1, FirstInBag(), solo=True)
    assert tile == L1
    assert after.discarded == (M1,)
    assert after.piles == ((D1,), (), (F1, F2, F3))
    assert after.bag == ()


def test_blind_draw_leaves_the_piles_alone_even_in_solo():
    supply = Supply(bag=(D1, F4), piles=((F1,), (L1,), (M1,)))
    tile, after = scout(supply, BLIND_DRAW, FirstInBag(), solo=True)
    assert tile == D1
    assert after == Supply(bag=(F4,), piles=((F1,), (L1,), (M1,)))


def test_exhausted_bag_is_handled():
    supply = setup_supply([F1, F2], FirstInBag())
    assert supply.piles == ((F1, F2), (), ()) and supply.bag == ()
    with pytest.raises(SupplyError, match="bag is empty"):
        scout(supply, BLIND_DRAW, FirstInBag(), solo=False)
    with pytest.raises(SupplyError, match="pile 1 is empty"):
        scout(supply, 1, FirstInBag(), solo=False)
    tile, after = scout(supply, 0, FirstInBag(), solo=True)
    # solo discard takes the last forest, then nothing is left to draw
    assert tile == F2 and after.piles == ((), (), ()) and after.discarded == (F1,)


@pytest.mark.parametrize("source", [3, -1, "pile", True, None])
def test_unknown_scout_source_is_refused(source):
    with pytest.raises(SupplyError, match="pile index"):
        scout(Supply(bag=(D1,), piles=((F1,), (L1,), (M1,))), source, FirstInBag(), solo=False)


def test_seeded_draws_repeat():
    tiles = [LandscapeTile(f"synthetic-{i % 5}", 1 + i % 4) for i in range(40)]
    first, second = setup_supply(tiles, random.Random(11)), setup_supply(tiles, random.Random(11))
    assert first == second
    assert len(first.bag) + sum(len(p) for p in first.piles) == 40
    assert len({p[0].kind for p in first.piles if p}) == first.pile_count == 3


# --- the scout, replenish and end_game operations (hand-computed from "Scout", "Solo Mode", "Game Flow") --------
from engine.cational_meographic import ENGINE  # noqa: E402
from engine.protocol import PositionError as InputError  # noqa: E402


def t(kind, pawints):
    return {"type": kind, "pawints": pawints}


def test_scout_taking_a_pile_s_last_tile_calls_for_replenishment():
    result = ENGINE.operation("scout").run({"piles": [[t("forest", 1)], [t("lake", 2)], [t("meadow", 4)]], "take": 1})
    assert result["taken"] == t("lake", 2) and result["replenish"] is True
    assert result["piles"] == [[t("forest", 1)], [], [t("meadow", 4)]]
    three = ENGINE.operation("scout").run(
        {"piles": [[t("forest", 1), t("forest", 3)], [t("lake", 2)], [t("meadow", 4)]], "take": 0})
    assert three["taken"] == t("forest", 3) and three["replenish"] is False  # three piles remain: draw nothing


def test_solo_replenish_discards_from_the_rightmost_pile_then_fills_leftmost_places():
    # piles forest x1 | lake x2 | (empty). Solo: discard lake x2 (top of the rightmost pile holding tiles); its pile
    # empties, so forest slides to the right end: (empty) | (empty) | forest. Draws: meadow x1 -> place 0,
    # forest x2 -> joins the forest pile, lake x3 -> place 1: three distinct piles, done after 3 draws.
    result = ENGINE.operation("replenish").run({"piles": [[t("forest", 1)], [t("lake", 2)], []], "solo": True,
                                                "draws": [t("meadow", 1), t("forest", 2), t("lake", 3)]})
    assert result["discarded"] == t("lake", 2)
    assert result["piles"] == [[t("meadow", 1)], [t("lake", 3)], [t("forest", 1), t("forest", 2)]]
    assert (result["draws_used"], result["needs_more"], result["rule_ref"]) == (3, False, "solo-mode")


def test_replenish_says_when_more_draws_are_needed_and_refuses_draws_past_three_piles():
    short = ENGINE.operation("replenish").run({"piles": [[t("forest", 1)], [], []], "draws": [t("forest", 4)]})
    assert short["needs_more"] is True and short["discarded"] is None  # multiplayer: no discard
    with pytest.raises(InputError) as caught:
        ENGINE.operation("replenish").run({"piles": [[t("forest", 1)], [t("lake", 1)], []],
                                           "draws": [t("meadow", 2), t("bog", 1)]})
    assert caught.value.errors[0].loc == ("draws", 1)


@pytest.mark.parametrize("piles, loc", [
    ([[t("forest", 1)], [t("Forest", 2)], []], ("piles", 1)),  # one type on two piles
    ([[t("forest", 1), t("lake", 2)], [], []], ("piles", 0, 1, "type")),  # two types on one pile
    ([[t("forest", 1)], []], ("piles",)),  # two places instead of three
])
def test_contradictory_piles_are_input_errors(piles, loc):
    with pytest.raises(InputError) as caught:
        ENGINE.operation("scout").run({"piles": piles, "take": "bag"})
    assert loc in {e.loc for e in caught.value.errors}


def test_end_game_shares_a_tie_and_gives_the_solo_title():
    result = ENGINE.operation("end_game").run({"players": [
        {"name": "Ana", "pawints": 84}, {"name": "Ben", "pawints": 84}, {"name": "Cy", "pawints": 9}]})
    assert result["winners"] == ["Ana", "Ben"] and "no tie-breaker" in result["tie"]
    assert [r["rank"] for r in result["ranking"]] == [1, 1, 3]
    solo = ENGINE.operation("end_game").run({"players": [{"name": "Me", "pawints": 60}]})
    assert solo["solo"]["title"] == "Mountain Mouser" and "tie" not in solo  # 60-79
