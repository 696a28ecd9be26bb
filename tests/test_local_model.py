"""The embedded local model end to end (slow: loads the 1.1 GB Qwen2.5-Coder-1.5B GGUF on llama.cpp)."""

import pytest

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def local_bot(pal):
    pytest.importorskip("llama_cpp")
    from langgraph.checkpoint.memory import InMemorySaver

    from rulespal.agent import Assistant

    return Assistant(pal, model_spec="local", checkpointer=InMemorySaver())


def test_weights_assemble_and_match_the_pinned_hash(pal):
    from rulespal.models.weights import GGUF_SHA256, ensure_gguf

    path = ensure_gguf(pal.settings.home)
    assert path.stat().st_size > 1_000_000_000
    assert path.with_suffix(".sha256").read_text().split()[0] == GGUF_SHA256


def test_local_model_choices_are_its_next_token_probabilities(local_bot):
    """The mechanism, not the model's judgement (which is why its verdicts are not shown: on this very prompt
    the 1.5B model has preferred "Yes")."""
    from rulespal.models.base import Message, option_of

    model = local_bot.model
    messages = [Message("user", 'Rule: "Spaces only at diagonals are not adjacent." '
                                "Question: are diagonal spaces adjacent? Reply Yes, No or Unclear.")]
    options = ("Yes", "No", "Unclear")
    probs = model.choose(messages, options)
    assert abs(sum(probs.values()) - 1) < 1e-6 and all(p > 0 for p in probs.values())
    greedy = model.llama.create_chat_completion(messages=model._chat(messages), max_tokens=1, temperature=0.0)
    assert option_of(greedy["choices"][0]["message"]["content"], options) == max(probs, key=probs.get)
    again = model.choose(messages, options)  # from the cached prompt prefix: the same distribution (batching aside)
    assert all(abs(again[o] - probs[o]) < 0.02 for o in options)


def test_local_model_answers_a_rules_question_with_a_verified_citation(local_bot):
    answer = local_bot.ask("Do diagonal spaces count as adjacent in Cartographers?")
    assert answer.game == "cartographers" and answer.verdict in (None, "no")
    assert answer.citations and answer.citations[0].section_id == "general-scoring-rules-to-remember"


def test_local_model_routes_a_described_placement_to_the_engine(local_bot):
    answer = local_bot.ask("I put a forest tile worth 2 Pawints at row 0 column 1 next to my forest worth 1 at "
                           "row 0 column 0. How many Pawints do I score?", game="cational-meographic")
    assert answer.tool_calls and answer.tool_calls[0].name.endswith("cational_meographic")
    assert answer.basis in ("engine", "rule")  # an engine error falls back to the rulebook, never shown


def test_local_model_scoring_question_uses_the_engine_numbers(local_bot):
    position = {"board": [{"at": [0, 0], "type": "forest", "pawints": 1}],
                "placed": {"at": [0, 1], "type": "forest", "pawints": 2}, "missions": []}
    answer = local_bot.ask("How many Pawints does this placement score?", game="cational-meographic",
                           position=position)
    engine = [t for t in answer.tool_calls if t.name == "score_cational_meographic"]
    assert engine and engine[0].result["total"] == 3  # tile 2 + forest neighbour with fewer Pawints 1
    assert answer.answer.startswith("The engine scores this at 3")
