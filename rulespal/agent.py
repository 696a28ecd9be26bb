"""The answer flow in two steps: prepare() gathers the context (game, hits, deciding sentences, engine record,
history) and answer_stream() turns it into what the player reads. A weak model is made safe: it only picks a
verdict, which is shown when its probability is high, and otherwise the answer is the rule itself."""

from __future__ import annotations

import re
import threading
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from engine import PositionError, engine_ids
from rulespal.answer import Answer, AnswerBasis, Citation, Event, ToolCallOrigin, ToolCallRecord
from rulespal.checks import prose_passes
from rulespal.citations import verify
from rulespal.compose import (
    engine_summary,
    list_total_text,
    position_unreadable,
    reading_note,
    refusal_text,
    rule_text,
    ruling_text,
    sum_text,
    verdict_text,
)
from rulespal.conversation import Conversations, Turn
from rulespal.definitions import leaned_on
from rulespal.errors import EmptyQuestion, QuestionTooLong, UnknownGame, WhichGame
from rulespal.evidence import Evidence, EvidenceFinder, EvidenceSentence
from rulespal.list_totals import ListTotal, list_total
from rulespal.memory import make_checkpointer
from rulespal.models.base import ChatModel, Message
from rulespal.models.registry import NO_MODEL, build_chat_model
from rulespal.player_words import spelled_out, unspoken_situations
from rulespal.prompts import prompt
from rulespal.questions import (
    QuestionKind,
    describes_position,
    engine_intent,
    find_position,
    is_followup,
    question_kind,
)
from rulespal.retrieval import SearchResult, as_searched
from rulespal.rule_sums import RuleSum, rule_sum
from rulespal.rulings import Ruling, load_rulings
from rulespal.service import RulesPal
from rulespal.tools import (
    described_operation,
    engine_tool_specs,
    fitting_operations,
    holds_a_move,
    operation_of,
    tool_name,
)
from rulespal.vocabulary import BookWords, with_book_words

VERDICTS = ("Yes", "No", "Unclear")
VERDICT_MIN = 0.80  # a verdict is shown only this sure; below it the rule alone is the answer
REFUSE_SIMILARITY, REFUSE_COVERAGE = 0.30, 0.5  # below both, the book has nothing on the question
# ... unless a sentence is somewhat close in meaning and the top sections hold some of the question's rarer words
# (a player's slang: "slap the bird on it", "jump back in at 90"): then the closest rule is shown, flagged
NEAR_SIMILARITY, NEAR_COVERAGE = 0.22, 0.15
# How directly the book answers: closeness + COVERAGE_WEIGHT * coverage + TOP_HIT_WEIGHT * the top section's
# similarity; below DIRECT_BAR the rule shown is only the closest one, and the answer says so. Fitted (logistic, class-
# balanced) on the dev, fresh and blind answer sets: the bar hedges 8% of answerable questions and 68% of those the
# book does not answer (closeness alone at 0.45: 9% and 46%); on holdout and unseen 12% and 62% (10% and 38%).
COVERAGE_WEIGHT, TOP_HIT_WEIGHT, DIRECT_BAR = 0.55, 1.4, 1.22
RULING_SIMILARITY, RULING_MARGIN = 0.45, 0.05
PROSE_TOKENS = 80
MODEL_RULE_CHARS = 1000  # the deciding sentences a model reads (each 85 characters cost it about a second to read)
HITS = 7  # sections searched: their sentences are favoured as evidence


@dataclass(frozen=True)
class Context:
    """Everything the answer is built from, gathered before any model speaks."""

    question: str
    thread_id: str
    game: str
    kind: QuestionKind
    query: str  # what was searched: the question, joined to the previous one for a follow-up
    found: SearchResult
    evidence: Evidence
    covered: bool
    words: Mapping[str, str] = field(default_factory=dict)  # the book's names for things the player counts
    engine: ToolCallRecord | None = None
    ruling: Ruling | None = None
    worked: RuleSum | ListTotal | None = None  # the quoted rates over the question's counts, or a quoted list's total
    engine_rules: Evidence | None = None  # the sentences of the sections the engine's result cites
    defined: EvidenceSentence | None = None  # the book's definition the deciding rule leans on for this question

    @property
    def asked(self) -> str:
        """The question in the book's names for the things it counts ('3 astronauts' -> '3 cosmonauts')."""
        return with_book_words(self.question, self.words)

    @property
    def shown(self) -> tuple[EvidenceSentence, ...]:
        """The sentences quoted to the player: the rules the engine applied when it ran, else the deciding ones and
        the definition they lean on."""
        if self.engine_rules is not None:
            return self.engine_rules.shown()
        return self.evidence.shown() + ((self.defined,) if self.defined else ())

    def read_by_model(self) -> str:
        """The deciding sentences a model reads, best first up to MODEL_RULE_CHARS, one quoted line each."""
        if self.engine_rules is not None:
            picked = self.engine_rules.shown(MODEL_RULE_CHARS)
        else:
            picked = self.evidence.shown(MODEL_RULE_CHARS) + ((self.defined,) if self.defined else ())
        return "\n".join(f'- "{s.text}"' for s in picked)

    @property
    def direct(self) -> bool:
        """Whether the book answers the question directly (else the rule shown is only the closest one): a sentence
        close in meaning, the question's words in the top sections, and a close top section, together; and the
        rules shown speak of every situation the question asks about (a tie, running out, passing)."""
        top = (self.found.hits[0].similarity or 0.0) if self.found.hits else 0.0
        strength = self.evidence.closeness + COVERAGE_WEIGHT * self.evidence.coverage + TOP_HIT_WEIGHT * top
        rules = " ".join(s.text for s in self.evidence.shown())
        return strength >= DIRECT_BAR and not unspoken_situations(self.question, rules)


