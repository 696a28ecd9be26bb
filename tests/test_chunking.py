"""Section-aware chunking."""

from rulespal.chunking import MAX_CHARS, chunk_rulebook
from rulespal.rulebook import parse_rulebook


def _book(body: str):
    return parse_rulebook("---\nid: g\ntitle: G\n---\n" + body, "g.md")


def test_short_sections_are_one_chunk_with_citation_fields():
    chunks = chunk_rulebook(_book("# A\nOne.\n## B\nTwo.\n"))
    assert [(c.section_id, c.text) for c in chunks] == [("a", "One."), ("a/b", "Two.")]
    assert chunks[1].heading_path == ("A", "B") and chunks[1].game == "g" and chunks[1].title == "B"
    assert chunks[1].embed_text.startswith("G — A > B")


def test_long_sections_split_on_paragraphs_with_overlap_and_lose_nothing():
    paras = [f"Paragraph {i} " + "word " * 40 for i in range(12)]
    chunks = chunk_rulebook(_book("# Long\n" + "\n\n".join(paras) + "\n"))
    assert len(chunks) > 2 and all(len(c.text) <= MAX_CHARS + 10 for c in chunks)
    joined = "\n\n".join(c.text for c in chunks)
    assert all(p.strip() in joined for p in paras)
    assert chunks[0].text.split("\n\n")[-1] == chunks[1].text.split("\n\n")[0]  # one block of overlap
    assert len({c.id for c in chunks}) == len(chunks)


def test_heading_only_section_still_findable():
    chunks = chunk_rulebook(_book("# Parent\n## Child\ntext\n"))
    assert chunks[0].section_id == "parent" and chunks[0].text == "Parent"
