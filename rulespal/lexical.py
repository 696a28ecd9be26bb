"""Tokenisation and the BM25 index used for the lexical half of hybrid search."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np

from engine.words import UNITS

STOPWORDS = frozenset("""a an and are as at be but by can could did do does for from had has have how i if in into is it
its me my of on or our so than that the their them then there these they this those to was we were what when where which
while who whom why will with would you your yours""".split()
                      # the same words as players type them: 'ur' is not the Royal Game of Ur, nor 'ive' a sign of
                      # the one book whose FAQ says "I've got"
                      + """u ur r im ive youre youve theyre theyve weve thats theres whats whos hows wheres""".split())


_TOKEN = re.compile(r"(?:\b[a-z]|\d+)(?:\.\d+)+|[a-z0-9]+")  # a rule id ("4.2.1", "a.3") is one token
NUMBER_WORDS = {w: str(n) for w, n in UNITS.items()} | {"twenty": "20"}
ORDINAL_WORDS = {w: f"{n}{suffix}" for n, (w, suffix) in enumerate(
    (("first", "st"), ("second", "nd"), ("third", "rd"), ("fourth", "th"), ("fifth", "th"), ("sixth", "th"),
     ("seventh", "th"), ("eighth", "th"), ("ninth", "th"), ("tenth", "th"), ("eleventh", "th"), ("twelfth", "th")),
    start=1)}


def tokenize(text: str) -> list[str]:
    """Lowercase word tokens without stopwords, with a light plural stem ('tiles' -> 'tile') and number words as
    digits ('two' -> '2', so a player's 'last two tiles' meets the book's '2 planet tiles') and ordinals as a player
    types them ('fourth' -> '4th'); numbered rule ids ('4.2.1') stay whole."""
    tokens = []
    for word in _TOKEN.findall(text.lower().replace("'", "")):
        if word not in STOPWORDS:
            tokens.append(NUMBER_WORDS.get(word) or ORDINAL_WORDS.get(word) or plural_stem(word))
    return tokens


_COMPARED = re.compile(r"\b(?:(?<!would )(?<!'d )(?<!i )like|as in|unlike|than|similar to|compared to|same as)\b"
                       r"[^.,;:?!]*?(?=\s(?:or|and|but|so|because|if)\b|[.,;:?!]|$)", re.I)


def compared_away(text: str) -> str:
    """Text without the clauses that compare with something else ('… like a dead die in craps', 'bear off like
    backgammon'): a game named there is not the game asked about."""
    return _COMPARED.sub(" ", text)


_COUNTED = re.compile(r"(?<![\d.])\b(\d+|" + "|".join(NUMBER_WORDS) + r")\s+(?:of\s+)?(?:the\s+)?([a-z]+)")


def counted(text: str) -> set[str]:
    """Each count of things the text states, as one term ('three dice', '3 dice' -> '3_dice'): 'with 3 dice'
    names the three-dice variant where '3' and 'dice' alone name nothing. 'One' is left out (a player's 'move
    one sideways' counts nothing), and so is a rule number ('9.1 Sideways')."""
    found = {(NUMBER_WORDS.get(n, n), thing) for n, thing in _COUNTED.findall(text.lower())}
    return {f"{n}_{plural_stem(thing)}" for n, thing in found
            if n != "1" and thing not in STOPWORDS and thing not in NUMBER_WORDS}


def plural_stem(word: str) -> str:
    """A word without a plural 's' ('tiles' -> 'tile'; 'class' and short words stay)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


_VOWEL = re.compile("[aeiouy]")


@lru_cache(maxsize=1 << 18)
def stem(token: str) -> str:
    """A light suffix stem on top of tokenize's plural one, so that a player's 'start', 'placed' or 'ends' meets
    a heading's 'Starting', 'Placing' or 'Ending' ('starting' -> 'start', 'placing', 'place' -> 'plac'; 'pegged'
    -> 'peg'; 'supplies' -> 'supply')."""
    if not token.isalpha():
        return token
    for suffix in ("ing", "ed"):
        root = token[: -len(suffix)]
        if token.endswith(suffix) and len(root) >= 3 and _VOWEL.search(root):
            token = root[:-1] if len(root) > 3 and root[-1] == root[-2] and root[-1] not in "lsz" else root
            break
    if token.endswith("ie") and len(token) > 4:
        token = token[:-2] + "y"
    if token.endswith("e") and len(token) > 3 and token[-2] != "e":
        token = token[:-1]
    return token


def stemmed(text: str) -> list[str]:
    """tokenize's tokens, each reduced by `stem`."""
    return [stem(t) for t in tokenize(text)]


def _bm25(corpus: Sequence[list[str]]) -> bm25s.BM25:
    bm25 = bm25s.BM25()
    bm25.index([tokens or ["_empty_"] for tokens in corpus], show_progress=False)
    return bm25


class LexicalIndex:
    """BM25 over a fixed list of documents, with optional masking to a subset (one game); saved to and loaded
    from a folder."""

    def __init__(self, documents: Sequence[str], bm25: bm25s.BM25 | None = None, size: int = 0,
                 analyzer: Callable[[str], list[str]] = tokenize):
        if bm25 is None:
            bm25, size = _bm25([analyzer(d) for d in documents]), len(documents)
        self._bm25, self._size, self._analyzer = bm25, size, analyzer
        self._vocab = set(self._bm25.vocab_dict)

    @classmethod
    def of_tokens(cls, documents: Sequence[list[str]]) -> LexicalIndex:
        """BM25 over documents already tokenised (with `tokenize`)."""
        return cls((), _bm25(documents), len(documents))

    def save(self, folder: Path) -> None:
        """Write the index into a folder (read back with `load`)."""
        folder.mkdir(parents=True, exist_ok=True)
        self._bm25.save(str(folder), show_progress=False)
        (folder / "size.json").write_text(json.dumps(self._size), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex:
        """An index saved with `save` (its score matrix memory-mapped)."""
        size = int(json.loads((folder / "size.json").read_text(encoding="utf-8")))
        return cls((), bm25s.BM25.load(str(folder), mmap=True, show_progress=False), size)

    def search(self, query: str, n: int, mask: np.ndarray | None = None) -> list[tuple[int, float]]:
        """Top-n (document index, BM25 score) pairs with a positive score."""
        tokens = [t for t in self._analyzer(query) if t in self._vocab]
        if not tokens or self._size == 0:
            return []
        docs, scores = self._bm25.retrieve([tokens], k=min(n, self._size), show_progress=False,
                                           weight_mask=mask, n_threads=0)
        return [(int(d), float(s)) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
