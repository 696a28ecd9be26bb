"""Parsing Markdown rulebooks into sections with stable ids."""

from pathlib import Path

import pytest

from rulespal.errors import RulebookFormatError
from rulespal.library import Library
from rulespal.rulebook import parse_rulebook, slugify
from rulespal.settings import BUNDLED_RULEBOOKS

BOOKS = BUNDLED_RULEBOOKS
SAMPLE = """---
id: demo-game
title: Demo Game
aliases: [Demo, "Demo: The Game"]
---
# Setup
Put the board out.

## Tiles & Cards
Shuffle them.

```
# not a heading
```

# Setup
Again.
"""


def test_slugify_drops_apostrophes_and_punctuation():
    assert slugify("Scoring the Queen's Edicts") == "scoring-the-queens-edicts"
    assert slugify("1. Explore Phase") == "1-explore-phase"
    assert slugify("Preparation (Setup)") == "preparation-setup"


def test_sections_ids_paths_and_fences():
    book = parse_rulebook(SAMPLE)
    assert [s.id for s in book.sections] == ["setup", "setup/tiles-cards", "setup-2"]
    tiles = book.section("setup/tiles-cards")
    assert tiles.heading_path == ("Setup", "Tiles & Cards") and tiles.parent_id == "setup"
    assert "# not a heading" in tiles.text
    assert book.aliases == ("Demo", "Demo: The Game")


def test_ids_are_stable_across_parses():
    assert [s.id for s in parse_rulebook(SAMPLE).sections] == [s.id for s in parse_rulebook(SAMPLE).sections]


def test_no_front_matter_uses_file_name_and_first_heading(tmp_path):
    book = parse_rulebook("# Tiny Game\n\n## Rules\nPlay.\n## Scoring\nCount.\n", tmp_path / "Tiny Game.md")
    assert (book.id, book.title) == ("tiny-game", "Tiny Game")
    assert [s.id for s in book.sections] == ["rules", "scoring"]


def test_text_before_first_heading_is_kept():
    book = parse_rulebook("Intro words.\n\n# Rules\nPlay.\n", "x.md")
    assert book.sections[0].id == "introduction" and book.sections[0].text == "Intro words."


def test_underlined_headings_are_headings():
    text = "Tiny Game\n=========\n\nSetup\n-----\nDeal five.\n\nScoring\n-------\n\nA ring scores 3.\n\n---\n\nMore.\n"
    book = parse_rulebook(text, "tiny.md")
    assert book.title == "Tiny Game" and [(s.id, s.level) for s in book.sections] == [("setup", 2), ("scoring", 2)]
    assert book.section("scoring").text == "A ring scores 3.\n\n---\n\nMore."  # a rule between paragraphs stays


def test_a_table_or_a_list_is_not_an_underlined_heading():
    text = "# Game\n\n| Card | Points |\n|---|---|\n| Ace | 11 |\n\n- one\n---\n\nText.\n"
    assert [s.id for s in parse_rulebook(text, "t.md").sections] == ["rules"]


def test_a_book_without_markdown_headings_takes_them_from_lines_standing_alone(tmp_path):
    text = ("**BOLD GAME RULES**\n\n**Setup:**\n\nEach player takes five tokens.\n\n"
            "**Can I pass?**\nNo, never.\n\nSPECIAL CASES\n\nIf the bag is empty, the game ends.\n\n"
            "**3.2 Ties**\n\nTies are shared. **Bold words** inside a paragraph stay text.\n")
    book = parse_rulebook(text, tmp_path / "bold.md")
    assert book.title == "BOLD GAME RULES"
    assert [(s.id, s.level) for s in book.sections] == [("setup", 2), ("special-cases", 2),
                                                        ("special-cases/3-2-ties", 3)]
    assert "**Can I pass?**\nNo, never." in book.section("setup").text  # an FAQ's question is not a heading


