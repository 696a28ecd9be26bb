"""Mise: Kolonizace closed areas scored from their counts (score_area), and read from a player's words."""

import pytest

from engine import PositionError
from engine.mise_kolonizace.area_value import score_area
from engine.mise_kolonizace.described import describe


def test_the_rulebook_examples_score_from_their_counts():
    one = score_area({"area": {"kind": "forest", "tiles": 2, "cosmonauts": {"blue": 1}},
                      "neighbours": [{"kind": "swamp", "tiles": 4, "aliens": 1, "laser": "green"},
                                     {"kind": "base", "laser": "green"},
                                     {"kind": "meadow", "tiles": 1, "laser": "green"}]})
    assert one["total"] == 11 and one["winners"] == ["blue"] and one["share"] == 11
    two = score_area({"area": {"kind": "swamp", "tiles": 6, "aliens": 1, "cosmonauts": {"red": 3, "blue": 3}},
                      "neighbours": [{"kind": "forest", "tiles": 2, "laser": "green"},
                                     {"kind": "base", "laser": "green"}]})
    assert two["total"] == 12 and two["winners"] == ["red", "blue"] and (two["share"], two["lost"]) == (6, 0)
    three = score_area({"area": {"kind": "swamp", "tiles": 1},
                        "neighbours": [{"kind": "swamp", "tiles": 6, "aliens": 1, "laser": "green"}]})
    assert three["total"] == 10 and "winners" not in three


def test_red_neighbours_count_nothing_and_an_odd_tie_loses_the_remainder():
    result = score_area({"area": {"kind": "forest", "tiles": 4, "aliens": 3, "cosmonauts": {"red": 2, "blue": 2}},
                         "neighbours": [{"kind": "meadow", "tiles": 5, "aliens": 2, "laser": "red"}]})
    assert result["total"] == 13 and (result["share"], result["lost"]) == (6, 1)
    assert [line["points"] for line in result["lines"]] == [4, 9, 0]
    assert "red laser: not counted" in result["lines"][-1]["label"]
    unsized = score_area({"area": {"kind": "forest", "tiles": 2}, "neighbours": [{"kind": "swamp", "laser": "red"}]})
    assert unsized["total"] == 2  # behind a red laser its size does not matter


def test_for_a_player_the_total_is_what_that_player_takes():
    area = {"kind": "forest", "tiles": 4, "aliens": 3, "cosmonauts": {"red": 2, "blue": 2, "green": 1}}
    assert [score_area({"area": area, "for": who})["total"] for who in ("red", "blue", "green")] == [6, 6, 0]
    assert score_area({"area": area})["total"] == 13  # without `for`: what the area is worth
    with pytest.raises(PositionError) as error:
        score_area({"area": area, "for": "yellow"})
    assert error.value.to_dict()["errors"][0]["loc"] == ["for"]


@pytest.mark.parametrize(("doc", "loc"), [
    ({"area": {"kind": "forest", "tiles": 2}, "neighbours": [{"kind": "base", "tiles": 2, "laser": "green"}]},
     ["neighbours", 0, "tiles"]),
    ({"area": {"kind": "forest", "tiles": 2}, "neighbours": [{"kind": "base"}]}, ["neighbours", 0, "laser"]),
    ({"area": {"kind": "forest", "tiles": 2}, "neighbours": [{"kind": "swamp", "tiles": 1}]},
     ["neighbours", 0, "laser"]),
    ({"area": {"kind": "base", "tiles": 1}}, ["area", "kind"]),
    ({"area": {"kind": "forest", "tiles": 0}}, ["area", "tiles"]),
    ({"area": {"kind": "forest", "tiles": 2, "colour": "red"}}, ["area", "colour"]),
    ({"area": {"kind": "forest", "tiles": 2, "cosmonauts": {"aliens": 1}}}, ["area", "cosmonauts", "aliens"]),
    ({"area": {"tiles": 3, "cosmonauts": {"red": 1}}, "for": []}, ["for"]),  # found by the fuzz test: not a colour
])
def test_bad_documents_name_the_field(doc, loc):
    with pytest.raises(PositionError) as error:
        score_area(doc)
    assert loc in [list(e["loc"]) for e in error.value.to_dict()["errors"]]


