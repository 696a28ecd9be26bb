"""The book's definitions: read from its sentences, and quoted beside a rule that leans on one when the question
turns on it."""

from langgraph.checkpoint.memory import InMemorySaver

from rulespal.agent import Assistant
from rulespal.definitions import definitions
from rulespal.rulebook import Section


def section(text: str) -> Section:
    return Section("words", "Words", 1, ("Words",), None, text, 0)


def read(text: str) -> list[tuple[str, str]]:
    return [(d.term, d.meaning.strip()) for d in definitions(section(text))]


def test_a_term_and_its_meaning_are_read_from_the_defining_cue():
    assert read("Words used below: *adjacent* means sharing a side (never just a corner); a *cluster* is a group.") \
        == [("adjacent", "sharing a side (never just a corner")]
    assert read("Mountains, wastelands, monsters and drawn ruins all count as filled.") \
        == [("filled", "Mountains, wastelands, monsters and drawn ruins all")]
    assert read("Spaces that share a side are adjacent. Spaces only at diagonals are not.") \
        == [("adjacent", "share a side   Spaces only at diagonals are not.")]


def test_a_glossary_entry_is_a_definition_and_a_plain_rule_is_not():
    meld = "a set of cards laid face up to score."
    meld = "a set of cards laid face up to score."
    assert read(f"- **Meld**: {meld}") == [("Meld", meld)]
    assert read("Draw one card, then discard one card. You may not pass.") == []


def bot(pal) -> Assistant:
    return Assistant(pal, model_spec="extractive", checkpointer=InMemorySaver())


def test_the_definition_a_rule_leans_on_is_quoted_when_the_question_turns_on_it(pal):
    question = "cartographers: my empty square touches a monster space only diagonally at its corner, do I lose a star?"
    context = bot(pal).prepare(question)
    defined = context.defined
    assert defined is not None and "adjacent" in defined.text  # what adjacent means: a side, never a corner
    assert ("Spaces only at diagonals are not." in defined.text or "never just a corner" in defined.text)
    assert context.shown[-1] == defined
    answer = bot(pal).ask(question)
    assert any(c.quote == defined.text and c.section_id == defined.section_id for c in answer.citations)


def test_no_definition_is_added_when_the_question_does_not_turn_on_one(pal):
    for question in ("cartographers: may I flip my shape before drawing it?",
                     "cartographers: can my shape go anywhere, not touching what I drew before?"):
        assert bot(pal).prepare(question).defined is None
