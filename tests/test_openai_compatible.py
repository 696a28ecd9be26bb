"""The OpenAI-compatible model path end to end against a real llama.cpp server (llama-cpp-python[server]) serving
the embedded GGUF on 127.0.0.1 (slow: loads the 1.1 GB model in a second process)."""

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from services import llama_server

from rulespal.agent import Assistant
from rulespal.models.base import Message, ModelUnavailable
from rulespal.models.openai_compatible import OpenAICompatibleModel, parse_spec
from rulespal.tools import engine_tool_specs

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served(pal):
    pytest.importorskip("llama_cpp.server")
    from rulespal.models.weights import ensure_gguf

    with llama_server(ensure_gguf(pal.settings.home)) as url:
        yield f"openai-compatible:{url}?model=embedded"


def test_spec_names_the_server_and_model():
    assert parse_spec("openai-compatible:http://127.0.0.1:8080/v1/?model=qwen") == ("http://127.0.0.1:8080/v1", "qwen")
    with pytest.raises(ModelUnavailable):
        parse_spec("openai-compatible:localhost")


def test_verdicts_and_prose_are_opt_in_for_a_server_whose_model_is_unknown():
    plain = OpenAICompatibleModel("openai-compatible:http://127.0.0.1:9/v1").capabilities
    assert not plain.verdicts and not plain.prose and plain.router
    chosen = OpenAICompatibleModel("openai-compatible:http://127.0.0.1:9/v1?verdicts=1&prose=1").capabilities
    assert chosen.verdicts and chosen.prose


def test_choices_come_with_probabilities_from_the_servers_logprobs(served):
    model = OpenAICompatibleModel(served)
    probs = model.choose([Message("user", 'Rule: "Spaces only at diagonals are not adjacent." Question: are '
                                          "diagonal spaces adjacent? Reply Yes or No.")], ("Yes", "No"))
    assert abs(sum(probs.values()) - 1) < 1e-6 and 0 < probs["No"] < 1  # real probabilities, not a 0/1 pick


def test_replies_stream_token_by_token(served):
    tokens = list(OpenAICompatibleModel(served).stream([Message("user", "Say: ready")], max_tokens=8))
    assert len(tokens) >= 2 and "".join(tokens).strip()


def test_engine_calls_are_constrained_to_the_tool_schemas(served):
    tools = engine_tool_specs("cational-meographic")
    choice = OpenAICompatibleModel(served).route(
        [Message("user", "Fill the score_cational_meographic call: my board has a forest tile worth 1 at [0,0]; I "
                         "placed a forest tile worth 2 at [0,1]; no missions.")], tools)
    assert choice is None or choice.name in {t.name for t in tools}


def test_the_assistant_answers_through_the_server(pal, served):
    bot = Assistant(pal, model_spec=f"{served}&verdicts=1", checkpointer=InMemorySaver())
    answer = bot.ask("Do diagonal spaces count as adjacent in Cartographers?")
    assert answer.basis in ("verdict", "rule") and answer.verdict in (None, "no")
    assert answer.citations[0].section_id == "general-scoring-rules-to-remember"
    position = {"board": [{"at": [0, 0], "type": "forest", "pawints": 1}],
                "placed": {"at": [0, 1], "type": "forest", "pawints": 2}, "missions": []}
    scored = bot.ask("How many Pawints does this placement score?", game="cational-meographic", position=position)
    assert scored.basis == "engine" and scored.tool_calls[0].result["total"] == 3
