"""Evidence units and the checks on a model's own words: pure functions, no model."""

from rulespal.checks import leading_verdict, numbers, prose_passes
from rulespal.citations import normalise
from rulespal.evidence import Evidence, EvidenceSentence, example_units, rule_units
from rulespal.player_words import spelled_out, unspoken_situations, with_book_terms
from rulespal.questions import describes_position, engine_intent, question_kind
from rulespal.tools import holds_a_move

SECTION = """If you can't legally draw any of the shapes, don't fret! Instead, you must draw a 1x1 square.

No points are earned for tiles that:
  1. Have a different type, OR
  2. Have a higher value.

| Season | Time |
|---|---|
| Spring | 8 |
| Fall | 7 |

Spaces that share a side are adjacent. Spaces only at diagonals are not."""


def test_units_keep_what_a_sentence_leans_on_and_are_verbatim():
    units = rule_units(SECTION)
    assert units == [
        "If you can't legally draw any of the shapes, don't fret! Instead, you must draw a 1x1 square.",
        "No points are earned for tiles that: Have a different type, OR Have a higher value.",
        "Season | Time; Spring | 8; Fall | 7",
        "Spaces that share a side are adjacent. Spaces only at diagonals are not.",
    ]
    assert all(normalise(u) in normalise(SECTION) for u in units)
    duplicates = ("For example, both 5 of hearts may want to go onto the one 6 of hearts that is exposed. Either one "
                  "may be played there; the choice is yours. Either player may shuffle the stock before the next deal.")
    assert rule_units(duplicates) == [
        "For example, both 5 of hearts may want to go onto the one 6 of hearts that is exposed. Either one may be "
        "played there; the choice is yours.",
        "Either player may shuffle the stock before the next deal."]  # 'either one' leans back, 'either player' not


def test_hard_wrapped_lines_are_read_as_the_sentences_they_hold():
    text = ("A player who plays out of turn takes the card back and\nloses one point. If the mistake is\nfound later, "
            "the trick stands.\n\n- An item wrapped\n  onto two lines.\n- Another item.\n\n"
            "```\n8 x o x o x o x o 8\n7 o x o x o x o x 7\n```\n")
    assert rule_units(text) == ["A player who plays out of turn takes the card back and loses one point.",
                                "If the mistake is found later, the trick stands.", "An item wrapped onto two lines.",
                                "Another item.",
                                "8 x o x o x o x o 8", "7 o x o x o x o x 7"]  # a diagram's rows stay apart


def test_paragraphs_opening_as_an_example_are_examples():
    text = ("The player with the most cosmonauts in a closed area scores it.\n\n"
            "**Example 2.** Red closes the swamp. Red and blue each have three cosmonauts there, so they share.\n\n"
            "Worked example: a village cluster of 6 spaces scores 8 stars in all.")
    assert example_units(text) == {"Example 2. Red closes the swamp.",
                                   "Red and blue each have three cosmonauts there, so they share.",
                                   "Worked example: a village cluster of 6 spaces scores 8 stars in all."}


def test_an_example_runs_from_the_sentence_opening_it_to_the_paragraphs_end():
    text = ("A multiple build cannot be increased by anyone. Suppose the table shows a 5 and an 8, and you hold a 3. "
            "You put the 3 onto the 5 and gather the loose 8 into the stack.\n\n"
            "For instance, a 4 played onto a 3 makes a build of sevens.")
    assert example_units(text) == {"Suppose the table shows a 5 and an 8, and you hold a 3.",
                                   "You put the 3 onto the 5 and gather the loose 8 into the stack.",
                                   "For instance, a 4 played onto a 3 makes a build of sevens."}


def test_a_question_line_is_one_unit_with_the_answer_below_it():
    text = ("**I lost the trick but hold a meld. Can I lay it down now?**\n"
            "No. You must wait until you win a trick. Meld is made only by the trick's winner, before drawing.\n\n"
            "**Do I have to bring a pawn out on a 5?** No. You may move another pawn with the 5 instead.")
    assert rule_units(text) == [
        "I lost the trick but hold a meld. Can I lay it down now? No. You must wait until you win a trick. "
        "Meld is made only by the trick's winner, before drawing.",
        "Do I have to bring a pawn out on a 5? No. You may move another pawn with the 5 instead."]


def test_question_kinds_skip_leading_conditions_and_interjections():
    assert question_kind("wait, can I stick this tile on just the corner?") == "yesno"
    assert question_kind("If nothing fits, can I skip my turn?") == "yesno"
    assert question_kind("If no shape fits, what do I draw?") == "other"
    assert question_kind("how many coins for a surrounded mountain") == "number"
    assert question_kind("what happens if we tie?") == "whatif"