def test_text_copied_from_a_pdf_loses_its_page_numbers_and_running_headers():
    page_break = "\n\nPage 1 of 3\n\nTINY DICE - OFFICIAL RULES\n\n"
    text = ("# Tiny Dice\n\n1. SETUP\n\nEach player takes five dice and" + page_break + "one cup.\n\n10. SCORING\n\n"
            "A six scores 3." + page_break.replace("1 of", "2 of") + "A one scores nothing."
            + page_break.replace("1 of", "3 of") + "TINY DICE AT HOME\n\nPlay anywhere.\n")
    book = parse_rulebook(text, "tiny-dice.md")
    assert [s.id for s in book.sections] == ["1-setup", "10-scoring", "tiny-dice-at-home"]
    assert book.section("1-setup").text == "Each player takes five dice and\none cup."  # the page broke a sentence
    assert book.section("10-scoring").text == "A six scores 3.\n\nA one scores nothing."


def test_heading_titles_lose_their_markup():
    book = parse_rulebook("# G\n\n## **Scoring** _rules_\n\nA ring scores 3.\n\n## Setup <br>\n\nDeal.\n", "g.md")
    assert [(s.id, s.title) for s in book.sections] == [("scoring-rules", "Scoring rules"), ("setup", "Setup")]


def test_bold_lines_stay_text_in_a_book_with_headings():
    book = parse_rulebook("# Game\n\n## Setup\n\n**Important**\n\nDeal five.\n", "g.md")
    assert [s.id for s in book.sections] == ["setup"] and "**Important**" in book.sections[0].text


def test_a_title_line_over_bold_headings_keeps_them_as_headings():
    text = "# Klaverjas\n\n*A card game*\n\n**THE DEAL**\n\n1. Deal eight.\n\n**SCORING**\n\nA trick scores.\n"
    book = parse_rulebook(text, "k.md")
    assert book.title == "Klaverjas" and [s.id for s in book.sections] == ["introduction", "the-deal", "scoring"]
    assert book.section("the-deal").text == "1. Deal eight."


def test_a_rule_a_player_cites_by_number_brings_its_title_to_the_search():
    book = parse_rulebook("# Draughts\n\n## Article 9 – Irregularities\n\nText.\n\n### 9.1 Incorrect capture\n\n"
                          "More.\n\n## Rule 10: End of the Game\n\nEnd.\n")
    assert [s.number for s in book.sections] == ["9", "9.1", "10"]
    assert book.with_cited_titles("art 9 - he only took 1") == "art 9 - he only took 1 (Irregularities)"
    assert book.with_cited_titles("does rule 9.1 mean I choose?") == "does rule 9.1 mean I choose? (Incorrect capture)"
    assert book.with_cited_titles("i took 9 pieces, r 10 ok?") == "i took 9 pieces, r 10 ok?"  # no rule cited
    assert [s.id for s in book.cited("section 10 says so")] == ["rule-10-end-of-the-game"]


def test_an_html_table_is_read_as_a_markdown_table():
    book = parse_rulebook("# Fines\n\nPay as follows.\n\n<table>\n  <caption>Penalty table</caption>\n"
                          "  <tr><th>Offence</th><th>Penalty</th></tr>\n  <tr><td>Passing <b>with</b> a card</td>"
                          "<td>3 chips | to the pool</td></tr>\n</table>\n\nThat is all.\n")
    assert book.sections[0].text.split("\n\n") == [
        "Pay as follows.", "Penalty table:",
        "| Offence | Penalty |\n|---|---|\n| Passing with a card | 3 chips / to the pool |", "That is all."]


def test_a_book_without_any_heading_is_one_section_named_by_its_file(tmp_path):
    book = parse_rulebook("Each player takes five tokens.\n\nA ring scores 3.\n", tmp_path / "plain_game.txt")
    assert (book.id, book.title) == ("plain-game", "Plain Game")
    assert [(s.id, s.title) for s in book.sections] == [("rules", "Rules")]


