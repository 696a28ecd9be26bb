"""Section-aware chunking."""

from rulespal.chunking import MAX_CHARS, chunk_rulebook
from rulespal.lexical import tokenize
from rulespal.matter import variant_roots
from rulespal.rulebook import parse_rulebook


def _book(body: str):
    return parse_rulebook("---\nid: g\ntitle: G\n---\n" + body, "g.md")


def test_short_sections_are_one_chunk_with_citation_fields():
    chunks = chunk_rulebook(_book("# A\nOne.\n## B\nTwo.\n"))
    assert [(c.section_id, c.text) for c in chunks] == [("a", "One."), ("a/b", "Two.")]
    assert chunks[1].heading_path == ("A", "B") and chunks[1].game == "g" and chunks[1].title == "B"
    assert chunks[1].embed_text.startswith("G — A > B")


def test_long_sections_split_on_paragraphs_into_exact_spans_and_lose_nothing():
    paras = [f"Paragraph {i} " + "word " * 40 for i in range(12)]
    book = _book("# Long\n" + "\n\n".join(paras) + "\n")
    chunks = chunk_rulebook(book)
    assert len(chunks) > 2 and all(len(c.text) <= MAX_CHARS for c in chunks)
    section = book.sections[0]
    assert all(section.text[c.start:c.end] == c.text for c in chunks)
    joined = "\n\n".join(c.text for c in chunks)
    assert all(p.strip() in joined for p in paras)
    assert len({c.id for c in chunks}) == len(chunks)


def test_numbered_headings_and_rule_ids_are_search_terms():
    book = _book("# 4. Movement\n## 4.2 Move\nSee 4.2.1.\n### 4.2.1 Direction\nForward only.\n## A.3 Setup\nx\n")
    assert [s.number for s in book.sections] == ["4", "4.2", "4.2.1", "A.3"]
    assert "4.2.1" in tokenize(chunk_rulebook(book)[2].embed_text) and "4.2" in tokenize("what does rule 4.2 say")


def test_contents_credits_index_and_copyright_are_browsable_but_not_indexed():
    book = _book("# Contents\n- 1. Setup\n- 2. Playing the Game\n- 3. Scoring Points\n- 4. End of the Game\n"
                 "- 5. Variants for Two\n# 1. Setup\nDeal five cards.\n# 2. Playing the Game\nPlay one card.\n"
                 "# 3. Scoring Points\nOne point a trick.\n# 4. End of the Game\nAfter ten rounds.\n"
                 "# 5. Variants for Two\nDeal ten.\n# Credits\nGame design: Ann Lee\nArt: Bo Park, Cy Twombly\n"
                 "Playtesters: Dee Dee, Eve Arden\n# Legal\n© 2024 Foo Games. All rights reserved.\n")
    indexed = {c.section_id for c in chunk_rulebook(book)}
    assert indexed == {"1-setup", "2-playing-the-game", "3-scoring-points", "4-end-of-the-game", "5-variants-for-two"}
    assert book.section("credits") and book.section("contents")


def test_heading_only_section_still_findable():
    chunks = chunk_rulebook(_book("# Parent\n## Child\ntext\n"))
    assert chunks[0].section_id == "parent" and chunks[0].text == "Parent"


def test_variant_chapters_are_recognised_by_title_or_by_restating_the_standard_game():
    book = _book("# Standard Game\n## Dealing\nDeal 13.\n## Passing\nPass 3.\n## Scoring\nHearts 1.\n"
                 "# Three Players\n## Dealing\nDeal 17.\n## Scoring\nSame.\n# Irregularities\n## Misdeals\nRedeal.\n"
                 "# Optional Rules\n## Jacoby\nGammons count only after a double.\n# Turn\n## Meld (optional)\nx\n")
    assert [s.id for s in variant_roots(book)] == ["three-players", "optional-rules"]