def test_only_a_players_own_concrete_situation_is_a_position():
    assert describes_position("I put a forest x2 at (0,1) next to my forest x1 at (0,0). How many Pawints do I get?")
    assert describes_position(
        "I placed a forest worth 2 at row 0, column 1 beside my forest at row 0 column 0: points?")
    assert not describes_position("I have two village clusters of 5 and 3, how many stars on Shieldgate?")
    assert not describes_position("Can I draw a shape that overlaps a mountain?")
    assert not describes_position("How many points is a closed area of 3 tiles with an alien worth?")


def test_prose_checks():
    support = 'Rule: "Each gem scores 2 points." Question: does a gem score points?'
    assert numbers("two gems, 3 points") == {"2", "3"} and leading_verdict("No, never.") == "no"
    assert prose_passes("Yes, each gem scores 2 points.", support, "yes")
    assert not prose_passes("Yes, each gem scores 3 points.", support, "yes")  # a number the rule lacks
    assert not prose_passes("No, gems score nothing.", support, "yes")  # against the verdict
    assert not prose_passes("Yes, each gem scores 2 points.", support, None)  # a verdict nobody checked
    assert not prose_passes("Emeralds glitter beautifully underwater tonight.", support, None)  # not grounded


def test_a_section_reached_twice_is_quoted_once(pal):
    from rulespal.agent import Assistant

    bot = Assistant(pal, model_spec="extractive")
    answer = bot.ask("When does the game end?", game="cartographers")
    quotes = [c.quote for c in answer.citations]
    assert len(quotes) == len(set(quotes))
    assert all(answer.answer.count(f'"{q}"') == 1 for q in quotes)


def test_a_table_is_one_unit_with_the_line_that_introduces_it():
    text = "Each season names the edicts scored at its end:\n\n| Season | Edicts |\n|---|---|\n| Spring | A and B |"
    assert rule_units(text) == ["Each season names the edicts scored at its end: Season | Edicts; Spring | A and B"]


def _sentence(section: str, text: str, score: float, place: int) -> EvidenceSentence:
    return EvidenceSentence("g", section, section.title(), text, 0, (0, place), score, 0.5, 0.5)


def test_every_sentence_the_scorer_can_hardly_tell_from_the_best_is_shown():
    filler = "x" * 300
    best = _sentence("scoring", "The best sentence of the best section.", 1.0, 0)
    rival = _sentence("check", "The rival section's best sentence, nearly as good.", 0.8, 1)
    same = _sentence("scoring", "A sentence of the best section, well below the best.", 0.65, 2)
    other = _sentence("tips", "Another section's sentence below its ratio.", 0.62, 3)
    long = _sentence("check", f"A close sentence too long for the budget. {filler}", 0.79, 4)
    shown = Evidence((best, rival, long, same, other), 1.0, 1.0).shown(budget=300)
    # the best sentence's section first, each section in reading order; the long one over budget, the far
    # section's not close
    assert shown == (best, same, rival)
    assert Evidence((best, other), 1.0, 1.0).shown() == (best,)


def test_the_operation_for_a_pasted_position_comes_from_the_question_and_the_schemas():
    sheet = {"map": "A", "grid": ["." * 11] * 11}
    moved = {**sheet, "move": {"card": "Hamlet", "terrain": "village", "cells": [[0, 0]]}}
    assert holds_a_move("cartographers", moved) and not holds_a_move("cartographers", sheet)
    assert not holds_a_move("cational-meographic", {"board": [], "placed": {}})  # check and score take the same
    assert engine_intent("is this ok?", ["check", "score"], holds_a_move=True) == "check"
    assert engine_intent("how many stars is this?", ["check", "score"], holds_a_move=True) == "score"
    assert engine_intent("how many Pawints?", ["check", "score"]) == "score"  # an engine's own score word
    assert engine_intent("can I put it here?", ["check", "score"]) == "check"
    assert engine_intent("who won?", ["end_game"]) == "end_game"


