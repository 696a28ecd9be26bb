"""Ranking rules that come from a rulebook's structure, checked on the lexical half alone (no index needed)."""

from typing import Any, cast

import pytest

from rulespal.lexical import stemmed
from rulespal.library import Library
from rulespal.player_words import with_book_terms
from rulespal.retrieval import Retriever

BOOK = """---
id: trick
title: Trick
---
# Standard Game
## Dealing
Deal thirteen cards to each player; no hearts are broken yet.
## Scoring
Each heart taken scores one penalty point.
## Passing
Pass three cards worth keeping, hearts or not.
## Ending
A game is worth one hundred penalty points.
# Spotted Variant
## Dealing
Deal as usual.
## Scoring
Each heart is worth penalty points equal to its spots.
"""


@pytest.fixture
def retriever(tmp_path) -> Retriever:
    (tmp_path / "trick.md").write_text(BOOK, encoding="utf-8")
    none = cast(Any, None)
    return Retriever(Library.from_paths([tmp_path]), none, none, none)


def test_a_variant_ranks_below_the_standard_rule_unless_the_question_names_it(retriever):
    ranked = [h.section_id for h in retriever.search("how many penalty points is each heart worth?", "trick",
                                                     mode="bm25").hits]
    assert ranked.index("standard-game/scoring") < ranked.index("spotted-variant/scoring")
    named = retriever.search("with spots, how many penalty points is each heart worth?", "trick", mode="bm25").hits
    assert named[0].section_id == "spotted-variant/scoring"


def test_players_words_are_searched_with_the_rulebook_terms_they_stand_for(tmp_path):
    (tmp_path / "tiles.md").write_text("---\nid: tiles\ntitle: Tiles\n---\n# Mountains\nA mountain tile is never "
                                       "covered by a tile.\n# Placement\nA tile may be placed adjacent to any "
                                       "mountain.\n", encoding="utf-8")
    none = cast(Any, None)
    retriever = Retriever(Library.from_paths([tmp_path]), none, none, none)
    hits = retriever.search("can I put my tile next to a mountain?", "tiles", mode="bm25").hits
    assert hits[0].section_id == "placement"


def test_a_verb_done_again_stands_for_its_re_form_and_writing_down_for_recording():
    assert with_book_terms("who may double again?") == "who may double again? (redouble)"
    assert with_book_terms("how do we write down a jump?") == "how do we write down a jump? (record)"
    assert with_book_terms("can we redeal, deal again?") == "can we redeal, deal again?"  # already the term


def test_word_forms_meet_in_the_lexical_search(tmp_path):
    assert stemmed("Starting, Placing, Recording, Ending") == stemmed("start place record ends")
    (tmp_path / "men.md").write_text("---\nid: men\ntitle: Men\n---\n# Pieces\nEach side has twelve pieces, "
                                     "and the pieces are round.\n# Starting Position\nEach player puts their "
                                     "pieces on the dark squares.\n", encoding="utf-8")
    none = cast(Any, None)
    retriever = Retriever(Library.from_paths([tmp_path]), none, none, none)
    hits = retriever.search("where do the pieces start?", "men", mode="bm25").hits
    assert hits[0].section_id == "starting-position"


def test_having_to_do_something_is_searched_as_compulsory():
    assert with_book_terms("do I have to take it?") == "do I have to take it? (compulsory)"