@pytest.mark.parametrize(("question", "total"), [
    ("i close a 3-tile forest with my cosmonaut in it. it's joined by green lasers to a 2-tile swamp with an alien "
     "on it, and to the space base. how many points?", 9),
    ("closed a 2-tile forest. it touches a 3-tile swamp through two green lasers and a 4-tile meadow only through "
     "red lasers, no aliens anywhere. what is it worth?", 5),
    ("I just sealed off a 2 tile forest. Green lasers connect it to the space base and a 1-tile meadow with an "
     "alien. How many points is it worth?", 7),
    ("closing a five-tile swamp with 2 aliens, it's linked by a green laser to a 3-tile forest and by a red laser "
     "to a 2-tile meadow. points?", 14),
    ("My tile closed a 1-tile swamp. What's it worth?", 1),
    # the size said after the area, and the closed area named again
    ("my forest is closed now: 4 tiles, one alien, only my cosmonaut. it's linked to a 2-tile meadow by 2 different "
     "green lasers (no aliens in the meadow). how many points?", 4 + 3 + 2),
    # red all round: nothing beside it counts; 'pts'
    ("closed a 5-tile swamp with 2 aliens, all the borders around it are red, my cosmonauts only. pts?", 5 + 6),
    # a neighbour behind a red laser needs no size
    ("closed 3-tile meadow, green laser to a 2-tile forest, red to the swamp. only my cosmonaut. pts?", 3 + 2),
    ("ok my bubbling swamp is now closed, it's 4 tiles with one alien. it touches a meadow of 2 tiles through a "
     "green laser and that meadow has 1 alien on it, and there's also a 6-tile forest next to it but that's a red "
     "laser. only my cosmonaut is in the swamp. what do i score?", 4 + 3 + 2 + 3),
    # others' cosmonauts: outnumbered, a majority, a tie (remainder lost)
    ("i just closed a forest area with 4 tiles, there's 1 alien in it, green laser into the space base. but yellow "
     "has 2 cosmonauts in the forest and i only have one. how many points for me?", 0),
    ("I closed a 6 tile meadow with 1 alien in it. I have 2 cosmonauts there, yellow has 1. How many points?", 9),
    ("I closed a 7-tile swamp with one alien in it, green laser to a 3-tile forest. blue and I both have exactly 2 "
     "cosmonauts in the swamp. how many points do I get?", (7 + 3 + 3) // 2),
    ("closed a 3-tile forest, green laser to the space base. me, blue and yellow each have one cosmonaut in it. "
     "how many points for me?", (3 + 1) // 3),
    ("closed area = 6 tiles, 1 alien. cosmonauts: me 2, red 1. how many points?", 6 + 3),  # its kind unsaid
    ("sealed a swamp, 4 tiles. beside it a 3-tile forest, and they're linked by 2 green lasers. I've got one "
     "cosmonaut in it, the only one. score?", 4 + 3),
    ("closed a 2-tile meadow with one alien. green lasers to: a 1-tile forest, a 4 tile swamp with 2 aliens, and the "
     "space base. I've got 3 cosmonauts, jana has 1. how many do i score?", 2 + 3 + 1 + 4 + 6 + 1),
    ("closed a 5 tile forest, every laser around it is red (a 2 tile swamp with an alien on the other side). i have "
     "one cosmonaut in it and nobody else does. pts?", 5),
    ("closed a huge swamp, 9 tiles, 1 alien, and a 2 tile forest behind a red laser. i have 3 cosmonauts in it, "
     "red has one and blue has 2. how many points do i get", 9 + 3),  # colours naming players are not lasers
    ("I just closed a meadow of 3 tiles, no aliens, only my cosmonauts in it. next to it is a forest of 4 tiles with "
     "one alien, and that forest touches my meadow through two different green lasers. theres also a 2 tile swamp on "
     "the other side but that border is a red laser. how many points do i get?", 3 + 4 + 3),  # lasers said later
    ("I just closed a meadow of 3 tiles with 1 alien in it, and I'm the only one with a cosmonaut there. Through a "
     "green laser it connects to a forest of 4 tiles with 2 aliens on it (not closed yet). theres also a 5 tile swamp "
     "beside it but that border's red. how many points?", 3 + 3 + 4 + 6),  # a neighbour need not be closed
    ("Finished a meadow - 5 tiles, no aliens. Next to it: a swamp of 4 tiles with an alien (green laser) and a 2-tile "
     "forest (red laser). Blue and I both have 2 cosmonauts in the meadow. What's my share?", 6),  # 12 split 2 ways
    ("The forest I just completed is 4 tiles with one alien, and it has a green laser into a 2-tile swamp. Red has "
     "one cosmonaut in the forest, I have one too. How many points do I actually take?", 4),  # 9 split, 1 lost
    ("I dropped a tile and it closed a one-tile meadow, which has my cosmonaut drawn on it. That meadow is linked by "
     "a green laser to another meadow that's five tiles with two aliens. What did I just score?", 1 + 5 + 6),
    ("Locked in a 6-tile forest with 3 aliens in it. Every laser around it is red - it sits against a swamp and a "
     "meadow, no green anywhere. I have 2 cosmonauts in the forest, Yellow has 1. Points for me?", 6 + 9),
    ("closed 4-tile swamp, 1 alien in it. green laser to a 3-tile forest, red to a 5-tile meadow. 2 of my "
     "cosmonauts, nobody else has any there. my points?", 4 + 3 + 3),
    # the size in the next words or sentence, a definite mention named again, labels and lists
    ("Just closed a forest — 3 tiles, 1 alien in it. It touches a 2-tile meadow through a green laser and a swamp "
     "(4 tiles, 2 aliens), but that border is red. Only my cosmonaut is in the forest. How many points do I get?", 8),
    ("me and tom both have two cosmonauts in the swamp i just finished. it's five tiles with two aliens. green laser "
     "to a three-tile forest that has one alien, and a green laser to the space base too. what do i get?", 9),
    ("Petra has 2 cosmonauts in the forest I just closed and I've only got 1. The forest is six tiles with two "
     "aliens, and it connects through a green laser to a 3-tile swamp. What's my score from it?", 0),
    ("Closed meadow (8 tiles, 3 aliens). Neighbours: forest (2 tiles, no aliens, green laser), swamp (5 tiles, 1 "
     "alien, red laser), space base (green). Cosmonauts in the meadow: me 2, Jana 2. What do I get?", 10),
    ("How many points? Swamp closed: 4 tiles, 1 alien. One green laser to a 2-tile meadow. Cosmonauts: I have one, "
     "Eva has one.", 4),
    ("I just closed a 5-tile forest with 2 aliens in it, most cosmonauts are mine. Green laser connects it to a "
     "3-tile meadow with one alien on it. how much do I get?", 17),
    ("closed a 4-tile swamp and I have the most cosmonauts in it. how many points?", 4),
    ("i close a forest thats 4 tiles big with 1 alien in it, only my cosmonauts in there and no green lasers out of "
     "it. how many pts?", 7),
    ("just closed a 4 tile area with 1 alien in it, nothing hooked up by green lasers. how many points?", 7),
    ("closed a 3-tile forest with my cosmonaut, not connected to anything. points?", 3),
])
def test_an_area_described_in_full_is_read(question, total):
    read = describe(question)
    assert read is not None and read[0] == "score_area"
    assert score_area(read[1])["total"] == total


@pytest.mark.parametrize("question", [
    "i've got 2 cosmonauts in the swamp and red has 1 when it closes, does red get anything?",  # someone else's
    "closed a 3-tile forest next to a swamp with 2 aliens. points?",  # an area without its size
    "closed a 3-tile forest that touches a 2-tile swamp. how many points?",  # the laser between them not said
    "closed a 3-tile forest that's almost touching a 2-tile swamp via green laser, how many points",  # a hedge
    "my 3-tile forest is not closed yet, it touches a 2-tile swamp through a green laser. points?",  # negation
    "closed a 3-tile forest on turn 12 next to the space base. how many points?",  # a number left unexplained
    "how many points is a 3-tile forest with an alien worth?",  # nothing closed
    "closed a 3-tile forest through green lasers to the space base, which is red. points?",  # a colour left over
    "I closed a 2-tile forest with an alien; it touches the space base. how many points?",  # the base's laser unsaid
    "an alien sits in the 3-tile forest I closed. how many points?",  # the alien before any area
    "red here: I closed a 3-tile forest, green laser to the space base. how many points?",  # a player named red
    "closed a 3-tile forest, yellow has 2 cosmonauts in it. how many points for me?",  # the asker's count missing
    "closed a 4-tile swamp with an alien, green laser to a meadow. how many points?",  # a green neighbour's size
    "closed a 3-tile forest. there's an alien in the 2-tile swamp next to it. points?",  # an alien placed elsewhere
    "closed a 3-tile forest, green laser to the base. i have 2 cosmonauts; jana has 2 there too. points?",  # unread
    "closed a 4-tile swamp, green laser to a 2-tile meadow, a few aliens in it. how many points?",  # vague
    "closed a 2-tile forest, green laser to a 3-tile swamp. how many points do i get?",  # whose cosmonauts: not said
    "closed a 2-tile meadow, green laser to a swamp (7 tiles, 1 alien), but the meadow isn't closed yet. points?",
    "closed a 3-tile forest. a 2-tile swamp beside it (green laser) and a 4-tile meadow, green or red. points?",
    "closed a 4-tile swamp, I have the most cosmonauts but blue has 2. how many points?",  # blue's count unread
    "closed a 3-tile forest, my cosmonaut, no green lasers to the swamp. how many points?",  # the swamp's size
])
def test_anything_not_accounted_for_is_not_read(question):
    assert describe(question) is None


def test_an_area_without_a_question_about_points_is_not_read():
    assert describe("I closed a 3-tile forest next to the space base, is that allowed?") is None


@pytest.mark.parametrize(("question", "share", "lost"), [
    ("blue and me both have 2 cosmonauts in the swamp that just got closed, it's worth 13 total. who gets the odd "
     "point?", 6, 1),
    ("three of us tie on cosmonauts in a 10 point area, how does that work?", 3, 1),
    ("4-way tie in a 14-point forest, what do I get?", 3, 2),
    ("ok what if me and my friend have 2 cosmonauts each in there and its worth 9?", 4, 1),
    ("me n jana tied on cosmonauts in a meadow worth 11, how much do we each get?", 5, 1),  # two named, texted
    ("tied 2-2 on guys with petr in a closed swamp, whole thing is worth 13. how much do we each get", 6, 1),
])
def test_a_tie_over_an_area_of_known_worth_is_split_with_the_remainder_lost(question, share, lost):
    read = describe(question)
    assert read is not None
    result = score_area(read[1])
    assert (result["total"], result["share"], result["lost"]) == (share, share, lost)


@pytest.mark.parametrize("question", [
    "we tied and the area's worth 11, who gets the odd point?",  # how many tied: not said
    "me and red both have one cosmonaut in a forest worth 9 with 2 aliens, who gets what?",  # worth and counts
    "three of us tie in an area worth about 10, how does that work?",  # a hedge
    "two of us tie in a 10 point area and I placed 3 tiles, what do I get?",  # a number left unexplained
    "tied 3-2 with petr in a swamp worth 13, how much do we each get?",  # 3-2 is no tie
])
def test_a_tie_not_said_outright_is_not_split(question):
    assert describe(question) is None


def test_an_area_given_by_its_worth_takes_no_counts():
    with pytest.raises(PositionError, match="area.worth: give the area's worth or its counts"):
        score_area({"area": {"worth": 10, "tiles": 3}})


def test_texting_shorthand_is_spelled_out_only_before_a_word():
    from engine.words import plain

    assert plain("closed a forest w my cosmonaut, me n jana tied thru a laser") == (
        "closed a forest with my cosmonaut, me and jana tied through a laser")
    assert plain("row n, column w") == "row n, column w"  # not before a word: left alone