def test_players_words_are_searched_with_the_rulebook_terms():
    assert with_book_terms("is the tile next to mine counted?") == "is the tile next to mine counted? (adjacent)"
    assert with_book_terms("do we draw together?") == "do we draw together? (simultaneously)"
    assert with_book_terms("are adjacent tiles counted?") == "are adjacent tiles counted?"  # already the term
    assert with_book_terms("we go counterclockwise right?") == "we go counterclockwise right? (clockwise direction)"
    assert with_book_terms("who gets the odd point?") == "who gets the odd point? (divided equally surplus)"
    assert with_book_terms("does my pawn turn into a queen?") == "does my pawn turn into a queen? (promoted)"
    assert with_book_terms("can it go thru the middle?") == "can it go thru the middle? (pass through)"
    assert with_book_terms("what if i'm stuck?") == "what if i'm stuck? (no legal move)"
    assert with_book_terms("we end on the exact same total") == "we end on the exact same total (tie share)"
    assert with_book_terms("the bag runs outta tiles") == "the bag runs outta tiles (exhausted)"
    assert with_book_terms("any time limit per move?") == "any time limit per move? (playing time)"
    assert with_book_terms("one of the opps reneged") == "one of the opps reneged (revoke)"
    assert with_book_terms("can i keep all 12 and not swap?") == "can i keep all 12 and not swap? (exchange)"
    assert with_book_terms("nobody can go, now what") == "nobody can go, now what (no legal move blocked)"
    # terms books differ on: only those the book asked about uses
    assert with_book_terms("i shut the pile", {"stock", "closed", "pile"}) == "i shut the pile (stock closed)"
    assert with_book_terms("i shut the pile", {"talon", "close"}) == "i shut the pile (talon close)"
    assert with_book_terms("how many cards in the deck?", {"stock"}) == "how many cards in the deck?"
    assert with_book_terms("i scratched and havent potted one", {"foul", "pocketed"}) == (
        "i scratched and havent potted one (pocketed foul)")
    revoke = "he didnt follow suit even tho he had hearts"
    assert with_book_terms(revoke, {"revoke", "suit"}) == f"{revoke} (revoke)"
    assert with_book_terms(revoke, {"renege", "suit"}) == f"{revoke} (renege)"
    assert with_book_terms("i forgot to call my quint", {"declared", "quint"}) == "i forgot to call my quint (declared)"
    assert with_book_terms("my bro flipped before it was his go") == (
        "my bro flipped before it was his go (flip orientation out of turn)")
    assert with_book_terms("deck's done, who gets the rest?") == "deck's done, who gets the rest? (exhausted)"
    assert with_book_terms("its worth 9, how do we split that") == (
        "its worth 9, how do we split that (divided equally surplus)")
    assert with_book_terms("so 4.5 each?") == "so 4.5 each? (divided equally surplus)"
    assert with_book_terms("me n jo both ended on 55") == "me n jo both ended on 55 (tie share)"
    assert with_book_terms("what if it came out 79-79") == "what if it came out 79-79 (tie share)"
    assert with_book_terms("i got 1-1-1 and he got 6-6-6") == "i got 1-1-1 and he got 6-6-6"  # dice, not a score
    owed = "how many chips does he owe us?"
    assert with_book_terms(owed, {"counters"}) == f"{owed} (counters)"
    assert with_book_terms("can i put 1 chip on crown?", {"chips"}) == "can i put 1 chip on crown?"  # its own word
    led = "he threw a diamond when spades were led but he DID have a spade"
    assert with_book_terms(led, {"revoke"}) == f"{led} (revoke)"
    caught = "he trumped a heart lead, now he just followed with a heart, so he had one all along"
    assert with_book_terms(caught, {"revoke"}) == f"{caught} (revoke)"
    assert with_book_terms("he held it the whole time", {"conker"}) == "he held it the whole time"  # no revoke here
    lied = "bro asked me for 7s n i had one but lied lol what now"
    assert with_book_terms(lied, {"denied", "cheater"}) == f"{lied} (denied)"
    assert with_book_terms("the disc was lying on the grass", {"denied"}) == "the disc was lying on the grass"
    aloud = "so everybody's score gets said out loud before I shoot?"
    assert with_book_terms(aloud, {"aloud"}).endswith(" aloud)")
    folded = "the other two fold, what now?"
    assert with_book_terms(folded, {"passes", "pot"}) == f"{folded} (passes)"
    assert with_book_terms("can i fold now?", {"fold", "pot"}) == "can i fold now?"  # the book's own word
    assert with_book_terms("my kid was dealing and a card flipped face up") == (
        "my kid was dealing and a card flipped face up (flip orientation misdeal)")
    assert with_book_terms("playing w normal dice", {"ordinary"}) == "playing w normal dice (ordinary)"
    assert with_book_terms("what if a puck flies off", {"discs"}) == "what if a puck flies off (discs)"


def test_players_spellings_are_written_out_unless_the_book_uses_them():
    book = {"playing", "cards", "points", "drawing", "pt"}
    assert spelled_out("4 of us playin, how many cards does every1 get? 3 pts w/ my guy", book) == (
        "4 of us playing, how many cards does everyone get? 3 points with my guy")
    assert spelled_out("drawin' a U-shape, can u go thru", book) == "drawing a U-shape, can you go through"
    assert spelled_out("the pt on the track, cousin", book) == "the pt on the track, cousin"  # the book's own words


