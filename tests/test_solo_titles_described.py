"""Solo titles (Cartographers' solo rating, Cational Meographic's hiking title) read from a player's words."""

import pytest

from engine import PositionError, get_engine
from engine.cartographers.described import describe as cartographers_describe
from engine.cational_meographic.described import describe as cational_describe


def title_of(game: str, read: tuple[str, dict] | None) -> str | None:
    return None if read is None else get_engine(game).operation(read[0]).run(read[1])["title"]


@pytest.mark.parametrize(("question", "title"), [
    ("solo game, i finished with 95 and the four cards' solo numbers add to 80. what title do i get?",
     "Journeyman Topographer"),  # 95 - 80 = 15
    ("solo game, the cards were greenbough, mages valley, great city and the cauldrons and i finished on 95. "
     "what's my rating and title?", "Journeyman Topographer"),  # 95 - (22 + 22 + 16 + 20) = 15
    ("Played solo, ended with 71 stars. Solo values of my edicts total 80. Which title is that?", "Inept Assistant"),
    ("playing by myself: 60 points, scoring cards Sentinel Wood, Treetower, Canal Lake, Wildholds. what's my rank?",
     "Oblivious Inkdrinker"),  # 60 - 82 = -22
])
def test_a_solo_cartographers_result_is_read_into_its_title(question, title):
    assert title_of("cartographers", cartographers_describe(question)) == title


@pytest.mark.parametrize("question", [
    "solo: I scored 95 and 2 coins, cards sum to 80, title?",  # a number the title does not take
    "what title do I get in solo with 30?",  # no cards, no solo values
    "solo game, 95 points, the cards were greenbough, mages valley and great city. title?",  # three cards
    "I finished with 95 and the solo values add to 80, who wins?",  # no title asked
    "solo game, about 95 stars and solo values of 80, what title?",  # a hedge
    "how many more stars do I need for the next title in solo, I'm on 95 with solo values of 80?",  # another question
])
def test_a_solo_cartographers_result_not_given_in_full_is_not_read(question):
    assert cartographers_describe(question) is None


def test_the_solo_title_operation_names_what_is_wrong():
    run = get_engine("cartographers").operation("solo_title").run
    for doc, loc in (({"score": 95}, ["cards"]), ({"score": 95, "cards": ["Greenbough"] * 4}, ["cards", 1]),
                     ({"score": "95", "solo_values": 80}, ["score"]), ({"score": 9, "cards": ["Nope"] * 4},
                                                                     ["cards", 0])):
        with pytest.raises(PositionError) as error:
            run(doc)
        assert loc in [e["loc"] for e in error.value.to_dict()["errors"]]
    assert run({"score": 40, "solo_values": 80})["title"] is None  # -40: the book names no title below -30


@pytest.mark.parametrize(("question", "title"), [
    ("solo, I finished on 125 Pawints. which hiking title is that?", "Peak Pouncer"),
    ("ended my solo game with 99 pawints total. title?", "Nimble Navigator"),
    ("Got 140 in solo mode, what's my hiking title", "Apex Adventurer"),
    ("ok and if i finish with 125 what do i get called", "Peak Pouncer"),
])
def test_a_final_pawint_total_is_read_into_its_hiking_title(question, title):
    assert title_of("cational-meographic", cational_describe(question)) == title


@pytest.mark.parametrize("question", [
    "what hiking title do you get for 125 or 130 pawints?",  # two numbers
    "we both finished with 90 pawints, what are our titles?",  # more than one player
    "what's the best hiking title?",  # no total
    "finished solo with one hundred and 5 pawints, my title?",  # a number in words beyond twenty
    "I scored 125 pawints, how many points for the mission?",  # no title asked
    "on 118 pawints, how many more for the next title?",  # not the title reached
])
def test_a_pawint_total_not_given_alone_is_not_read(question):
    assert cational_describe(question) is None