class Assistant:
    """Answers questions with the deciding rule, checked verdicts and engine results; one per process."""

    def __init__(self, pal: RulesPal, model: ChatModel | None = None, model_spec: str | None = None,
                 checkpointer: BaseCheckpointSaver | None = None, rulings: tuple[Ruling, ...] | None = None):
        self.pal = pal
        self._rulings = rulings
        self.model_spec = model_spec or (model.spec if model else pal.settings.model)
        self.model = model if model is not None else build_chat_model(self.model_spec, pal.settings)
        self.conversations = Conversations(checkpointer or make_checkpointer(pal.settings))
        self._finder: EvidenceFinder | None = None
        self.words = BookWords(pal.embedder)
        self._lock = threading.Lock()

    @property
    def finder(self) -> EvidenceFinder:
        """The evidence finder over the current library (rebuilt after an ingest changed it)."""
        with self._lock:
            if self._finder is None or self._finder.library is not self.pal.library:
                self._finder = EvidenceFinder(self.pal.library, self.pal.embedder, self.pal.embedding_cache)
            return self._finder

    def warm_up(self) -> None:
        """Open the index and let the model cache its fixed prompt prefix."""
        self.pal.open_index()
        if self.model is not None and self.model.capabilities.warm_up:
            self.model.warm_up(prompt("verdict_system", game_title=self.pal.library.books[0].title))

    # --- step 1: the context --------------------------------------------------------------------------------
    def _resolve_game(self, question: str, game: str | None, history: list[Turn]) -> str | None:
        """The game to answer from: one the question names outright by a distinctive name (over the game selected on
        the page or given with --game), else the game given, else the thread's (a player goes on about the game of
        the conversation: detection alone does not switch it), else detected in the search; an unknown given game
        is an error."""
        given_book = self.pal.book(game) if game else None
        given = given_book.id if given_book else None
        named = self.pal.library.mentioned(question, within=given_book)
        # only a name no other book uses for its own things ('Kings', another game's alias, is a card of many)
        if named and self.pal.retriever.detector.named(question) == named.id:
            return named.id
        if given:
            return given
        return (history[-1].game or None) if history else None

    def prepare(self, question: str, game: str | None = None, thread_id: str | None = None,
                position: Any = None) -> Context:
        """Check the question, then gather game, hits, deciding sentences and any engine result; raises
        EmptyQuestion, QuestionTooLong or UnknownGame before any work is shown."""
        question = question.strip()
        limit = self.pal.settings.max_question_chars
        if len(question) > limit:
            raise QuestionTooLong(len(question), limit)
        if not question:
            raise EmptyQuestion("the question is empty")
        thread_id = thread_id or uuid.uuid4().hex
        history = self.conversations.history(thread_id)
        game = self._resolve_game(question, game, history)
        previous = history[-1].query if history and is_followup(question) else None
        found = self.pal.search(question, game=game, k=HITS, follow_up_of=previous)  # adds the book's terms itself
        if found.game is None:
            if found.candidates:
                raise WhichGame(c.to_dict() for c in found.candidates)
            raise UnknownGame(question, self.pal.library.ids)
        game_id = found.game
        book = self.pal.book(game_id)
        spelled = spelled_out(question, book.words)  # 'every1 playin' -> 'everyone playing'
        words = self.words.bridge(spelled, book)  # things counted under the player's names
        asked = with_book_words(spelled, words)
        if asked != question:
            found = self.pal.search(asked, game=game_id, k=HITS, follow_up_of=previous)
        kind = question_kind(question)
        termed = as_searched(asked, book)
        evidence = self.finder.find(termed, found, kind, context=previous)
        query = f"{previous} {asked}" if previous else asked
        context = Context(question, thread_id, game_id, kind, query, found, evidence, _covered(evidence), words)
        engine = self._engine_record(context, position)
        if engine is not None:
            refs = rule_refs(engine.result)
            applied = self.finder.cited(termed, game_id, refs, kind, idle=idle_refs(engine.result))
            return replace(context, engine=engine, engine_rules=applied)
        ruling = self._ruling(context)
        worked: RuleSum | ListTotal | None = None
        if context.covered and context.direct and ruling is None:
            worked = rule_sum(asked, evidence.shown()) or list_total(asked, evidence.shown())
        defined = None
        if context.covered and ruling is None and worked is None:
            defined = leaned_on(self.finder, asked, game_id, evidence.shown())
        return replace(context, ruling=ruling, worked=worked, defined=defined)

    def _engine_record(self, context: Context, position: Any) -> ToolCallRecord | None:
        """The engine run for a position given with the question (pasted, attached, or described in full)."""
        if context.game not in engine_ids():
            return None
        pasted = position if position is not None else find_position(context.question)
        if pasted is not None:
            operation = engine_intent(context.question, fitting_operations(context.game, pasted),
                                      holds_a_move(context.game, pasted))
            return self._run(context.game, operation, pasted)
        described = described_operation(context.game, context.asked)
        if described is None and context.query != context.asked:  # a follow-up completing what was described
            described = described_operation(context.game, context.query)
        if described is not None:
            return self._run(context.game, *described, origin="words")
        model = self.model
        if model is None or not model.capabilities.router or not describes_position(context.question):
            return None
        title = self.pal.book(context.game).title
        tools = engine_tool_specs(context.game)
        listing = "\n".join(f"- {t.name}: {t.description}" for t in tools)
        choice = model.route([Message("system", prompt("route_system", game_title=title)),
                              Message("user", prompt("route", tools=listing, question=context.question))], tools)
        if choice is None:
            return None
        routed = operation_of(choice.name, context.game)
        return self._run(context.game, routed, choice.args, origin="model") if routed else None

    def _run(self, game: str, operation: str, document: Any, origin: ToolCallOrigin = "position") -> ToolCallRecord:
        try:
            result: Any = self.pal.run_engine(game, operation, document)
        except PositionError as exc:
            result = exc.to_dict()
        args = document if isinstance(document, dict) else {"text": document}
        return ToolCallRecord(tool_name(operation, game), args, result, origin)

    def _ruling(self, context: Context) -> Ruling | None:
        """The RulesPal ruling closest to the question, when it is close and closer than anything in the book."""
        every = self._rulings if self._rulings is not None else load_rulings(self.pal.library)
        rulings = [r for r in every if r.game == context.game]
        if not rulings:
            return None
        sims = self.finder.similarities(context.query, [f"{r.title}: {r.text}" for r in rulings])
        best = max(range(len(rulings)), key=lambda i: sims[i])
        closer = sims[best] >= max(RULING_SIMILARITY, context.evidence.closeness + RULING_MARGIN)
        return rulings[best] if closer else None

    # --- step 2: the answer ---------------------------------------------------------------------------------
    def _verdict(self, context: Context) -> str | None:
        """'yes' or 'no' when the model is sure enough of what the shown rules say; None otherwise."""
        if (self.model is None or not self.model.capabilities.verdicts or context.kind != "yesno"
                or not context.direct):
            return None
        title = self.pal.book(context.game).title
        rules = context.read_by_model()
        probs = self.model.choose([Message("system", prompt("verdict_system", game_title=title)),
                                   Message("user", prompt("verdict", game_title=title, rules=rules,
                                                          question=context.question))], VERDICTS)
        best = max(("Yes", "No"), key=lambda o: probs.get(o, 0.0))
        return best.lower() if probs.get(best, 0.0) >= VERDICT_MIN else None

    def _prose(self, context: Context, verdict: str | None) -> str | None:
        """The model's own one-sentence answer (models declaring prose), kept only if it passes the checks."""
        if self.model is None or not self.model.capabilities.prose:
            return None
        title = self.pal.book(context.game).title
        rules = context.read_by_model()
        reply = "".join(self.model.stream([Message("system", prompt("answer_system", game_title=title)),
                                           Message("user", prompt("answer", game_title=title, rules=rules,
                                                                  question=context.question))], PROSE_TOKENS))
        reply = " ".join(reply.split())
        return reply if prose_passes(reply, f"{rules} {context.question}", verdict) else None

    def _quotes(self, context: Context) -> list[Citation]:
        """The shown deciding sentences as citations, each verified verbatim against its section."""
        cited = []
        for sentence in context.shown:
            citation = verify(self.pal.library, context.game, sentence.text, [sentence.section_id])
            if citation is not None and citation not in cited:
                cited.append(citation)
        return cited

    def answer_stream(self, context: Context) -> Iterator[Event]:
        """The answer as events: the deciding quotes first, any engine call, the text, then `done`."""
        book = self.pal.book(context.game)
        quotes = self._quotes(context) if (context.covered or context.engine_rules) and context.ruling is None else []
        yield Event("citations", {"game": context.game, "citations": [c.__dict__ for c in quotes],
                                  "preliminary": True})
        records = (context.engine,) if context.engine else ()
        for record in records:
            yield Event("tool_call", {"name": record.name, "args": record.args})
            yield Event("tool_result", {"name": record.name, "result": record.result})
        verdict, citations = None, quotes
        nearest: tuple[dict[str, str], ...] = ()
        summary = engine_summary(context.engine.result) if context.engine else None
        basis: AnswerBasis
        if summary is not None:
            basis, text = "engine", summary + (f" {rule_text(context.shown)}" if quotes else "")
        elif context.ruling is not None:
            ruling = context.ruling
            basis, text = "ruling", ruling_text(book.title, ruling)
            citations = [Citation(context.game, ruling.anchor, f"RulesPal ruling {ruling.id}: {ruling.title}",
                                  ruling.text, source="ruling")]
        elif context.covered:
            shown = context.shown
            if context.worked is not None:
                basis, text = "sum", (sum_text(context.worked, shown) if isinstance(context.worked, RuleSum)
                                      else list_total_text(context.worked, shown))
            else:
                verdict = self._verdict(context)
                basis, text = (("verdict", verdict_text(verdict, shown)) if verdict
                               else ("rule" if context.direct else "closest", rule_text(shown, context.direct)))
                if context.direct and (prose := self._prose(context, verdict)):
                    text = f"{prose} {rule_text(shown)}"
        else:
            nearest = tuple({"game": h.game, "section_id": h.section_id, "title": h.title}
                            for h in context.found.hits[:3])
            basis, text = "refusal", refusal_text(book.title, [h["title"] for h in nearest])
        if context.engine is not None and summary is None:
            text += " " + position_unreadable()
        if context.words and basis != "refusal":
            text += " " + reading_note(context.words)
        for piece in re.findall(r"\S+\s*", text):
            yield Event("token", {"text": piece})
        self.conversations.append(context.thread_id, Turn(context.question, context.game, context.query, text))
        yield Event("citations", {"game": context.game, "citations": [c.__dict__ for c in citations],
                                  "preliminary": False})
        answer = Answer(text, context.game, tuple(citations), records, context.thread_id,
                        covered=basis not in ("refusal", "ruling"), nearest=nearest, basis=basis, verdict=verdict)
        yield Event("done", answer.to_dict())

    def stream(self, question: str, game: str | None = None, thread_id: str | None = None,
               position: Any = None) -> Iterator[Event]:
        """prepare() then answer_stream(); bad questions raise before the first event."""
        context = self.prepare(question, game, thread_id, position)
        return self.answer_stream(context)

    def ask(self, question: str, game: str | None = None, thread_id: str | None = None, position: Any = None) -> Answer:
        """Answer a question and return the whole Answer."""
        done = None
        for event in self.stream(question, game, thread_id, position):
            if event.kind == "done":
                done = event.data
        if done is None:
            raise RuntimeError("the answer stream ended without a result")
        return Answer.from_dict(done)


