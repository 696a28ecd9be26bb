"""Reading a question: follow-up rewriting for retrieval, and positions pasted into the question."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any, Literal

from engine import engine_ids, get_engine

QuestionKind = Literal["yesno", "number", "whatif", "other"]

_FOLLOWUP_START = re.compile(r"^\s*(and|but|also|what about|how about|what if|so|then|in|with|without|or|"
                             r"n|nd|&|wat (?:about|if)|how bout|"  # as typed on a phone: 'n if i boxed him in?'
                             r"(?:it|that|this|they|those|these)(?:'s|'re| is| are| was| were)?)(?=\W|$)", re.I)
_PRONOUN = re.compile(r"\b(it|that|this|those|these|they|them|there|same)\b", re.I)
_GREETING = re.compile(  # 'ok and in solo?': the 'and' after it still leans on the last turn
    r"^\s*(?:(?:wait|ok(?:ay)?|hey|hmm+|um+|oh|right|alright|cool|thanks|nice|yeah|sorry|ugh|uh|argh|lol|omg|welp|"
    r"dang|damn)\b[\s,.:!-]*)+", re.I)
_CHECK_WORDS = re.compile(r"\b(legal|illegal|allowed|can (?:i|it|my|this|we)|may (?:i|it|my|this|we)|could (?:i|it|my)|"
                          r"is it (?:ok|okay|fine|alright)|valid|permitted|(?:place|put|draw) (?:it|my|this)|"
                          r"go anywhere|fit)\b", re.I)
_SCORE_WORDS = ("score", "scores", "how many", "worth", "total")


@cache
def _asks_points() -> re.Pattern[str]:
    """Words asking for a score: the general ones and every registered engine's own ('stars', 'Pawints')."""
    own = [w for g in engine_ids() for w in get_engine(g).score_words]
    words = [*_SCORE_WORDS, *(rf"{re.escape(w)}s?" for w in own)]
    return re.compile(rf"\b({'|'.join(words)})\b", re.I)


def is_followup(question: str) -> bool:
    """True for short questions that lean on the previous turn ('and in solo mode?', 'ok what about that one?')."""
    openings = (question, _GREETING.sub("", question), _INTERJECTION.sub("", question))
    leans = any(_FOLLOWUP_START.match(q) for q in openings)
    return leans or (len(question.split()) <= 7 and bool(_PRONOUN.search(question)))


def find_position(text: str) -> dict[str, Any] | None:
    """The first JSON object pasted into the text that looks like a position (has at least two keys)."""
    decoder = json.JSONDecoder()
    for match in re.finditer(r"\{", text):
        try:
            value, _end = decoder.raw_decode(text[match.start():])
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict) and len(value) >= 2:
            return value
    return None


_PLACED = re.compile(r"\b(i|we)(?:'ve| have)? (placed|put|drew|draw|play|played|have|got|laid|lay|added|built)\b|"
                     r"\bmy (board|map|grid|tiles?)\b|\bthere (is|are|'s) an?\b", re.I)
_CELL = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\[\s*-?\d+\s*,\s*-?\d+\s*\]|"
                   r"\brow\s+\d+\W+(?:and\s+)?col(?:umn)?\s+\d+|\bcol(?:umn)?\s+\d+\W+(?:and\s+)?row\s+\d+", re.I)


def describes_position(question: str) -> bool:
    """True when a player describes their own situation cell by cell and asks for its points or legality ('I put
    a forest x2 at (0,1) next to my forest x1 at (0,0), how many Pawints?'). A description without the cells
    ('my two village clusters of 5 and 3') is too vague to build without inventing a board, and general rules
    questions ('can I draw over a mountain?') are not situations: both get the rulebook answer."""
    engine_words = _CHECK_WORDS.search(question) or _asks_points().search(question)
    return bool(engine_words and _PLACED.search(question) and len(_CELL.findall(question)) >= 2)


def engine_intent(question: str, fitting: list[str], holds_a_move: bool = False) -> str:
    """The engine operation for a pasted position: check for legality questions or a document holding a move
    (fields only the check operation takes), score otherwise, or the only operation the document fits (end_game)."""
    wanted = "score"
    if (holds_a_move or _CHECK_WORDS.search(question)) and not _asks_points().search(question):
        wanted = "check"
    if wanted in fitting or not fitting:
        return wanted
    return fitting[0]


_INTERJECTION = re.compile(r"^\s*(?:(?:wait|ok(?:ay)?|so|hey|hmm+|um+|quick question|question|also|and|but|oh|"
                           r"sorry|right|well|yeah|then|real quick|just to check)\b[\s,.:!-]*)+", re.I)
_AUX = re.compile(r"^(can|could|may|might|must|do|does|did|is|are|am|was|were|should|shall|will|would|have|has|"
                  r"need|is it|are we|are you)\b", re.I)
_WH = re.compile(r"^(what|how|which|who|whom|whose|when|where|why)\b", re.I)
_HOW_MANY = re.compile(r"\b(how (many|much|far|big|long|large|often)|what(?:'s| is) the (max|min)\w*|number of|"
                       r"how many points|worth)\b", re.I)
_WHAT_IF = re.compile(r"\b(what (happens|if|now|then)|what do (i|we|you) do|what should|then what)\b", re.I)


def question_kind(question: str) -> QuestionKind:
    """What kind of answer a question wants: a yes/no verdict, a number, what happens in a situation, or other.
    A leading if/when clause is skipped ("if nothing fits, can I …?" asks yes/no)."""
    clauses = [c for c in re.split(r"[,;:—?]|\s-\s|\.\s", question) if c.strip()]
    for clause in clauses:
        clause = _INTERJECTION.sub("", clause).strip()
        if not clause or re.match(r"^(if|when|whenever|once|after|before|while|since|say|suppose)\b", clause, re.I):
            continue
        if _WH.match(clause):
            if _HOW_MANY.search(clause):
                return "number"
            return "whatif" if _WHAT_IF.search(clause) else "other"
        if _AUX.match(clause):
            return "yesno"
    if _HOW_MANY.search(question):
        return "number"
    return "whatif" if _WHAT_IF.search(question) else "other"