def test_a_slip_of_the_fingers_is_mended_to_the_books_word_but_an_english_word_stays():
    book = {"third", "hog", "line", "stopped", "from", "latter"}
    mended = "a third card over the hog line, it stopped"
    assert spelled_out("a thrid card over the hogg line, it stoped", book) == mended
    assert spelled_out("a form of a later move", book) == "a form of a later move"  # words, not slips


def test_a_situation_the_question_asks_about_must_be_spoken_of_by_the_rules_shown():
    ran_out = "what if the draw bag ran out of tiles?"
    assert unspoken_situations(ran_out, "Draw one tile from the bag.") == ["exhausted"]
    assert unspoken_situations(ran_out, "When the bag is empty, the game ends at once.") == []
    tied = "we tied on points, who wins?"
    assert unspoken_situations(tied, "The player with the most points wins.") == ["tie share", "tiebreak winner"]
    assert unspoken_situations(tied, "In case of a tie, the tied players share the victory.") == []
    level = "we're both sat on 57, is that enough?"
    assert unspoken_situations(level, "Close every number to win.") == ["tie share"]
    assert unspoken_situations(level, "Level points are good enough.") == []  # 'level points' speaks of the tie
    assert unspoken_situations(level, "If the totals are equal, play one more round.") == []
    oops = "i drew it in the wrong spot by accident, can i erase it?"
    assert unspoken_situations(oops, "Draw the shape anywhere on your map.") == ["mistake"]
    assert unspoken_situations("how long does a game of this take?", "The game lasts four seasons.") == ["playing time"]
    rain = "its starting to sprinkle, do we keep throwing?"
    assert unspoken_situations(rain, "Every bag must be thrown underhand.") == ["weather"]
    assert unspoken_situations(rain, "A match stopped by rain is finished later.") == []
    assert unspoken_situations("my uncle takes forever to flick, any limit?", "A shot is a flick.") == ["playing time"]
    assert unspoken_situations("is there a time limit for lining up a shot?", "A shot is a flick.") == ["playing time"]
    assert unspoken_situations("is it ok for my 5 yr old nephew?", "Deal five cards each.") == ["age"]
    assert unspoken_situations("we lost one of the 4 throwing sticks", "Throw the four sticks.") == [
        "missing components"]
    assert unspoken_situations("is it smarter to race one piece home?", "Move one piece.") == ["strategy"]
    assert unspoken_situations("official number of games in a cuttle match?", "The goal is 21.") == ["match format"]
    assert unspoken_situations("we play for cash at the pub", "Score one point a trick.") == ["stakes"]
    assert unspoken_situations("wooden or plastic, which one spins longer?", "Spin the top.") == ["strategy"]
    assert unspoken_situations("can we use the cards from another deck?", "Deal 8 cards.") == ["missing components"]
    assert unspoken_situations("can i still cash it in?", "Score the card.") == []  # cashing in points
    origin = "where did 45s come from? is it the same game as spoil five"
    assert unspoken_situations(origin, "The first side to reach 45 points wins the game.") == ["history"]
    assert unspoken_situations(origin, "The game dates from 18th-century Ireland.") == []
    assert unspoken_situations("is it the same as a straight?", "A run of five cards.") == []  # a comparison in play
    assert unspoken_situations("ngl why is it called cee-lo, where does the name come from", "Three dice.") == [
        "history"]
    storm = "score 11 to 9, it started thundering and there was lightning nearby. does the match stop?"
    assert unspoken_situations(storm, "Check-in closes 30 minutes before the first match.") == ["weather"]
    dog = "the dog knocked one of the stones off the board mid-game, who gets it?"
    assert unspoken_situations(dog, "A stone moves one step at a time.") == ["disturbed"]
    assert unspoken_situations(dog, "A piece knocked off by accident is put back where it stood.") == []
    swiped = "neighbors dog just ran thru and swiped 2 bags off the board mid inning lmao what now"
    assert with_book_terms(swiped, {"disturbs"}).endswith(" disturbed)")
    assert unspoken_situations("he knocked the kubb over with his baton", "A kubb knocked over stays down.") == []
    assert unspoken_situations("where's the name tressette come from anyway?", "Declarations score 3.") == ["history"]
    assert unspoken_situations("were kids playing this back in ancient greece?", "Throw five stones.") == ["history"]
    assert unspoken_situations("can the young'uns play or do you have to be eighteen?", "A team has four players.") == [
        "age"]
    flipped = "the dealer flipped a card face up by accident halfway through dealing, do we redeal?"
    assert "misdeal" in unspoken_situations(flipped, "Deal the cards face down one at a time.")
    assert unspoken_situations("what's the best way to throw the stones?", "Throw the stones.") == ["strategy"]
    assert unspoken_situations("max players for bourre?", "Bourre is for two to seven players.") == []
    gone = "we found the eight of clubs had gone missing from our old pack"
    assert unspoken_situations(gone, "Take the queen of clubs out of the pack.") == ["missing components"]
    assert unspoken_situations("whats the trick to gettin a hole in one?", "Par is 46.") == ["strategy"]
    assert unspoken_situations("can we flip back thru the old tricks to check?", "Look at the last trick only.") == []
    assert unspoken_situations("which pile is generally best to load first?", "Aces go up first.") == ["strategy"]
    assert unspoken_situations("is it a better idea to grab the corners early?", "Place a piece.") == ["strategy"]
    assert unspoken_situations("it's older than the nine-piece game, isn't it?", "Twelve pieces each.") == ["history"]
    assert unspoken_situations("max players for bourre?", "Deal five cards to each player.") == ["number of players"]
    assert unspoken_situations("i got no hearts and no spades at all", "Call an ace.") == []  # a hand, not a kit
    assert unspoken_situations("is the empty space next to it counted?", "Count each empty space.") == []
    leaving = "my cousin has to bail halfway, what happens to his cards?"
    assert unspoken_situations(leaving, "Deal all the cards.") == ["leaves the game"]
    assert unspoken_situations(leaving, "A player who leaves the game forfeits.") == []
    assert unspoken_situations(leaving, "A play that leaves you holding one tile must be announced.") == [
        "leaves the game"]  # 'leaves you holding' is not a player leaving
    assert unspoken_situations("he played before it was his turn", "Play goes clockwise.") == ["out of turn"]
    full = "all 14 coins are already filled, do i get a bonus for another mountain?"
    assert unspoken_situations(full, "Fill in the next coin symbol.") == ["exhausted"]
    assert unspoken_situations(full, "Once the coin track is full, further coins are lost.") == []
    assert unspoken_situations(full, "Lose 1 star per empty space next to a monster.") == ["exhausted"]
    assert unspoken_situations("the stock ran out", "When the stock is empty, play on.") == []
    assert unspoken_situations("filled all 14 coins already, another one?", "Fill in the next coin.") == ["exhausted"]
    turned = "can we turn the tile around before placing it?"
    assert unspoken_situations(turned, "Place the tile next to another.") == ["rotate orientation"]
    assert unspoken_situations(turned, "Tiles may be rotated freely.") == []
    assert unspoken_situations("dealer flipped a 9 for trumps, points?", "The dealer scores 10.") == []  # a card
    assert unspoken_situations("how many people can play?", "Each player's marker starts here.") == [
        "number of players"]
    assert unspoken_situations("how many people can play?", "For 2 to 4 players.") == []
    assert unspoken_situations("i touched my rook but want to move my silver", "Rooks move far.") == ["touch move"]
    assert unspoken_situations("a die bounced off the table, reroll?", "Roll both dice.") == ["cocked dice"]
    assert unspoken_situations("i pulled none off the board, which capture?", "Remove the line.") == []
    assert unspoken_situations("can i hint to my partner what to bid?", "Bid in turn.") == ["table talk"]
    assert unspoken_situations("whats the strongest first move?", "White moves first.") == ["strategy"]
    assert unspoken_situations("is there a time limit for bidding?", "Bid in turn.") == ["playing time"]
    assert unspoken_situations("any time limit to throw?", "Throw underarm.") == ["playing time"]
    assert "tie share" in unspoken_situations("we tied, any tiebreaker?", "A covered card scores points equal to it.")
    assert unspoken_situations("can the rest of us tell her what to play?", "Play one card.") == ["table talk"]
    assert unspoken_situations("how much money per point do people play for?", "Score 1 point.") == ["stakes"]
    assert unspoken_situations("can we mix in the heroes expansion?", "Shuffle the deck.") == ["expansion"]
    assert unspoken_situations("should a match be best of 3 or best of 5?", "The first to 100 wins.") == [
        "match format"]
    assert unspoken_situations("two of us tie on pawints after the last round", "Highest total wins.") == [
        "tie share"]
    assert unspoken_situations("what if i can't place my tile anywhere legally?", "Place the tile.") == [
        "no legal move"]
    assert unspoken_situations("who's supposed to flip the cards each turn?", "Flip the top card.") == ["who deals"]
    assert unspoken_situations("who flips the cards?", "The dealer flips the top card.") == []
    assert unspoken_situations("we lost our deck, can we use a normal deck?", "Use the 57 cards.") == [
        "missing components"]
    assert unspoken_situations("we play it as a drinking game, who drinks?", "The loser scores 0.") == ["house rule"]
    assert unspoken_situations("dealer flashed a card face up while dealing", "Deal 11 each.") == ["misdeal"]
    assert unspoken_situations("whats the odds of shutting the box?", "Shut the tiles.") == ["strategy"]
    assert unspoken_situations("we play for a quarter a point, do we pay double?", "Score 2.") == ["stakes"]
    tied = "we tied on points at the end, is there a tiebreaker?"  # a tie for the win, not a shared area
    assert "tiebreak winner" in unspoken_situations(tied, "A tie in an area: the points are divided equally.")
    assert unspoken_situations(tied, "In case of a tie, the player with fewer penalties wins.") == []
    assert unspoken_situations("can i peek at my friends' maps?", "Each player has a map.") == ["hidden information"]
    assert unspoken_situations("can we look back at the last trick?", "Lead any card.") == ["hidden information"]



