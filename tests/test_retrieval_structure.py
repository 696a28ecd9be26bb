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


def test_one_word_of_a_variants_text_that_is_no_name_of_it_does_not_lift_it():
    from rulespal.matter import VariantNames, named_variants

    words = {"v": frozenset({"instead", "short", "court"})}
    naming = VariantNames(words, words, {"v": frozenset({"short", "court"})})
    assert named_variants(naming, "does someone win instead?", strict=False) == set()  # by chance
    assert named_variants(naming, "on the short one, who wins?", strict=False) == {"v"}  # a title's word
    assert named_variants(naming, "a short game instead?", strict=False) == {"v"}
    assert named_variants(naming, "on the short one, who wins?") == set()  # the quotes want the whole title
    assert named_variants(naming, "on the short court, who wins?") == {"v"}


def _bm25_first(folder, game: str, body: str, question: str) -> str:
    """The section id BM25 ranks first for a question over one small book written to `folder`."""
    (folder / f"{game}.md").write_text(f"---\nid: {game}\ntitle: {game.title()}\n---\n{body}", encoding="utf-8")
    none = cast(Any, None)
    retriever = Retriever(Library.from_paths([folder]), none, none, none)
    return retriever.search(question, game, mode="bm25").hits[0].section_id


def test_players_words_are_searched_with_the_rulebook_terms_they_stand_for(tmp_path):
    body = ("# Mountains\nA mountain tile is never covered by a tile.\n# Placement\nA tile may be placed adjacent to "
            "any mountain.\n")
    assert _bm25_first(tmp_path, "tiles", body, "can I put my tile next to a mountain?") == "placement"


def test_a_verb_done_again_stands_for_its_re_form_and_writing_down_for_recording():
    assert with_book_terms("who may double again?") == "who may double again? (redouble)"
    assert with_book_terms("how do we write down a jump?") == "how do we write down a jump? (record)"
    assert with_book_terms("can we redeal, deal again?") == "can we redeal, deal again?"  # already the term


def test_word_forms_meet_in_the_lexical_search(tmp_path):
    assert stemmed("Starting, Placing, Recording, Ending") == stemmed("start place record ends")
    body = ("# Pieces\nEach side has twelve pieces, and the pieces are round.\n# Starting Position\nEach player puts "
            "their pieces on the dark squares.\n")
    assert _bm25_first(tmp_path, "men", body, "where do the pieces start?") == "starting-position"


def test_having_to_do_something_is_searched_as_compulsory():
    assert with_book_terms("do I have to take it?") == "do I have to take it? (compulsory)"


def test_playing_alone_is_searched_as_solo():
    assert with_book_terms("playing by myself, how do I set up?") == "playing by myself, how do I set up? (solo)"
    assert with_book_terms("can I draw on my own map?") == "can I draw on my own map?"  # own map: not solo


def test_a_number_in_the_question_does_not_name_a_variant(tmp_path):
    body = ("# Standard Game\n## Scoring\nThe defenders score 10 points for each trick they take.\n## Tricks\n"
            "The defenders keep each trick they take face down.\n## Points\nPoints for each trick are written down "
            "by the defenders at once.\n# Variant: Three Players\n## Scoring\nWith 3 players the defenders score 10 "
            "points for each trick they take, and 3 tricks more.\n")
    (tmp_path / "bids.md").write_text(f"---\nid: bids\ntitle: Bids\n---\n{body}", encoding="utf-8")
    none = cast(Any, None)
    retriever = Retriever(Library.from_paths([tmp_path]), none, none, none)
    ranked = [h.section_id for h in retriever.search("we took 3 tricks, how many points do the defenders get?",
                                                     "bids", mode="bm25").hits]  # '3' is no three-player game
    assert ranked.index("standard-game/scoring") < ranked.index("variant-three-players/scoring")