@pytest.mark.parametrize("text, expected", [
    ("---\ntitle: [unclosed\n---\n# A\n", "not valid YAML"),
    ("---\ntitle: X\n# A\n", "no closing '---'"),
    ("---\naliases:\n  - Mission: Colonization\n---\n# A\nx\n", "aliases[0] must be a string"),
    ("", "the rulebook has no text"),
    ("\n  \n", "the rulebook has no text"),
])
def test_bad_rulebooks_say_what_is_wrong(text, expected):
    with pytest.raises(RulebookFormatError, match=expected.replace("[", r"\[")):
        parse_rulebook(text, "bad.md")


def test_bundled_rulebooks_have_the_table_of_contents_ids():
    lib = Library.from_paths([BOOKS])
    assert lib.ids == ("cartographers", "cational-meographic", "mise-kolonizace")
    cm = lib.resolve("Cational Meographic")
    assert [s.id for s in cm.sections][:3] == ["setup", "component-overview", "game-flow"]
    assert cm.section("solo-mode/hiking-titles") is not None
    carto = lib.resolve("cartos")
    for sid in ("general-scoring-rules-to-remember", "end-of-the-season/scoring-the-queens-edicts",
                "scoring-cards/village-cards/greengold-plains", "map-sides/side-b-wastelands"):
        assert carto.section(sid) is not None, sid
    assert lib.resolve("Kolonizace").id == "mise-kolonizace"


def test_duplicate_game_ids_are_refused(tmp_path):
    (tmp_path / "a.md").write_text("---\nid: same\ntitle: A\n---\n# X\ny\n")
    (tmp_path / "b.md").write_text("---\nid: same\ntitle: B\n---\n# X\ny\n")
    with pytest.raises(RulebookFormatError, match="already used"):
        Library.from_paths([tmp_path])


def test_source_text_survives_into_the_rulebooks():
    """Every sentence of the rulebook sources appears in the Markdown (nothing lost)."""
    import re

    sources = Path(__file__).resolve().parents[2] / "shared" / "rulebook-sources"
    if not sources.exists():
        pytest.skip("shared/rulebook-sources is not beside this checkout")
    norm = lambda t: " ".join(re.sub(r"[*_`#>|•:\-]", " ", t.replace("’", "'")).split()).lower()  # noqa: E731
    for name in ("cartographers", "mise-kolonizace", "cational-meographic"):
        book = norm((BOOKS / f"{name}.md").read_text())
        src = (sources / f"{name}.txt").read_text()
        missing = [s for s in re.split(r"(?<=[.!?])\s+|\n", src)
                   if len(s.strip()) > 25 and norm(s).strip(" .") not in book]
        assert len(missing) <= 3, (name, missing[:5])


PAGED = """---
id: paged
title: Paged
sha256: "0123"
---
# Setup
<!-- pages: 2-3 -->

Put the board out.

## Tiles
<!-- pages: 3-3 -->
Shuffle them.

# Scoring
Count the <!-- pages: 9-9 --> points.
"""


def test_page_comment_under_a_heading_becomes_the_section_pages():
    """The `<!-- pages: a-b -->` line under a heading is lifted into Section.pages and leaves the text."""
    book = parse_rulebook(PAGED)
    setup, tiles, scoring = book.sections
    assert (setup.pages, setup.text) == ((2, 3), "Put the board out.")
    assert (tiles.pages, tiles.text) == ((3, 3), "Shuffle them.")
    assert scoring.pages is None and "pages: 9-9" in scoring.text  # only the line right under the heading counts
    assert book.sha256 == "0123" and book.source_pdf is None  # no PDF beside an in-memory book


def test_markdown_books_have_no_pages():
    """Bundled Markdown books carry no page ranges and no source PDF."""
    book = Library.from_paths([BOOKS]).resolve("cartographers")
    assert all(s.pages is None for s in book.sections) and book.source_pdf is None
