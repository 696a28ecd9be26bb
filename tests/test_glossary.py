"""A book's glossary: the plain words players use for its own terms, added to the question as searched."""

from rulespal.glossary import entries, glossary, glossary_terms, with_glossary_terms
from rulespal.retrieval import as_searched
from rulespal.rulebook import parse_rulebook

BOOK = """---
id: pits
title: Pits
---
# Pits

## Words

- **rumah** — one of the two large holes at the ends of the board. Each player owns one rumah.
- **kampung** — one of the small holes in the two long rows of the board.
- **lawan** — the opponent.
- **mati** — "dead": the turn is over.
- **ronda** — three cards of the same rank received by one player.
- **Jack** — the small white ball that is the target. Players often call it the kitty.
- **Head** — the jack together with all bowls at rest.
- **Out-of-bounds** — any area marked as out of play. Often shortened to OB.

## Dealing

Deal five cards to each player, one card at a time. Cards left over go face down. A card turned up is dealt again.
Each player looks at their cards; a player who holds three cards of a rank shows those cards. No card is traded.

## Shooting

When you shoot, you take the seeds of the lawan's kampung opposite and put them into your rumah.
"""


def test_a_player_says_a_native_term_by_the_head_of_its_meaning():
    book = parse_rulebook(BOOK)
    assert glossary_terms("can i put my one seed in my big hole?", book) == ["rumah"]  # 'two large holes'
    assert glossary_terms("every little hole on my side is empty", book) == ["kampung"]
    assert glossary_terms("what if my opponent shoots?", book) == ["lawan"]  # a meaning of one word
    assert glossary_terms("is my turn dead now?", book) == ["mati"]  # the translation the entry gives
    assert with_glossary_terms("how many go in my big hole?", book) == "how many go in my big hole? (rumah)"


def test_an_entry_names_what_players_call_a_term_whatever_its_language():
    book = parse_rulebook(BOOK)
    assert glossary_terms("how far must the kitty go?", book) == ["Jack"]
    assert glossary_terms("my drive skipped across the road, which is OB", book) == ["Out-of-bounds"]
    assert "Head" not in {g.term for g in glossary(book)}  # an English word's meaning is not its players' word


def test_a_term_already_said_or_a_count_of_things_is_not_added():
    book = parse_rulebook(BOOK)
    assert glossary_terms("does the big hole count as my rumah?", book) == []
    assert glossary_terms("three of us tonight, how do we deal the cards?", book) == []  # not a ronda


def test_the_question_is_searched_with_the_glossary_terms():
    book = parse_rulebook(BOOK)
    assert as_searched("my last seed landed opposite a full pit, how many go in my big hole?", book).endswith(
        "(rumah)")


def test_a_glossary_is_read_from_a_table_of_meanings_and_from_terms_glossed_in_brackets():
    text = """| Term | Meaning |
|---|---|
| **nyumba** | the big square pit of each player |

| Card | Points |
|---|---|
| Ace | 11 |

Before play you may make an *accuso* (a declaration of three aces) to score."""
    assert entries(text) == [("nyumba", "the big square pit of each player"),
                             ("accuso", "a declaration of three aces")]  # a table of points is no glossary


def test_a_table_of_terms_gives_each_form_and_a_one_word_head_counts_where_the_book_says_the_term_instead():
    book = parse_rulebook("""---
id: rows
title: Rows
---
# Rows

## Terms

| Luganda term | Plural | Meaning in this book |
|---|---|---|
| mpiki | empiki | one seed used as a counter |
| essa | amasa | one card of the board |

## Play

Sow the empiki one by one. Deal the cards: every card counts, a card is laid in each essa, and the cards left
over, card by card, go back; a card turned up is a card in play; no card is wasted and no cards are hidden.
""")
    assert glossary_terms("can i grab their seeds?", book) == ["mpiki", "empiki"]
    assert glossary_terms("how many cards do i lay?", book) == []  # the book says 'card' itself: no essa
