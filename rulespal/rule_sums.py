"""Sums from the book's own rates: a player who gives the counts ('3 cosmonauts and 1 alien on my last two tiles')
and asks what that scores gets the total the quoted rule gives ('2 points for each cosmonaut and 2 points for each
alien'), worked out in the open. Computed only when every rate of the deciding section gets exactly one count
from the question, no two rates count the same thing, and nothing in the question (a negation, a score already
given) could change the sum."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.words import UNITS
from rulespal.evidence import EvidenceSentence
from rulespal.lexical import STOPWORDS, plural_stem

_NUMBER_WORDS = {"a": 1, "an": 1, "single": 1} | {w: n for w, n in UNITS.items() if 1 <= n <= 12}
_NUMBER = r"\d+|" + "|".join(w for w in _NUMBER_WORDS if len(w) > 2)
_UNIT = r"(?:reputation |victory |bonus |extra )?(?:points?|stars?|pawints?|vp)"
_RATE = re.compile(rf"\b(?P<n>{_NUMBER})\s+(?P<unit>{_UNIT})\s+(?:for\s+(?:each|every)|per)\s+"
                   rf"(?P<each>[a-z' -]+?)(?=\s+and\s+(?:{_NUMBER})\b|[.,;:()]|$)", re.I)
_STOP = frozenset("in on of that which who where with to from at by adjacent located next the a an your their "
                  "its and or than placed shown".split())
_PHRASE_WORD = re.compile(r"[a-z0-9']+(?:-[a-z0-9]+)*")  # 'filled-in' and 'second-largest' stay one word
_ASKS_SCORE = re.compile(r"\bhow (?:many|much)\b|\bworth\b|\bwhat (?:do|does|would|will|did) (?:i|we|you|they|he|"
                         r"she|that|this|it)\b[^?]*\b(?:score|get|earn|make)\b", re.I)
_UNSAFE = re.compile(r"\b(?:not|no|none|nothing|never|without|except|isn'?t|aren'?t|doesn'?t|don'?t|didn'?t|but|"
                     r"only|almost|nearly|partly|partially|half|mostly|some|most|apart|besides|of (?:them|those|"
                     r"these|which)|more|another|additional)\b|"  # '3 coins and 2 more': an added count
                     rf"\b\d+\s+{_UNIT}\b", re.I)
_LOSS = re.compile(r"\blos(?:e|es|ing)\b|\bminus\b|\bpenalt|\bsubtract|\bdeduct", re.I)
_INDEXED = re.compile(r"\b(?P<noun>[a-z]+)\s+(?P<list>\d+(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+)\d+)*)\b(?![.,]?\d)",
                      re.I)  # 'rows 2, 3 and 7': things named by their numbers
LOOKAHEAD = 3  # words between a count and the thing it counts ('two of my rows')


@dataclass(frozen=True)
class Rate:
    """'N <unit> for each <thing>' in a quoted sentence."""

    points: int
    unit: str  # singular: 'point', 'star'
    each: str  # the thing counted, as the book words it ('row in which every space is filled')
    words: tuple[str, ...]  # the words naming it, singular, up to the first of/that/in… ('forest', 'space')
    loss: bool = False  # 'loses one star for each …'


@dataclass(frozen=True)
class Term:
    """One line of the sum: the player's count times the book's rate."""

    count: int
    rate: Rate


@dataclass(frozen=True)
class RuleSum:
    """The total the quoted rates give for the counts in a question."""

    terms: tuple[Term, ...]
    unit: str  # singular
    loss: bool = False  # the rates take points away

    @property
    def total(self) -> int:
        """The sum of count × rate over the terms."""
        return sum(t.count * t.rate.points for t in self.terms)


def rates_in(text: str) -> list[Rate]:
    """Every 'N points for each X' / 'N points per X' a sentence states."""
    rates = []
    for m in _RATE.finditer(text):
        head_words: list[str] = []
        for word in _PHRASE_WORD.findall(m.group("each").lower()):
            if word in _STOP:
                break
            head_words.append(_singular(word))
        if head_words:
            clause = re.split(r"[.;:]", text[: m.start()])[-1]
            each = m.group("each").split()
            while each[-1].lower() in _STOP:  # 'that starts on the left edge at (r,0)': cut at the bracket
                each.pop()
            rates.append(Rate(_value(m.group("n")), _singular(m.group("unit").lower()), " ".join(each),
                              tuple(head_words), bool(_LOSS.search(clause))))
    return rates


def rule_sum(question: str, shown: Sequence[EvidenceSentence]) -> RuleSum | None:
    """The sum the best section's quoted rates give for the counts a scoring question states; None whenever a
    count, a rate or the question leaves any doubt."""
    if not shown or not _ASKS_SCORE.search(question) or _UNSAFE.search(question):
        return None
    best = max(shown, key=lambda s: s.score).section_id
    rates = list(dict.fromkeys(r for s in shown if s.section_id == best for r in rates_in(s.text)))
    named_by_number = _counted_by_number(question.lower(), {w for r in rates for w in r.words})
    words = [w.replace("'", "") for w in _PHRASE_WORD.findall(re.sub(r"\b(\d+)-", r"\1 ", named_by_number))]
    singular = [_singular(w) for w in words]
    told = {_singular(w) for s in shown if s.section_id == best for w in _PHRASE_WORD.findall(s.text.lower())
            if w not in STOPWORDS and w not in _STOP}  # the things the rule talks about
    counts: dict[Rate, int] = {}
    for i, word in enumerate(words):
        if not (word.isdigit() or word in _NUMBER_WORDS):
            continue
        window = []
        for j in range(i + 1, min(len(words), i + 2 + LOOKAHEAD)):
            if words[j].isdigit() or (words[j] in _NUMBER_WORDS and words[j] not in ("a", "an")) or words[j] == "and":
                break
            window.append(singular[j])
        named = next(([r for r in rates if w in r.words] for w in window if any(w in r.words for r in rates)), [])
        if len(named) > 1:
            return None  # a word the book uses for two rates ('space' of water and of farms)
        if named:
            if named[0] in counts:
                return None  # the same thing counted twice: which count is meant?
            counts[named[0]] = _value(word)
        elif word not in ("a", "an") and not _counts_what_the_rule_names(window, told):
            return None  # a number the rule does not explain ('3 of them on the edge', '2 in summer')
    if not counts or len(counts) != len(rates):
        return None  # a rate left uncounted
    kinds = {(r.unit, r.loss) for r in counts}
    if len(kinds) != 1:  # stars and coins, or gains and losses, do not add up
        return None
    unit, loss = kinds.pop()
    return RuleSum(tuple(Term(counts[r], r) for r in rates), unit, loss)


def _counts_what_the_rule_names(window: Sequence[str], told: set[str]) -> bool:
    """Whether the words after a number name (maybe after one describing word) something the rule talks about:
    'my last 2 tiles'; not an elliptical count ('2 in summer', '3 of them')."""
    return bool(window) and window[0] not in _STOP and window[0] not in STOPWORDS and any(w in told for w in window[:2])


def _counted_by_number(question: str, rate_words: set[str]) -> str:
    """The question with a rate's things named by their numbers counted instead ('rows 2, 3 and 7' -> '3 rows');
    a list naming one thing twice is left as it is (its numbers then count nothing the rule explains)."""
    def counted(m: re.Match[str]) -> str:
        numbers = re.findall(r"\d+", m.group("list"))
        if _singular(m.group("noun")) not in rate_words or len(set(numbers)) != len(numbers):
            return m.group()
        return f"{len(numbers)} {m.group('noun')}"
    return _INDEXED.sub(counted, question)


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") and len(word) > 4 else plural_stem(word)
