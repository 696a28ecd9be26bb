"""The book's word for a thing the player counts under another name: matched by meaning, only for counted things
the book does not name, and said in the answer."""

from pathlib import Path

from langgraph.checkpoint.memory import InMemorySaver

from rulespal.agent import Assistant
from rulespal.rulebook import parse_rulebook
from rulespal.vocabulary import BookWords, with_book_words

BOOK = """---
id: orbit
title: Orbit
---
# Scoring

At the end you score 2 points for each cosmonaut and 3 points for each alien on your 2 last tiles.
Each player starts with 5 cosmonauts and 4 tiles. The 3 tiles in the middle are shared.
"""


def test_a_counted_thing_the_book_names_otherwise_is_read_as_the_books(pal, tmp_path: Path):
    book = parse_rulebook(BOOK, tmp_path / "orbit.md")
    words = BookWords(pal.embedder)
    assert words.bridge("my last tiles show 3 astronauts and 1 alien, how many points?", book) == {
        "astronauts": "cosmonauts"}
    assert words.bridge("i have 3 tiles and 2 cosmonauts left", book) == {}  # the book's own words
    assert words.bridge("one tile finished the round early", book) == {}  # not a counted thing
    assert words.bridge("we played 3 rounds with 2 bananas", book) == {}  # nothing of the book is close
    assert with_book_words("3 Astronauts", {"astronauts": "cosmonauts"}) == "3 cosmonauts"


def test_the_answer_sums_with_the_books_name_and_says_so(pal):
    bot = Assistant(pal, model_spec="extractive", checkpointer=InMemorySaver())
    answer = bot.ask("game over: my two leftover tiles show 2 astronauts and 2 aliens, what are they worth?",
                     game="mise-kolonizace")
    assert answer.basis == "sum" and answer.answer.startswith("8 points")
    assert answer.answer.endswith('(Read "astronauts" as the rulebook\'s "cosmonauts".)')
