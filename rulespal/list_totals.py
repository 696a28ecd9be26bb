"""Totals of a component list the book states in full ('55 cosmic stones: 10 worth 1, 15 worth 2, 10 worth 5, and 20
worth 10'): a player asking what all of them add up to gets the sum worked out in the open. Computed only when the
question names the listed things, gives no counts of its own, and the list's counts add up to the number the book
gives for the whole (so no item of the list was missed)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulespal.evidence import EvidenceSentence
from rulespal.lexical import STOPWORDS, plural_stem

_WORTH = r"\s+(?:worth|of value|valued|with a value of)\s+"
_ITEM = re.compile(rf"(?P<count>\d+){_WORTH}(?P<value>\d+)")
_LIST = re.compile(r"\b(?P<whole>\d+)\s+(?P<thing>[a-z][a-z' -]{0,40}?)\s*:\s*"
                   rf"(?P<items>(?:\d+{_WORTH}\d+(?:\s*,\s*(?:and\s+)?|\s+and\s+)?){{2,}})", re.I)
_ASKS_TOTAL = re.compile(r"\badd(?:s|ed)? up\b|\baltogether\b|\bin total\b|\ball together\b|\bcombined\b|"
                         r"\btotal (?:value|worth)\b|\bvalue[- ]wise\b|\bsum of\b|\bworth in all\b|"
                         r"\b(?:all|every) (?:of )?(?:the )?[a-z' -]{0,30}\bworth\b", re.I)
_UNSAFE = re.compile(r"\d|\b(?:not|no|without|except|apart|besides|excluding|only|half|some|most|left|remaining|"
                     r"each|per)\b", re.I)


@dataclass(frozen=True)
class ListTotal:
    """The value of every listed component together: sum of count × value over the book's list."""

    thing: str  # as the book words it: 'cosmic stones'
    items: tuple[tuple[int, int], ...]  # (count, value) in the book's order

    @property
    def total(self) -> int:
        """The sum of count × value over the list."""
        return sum(count * value for count, value in self.items)

    @property
    def whole(self) -> int:
        """How many components the list holds (the number the book gives for all of them)."""
        return sum(count for count, _ in self.items)


def list_total(question: str, shown: Sequence[EvidenceSentence]) -> ListTotal | None:
    """The total of a component list quoted in full whose things the question asks to add up; None otherwise."""
    if not shown or not _ASKS_TOTAL.search(question) or _UNSAFE.search(question):
        return None
    asked = _words(question)
    found = []
    for sentence in shown:
        for m in _LIST.finditer(sentence.text):
            listed = ListTotal(m.group("thing").strip(), tuple((int(i.group("count")), int(i.group("value")))
                                                               for i in _ITEM.finditer(m.group("items"))))
            if _words(listed.thing) & asked and listed.whole == int(m.group("whole")):
                found.append(listed)
    return found[0] if len(set(found)) == 1 else None


def _words(text: str) -> set[str]:
    """A text's content words, singular."""
    return {plural_stem(w) for w in re.findall(r"[a-z]+", text.lower()) if w not in STOPWORDS}