class _FlatEmbedder:
    """Every text the same vector: the scores differ by words and rule cues alone."""

    def embed(self, texts):
        return [[1.0, 0.0] for _ in texts]


BOOK = """# Tiles

## Scoring

A closed area is scored by the player with the most tokens in it.

### Scoring Examples

Here a closed area is scored by the player with the most tokens in it: Red.

In this example the rocket in the middle of the board counts once.

## Turn

A closed area stays on the table until the game ends, as described below.

A closed area stays on the table until the game ends, whoever closed it.

A closed area earns points for each tile in it.

A closed area counts each tile in it.

## Common Questions

**Does a closed area earn points for each tile in it?**
Yes, every tile of it counts.
"""


def _finder_and_hits(tmp_path, *first: str):
    from rulespal.evidence import EvidenceFinder
    from rulespal.library import Library
    from rulespal.retrieval import Hit, SearchResult

    (tmp_path / "tiles.md").write_text(BOOK)
    library = Library.from_paths([tmp_path / "tiles.md"])
    book = library.resolve("tiles")
    sections = sorted(book.sections, key=lambda s: first.index(s.id) if s.id in first else len(first))
    hits = tuple(Hit("tiles", s.id, s.title, s.heading_path, s.text, 1.0, 1.0) for s in sections)
    return EvidenceFinder(library, _FlatEmbedder()), SearchResult("q", "tiles", False, hits)


