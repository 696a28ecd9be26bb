"""Questions that describe what an operation needs in words: a solo game's end, read into a `solo_title` document
("solo game, I finished with 95 and the cards were Greenbough, Mages Valley, Great City and The Cauldrons: what's my
title?"; read only when the question asks for the title or rating of a solo game and gives the final score and
either the four scoring cards or the sum of their solo values, with no other number and no hedge), and a season's
scoring (`described_season`)."""

from __future__ import annotations

import re
from typing import Any

from engine.cartographers.cards import CARD_NAMES, SEASONS
from engine.cartographers.described_edict import describe_edict
from engine.cartographers.described_season import describe_season
from engine.words import doubts, numbers, plain

OPERATION = "solo_title"
_SOLO = re.compile(r"\bsolo\b|\bby myself\b|\bon my own\b|\balone\b|\bsingle[- ]player\b|\b1[- ]player\b")
_ASKS_TITLE = re.compile(r"\btitles?\b|\bratings?\b|\brank(?:ing)?\b|\bwhat am i\b")
_DOUBT = doubts("around", "need", "needs", "more", "next", "plus", "players", "we")  # not the title reached, not solo
_SUM = re.compile(r"\bsolo (?:values?|numbers?|points?|scores?)\b[^.?!]{0,40}?\b(?:add(?:s|ed)? (?:up )?to|"
                  r"sum(?:s|med)? (?:up )?to|total(?:s|led|ling)?|come(?:s)? to|are|is|of|=)\s*(?P<n>\d+)")
_CARD_COUNT = re.compile(rf"\b{len(SEASONS)} (?:scoring )?(?:cards?|edicts?)\b")


def describe(question: str) -> tuple[str, dict[str, Any]] | None:
    """The solo_title, season_total or edict_counts document a question gives in full, or None."""
    return describe_title(question) or describe_season(question) or describe_edict(question)


def describe_title(question: str) -> tuple[str, dict[str, Any]] | None:
    """The solo_title document a question gives in full, or None."""
    text = plain(question)
    if not (_SOLO.search(text) and _ASKS_TITLE.search(text)) or _DOUBT.search(text):
        return None
    named = [name for name, pattern in CARD_NAMES if pattern.search(text)]
    told = _SUM.search(text)
    read = [told.span("n")] if told else []
    read += [m.span() for m in _CARD_COUNT.finditer(text)]
    left = [int(m.group()) for m in numbers(text) if not any(s <= m.start() < e for s, e in read)]
    if len(left) != 1:
        return None  # the final score, and nothing else unexplained
    if told and not named:
        return OPERATION, {"score": left[0], "solo_values": int(told.group("n"))}
    if not told and len(named) == len(SEASONS):
        return OPERATION, {"score": left[0], "cards": named}
    return None
