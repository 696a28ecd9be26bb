"""The local model's prompt handling and constrained router, without loading the weights."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from engine import engine_ids
from rulespal.prompts import engine_result_line
from rulespal.tools import engine_tools, rulebook_tools

local = pytest.importorskip("rulespal.models.local")


def human(question: str, context: str | None = None) -> HumanMessage:
    return HumanMessage(content=context or question, additional_kwargs={"rulespal": {"question": question}})


@pytest.mark.parametrize("game", engine_ids())
def test_every_games_tools_compile_to_one_router_grammar(pal, game):
    model = local.LocalChatModel().bind_tools(rulebook_tools(pal) + engine_tools(game))
    schema = local._router_schema(model.tools)
    names = [opt["properties"]["action"]["const"] for opt in schema["anyOf"]]
    assert names[0] == "answer" and f"score_{game.replace('-', '_')}" in names
    assert local._grammar(schema) is not None  # llama.cpp accepts the JSON Schema as a grammar


def test_older_turns_are_reduced_to_their_questions():
    model = local.LocalChatModel()
    chat = model._chat([SystemMessage(content="sys"), human("first?", "PASSAGES… first?"), AIMessage(content="A1"),
                        human("second?", "PASSAGES… second?")])
    assert [m["content"] for m in chat] == ["sys", "first?", "A1", "PASSAGES… second?"]


def test_tool_results_are_shown_to_the_model_as_user_text():
    chat = local.LocalChatModel()._chat([human("q"), AIMessage(content="", tool_calls=[
        {"name": "read_section", "args": {"game": "g", "section_id": "s"}, "id": "1", "type": "tool_call"}]),
        ToolMessage(content='{"text": "rule"}', tool_call_id="1", name="read_section")])
    assert chat[1] == {"role": "assistant",
                       "content": '(I asked the rules engine: read_section with {"game": "g", "section_id": "s"}.)'}
    assert chat[2]["content"].startswith("Tool result (read_section):")


def test_routing_only_for_concrete_points_or_legality_questions(pal):
    assert not local.LocalChatModel().bind_tools(rulebook_tools(pal))._wants_tool(
        [human("I placed a forest x2 next to a forest x1, how many Pawints?")])  # no engine tool to route to
    model = local.LocalChatModel().bind_tools(rulebook_tools(pal) + engine_tools("cational-meographic"))
    assert [t["function"]["name"] for t in model._engine_tools()] == [
        t.name for t in engine_tools("cational-meographic")]  # the router never offers the rulebook tools
    assert model._wants_tool([human("I placed a forest x2 next to a forest x1, how many Pawints?")])
    assert not model._wants_tool([human("How many points is each alien worth?")])
    assert not model._wants_tool([human("Do diagonal spaces count as adjacent?")])
    computed = human("How many Pawints is my placement worth?", engine_result_line("score_x", '{"total": 3}'))
    assert not model._wants_tool([computed])  # the engine already ran on the pasted position