def test_an_example_gives_way_to_the_rule_it_illustrates(tmp_path):
    finder, found = _finder_and_hits(tmp_path, "scoring/scoring-examples")
    best = finder.find("which player is a closed area scored by?", found, "other").sentences[0]
    assert best.text == "A closed area is scored by the player with the most tokens in it."


def test_an_example_is_the_books_word_on_what_only_examples_speak_of(tmp_path):
    finder, found = _finder_and_hits(tmp_path, "turn")
    best = finder.find("does the rocket count as a tile of a closed area?", found, "other").sentences[0]
    assert best.text == "In this example the rocket in the middle of the board counts once."


def test_a_question_and_answer_gives_way_to_the_rule_it_restates(tmp_path):
    finder, found = _finder_and_hits(tmp_path, "common-questions", "turn")
    best = finder.find("does a closed area earn points for each tile?", found, "other").sentences[0]
    assert best.text == "A closed area earns points for each tile in it."


def test_a_pointer_elsewhere_loses_and_a_question_about_points_wants_points(tmp_path):
    finder, found = _finder_and_hits(tmp_path, "turn")
    scores = {s.text: s.score for s in finder.find("how long does a closed area stay?", found, "other").sentences}
    assert scores["A closed area stays on the table until the game ends, whoever closed it."] > scores[
        "A closed area stays on the table until the game ends, as described below."]
    best = finder.find("what does a closed area score?", found, "other").sentences[0]
    assert best.text == "A closed area earns points for each tile in it."


def test_a_rule_outside_the_top_hits_still_decides(tmp_path):
    from rulespal.retrieval import SearchResult

    finder, found = _finder_and_hits(tmp_path, "turn")
    only_turn = SearchResult("q", "tiles", False, found.hits[:1])  # the search missed the scoring rule
    best = finder.find("which player is a closed area scored by?", only_turn, "other").sentences[0]
    assert best.text == "A closed area is scored by the player with the most tokens in it."
    assert best.section_id == "scoring"