def rule_refs(result: Any) -> list[str]:
    """The sections an engine result cites (its score lines' or its reasons' rule refs), in order, once each."""
    if not isinstance(result, dict) or "error" in result:
        return []
    items = [*result.get("lines", []), *result.get("reasons", [])]
    return list(dict.fromkeys(i["rule_ref"] for i in items if isinstance(i, dict) and i.get("rule_ref")))


def idle_refs(result: Any) -> set[str]:
    """The sections an engine result cites only on score lines that earned nothing ('Photo missions: none')."""
    if not isinstance(result, dict):
        return set()
    lines = [i for i in result.get("lines", []) if isinstance(i, dict) and i.get("rule_ref")]
    earning = {i["rule_ref"] for i in lines if i.get("points")}
    return {i["rule_ref"] for i in lines} - earning


def _covered(evidence: Evidence) -> bool:
    """Whether the book has anything on the question: some sentence of the top sections close in meaning, or the
    sections sharing most of the question's rarer words (measured over every top section, not the first hit)."""
    return (evidence.closeness >= REFUSE_SIMILARITY or evidence.coverage >= REFUSE_COVERAGE
            or (evidence.closeness >= NEAR_SIMILARITY and evidence.coverage >= NEAR_COVERAGE))


def build_assistant(pal: RulesPal, model_spec: str | None = None) -> Assistant:
    """An Assistant for a service and model spec (`extractive` for none)."""
    return Assistant(pal, model_spec=model_spec or pal.settings.model or NO_MODEL)
