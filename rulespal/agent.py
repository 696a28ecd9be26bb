"""The RulesPal agent: retrieval first, engine calls for numbers and legality, a LangChain agent for the words,
and verified citations; streamed as events and remembered per thread."""

from __future__ import annotations

import json
import re
import threading
import uuid
from collections.abc import Iterator
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, ToolMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.errors import GraphRecursionError

from engine import PositionError, engine_ids, get_engine
from rulespal.answer import Answer, Citation, Event, ToolCallRecord
from rulespal.citations import best_sentence, extract_quotes, section_refs, unsupported_numbers, verify
from rulespal.errors import EmptyQuestion, QuestionTooLong, UnknownGame
from rulespal.memory import make_checkpointer
from rulespal.models.registry import get_chat_model
from rulespal.prompts import engine_result_line, prompt
from rulespal.questions import engine_intent, find_position, is_followup
from rulespal.retrieval import Hit, SearchResult
from rulespal.service import RulesPal
from rulespal.tools import engine_tools, result_text, rulebook_tools, tool_name

PASSAGES = 3  # default number of passages in the prompt; a model may ask for fewer (context_passages)
REFUSAL_MARKERS = ("does not say", "doesn't say", "does not cover", "doesn't cover", "not covered", "no rule")


def _hit_dict(hit: Hit) -> dict[str, Any]:
    return {"game": hit.game, "section_id": hit.section_id, "title": hit.title}