def test_a_sentence_is_favoured_while_its_section_is_a_top_hit(tmp_path):
    from rulespal.retrieval import SearchResult

    finder, found = _finder_and_hits(tmp_path)
    rule = "A closed area earns points for each tile in it."

    def score(first: str) -> float:
        hits = SearchResult("q", "tiles", False, tuple(h for h in found.hits if h.section_id == first))
        return next(s.score for s in finder.find("what does a closed area earn?", hits, "other").sentences
                    if s.text == rule)

    assert score("turn") > score("common-questions") + 0.1


def test_a_short_parent_brings_its_subsections_but_the_books_title_does_not(tmp_path):
    from rulespal.evidence import UNRANKED, EvidenceFinder
    from rulespal.library import Library
    from rulespal.retrieval import Hit, SearchResult

    (tmp_path / "tiles.md").write_text("---\ntitle: Tiles\n---\n# Tiles\n\n*A tile game*\n\n## Scoring\n\nIn short:\n\n"
                                       "### Areas\n\nA closed area earns points for each tile in it.\n\n"
                                       "## Turn\n\nA closed area stays on the table.\n")
    library = Library.from_paths([tmp_path / "tiles.md"])
    finder, book = EvidenceFinder(library, _FlatEmbedder()), library.resolve("tiles")

    def rank(hit: str, of: str) -> int:
        s = book.section(hit)
        found = SearchResult("q", "tiles", False, (Hit("tiles", s.id, s.title, s.heading_path, s.text, 1.0, 1.0),))
        return next(e.section_rank for e in finder.find("what does a closed area earn?", found, "other").sentences
                    if e.section_id == of)

    assert rank("tiles/scoring", "tiles/scoring/areas") == 0
    assert rank("tiles", "tiles/turn") == UNRANKED


class _BatchSensitiveEmbedder:
    """A vector that depends on the texts embedded beside it, as the int8 model's per-call activation scale does."""

    model_id = "batch-sensitive"

    def embed(self, texts):
        return [[float(len(texts)), float(len(text))] for text in texts]


def test_a_sentence_vector_does_not_depend_on_what_was_embedded_before():
    from rulespal.evidence import EvidenceFinder
    from rulespal.library import Library

    library = Library.from_paths([])
    warm, cold = EvidenceFinder(library, _BatchSensitiveEmbedder()), EvidenceFinder(library, _BatchSensitiveEmbedder())
    together = warm._vectors(["Tiles touch along an edge.", "A corner is not enough."])
    assert (together[1] == cold._vectors(["A corner is not enough."])[0]).all()


def test_sentence_vectors_are_kept_on_disk_each_embedded_on_its_own(tmp_path):
    from rulespal.embedding_cache import EmbeddingCache
    from rulespal.evidence import EvidenceFinder
    from rulespal.library import Library

    library, embedder = Library.from_paths([]), _BatchSensitiveEmbedder()
    stored = EmbeddingCache(tmp_path / "vectors.sqlite", embedder)
    texts = ["Tiles touch along an edge.", "A corner is not enough."]
    first = EvidenceFinder(library, embedder, stored)._vectors(texts)
    assert first.tolist() == [[1.0, 26.0], [1.0, 23.0]]  # one text per call
    assert stored.embed(texts) == [[2.0, 26.0], [2.0, 23.0]]  # a batch's vectors are kept apart
    reopened = EmbeddingCache(tmp_path / "vectors.sqlite", _Refusing())
    assert EvidenceFinder(library, reopened.embedder, reopened)._vectors(texts).tolist() == first.tolist()


class _Refusing:
    model_id = "batch-sensitive"

    def embed(self, texts):
        raise AssertionError(f"embedded again: {texts}")


def test_cited_sections_give_evidence_from_those_sections_alone(pal):
    from rulespal.agent import Assistant

    finder = Assistant(pal, model_spec="extractive").finder
    cited = finder.cited("how many points for a closed area with an alien?", "mise-kolonizace",
                         ["scoring-points", "no-such-section"], "number")
    assert cited is not None and cited.shown()
    assert {s.section_id for s in cited.sentences} == {"scoring-points"}
    assert finder.cited("points?", "mise-kolonizace", ["no-such-section"], "number") is None


def test_a_variants_rule_is_quoted_as_one(tmp_path):
    from rulespal.compose import rule_text
    from rulespal.library import Library
    from rulespal.retrieval import SearchResult

    finder, found = _finder_and_hits(tmp_path, "turn")
    (tmp_path / "tiles.md").write_text(BOOK + "\n## Variants\n\n### Short Game\n\nA closed area earns double.\n")
    finder.library = Library.from_paths([tmp_path / "tiles.md"])
    hits = SearchResult("q", "tiles", False, found.hits)
    sentences = {s.text: s for s in finder.find("what does a closed area earn?", hits, "other").sentences}
    double = sentences["A closed area earns double."]
    standard = sentences["A closed area earns points for each tile in it."]
    assert double.variant and not standard.variant
    assert rule_text([standard, double]) == ('The rulebook says (Turn): "A closed area earns points for each tile in '
                                             'it." And (Short Game, a variant): "A closed area earns double."')


