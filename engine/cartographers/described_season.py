"""A season's scoring described in a player's words, read into a `season_total` document ("end of summer: edict B
gave 7, C gave 5, I have 4 coins and 3 empty spaces next to monsters: what's my total?"). Read only when the question
asks for the season's score and gives both edicts' stars, the coins and the spaces next to monsters, every number
accounted for (a breakdown of the coins that adds up to them, or 'one of those touches two monsters', is accounted
for); anything missing, vague or extra (a hedge, an edict letter the season does not score) is not read, and the
answer stays the quoted rule."""

from __future__ import annotations

import re
from typing import Any

from engine.cartographers.cards import SCORING_CARDS, SEASONS, find_season
from engine.cartographers.rules import COIN_TRACK_LENGTH
from engine.words import doubts, plain

OPERATION = "season_total"
_SEASON_WORDS = "spring|summer|fall|autumn|winter"
_ASKS = re.compile(r"\bhow (?:many|much)\b|\btotal\b|\bwhat (?:do|did|would) i (?:get|score|end up with)\b|"
                   r"\bwhat(?:'s| is| does) (?:my|that|it|the)\b.{0,30}\b(?:score|total|come to|add up)\b|\bscore\b")
_CONTEXT = re.compile(rf"\b(?:{_SEASON_WORDS}|seasons?|edicts?)\b")
_DOUBT = doubts("around", "some", "few", "couple", "several", "maybe", "game", "final", "solo", "title", "ruins?",
                "each player", "we", "everyone", "opponent", "neighbou?r")
_CARD_NAMES = "|".join(r"[\s'-]*".join(re.escape(w) for w in c.name.lower().removeprefix("the ").split())
                       for c in SCORING_CARDS)
_CARD = rf"(?:the\s+)?(?P<card>{_CARD_NAMES})"
_SAYS = r"\s*(?:edict\b|gave|gives|scored|scores|got|earned|=|:)"
_EDICT = (rf"(?:edict\s+(?P<l1>[a-d])\b|\b(?P<l2>[b-d])\b(?={_SAYS}|\s*(?:was|is|for)\b|\s*\d)|"
          rf"\b(?P<l3>a)\b(?={_SAYS})|{_CARD})")  # a lone 'a' is an edict only when a score follows it
_EDICT_NAMED = rf"(?:(?:edict\s+)?(?P<l1>[a-d])\b|{_CARD})"  # after 'from': 'from edict b', 'from c', 'from greenbough'
_STARS = r"(?P<n>\d+)(?:\s+(?:stars?|points?|pts))?"
_EDICT_SCORE = (
    re.compile(rf"{_EDICT}\s*(?:\([^)]*\)\s*)?(?:(?:gave|gives|give|scored|scores|score|got|gets|earned|earns|was|is|"
               rf"are|came to|comes to|for|=|:|-|made|makes|brought)\s+(?:me\s+)?(?:in\s+)?)?{_STARS}\b"),
    re.compile(rf"{_STARS}\s+(?:(?:stars?|points?)\s+)?(?:from|for|on|in|off|with|out of)\s+(?:the\s+)?{_EDICT_NAMED}"),
)
_LETTER_PAIR = (  # 'a 11, b 8', 'the d and a cards gave me 6 and 16'
    re.compile(r"\b(?P<x>[a-d])\s*[:=]?\s*(?P<n>\d+)(?:\s+(?:stars?|points?))?\s*(?:,|and|&|,\s*and)\s*"
               r"(?P<y>[a-d])\s*[:=]?\s*(?P<m>\d+)\b(?:\s+(?:stars?|points?))?"),
    re.compile(r"\b(?:the\s+)?(?:edicts?\s+)?(?P<x>[a-d])\s+and\s+(?P<y>[a-d])(?:\s+(?:cards|edicts))?\s+(?:gave|scored|got|"
               r"earned)\s+(?:me\s+)?(?P<n>\d+)\s+and\s+(?P<m>\d+)\b"),
)
_BOTH_SAME = re.compile(r"\bboth (?:of (?:my|the) )?edicts\s+(?:scored|gave|got|earned)\s+(?:me\s+)?(?P<n>\d+)"
                        r"(?:\s+(?:each|for me))?\b")