class Assistant:
    """Answers questions with citations; one instance per process (models, agents and memory are shared)."""

    def __init__(self, pal: RulesPal, model: BaseChatModel | None = None, model_spec: str | None = None,
                 checkpointer: BaseCheckpointSaver | None = None):
        self.pal = pal
        self.model_spec = model_spec or pal.settings.model
        self.model = model or get_chat_model(self.model_spec)
        self.checkpointer = checkpointer or make_checkpointer(pal.settings)
        self._agents: dict[str, Any] = {}
        self._lock = threading.Lock()

    # --- building blocks ------------------------------------------------------------------------------------
    def _tools(self, game: str) -> list:
        return rulebook_tools(self.pal) + (engine_tools(game) if game in engine_ids() else [])

    def _prompt(self, name: str) -> str:
        """A prompt in the model's style: small local models get the compact variant (fewer rules to copy)."""
        style = getattr(self.model, "prompt_style", "")
        return prompt(f"{name}_{style}" if style else name)

    def _system_prompt(self) -> str:
        games = ", ".join(f"{b.title} ({b.id})" for b in self.pal.library.books)
        return self._prompt("system").format(games=games)

    def _agent(self, game: str):
        with self._lock:
            if game not in self._agents:
                self._agents[game] = create_agent(self.model, self._tools(game), system_prompt=self._system_prompt(),
                                                  checkpointer=self.checkpointer)
            return self._agents[game]

    def warm_up(self) -> None:
        """Build the index and, for a local model, evaluate the fixed system prompt once (then cached)."""
        self.pal.open_index()
        warm = getattr(self.model, "warm_up", None)
        if warm is not None:
            warm(self._system_prompt())

    def _history(self, thread_id: str) -> list[dict[str, Any]]:
        """Earlier turns of a thread: the question and game of each human message."""
        state = self._agent(self.pal.library.ids[0]).get_state({"configurable": {"thread_id": thread_id}})
        messages = state.values.get("messages", []) if state and state.values else []
        return [m.additional_kwargs["rulespal"] for m in messages
                if isinstance(m, HumanMessage) and "rulespal" in m.additional_kwargs]

    def _resolve_game(self, question: str, game: str | None, history: list[dict[str, Any]]) -> str | None:
        if game:
            return self.pal.book(game).id
        named = self.pal.library.mentioned(question)
        if named:
            return named.id
        if history and is_followup(question):
            return history[-1].get("game")
        return None

    def _engine_first(self, game: str, question: str, position: Any) -> ToolCallRecord | None:
        """Run the engine on a position given with the question, whatever the model would do."""
        if position is None or game not in engine_ids():
            return None
        operation = engine_intent(question, position, fitting_operations(game, position))
        try:
            result: Any = self.pal.run_engine(game, operation, position)
        except PositionError as exc:
            result = {"error": f"invalid position: {exc}",
                      "errors": [{"loc": list(e.loc), "msg": e.msg} for e in exc.errors]}
        args = position if isinstance(position, dict) else {"text": position}
        return ToolCallRecord(tool_name(operation, game), args, result)

    def _context(self, question: str, found: SearchResult, engine: ToolCallRecord | None) -> str:
        book = self.pal.book(found.game) if found.game else None
        count = getattr(self.model, "context_passages", PASSAGES)
        passages = "\n".join(f"[{n}] {h.section_id} — {h.title}\n<<<\n{h.text}\n>>>"
                             for n, h in enumerate(found.hits[:count], 1))
        engine_text = f"\n{engine_result_line(engine.name, result_text(engine.result))}\n" if engine else ""
        return self._prompt("context").format(question=question, game=found.game or "unknown",
                                        game_title=book.title if book else "unknown", passages=passages,
                                        engine=engine_text,
                                        engine_hint=" and report the engine result's numbers exactly" if engine else "")

    def _fallback_citation(self, found: SearchResult, query: str) -> Citation | None:
        if not found.hits:
            return None
        top = found.hits[0]
        _book, sec = self.pal.section(top.game, top.section_id)
        return Citation(top.game, sec.id, sec.title, best_sentence(sec.text, query))

    def _citations(self, text: str, game: str, found: SearchResult, read: list[str], query: str) -> list[Citation]:
        candidates = list(dict.fromkeys([h.section_id for h in found.hits] + read))
        book = self.pal.book(game)
        cited: list[Citation] = []
        for cand in extract_quotes(text):
            order = ([cand.section_id] if cand.section_id else []) + candidates + [s.id for s in book.sections]
            citation = verify(self.pal.library, game, cand.quote, order)
            if citation and citation not in cited:
                cited.append(citation)
        for sid in section_refs(text):  # a bare [section-id] counts only for a section the answer was built on
            sec = book.section(sid) if sid in candidates else None
            if sec and not any(c.section_id == sid for c in cited):
                cited.append(Citation(game, sid, sec.title, best_sentence(sec.text, query)))
        if not cited and (fallback := self._fallback_citation(found, query)):
            cited.append(fallback)
        return cited

    def _remember(self, game: str, config: dict, human: HumanMessage, reply: str) -> None:
        self._agent(game).update_state(config, {"messages": [human, AIMessage(content=reply)]})

    # --- the answer flow ------------------------------------------------------------------------------------
    def stream(self, question: str, game: str | None = None, thread_id: str | None = None,
               position: Any = None) -> Iterator[Event]:
        """Answer a question as a stream of events ending with `done` (the whole Answer); bad questions raise
        before the first event (EmptyQuestion, QuestionTooLong, UnknownGame)."""
        question = question.strip()
        limit = self.pal.settings.max_question_chars
        if len(question) > limit:
            raise QuestionTooLong(len(question), limit)
        if not question:
            raise EmptyQuestion("the question is empty")
        thread_id = thread_id or uuid.uuid4().hex
        config = {"configurable": {"thread_id": thread_id}, "recursion_limit": 12}
        history = self._history(thread_id)
        game = self._resolve_game(question, game, history)
        previous = history[-1]["question"] if history and is_followup(question) else None
        query = f"{previous} {question}" if previous else question
        found = self.pal.search(question, game=game, k=5, follow_up_of=previous)
        game = found.game
        if game is None:
            raise UnknownGame(question, self.pal.library.ids)
        early = self._fallback_citation(found, query)
        yield Event("citations", {"game": game, "citations": [early.__dict__] if early else [], "preliminary": True})

        human = HumanMessage(content="", additional_kwargs={"rulespal": {"question": question, "game": game}})
        nearest = tuple(_hit_dict(h) for h in found.hits[:3])
        pasted = position if position is not None else find_position(question)
        if pasted is None and not found.relevant(self.pal.settings.relevance_threshold):
            title = self.pal.book(game).title
            text = (f"The {title} rulebook does not seem to cover this. Nearest sections: "
                    + "; ".join(f"{h['title']} [{h['section_id']}]" for h in nearest) + ".")
            self._remember(game, config, replace_content(human, question), text)
            yield Event("token", {"text": text})
            answer = Answer(text, game, (), (), thread_id, covered=False, nearest=nearest)
            yield Event("done", answer.to_dict())
            return

        records: list[ToolCallRecord] = []
        if (engine := self._engine_first(game, question, pasted)) is not None:
            records.append(engine)
            yield Event("tool_call", {"name": engine.name, "args": engine.args})
            yield Event("tool_result", {"name": engine.name, "result": engine.result})
        human = replace_content(human, self._context(question, found, engine))

        pending: dict[str, dict[str, Any]] = {}
        read_sections: list[str] = []
        final = ""
        try:
            for mode, chunk in self._agent(game).stream({"messages": [human]}, config,
                                                        stream_mode=["messages", "updates"]):
                if mode == "messages":
                    message, meta = chunk
                    if isinstance(message, AIMessageChunk) and message.content and not message.tool_call_chunks:
                        yield Event("token", {"text": str(message.content)})
                    continue
                for update in chunk.values():
                    for message in (update or {}).get("messages", []):
                        if isinstance(message, AIMessage) and message.tool_calls:
                            for call in message.tool_calls:
                                pending[call["id"]] = call
                                yield Event("tool_call", {"name": call["name"], "args": call["args"]})
                        elif isinstance(message, AIMessage):
                            final = str(message.content)
                        elif isinstance(message, ToolMessage):
                            call = pending.pop(message.tool_call_id, {"name": message.name, "args": {}})
                            result = _parse(message.content)
                            records.append(ToolCallRecord(call["name"], call["args"], result))
                            if isinstance(result, dict) and "section_id" in result:
                                read_sections.append(result["section_id"])
                            if isinstance(result, dict) and "hits" in result:
                                read_sections.extend(h["section_id"] for h in result["hits"])
                            yield Event("tool_result", {"name": call["name"], "result": result})
        except GraphRecursionError:
            final = final or "I could not settle this within the allowed number of steps."

        citations = self._citations(final, game, found, read_sections, query)
        shown = found.hits[:getattr(self.model, "context_passages", PASSAGES)]
        support = " ".join([question, *(h.text for h in shown), *(result_text(r.result) for r in records)])
        for note in (engine_note(records, final), grounding_note(final, support, citations)):
            if note:
                final += note
                yield Event("token", {"text": note})
        covered = not any(marker in final.lower() for marker in REFUSAL_MARKERS)
        yield Event("citations", {"game": game, "citations": [c.__dict__ for c in citations], "preliminary": False})
        answer = Answer(final, game, tuple(citations), tuple(records), thread_id, covered=covered,
                        nearest=() if covered else nearest)
        yield Event("done", answer.to_dict())

    def ask(self, question: str, game: str | None = None, thread_id: str | None = None, position: Any = None) -> Answer:
        """Answer a question and return the whole Answer."""
        done: dict[str, Any] | None = None
        for event in self.stream(question, game, thread_id, position):
            if event.kind == "done":
                done = event.data
        if done is None:
            raise RuntimeError("the answer stream ended without a result")
        return answer_from_dict(done)