DICE = """# Target Throw

## Rounds

The game is played with two dice over eleven rounds, with targets 2 to 12.

Each player has a single throw in each round.

## Variants

### Big Rounds

The game is played with three dice. The targets run from 3 to 18, making sixteen rounds.

### Three Chances

Each player may throw up to three times in each round.
"""


def test_counts_of_things_are_terms_but_a_lone_one_and_rule_numbers_are_not():
    from rulespal.lexical import counted

    assert counted("Played with three dice; deal 7 of the cards to 2 players.") == {"3_dice", "7_card", "2_player"}
    assert counted("9.1 Sideways moves: scoot one sideways") == set()


def test_a_variant_is_named_by_its_whole_title_or_described_by_a_player_who_plays_it(tmp_path):
    from rulespal.library import Library
    from rulespal.matter import named_variants, variant_names

    (tmp_path / "dice.md").write_text(DICE)
    book = Library.from_paths([tmp_path / "dice.md"]).resolve("dice")
    naming = variant_names(book, ["target"])
    big = {"variants/big-rounds"}
    assert named_variants(naming, "trying the version w/ 3 dice, how many rounds?") == big
    assert named_variants(naming, "playing big rounds, what is the last target?") == big
    assert named_variants(naming, "do I get 3 throws each round?") == set()  # asks of the standard game
    assert named_variants(naming, "can I throw 3 dice?") == set()


def test_the_variant_a_player_plays_gives_the_rule_and_the_standard_one_is_not_shown(tmp_path):
    from rulespal.evidence import EvidenceFinder
    from rulespal.library import Library
    from rulespal.retrieval import Hit, SearchResult

    (tmp_path / "dice.md").write_text(DICE)
    library = Library.from_paths([tmp_path / "dice.md"])
    hits = tuple(Hit("dice", s.id, s.title, s.heading_path, s.text, 1.0, 1.0) for s in library.resolve("dice").sections)
    finder, found = EvidenceFinder(library, _FlatEmbedder()), SearchResult("q", "dice", False, hits)
    played = finder.find("trying the version w/ 3 dice instead of 2. how many rounds?", found, "number")
    assert {s.section_id for s in played.shown()} == {"variants/big-rounds"}
    assert played.sentences[0].named and played.sentences[0].variant
    standard = finder.find("how many rounds are there with 2 dice?", found, "number")
    assert standard.sentences[0].section_id == "rounds" and not standard.sentences[0].named


def test_the_rule_a_player_cites_by_number_is_favoured(tmp_path):
    from rulespal.evidence import EvidenceFinder
    from rulespal.library import Library
    from rulespal.retrieval import Hit, SearchResult

    (tmp_path / "areas.md").write_text("# Areas\n\n## Article 3 – Early\n\nA closed area is scored at once.\n\n"
                                       "## Article 4 – Late\n\nA closed area is scored at the end.\n")
    library = Library.from_paths([tmp_path / "areas.md"])
    sections = library.resolve("areas").sections
    hits = tuple(Hit("areas", s.id, s.title, s.heading_path, s.text, 1.0, 1.0) for s in sections)
    finder, found = EvidenceFinder(library, _FlatEmbedder()), SearchResult("q", "areas", False, hits)
    assert finder.find("when is a closed area scored?", found, "other").sentences[0].section_id == "article-3-early"
    cited = finder.find("art 4 - is a closed area scored at once?", found, "other")  # article 4 says otherwise
    assert cited.sentences[0].section_id == "article-4-late"


def test_a_follow_ups_previous_question_favours_only_the_sections_searched_with_it(tmp_path):
    from rulespal.retrieval import SearchResult

    finder, found = _finder_and_hits(tmp_path, "turn")
    only_turn = SearchResult("q", "tiles", False, found.hits[:1])
    previous = "which player with the most tokens scores a closed area?"
    sentences = finder.find("and how long does it stay?", only_turn, "other", context=previous).sentences
    scored_by = next(s for s in sentences if s.text.startswith("A closed area is scored by the player"))
    alone = next(s for s in finder.find("and how long does it stay?", only_turn, "other").sentences
                 if s.text == scored_by.text)
    assert scored_by.section_id == "scoring" and scored_by.score == alone.score  # the previous words count not there
    assert sentences[0].section_id == "turn"