_EDICT_PAIR = re.compile(r"\b(?:the\s+|my\s+|both\s+|two\s+|2\s+)*edicts?\s+(?:(?:gave|give|scored|score|were|are|"
                         r"got|get|earned|came to|came out at|at|of|for|=|:)\s+(?:me\s+)?)?(?P<a>\d+)\s*(?:\+|and|,|&)"
                         r"\s*(?P<b>\d+)\b|\b(?P<c>\d+)\s*(?:\+|and|,|&)\s*(?P<d>\d+)\s+(?:stars?\s+|points?\s+)?"
                         r"(?:from|for|on)\s+(?:the\s+|my\s+|both\s+|two\s+|2\s+)*edicts?\b|"
                         r"\b(?P<e>\d+)\s+(?:stars?\s+|points?\s+)?(?:on|from|for|off)\s+(?:one|the first)\s+edict\s*"
                         r"(?:,|and|,\s*and)?\s*(?P<f>\d+)\s+(?:stars?\s+|points?\s+)?(?:on|from|for|off)\s+the\s+"
                         r"(?:other|second)(?:\s+(?:one|edict))?\b")  # '7 stars on one edict, 4 on the other'
_COINS = (
    re.compile(r"\b(?P<n>\d+|no)\s+(?:filled(?:[- ]in)?\s+|gold\s+)?coins?\b"),
    re.compile(r"\bcoins?(?:\s+track)?\s*(?::|=|-|(?:is|are|at|has|shows|with|of|filled)\s+(?:at\s+)?)\s*(?P<n>\d+)\b"),
    re.compile(r"\bcoin track (?:is\s+)?(?:completely\s+|totally\s+|all\s+)?(?:full|filled(?: up)?)\b"
               r"(?:\s*\((?:all\s+)?(?P<all>\d+)\))?"),
)
_COIN_PARTS = re.compile(r"\s*(?:filled(?:[- ]in)?\s*|on (?:my |the )?(?:coin )?track\s*)?[(,:-]\s*(?P<parts>\d+[^)\d]*"
                         r"(?:\d+[^)\d]*)+?)(?:\)|(?=[.;]))")
_MONSTERS = (
    re.compile(r"\b(?P<n>\d+|no|one|an?)\s+(?:empty\s+|blank\s+|unfilled\s+|open\s+)?(?:spaces?|squares?|cells?|boxes)\s+"
               r"(?:(?:that\s+)?(?:are|is|sit|sits|lie|lies)\s+)?(?:right\s+)?(?:next to|adjacent to|touching|touch|"
               r"touches|beside|by|bordering|border|borders|near|share a side with|sharing a side with)\s+"
               r"(?:a\s+|the\s+|any\s+)?monsters?\b"),
    re.compile(r"\bempty (?:spaces?|squares?)[^.:;]{0,30}?monsters?\s*[:=]\s*(?P<n>\d+)\b"),
    re.compile(r"(?:(?<![\w-])-|\blost\s+|\blose\s+|\blosing\s+)(?P<n>\d+)\s+(?:stars?\s+|points?\s+)?"
               r"(?:to|from|for|because of)\s+"
               r"(?:the\s+)?monsters?\b"),
    re.compile(r"\bmonsters?(?:\s+penalty)?\s*(?:(?::|=|(?:cost|costs|take|took|takes)\s+(?:me\s+)?)\s*-?|"
               r"(?::|=)?\s*-)(?P<n>\d+)\b"),
    re.compile(r"\bno\s+(?:empty\s+)?(?:spaces?|squares?)\s+(?:next to|adjacent to|touching|beside)\s+(?:a\s+|any\s+)?"
               r"monsters?\b|\bno monster (?:penalty|spaces?|squares?)\b|\bno monsters\b"),
)
_TOUCHING = (r"(?:touches|touching|is next to|borders|is adjacent to|sits next to|each touch|is boxed in by|"
             r"is surrounded by|is bordered by|bordered by|next to|adjacent to|surrounded by|boxed in by)")
_SHARED = re.compile(  # one space touching several monsters still costs one star: said, and accounted for
    r"\b(?:one|1|\d+)\s+of\s+(?:those|them|these|which|the\s+\d+)(?:\s+\d+)?\b[^.;]{0,40}?\b"
    rf"{_TOUCHING}\s+(?:\d+|both|several|multiple)\s+(?:different\s+)?monsters?(?:\s+(?:squares?|spaces?))?\b|"
    r"\b(?:but\s+)?(?:it'?s|it is|that one is|that one'?s|(?:that|the|this) one(?: empty)? (?:space|square) is)\s+"
    rf"{_TOUCHING}\s+(?:\d+|both|several|multiple)\s+(?:different\s+)?monsters?(?:\s+(?:squares?|spaces?))?\b")


_COUNTED = re.compile(r"\b(?:empty|coins?|monsters?)\b")


def _letter(m: re.Match[str]) -> str | None:
    letters = {k: v for k, v in m.groupdict().items() if k in ("l1", "l2", "l3") and v}
    return next(iter(letters.values())).upper() if letters else None


