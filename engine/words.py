"""Reading a player's own words: the question in lower case with number words as digits, for the engines'
`describe` readers."""

from __future__ import annotations

import re

NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_KEPT = frozenset({"one"})  # 'the only one', 'one of them': read where a count is expected, not rewritten
_WORDS = re.compile(r"\b(" + "|".join(w for w in NUMBER_WORDS if w not in _KEPT) + r")\b")


def plain(question: str) -> str:
    """The question in lower case, curly apostrophes straight, number words from two to twenty as digits."""
    return _WORDS.sub(lambda m: NUMBER_WORDS[m.group(1)], question.lower().replace("’", "'"))


def numbers(text: str) -> list[re.Match[str]]:
    """Every whole number written in digits in the text."""
    return list(re.finditer(r"(?<![\w.])\d+(?![\w.]*\d)", text))


HEDGES = ("hundred", "thousand", "not", "never", "almost", "nearly", "maybe", "perhaps", "or", "about", "around",
          "roughly", "could", "might", "without", "except", "unless", "minus", "instead", "half", "partly")


def doubts(*more: str) -> re.Pattern[str]:
    """A pattern for words that leave a reading in doubt: a hedge, a negation, a number in words beyond twenty, and
    the reader's own (`more`, regular expressions)."""
    return re.compile(r"\b(?:" + "|".join((*HEDGES, *more)) + r")\b|n't\b")
