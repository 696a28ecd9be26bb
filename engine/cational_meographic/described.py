"""Questions that describe what an operation needs in words: a solo game's final Pawints, read into a `hiking_title`
document ("solo, I finished on 125 Pawints: which hiking title is that?"; read only when the question asks for the
title and gives one number, the final total, with no hedge), and a placed tile (`described_tile`)."""

from __future__ import annotations

import re
from typing import Any

from engine.cational_meographic.described_tile import describe_tile
from engine.cational_meographic.rules import ROUNDS
from engine.words import doubts, numbers, plain

OPERATION = "hiking_title"
_ASKS_TITLE = re.compile(r"\b(?:hiking )?titles?\b|\brank(?:ing)?\b|\bwhat am i\b|"
                         r"\b(?:get|am i|be|are we|i'?m) called\b")
_ROUNDS = re.compile(rf"\b{ROUNDS} rounds?\b")  # the game's length, not a score
_TOTAL = re.compile(r"\bpawints?\b|\bpoints?\b|\bscor(?:e|ed|ing)\b|\bfinish(?:ed)?\b|\bend(?:ed)?\b|\btotal\b|\bgot\b")
_DOUBT = doubts("around", "plus", "each", "both", "players", "we", "next", "more", "need", "needs")  # not the reached


def describe(question: str) -> tuple[str, dict[str, Any]] | None:
    """The hiking_title or score_tile document a question gives in full, or None."""
    return describe_title(question) or describe_tile(question)


def describe_title(question: str) -> tuple[str, dict[str, Any]] | None:
    """The hiking_title document a question gives in full, or None."""
    text = plain(question)
    if not (_ASKS_TITLE.search(text) and _TOTAL.search(text)) or _DOUBT.search(text):
        return None
    found = [m for m in numbers(text) if not any(r.start() <= m.start() < r.end() for r in _ROUNDS.finditer(text))]
    return (OPERATION, {"pawints": int(found[0].group())}) if len(found) == 1 else None