def _edicts(text: str, spans: list[tuple[int, int]]) -> list[dict[str, Any]] | None:
    for pattern in _LETTER_PAIR:
        pair = pattern.search(text)
        if pair and pair.group("x") != pair.group("y"):
            spans.append(pair.span())
            return [{"stars": int(pair.group("n")), "letter": pair.group("x").upper()},
                    {"stars": int(pair.group("m")), "letter": pair.group("y").upper()}]
    both = _BOTH_SAME.search(text)
    if both:
        spans.append(both.span())
        return [{"stars": int(both.group("n"))}] * 2
    found: list[tuple[int, dict[str, Any]]] = []
    for pattern in _EDICT_SCORE:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in spans):
                continue
            letter = _letter(m)
            found.append((m.start(), {"stars": int(m.group("n"))} | ({"letter": letter} if letter else {})))
            spans.append(m.span())
    if not found:
        pair = _EDICT_PAIR.search(text)
        if pair is None:
            return None
        spans.append(pair.span())
        said = next(keys for keys in (("a", "b"), ("c", "d"), ("e", "f")) if pair.group(keys[0]))
        return [{"stars": int(pair.group(k))} for k in said]
    return [edict for _, edict in sorted(found, key=lambda pair: pair[0])]


def _one(patterns: tuple[re.Pattern[str], ...], text: str, spans: list[tuple[int, int]]) -> int | None:
    """The one count the patterns find ('no' is 0); None when none or two different ones are said."""
    values: set[int] = set()
    read_before = list(spans)  # two readings of the same words here must agree; words read before are not read again
    for pattern in patterns:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in read_before):
                continue
            said = m.groupdict()
            if "all" in said:  # 'my coin track is full (all 14)'
                values |= {COIN_TRACK_LENGTH, int(said["all"] or COIN_TRACK_LENGTH)}
            else:
                n = said.get("n")
                values.add(0 if n in (None, "no") else 1 if n in ("one", "a", "an") else int(n))
            spans.append(m.span())
    return values.pop() if len(values) == 1 else None


def _coin_parts(text: str, coins: int, spans: list[tuple[int, int]]) -> None:
    """'4 coins (2 from spring, 2 this season)': a breakdown that adds up to the coins is accounted for."""
    for start, end in list(spans):
        if re.search(r"\bcoins?\b", text[start:end]):
            parts = _COIN_PARTS.match(text, end)
            if parts and sum(int(n) for n in re.findall(r"\d+", parts.group("parts"))) == coins:
                spans.append(parts.span())


def describe_season(question: str) -> tuple[str, dict[str, Any]] | None:
    """The season_total document a question gives in full, or None when any part of it is not accounted for."""
    text = re.sub(r"\bminus\s+(?=\d)", "-", plain(question))
    text = re.sub(r"(\bedict\s+[a-d]\s+(?:got\s+(?:me\s+)?|gave\s+(?:me\s+)?|scored\s+)?)(?:nothing|none)\b", r"\g<1>0",
                  text)  # 'edict B nothing'
    if not (_ASKS.search(text) and _CONTEXT.search(text)) or _DOUBT.search(text):
        return None
    spans: list[tuple[int, int]] = [m.span() for m in _SHARED.finditer(text)]
    monsters = _one(_MONSTERS, text, spans)
    coins = _one(_COINS, text, spans)
    if monsters is None or coins is None or coins > COIN_TRACK_LENGTH:
        return None
    _coin_parts(text, coins, spans)
    edicts = _edicts(text, spans)
    if edicts is None or len(edicts) != 2:
        return None
    if any(not any(s <= d.start() and d.end() <= e for s, e in spans) for d in re.finditer(r"\d+", text)):
        return None  # a number that is no edict's stars, no coin count and no monster count
    if any(not any(s <= w.start() < e for s, e in spans) for w in _COUNTED.finditer(text)):
        return None  # coins, monsters or empty spaces said again, unread ('and one more next to a monster')
    named = {find_season(m.group()) for m in re.finditer(rf"\b(?:{_SEASON_WORDS})\b", text)
             if not any(s <= m.start() < e for s, e in spans)} - {None}  # not 'coins (2 from spring, ...)'
    if len(named) > 1 or len({e.get("letter") for e in edicts} - {None}) != sum("letter" in e for e in edicts):
        return None  # which season, or an edict named twice
    doc: dict[str, Any] = {"edicts": edicts, "coins": coins, "monster_spaces": monsters}
    if named:
        season = named.pop()
        assert season is not None
        doc = {"season": season.key} | doc
    letters = [e["letter"] for e in edicts if "letter" in e]
    if "season" in doc and not set(letters) <= set(next(s for s in SEASONS if s.key == doc["season"]).edicts):
        return None
    return OPERATION, doc
