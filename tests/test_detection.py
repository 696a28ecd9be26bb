"""Game detection: distinctive words against the library's background, names weighted by how distinctive they are,
chunk votes fused, confidences that are probabilities, and the model saved and read back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from rulespal.detection import CONFIDENT, PAIR, Bag, BookModel, GameDetector, book_bag, rarity, stem
from rulespal.lexical import tokenize


@dataclass(frozen=True)
class Book:
    id: str
    title: str
    aliases: tuple[str, ...] = ()


def _terms(text: str) -> Counter:
    """What book_terms counts for a one-section book: tokens and pairs of adjacent tokens."""
    tokens = tokenize(text)
    return Counter(tokens + [f"{a}{PAIR}{b}" for a, b in zip(tokens, tokens[1:], strict=False)])


def _detector(texts: dict[str, str], aliases: dict[str, tuple[str, ...]] | None = None) -> GameDetector:
    books = [Book(g, g.replace("-", " ").title(), (aliases or {}).get(g, ())) for g in texts]
    bags = [book_bag(b, _terms(t)) for b, t in zip(books, texts.values(), strict=True)]
    return GameDetector(books, BookModel.of_books(books, bags))


CARD_GAMES = {
    "trumps": "Each player plays a card to the trick. The highest trump wins the trick. Follow suit if you can. "
              "A player who revokes loses three tricks. Honours: the four top trumps score four points. " * 3,
    "pegs": "Play cards in turn and peg points on the board. A pair pegs two points. The first to peg out wins. "
            "His nobs: the jack of the turned suit scores one. Cards, cards and more cards. " * 3,
    "shedding": "Match the top card of the discard pile by suit or rank. Eights are wild. If you cannot match, draw "
                "from the stock. The first player with no cards wins the hand. " * 3,
}


def test_stem_reads_inflections_and_number_words_alike():
    assert stem("pegged") == stem("pegging") == stem("peg") == "peg"
    assert stem("scored") == stem("score") and stem("matche") == "match"  # tokenize reads 'matches' as 'matche'
    assert stem("supplie") == stem("supply") == "supply"
    assert tokenize("the last two tiles") == tokenize("last 2 tiles") == ["last", "2", "tile"]
    assert tokenize("thirteen") == ["13"] and stem("4.2.1") == "4.2.1"
    assert tokenize("a 4th time") == tokenize("the fourth time") == ["4th", "time"]  # ordinals as players type them
    assert stem("need") == "need" and stem("red") == "red"  # too short to carry a suffix


def test_distinctive_words_win_over_words_every_book_uses():
    detector = _detector(CARD_GAMES)
    assert detector.candidates("who wins a trick with honours?", {})[0].game == "trumps"
    assert detector.candidates("I pegged out first, do I win?", {})[0].game == "pegs"  # 'pegged' ~ 'peg'
    assert detector.candidates("can I draw from the stock instead of matching?", {})[0].game == "shedding"
    # 'card' is in every book: it decides nothing
    shares = [c.confidence for c in detector.candidates("card", {})]
    assert max(shares) - min(shares) < 0.2


def test_a_word_fewer_books_use_weighs_more():
    weights = rarity(np.array([1, 2, 10, 35]), 35)
    assert weights[0] == pytest.approx(1.0) and list(weights) == sorted(weights, reverse=True)
    assert weights[-1] < 0.05  # a word of every book


def test_confidences_are_probabilities_and_grow_with_evidence():
    detector = _detector(CARD_GAMES)
    some = detector.candidates("trick", {})
    more = detector.candidates("honours trump revokes follow suit trick", {})
    assert some[0].game == more[0].game == "trumps" and some[0].confidence < more[0].confidence
    assert 0.99 < sum(c.confidence for c in some) <= 1.0 + 1e-9
    assert detector.candidates("who wins?", {})[0].confidence < CONFIDENT  # nothing distinctive: ask which game


def test_chunk_votes_break_a_tie_between_books():
    detector = _detector(CARD_GAMES)
    tie = detector.candidates("cards", {})
    voted = detector.candidates("cards", {"shedding": 0.9, "pegs": 0.1})
    assert voted[0].game == "shedding" and voted[0].confidence > max(c.confidence for c in tie)
    # votes for games outside the library are ignored
    assert detector.candidates("cards", {"elsewhere": 1.0}) == tie


def test_a_name_counts_as_much_as_it_is_distinctive():
    books = {"go": "Place a stone on an empty point. Stones without liberties are captured. " * 3,
             "race": "Roll the die and go forward. If you land on a ladder go up, a snake go down. You go again on "
                     "a six. " * 3,
             "whist": "Follow suit. The highest trump wins the trick. " * 3}
    detector = _detector(books, {"whist": ("English Whist",)})
    # 'whist' is nowhere else: naming it decides, with any of its names (all of a name's words)
    for question in ("in whist, what happens next?", "english whist: what happens next?"):
        assert detector.candidates(question, {})[0].game == "whist"
        assert detector.candidates(question, {})[0].confidence >= CONFIDENT
    assert detector.candidates("in english, what happens next?", {})[0].confidence < CONFIDENT
    # 'go' is an everyday word of another book: it does not make a question about Go
    assert detector.candidates("can I go again after a six?", {})[0].game == "race"


def test_bag_is_written_and_read_back_as_bytes():
    bag = book_bag(Book("pegs", "Pegs", ("Crib",)), _terms(CARD_GAMES["pegs"]))
    again = Bag.from_bytes(*bag.to_bytes())
    assert again.keys.tolist() == bag.keys.tolist() and again.counts.tolist() == bag.counts.tolist()
    books = [Book("trumps", "Trumps"), Book("pegs", "Pegs", ("Crib",))]
    trumps = book_bag(books[0], _terms(CARD_GAMES["trumps"]))
    model, read = BookModel.of_books(books, [trumps, bag]), BookModel.of_books(books, [trumps, again])
    assert model.scores("crib peg out").tolist() == read.scores("crib peg out").tolist()


def test_model_is_saved_and_read_back(tmp_path):
    books = [Book(g, g.title()) for g in CARD_GAMES]
    bags = [book_bag(b, _terms(t)) for b, t in zip(books, CARD_GAMES.values(), strict=True)]
    model = BookModel.of_books(books, bags)
    model.save(tmp_path / "m")
    again = GameDetector(books, model=BookModel.load(tmp_path / "m"))
    assert again.candidates("peg out", {"trumps": 0.3}) == GameDetector(books, model=model).candidates(
        "peg out", {"trumps": 0.3})
    (tmp_path / "m" / "base.npy").unlink()
    with pytest.raises(OSError):
        BookModel.load(tmp_path / "m")


def test_empty_and_single_book_libraries():
    assert GameDetector([], BookModel.of_books([], [])).candidates("anything", {"x": 1.0}) == ()
    only = _detector({"solo": "Move the token."})
    assert only.candidates("what now?", {})[0].confidence == pytest.approx(1.0)


def test_eval_summary_counts_confident_wrong_asked_and_reliability():
    from rulespal.evals.detection import summarise

    def row(game, detected, confidence, confident):
        return {"correct": confident and detected == game, "top": detected == game, "listed": True,
                "confident": confident, "candidates": [{"game": detected, "confidence": confidence}]}

    results = [row("a", "a", 0.99, True), row("a", "b", 0.98, True), row("a", "a", 0.6, False),
               row("b", "a", 0.3, False)]
    summary = summarise(results)
    assert summary["accuracy"] == 0.25 and summary["confident_wrong"] == 0.25 and summary["asked"] == 0.5
    assert summary["top_candidate"] == 0.5 and summary["right_when_confident"] == 0.5
    levels = {r["confidence_at_least"]: r for r in summary["reliability"]}
    assert levels[0.5] == {"confidence_at_least": 0.5, "share": 0.75, "right": 0.667}
    assert levels[0.99] == {"confidence_at_least": 0.99, "share": 0.25, "right": 1.0}


def test_pairs_of_words_name_rules_that_single_words_do_not():
    books = {"dice": "A full house scores 25. Roll five dice; a small straight scores 30. " * 3,
             "hotel": "When the house is full, guests wait in rooms. Rooms score by floor and view, lift, stair. " * 3}
    detector = _detector(books)
    # 'full' and 'house' are words of both books, as often; only one has them as a pair
    assert detector.candidates("a full house", {})[0].game == "dice"
    assert detector.candidates("the house, full", {})[0].game == "hotel"


def test_catalogue_rebuilds_a_detector_saved_in_an_older_format(tmp_path):
    from rulespal.catalogue import Catalogue
    from rulespal.library import Library

    books = tmp_path / "books"
    books.mkdir()
    for game, text in CARD_GAMES.items():
        (books / f"{game}.md").write_text(f"---\nid: {game}\ntitle: {game.title()}\n---\n# Rules\n{text}\n")
    library = Library.from_paths([books])
    first = Catalogue(tmp_path / "cat").detector(library)
    (folder,) = (tmp_path / "cat").glob("detector-*")
    for old in folder.iterdir():  # as an older version left it: other files, no marker of this format
        old.unlink()
    (folder / "size.json").write_text("3")
    again = Catalogue(tmp_path / "cat").detector(Library(library.infos))
    assert again.candidates("peg out", {}) == first.candidates("peg out", {})
    assert any(folder.glob("*.npy"))


def test_a_game_is_named_only_by_a_name_no_other_book_uses():
    detector = _detector({"president": "Shed your cards. The President deals. Kings rank high.",
                          "cassino": "Capture cards with a king, a queen or a jack. Builds add up."},
                         {"president": ("Scum", "Kings")})
    assert detector.named("can kings go in builds?") is None  # a card of both books, not a name
    assert detector.named("in president do kings beat queens?") == "president"
    assert detector.named("who is the scum?") == "president"


def test_players_spellings_of_little_words_are_not_evidence_of_a_game():
    detector = _detector({"royal-game-of-ur": "The Royal Game of Ur is a race game. Ur players race pieces. " * 3,
                          "canasta": "Meld cards from your hand. A red three in hand at the end costs points. " * 3},
                         {"royal-game-of-ur": ("Ur",)})
    question = "how many pts do u lose if ur caught with a red 3 still in ur hand"
    assert detector.named(question) is None
    assert detector.candidates(question, {})[0].game == "canasta"
    assert detector.candidates("how do you win the royal game of ur?", {})[0].game == "royal-game-of-ur"


def test_a_multiplication_sign_is_the_x_players_type():
    from rulespal.detection import book_terms, question_words
    from rulespal.rulebook import parse_rulebook

    book = parse_rulebook("# Tiles\n\n## Scoring\n\nEach tile shows ×1, ×2 or ×3.\n", "tiles.md")
    assert "x3" in book_terms(book) and "x3" in question_words("put my x3 tile next to a x1")


def test_a_game_named_in_a_comparison_is_not_the_game_asked_about():
    detector = _detector(CARD_GAMES)
    assert detector.named("who wins a trick in trumps?") == "trumps"
    assert detector.named("do honours score like in pegs, or not at all?") is None
    board = _detector({"draughts": "Jump an enemy man to capture it. A double jump takes two men. Jump again. " * 3,
                       "yote": "Place a man from your hand on any empty square. Capture by jumping a man. " * 3})
    compared = board.candidates("can i place a man from my hand and jump, like in draughts?", {})
    assert compared == board.candidates("can i place a man from my hand and jump?", {})  # the compared name aside
    assert compared[0].game == "yote"


def test_a_games_two_nearest_chunks_vote_so_a_long_book_does_not_outvote_a_short_one():
    from rulespal.retrieval import VOTE_POWER, game_votes

    votes = game_votes([("okey:a:0", 0.9), ("okey:b:0", 0.9), ("okey:c:0", 0.9), ("tiles:a:0", 0.8)])
    assert votes == pytest.approx({"okey": 2 * 0.9 ** VOTE_POWER, "tiles": 0.8 ** VOTE_POWER})
