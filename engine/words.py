"""Reading a player's own words: the question in lower case with number words as digits, for the engines'
`describe` readers."""

from __future__ import annotations

import re

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_U = "|".join(UNITS)
_U9 = "|".join(w for w, n in UNITS.items() if 1 <= n <= 9)
_T = "|".join(TENS)
_UNDER_100 = rf"(?:(?P<{{t}}>{_T})(?:[\s-]+(?P<{{tu}}>{_U9}))?|(?P<{{u}}>{_U}))"
_NUMBER = re.compile(
    rf"\b(?:(?P<h>{_U9}|a)\s+hundred(?:\s+and)?(?:[\s-]+{_UNDER_100.format(t='ht', tu='htu', u='hu')})?"
    rf"|{_UNDER_100.format(t='t', tu='tu', u='u')})\b")


def _value(m: re.Match[str]) -> str:
    words = {k: v for k, v in m.groupdict().items() if v}
    if words.keys() == {"u"} and words["u"] == "one":
        return m.group()  # 'the only one', 'one of them': read where a count is expected, not rewritten
    value = 100 * (1 if words.get("h") == "a" else UNITS.get(words.get("h", ""), 0))
    value += TENS.get(words.get("t") or words.get("ht", ""), 0)
    value += UNITS.get(words.get("tu") or words.get("htu") or words.get("u") or words.get("hu", ""), 0)
    return str(value)


# what players type on a phone for a word: 'w my cosmonaut', 'me n jana', 'thru a green laser'
SHORTHAND = {"w": "with", "w/": "with", "n": "and", "&": "and", "u": "you", "ur": "your", "thru": "through",
             "b4": "before", "bc": "because", "cuz": "because", "ppl": "people", "pls": "please", "tho": "though"}
_SHORTHAND = re.compile(r"(?<![\w/&])(?:" + "|".join(re.escape(w) for w in sorted(SHORTHAND, key=len, reverse=True))
                        + r")(?= [a-z])")


def plain(question: str) -> str:
    """The question in lower case, curly apostrophes straight, texting shorthand spelled out ('w my' -> 'with my',
    'me n jana' -> 'me and jana', only before a word), numbers in words up to 999 as digits ('sixty three' -> '63',
    'one hundred and eleven' -> '111'; a lone 'one' stays a word)."""
    text = _SHORTHAND.sub(lambda m: SHORTHAND[m.group()], question.lower().replace("’", "'"))
    return _NUMBER.sub(_value, text)


def numbers(text: str) -> list[re.Match[str]]:
    """Every whole number written in digits in the text."""
    return list(re.finditer(r"(?<![\w.])\d+(?![\w.]*\d)", text))


HEDGES = ("hundreds", "thousand", "not", "never", "almost", "nearly", "maybe", "perhaps", "or", "about",
          "roughly", "could", "might", "without", "except", "unless", "minus", "instead", "half", "partly")


def doubts(*more: str) -> re.Pattern[str]:
    """A pattern for words that leave a reading in doubt: a hedge, a negation, a number in words beyond twenty, and
    the reader's own (`more`, regular expressions)."""
    return re.compile(r"\b(?:" + "|".join((*HEDGES, *more)) + r")\b|n't\b")
