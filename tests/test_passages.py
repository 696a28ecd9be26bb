"""Small-to-big passages: a hit is widened into the rule around it, within a character budget."""

from rulespal.passages import build
from rulespal.rulebook import parse_rulebook

BOOK = parse_rulebook("""---
id: g
title: G
---
# 4. Movement
## 4.2 Move
Moving is described below.
### 4.2.1 Direction
Men move forward only.
### 4.2.2 Distance
One square at a time.
## 4.3 Long
""" + "\n\n".join(f"Paragraph {i} says something about the rule number {i}." for i in range(40)) + "\n", "g.md")


def test_short_parent_brings_its_subsections():
    passage = build(BOOK, BOOK.section("4-movement/4-2-move"), [(0, 10)])
    assert "Men move forward only." in passage.text and "One square at a time." in passage.text
    assert "4-movement/4-2-move/4-2-1-direction" in passage.covered


def test_small_section_brings_its_nearest_siblings_within_budget():
    section = BOOK.section("4-movement/4-2-move/4-2-2-distance")
    passage = build(BOOK, section, [(0, len(section.text))])
    assert passage.text.index("Men move forward") < passage.text.index("One square") and passage.span == section.text


def test_long_section_returns_the_text_around_the_match_within_budget():
    section = BOOK.section("4-movement/4-3-long")
    at = section.text.index("Paragraph 20")
    matched = (at, section.text.index("\n", at))
    passage = build(BOOK, section, [matched], budget=400)
    assert passage.span.startswith("Paragraph 20") and passage.span in passage.text
    assert "Paragraph 19" in passage.text and "Paragraph 21" in passage.text and len(passage.text) <= 400
    assert passage.covered == ()
    assert build(BOOK, section, [matched], budget=10).text == passage.span  # never less than the match


def test_a_matched_span_too_far_to_join_the_best_one_comes_as_a_piece_of_its_own_in_reading_order():
    section = BOOK.section("4-movement/4-3-long")
    first, last = (section.text.index(f"Paragraph {i} says") for i in (0, 30))
    spans = [(last, section.text.index("\n", last)), (first, section.text.index("\n", first))]
    passage = build(BOOK, section, spans, budget=400)
    assert passage.text.index("Paragraph 0 ") < passage.text.index("Paragraph 30") and len(passage.text) <= 400
    assert "Paragraph 15" not in passage.text and passage.span.startswith("Paragraph 30")


def test_a_short_parent_brings_the_subsections_the_search_matched_first():
    book = parse_rulebook("---\nid: g\ntitle: G\n---\n# 2. The Board\nThis chapter describes the board.\n"
                          "## 2.1 Layout\n" + "The layout is long. " * 40 + "\n## 2.2 Starting Position\n"
                          "Two checkers start on the 24-point.\n", "g.md")
    parent, start = book.section("2-the-board"), "2-the-board/2-2-starting-position"
    assert "24-point" not in build(book, parent, [(0, 10)], budget=600).text
    passage = build(book, parent, [(0, 10)], budget=600, matched=("2-the-board", start))
    assert "24-point" in passage.text and start in passage.covered and len(passage.text) <= 600


def test_a_lone_subsection_is_read_after_the_rule_it_qualifies():
    book = parse_rulebook("---\nid: g\ntitle: G\n---\n# Breaking Hearts\nHearts may not be led until broken.\n"
                          "## Only Hearts Left\nA player holding only hearts may lead one.\n", "g.md")
    child = book.section("breaking-hearts/only-hearts-left")
    passage = build(book, child, [(0, len(child.text))])
    assert passage.text.index("may not be led") < passage.text.index("holding only hearts")
    assert "breaking-hearts" in passage.covered
