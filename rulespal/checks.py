"""Checks a model's own one-sentence answer must pass before a player sees it: no number the rules and question
do not contain, a leading yes/no that agrees with the checked verdict, no refusal, and words grounded in the
shown rules."""

from __future__ import annotations

import re

from engine.words import UNITS
from rulespal.evidence import stems

MAX_CHARS = 300
MIN_GROUNDED = 0.6  # share of the answer's content words found in the rules and question
_NUMBER_WORDS = {w: str(n) for w, n in UNITS.items() if n <= 12}
_NUMBER = re.compile(r"\b(\d+|" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
_LEADING_VERDICT = re.compile(r"^\W*(yes|no)\b", re.I)
_REFUSAL = re.compile(r"\b(does(?:n't| not) (say|cover|mention|specify)|not (stated|specified|mentioned)|unclear)\b",
                      re.I)


def numbers(text: str) -> set[str]:
    """The numbers a text states, number words as digits."""
    return {_NUMBER_WORDS.get(n.lower(), n) for n in _NUMBER.findall(text)}


def leading_verdict(text: str) -> str | None:
    """'yes' or 'no' when the text starts with one."""
    match = _LEADING_VERDICT.match(text)
    return match.group(1).lower() if match else None


def prose_passes(reply: str, support: str, verdict: str | None) -> bool:
    """Whether a model's short answer may be shown beside the rules it was given (support: rules + question)."""
    reply = " ".join(reply.split())
    if not reply or len(reply) > MAX_CHARS or _REFUSAL.search(reply):
        return False
    if not numbers(reply) <= numbers(support):
        return False
    if leading_verdict(reply) != verdict and (leading_verdict(reply) or verdict):
        return False
    words = set(stems(reply))
    return not words or len(words & set(stems(support))) / len(words) >= MIN_GROUNDED