def grounding_note(answer: str, support: str, citations: list[Citation]) -> str:
    """A warning when the answer states numbers found in none of its sources, pointing to the verified quote."""
    invented = unsupported_numbers(answer, support)
    if not invented or not citations:
        return ""
    quote = citations[0]
    return (f"\n\nNote: {', '.join(invented)} does not appear in the rulebook text or the engine's result; "
            f"the rulebook says: \"{quote.quote}\" [{quote.section_id}]")


def engine_note(records: list[ToolCallRecord], answer: str) -> str:
    """The engine's own verdict or total, appended when the model's answer does not state it (numbers and
    verdicts reach the user from the engine, whatever the model wrote)."""
    results = [r.result for r in records if isinstance(r.result, dict) and r.name.split("_")[0] in ("check", "score")]
    if not results:
        return ""
    result = results[-1]
    if "error" in result:
        return f"\n\nThe engine could not read the position: {result['error']}"
    if "total" in result and not re.search(rf"(?<![\d.]){result['total']}(?![\d.])", answer):
        lines = ", ".join(f"{ln['label']} {ln['points']}" for ln in result.get("lines", []))
        return f"\n\nEngine total: {result['total']}" + (f" ({lines})." if lines else ".")
    if "legal" in result and "total" not in result:
        verdict = "legal" if result["legal"] else "not legal"
        reasons = "; ".join(r["message"] for r in result.get("reasons", []))
        return f"\n\nEngine verdict: {verdict}" + (f" — {reasons}" if reasons else "") + "."
    return ""


def fitting_operations(game: str, document: Any) -> list[str]:
    """Engine operations whose required top-level fields are all present in the document, in engine order."""
    ops = get_engine(game).operations
    if not isinstance(document, dict):
        return [op.name for op in ops]
    return [op.name for op in ops if set(op.input_schema.get("required", [])) <= set(document)]


def replace_content(message: HumanMessage, content: str) -> HumanMessage:
    """The same human message (and metadata) with new content."""
    return HumanMessage(content=content, additional_kwargs=message.additional_kwargs)


def _parse(content: Any) -> Any:
    try:
        return json.loads(content) if isinstance(content, str) else content
    except json.JSONDecodeError:
        return content


def answer_from_dict(data: dict[str, Any]) -> Answer:
    """Rebuild an Answer from its JSON form."""
    return Answer(data["answer"], data["game"], tuple(Citation(**c) for c in data["citations"]),
                  tuple(ToolCallRecord(**t) for t in data["tool_calls"]), data.get("thread_id"),
                  data.get("covered", True), tuple(data.get("nearest", ())))


def build_assistant(pal: RulesPal, model_spec: str | None = None) -> Assistant:
    """The process-wide Assistant for a service and model spec."""
    return Assistant(pal, model_spec=model_spec)
