"""Reading a question: follow-up rewriting for retrieval, and positions pasted into the question."""

from __future__ import annotations

import json
import re
from typing import Any

_FOLLOWUP_START = re.compile(r"^\s*(and|but|also|what about|how about|what if|so|then|in|with|without|or)\b", re.I)
_PRONOUN = re.compile(r"\b(it|that|this|those|these|they|them|there|same)\b", re.I)
_CHECK_WORDS = re.compile(r"\b(legal|illegal|allowed|can (?:i|it|my|this|we)|may (?:i|it|my|this|we)|could (?:i|it|my)|"
                          r"is it (?:ok|okay|fine|alright)|valid|permitted|(?:place|put|draw) (?:it|my|this)|go anywhere|fit)\b", re.I)
_SCORE_WORDS = re.compile(r"\b(score|scores|points?|pawints?|stars?|how many|worth|total)\b", re.I)


def is_followup(question: str) -> bool:
    """True for short questions that lean on the previous turn ('and in solo mode?', 'what about that one?')."""
    words = question.split()
    return bool(_FOLLOWUP_START.match(question)) or (len(words) <= 7 and bool(_PRONOUN.search(question)))


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


_SITUATION = re.compile(r"\d|\b(my|this|these|here|there|i placed|i put|i drew|i have|we have|next to)\b", re.I)


def asks_for_engine(question: str) -> bool:
    """True when a question asks for the points or legality of a concrete situation (an engine tool may be
    needed); general questions such as 'how many points is an alien worth?' are rules questions."""
    engine_words = _CHECK_WORDS.search(question) or _SCORE_WORDS.search(question)
    return bool(engine_words and _SITUATION.search(question))


def engine_intent(question: str, position: Any, fitting: list[str]) -> str:
    """The engine operation for a pasted position: check for legality questions, score otherwise, or the only
    operation whose required fields the document has (e.g. end_game)."""
    wanted = "score"
    if isinstance(position, dict) and "move" in position and not _SCORE_WORDS.search(question):
        wanted = "check"
    elif _CHECK_WORDS.search(question) and not _SCORE_WORDS.search(question):
        wanted = "check"
    if wanted in fitting or not fitting:
        return wanted
    return fitting[0]
