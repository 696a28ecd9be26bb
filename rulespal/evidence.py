"""Sentence-level evidence: the sentences of the top sections that decide a question, and whether there are any."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from rulespal.citations import MIN_QUOTE_CHARS, clean_line, is_table_rule
from rulespal.embedding_cache import EmbeddingCache
from rulespal.embeddings import Embedder
from rulespal.lexical import tokenize
from rulespal.library import Library
from rulespal.matter import named_variants, variant_names, variant_sections, within
from rulespal.questions import QuestionKind
from rulespal.retrieval import SearchResult
from rulespal.rulebook import OPEN_END, Rulebook, Section

CACHE_LIMIT = 50_000
CANDIDATES = 40  # candidates kept, best first
SECTIONS = 7  # top sections of a search whose sentences are favoured by their rank
UNRANKED = 1_000  # the rank of a section outside them: its sentences compete without a rank prior
SHORT_PARENT = 300  # a hit section shorter than this brings its subsections' sentences too
SHOWN_CHARS = 1300  # the sentences shown, best first, up to this many characters
SAME_RATIO = 0.50  # the best sentence's section: its sentences scoring at least this share of the best are shown
OTHER_RATIO = 0.65  # another section's sentences need this share: a near tie means the scorer cannot tell them apart
DENSE, LEXICAL, CUE, PRIOR, SHORT = 1.0, 0.8, 0.12, 0.20, 0.15
SHORT_UNIT = 60  # units shorter than this lose up to SHORT: a short line matches many questions by accident
EXAMPLE = 0.20  # an example's units lose this: they share the question's situation, the rule they illustrate decides
ANSWERED = 0.35  # a question with its answer (an FAQ's) loses this: a player's question is worded like it, whatever
# its topic
RARE_SHARE = 0.5  # a rare word weighs (idf) at least this share of the book's rarest
SCORING_CUE = 0.06  # a question about points: a unit that awards points gains this
CITED = 0.10  # a unit of a rule the question cites by number ('art 9 - …') gains this: the player points to it
NAMED_VARIANT = 0.30  # a unit of a variant the question names gains this: the player plays by it
SIGNPOST = 0.10  # a unit pointing to another part of the book ('this chapter', 'described below') loses this

_MODAL = re.compile(r"\b(must|may|cannot|can ?not|can't|only|never|always|except|unless|not|no|allowed|instead|"
                    r"required|may not|have to|either|any)\b", re.I)
_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|"
                     r"twenty|thirty|half|double|twice|once)\b", re.I)
_CONDITION = re.compile(r"\b(if|when|whenever|otherwise|instead|in that case|unless|until|tie|tied|ties)\b", re.I)
_SCORING = re.compile(r"\b(points?|scores?|scored|scoring|earns?|earned|gains?|gained|worth|awards?|awarded)\b", re.I)
_SIGNPOST = re.compile(r"\bchapters?\b|\bsections? (?:below|above)\b|"
                       r"\b(?:this|next|previous|following|own|later) sections?\b|"
                       r"\b(?:described|explained|covered|dealt with) (?:below|above|later|under|in|here)\b", re.I)
_CUES = {"yesno": _MODAL, "number": _NUMBER, "whatif": _CONDITION}
_COUNTED = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)"
                      r"\s+((?:[a-z'-]+\s+){0,2}[a-z'-]+)", re.I)
_LEANS_BACK = re.compile(r"^(instead|then|otherwise|in that case|in this case|this|that|these|those|it|they|its|"
                         r"their|such|also|however|but|so|if so|if not|if it does|either one|neither one|"
                         r"in either case|either way|(?:either|neither|both|each) of (?:them|these|those|the two))\b",
                         re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"“])")
SHORT_SENTENCE = 45  # a sentence this short is read together with the one before it
LEAD_IN_LIMIT = 400  # a lead-in line and its list items are one unit up to this length
TABLE_LIMIT = 400  # a table (with its lead-in line) is one unit up to this length
LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+\.|[a-z]\.)\s+")
_EXAMPLE_HEADING = re.compile(r"\bexamples?\b|\bworked\b|\bwalk-?through\b|\bsample (?:game|turn|round|hand|deal)s?\b",
                              re.I)
_EXAMPLE_OPENING = re.compile(r"^(?:(?:worked |for )?examples?\b|e\.g\.|suppose\b|imagine\b|for instance\b|"
                              r"(?:let'?s )?say (?:you|that|the|a)\b)", re.I)


_BLOCK_START = re.compile(r"^\s*(?:[-*•+]\s|\d+[.)]\s|[a-z][.)]\s|\||#|>)")


def paragraph_lines(text: str) -> list[str]:
    """The lines of a text with hard-wrapped ones joined: a line ending mid-sentence goes on in the next line
    unless that line is blank or starts a list item, a table row, a heading or a quote ('…takes the card back
    and' / 'loses one point.' is one line); lines inside a fenced block stay as they are."""
    lines: list[str] = []
    fenced = joinable = False  # inside a ``` block (a diagram's rows stay apart); the last line may go on
    for raw in text.splitlines():
        if raw.lstrip().startswith(("```", "~~~")):
            fenced, joinable = not fenced, False
            lines.append(raw)
        elif joinable and raw.strip() and not _BLOCK_START.match(raw):
            lines[-1] = f"{lines[-1].rstrip()} {raw.strip()}"
        else:
            lines.append(raw)
        joinable = not fenced and bool(OPEN_END.search(lines[-1])) and not lines[-1].lstrip().startswith("|")
    return lines


def rule_units(text: str) -> list[str]:
    """The quotable units of a section: sentences of each paragraph or list item, a sentence that leans on the
    one before it ('Instead, …', 'It must…', a very short one) joined to it, a line ending in ':' joined to the
    list items it introduces, and a small table as one unit; every unit is the section's text word for word."""
    units: list[str] = []
    lead_in = in_table = False
    for raw in paragraph_lines(text):
        if is_table_rule(raw):
            continue
        line = clean_line(raw)
        if not line:
            in_table = False
            continue
        table_row = raw.lstrip().startswith("|")
        introduced = bool(units) and units[-1].endswith(":")
        if table_row and (in_table or introduced) and len(units[-1]) + len(line) < TABLE_LIMIT:
            # a table is one unit with the line introducing it: header and lead-in give each row its meaning
            units[-1] = f"{units[-1]}{'; ' if in_table else ' '}{line}"
            in_table = True
            continue
        in_table = table_row
        if lead_in and LIST_ITEM.match(raw) and len(units[-1]) + len(line) < LEAD_IN_LIMIT:
            units[-1] = f"{units[-1]} {line}"
            continue
        joined: list[str] = []
        asked = bool(units) and units[-1].endswith("?")  # a question line is read with its answer below it
        for piece in _SENTENCE_END.split(line):
            piece = piece.strip()
            if not piece:
                continue
            if asked:  # a question's answer, up to a sentence that says more than 'No.'
                target = joined or units
                target[-1] = f"{target[-1]} {piece}"
                asked = len(piece) < SHORT_SENTENCE
                continue
            if joined and (_LEANS_BACK.match(piece) or len(piece) < SHORT_SENTENCE):
                joined[-1] = f"{joined[-1]} {piece}"
            else:
                joined.append(piece)
            asked = piece.endswith("?")
        units.extend(joined)
        lead_in = bool(units) and units[-1].endswith(":")
    return [u for u in units if len(u) >= MIN_QUOTE_CHARS]


def example_units(text: str) -> set[str]:
    """The units of a section's paragraphs from a sentence opening an example ('Example 2.', 'Suppose the table
    shows…', 'For instance, …') to the paragraph's end."""
    examples: set[str] = set()
    for raw in paragraph_lines(text):
        units = rule_units(raw)
        start = next((i for i, unit in enumerate(units) if _EXAMPLE_OPENING.match(unit)), len(units))
        examples.update(units[start:])
    return examples


@dataclass(frozen=True)
class EvidenceSentence:
    """One candidate sentence with where it comes from and how well it answers the question."""

    game: str
    section_id: str
    title: str
    text: str
    section_rank: int
    position: tuple[int, int]  # (the section's order in the book, the sentence's place in it): reading order
    score: float
    similarity: float
    coverage: float
    variant: bool = False  # the section holds a variant of the rules, not the standard game
    named: bool = False  # the section holds a variant the question names: its rules replace the standard game's


@dataclass(frozen=True)
class Evidence:
    """The deciding sentences (best first) and how strongly the book answers the question."""

    sentences: tuple[EvidenceSentence, ...]
    strength: float
    coverage: float

    @property
    def closeness(self) -> float:
        """The highest similarity in meaning between the question and any candidate sentence (0 without any)."""
        return max((s.similarity for s in self.sentences), default=0.0)

    def shown(self, budget: int = 0) -> tuple[EvidenceSentence, ...]:
        """The sentences to show: the best, then every sentence the scorer can hardly tell from it (its own
        section's from SAME_RATIO of its score, another section's from OTHER_RATIO), best first while they fit the
        character budget; shown section by section, the best sentence's section first, each in reading order."""
        budget = budget or SHOWN_CHARS
        if not self.sentences:
            return ()
        best = self.sentences[0]
        picked, used = [best], len(best.text)
        for sentence in self.sentences[1:]:
            if best.named and not sentence.named:  # the standard rule the named variant replaces
                continue
            ratio = SAME_RATIO if sentence.section_id == best.section_id else OTHER_RATIO
            if sentence.score >= ratio * best.score and used + len(sentence.text) <= budget:
                picked.append(sentence)
                used += len(sentence.text)
        sections = list(dict.fromkeys(s.section_id for s in picked))  # the deciding sentence's section first
        return tuple(sorted(picked, key=lambda s: (sections.index(s.section_id), s.position)))


class _Candidate(NamedTuple):
    rank: int  # the section's retrieval rank
    place: tuple[int, int]  # reading order
    section_id: str
    title: str
    text: str
    weight: float  # the section's rank prior
    path: str  # the heading path, embedded with the unit
    example: bool  # the unit is part of an example


class EvidenceFinder:
    """Scores every sentence of the book against a question: meaning (embeddings), the question's rarer words,
    rule-language cues for the kind of question, and the retrieval rank of its section among the top hits."""

    def __init__(self, library: Library, embedder: Embedder, stored: EmbeddingCache | None = None):
        self.library, self.embedder, self.stored = library, embedder, stored
        self._cache: dict[str, np.ndarray] = {}  # sentence vectors: a book's sentences are embedded once
        self.idf = lru_cache(maxsize=64)(self._book_idf)
        self.variants = lru_cache(maxsize=64)(lambda game: variant_sections(self.library.resolve(game)))
        self.variant_names = lru_cache(maxsize=64)(
            lambda game: variant_names(book := self.library.resolve(game), self.library.names(book)))

    def _vectors(self, texts: Sequence[str]) -> np.ndarray:
        """Each text's vector, embedded on its own: the int8 model scales its activations per call, so a text
        embedded beside others would get a vector (and an answer) that depends on what was asked before."""
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing and len(self._cache) + len(missing) > CACHE_LIMIT:
            self._cache.clear()
        vectors = (self.stored.embed_each(missing) if self.stored is not None
                   else [self.embedder.embed([text])[0] for text in missing])
        for text, vector in zip(missing, vectors, strict=True):
            self._cache[text] = np.array(vector, dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        """Cosine similarity of a query to each text."""
        vectors = self._vectors([query, *texts])
        return [float(v) for v in vectors[1:] @ vectors[0]]

    def _book_idf(self, game: str) -> dict[str, float]:
        """Inverse document frequency of each word stem over the book's units."""
        book = self.library.resolve(game)
        docs = [set(stems(f"{s.title} {unit}")) for s in book.sections for unit in rule_units(s.text)]
        df = Counter(t for d in docs for t in d)
        return {t: math.log(1 + len(docs) / n) for t, n in df.items()}

    def find(self, question: str, found: SearchResult, kind: QuestionKind, context: str | None = None) -> Evidence:
        """Evidence for a question from every section of the book, those among the top hits of a search favoured
        by their rank (context: the previous question, for a follow-up, whose words count at half weight)."""
        if found.game is None or not found.hits:
            return Evidence((), 0.0, 0.0)
        book = self.library.resolve(found.game)
        ranked: list[tuple[int, Section]] = []
        for rank, hit in enumerate(found.hits[:SECTIONS]):
            section = book.section(hit.section_id)
            if section is None:
                continue
            # a parent whose own text is a line or two holds its rules in its subsections, unless it is the book's
            # title over the whole book: its subsections would all take its rank
            short = len(section.text) < SHORT_PARENT and book.children(None) != (section,)
            family = [section] + (list(book.children(section.id)) if short else [])
            ranked += [(rank, member) for member in family]
        # the rule a player's words miss in the search still competes: a worked example or an FAQ sharing the
        # question's cards and names often outranks the section that settles it
        ranked += [(UNRANKED, section) for section in book.sections]
        scored, wanted = self._scored(question, book, ranked, kind, context)
        if not scored:
            return Evidence((), 0.0, 0.0)
        texts = [" ".join(hit.heading_path) + " " + hit.text for hit in found.hits[:SECTIONS]]
        return Evidence(tuple(scored[:CANDIDATES]), scored[0].score, _covered_share(wanted, texts))

    def cited(self, question: str, game: str, section_ids: Sequence[str], kind: QuestionKind,
              idle: Collection[str] = ()) -> Evidence | None:
        """Evidence for a question from the sections an engine's result cites (its rule refs), ranked alike but for
        the idle ones (cited only by lines that earned nothing), ranked second; sections the book lacks are skipped,
        and without any sentence there is none."""
        book = self.library.resolve(game)
        sections = [s for s in (book.section(i) for i in dict.fromkeys(section_ids)) if s is not None]
        ranked = [(1 if s.id in idle else 0, s) for s in sections]
        scored, wanted = self._scored(question, book, ranked, kind, None)
        if not scored:
            return None
        texts = [" ".join(s.heading_path) + " " + s.text for s in sections]
        return Evidence(tuple(scored[:CANDIDATES]), scored[0].score, _covered_share(wanted, texts))

    def _scored(self, question: str, book: Rulebook, ranked: Sequence[tuple[int, Section]], kind: QuestionKind,
                context: str | None) -> tuple[list[EvidenceSentence], dict[str, float]]:
        """Every unit of the given (retrieval rank, section) pairs scored against the question, best first, and
        the question's weighted words."""
        idf = self.idf(book.id)
        own = _weights(question, idf, names={t for n in self.library.names(book) for t in stems(n)})
        wanted = dict(own)
        if context:
            for token, weight in _weights(context, idf, set()).items():
                wanted.setdefault(token, weight / 2)
        total, own_total = sum(wanted.values()) or 1.0, sum(own.values()) or 1.0
        rare = RARE_SHARE * max(idf.values(), default=0.0)
        candidates: list[_Candidate] = []
        seen: set[str] = set()  # a section reached twice (as a hit and as a short parent's child) counts once
        for rank, member in ranked:
            if member.id in seen:
                continue
            seen.add(member.id)
            path = " > ".join(member.heading_path)
            examples = example_units(member.text)
            for pos, sent in enumerate(rule_units(member.text)):
                example = sent in examples or bool(_EXAMPLE_HEADING.search(path))
                candidates.append(_Candidate(rank, (member.order, pos), member.id, member.title, sent,
                                             0.0 if rank == UNRANKED else 1.0 / (1 + rank), path, example))
        if not candidates:
            return [], wanted
        query = f"{context} {question}" if context else question
        svecs = self._vectors([f"{c.path}: {c.text}" for c in candidates])
        sims = svecs @ self._vectors([query])[0]
        if context:  # the previous question favours only the sections searched with it: elsewhere a unit meets
            # this one alone
            searched = np.array([c.rank != UNRANKED for c in candidates])
            sims = np.where(searched, sims, svecs @ self._vectors([question])[0])
        cue = _CUES.get(kind)
        scoring = bool(_SCORING.search(question))
        variants = self.variants(book.id)
        named = named_variants(self.variant_names(book.id), question)
        cited = [s.id for s in book.cited(question)]
        words = [set(stems(f"{c.title} {c.text}")) for c in candidates]
        # a rare word of the question that only examples speak of: there the example is the book's word on it
        in_rules = {t for c, tokens in zip(candidates, words, strict=True) if not c.example for t in tokens}
        only_examples = {t for t, w in wanted.items() if w >= rare and t not in in_rules}
        scored = []
        for c, sim, tokens in zip(candidates, sims, words, strict=True):
            weights, whole = (wanted, total) if c.rank != UNRANKED else (own, own_total)
            coverage = sum(w for t, w in weights.items() if t in tokens) / whole
            bonus = CUE if cue is not None and cue.search(c.text) else 0.0
            if kind == "number" and _counts_asked(c.text, wanted):
                bonus += CUE
            if scoring and _SCORING.search(c.text):
                bonus += SCORING_CUE
            if _SIGNPOST.search(c.text):
                bonus -= SIGNPOST
            short = SHORT * max(0.0, 1 - len(c.text) / SHORT_UNIT)
            example = c.example and not tokens & only_examples
            # a question with its answer (an FAQ's) restates a rule given elsewhere, worded like any player's question
            answered = "? " in c.text
            chosen = any(within(c.section_id, root) for root in named)
            pointed = any(within(c.section_id, section) for section in cited)
            score = (DENSE * float(sim) + LEXICAL * coverage + bonus + PRIOR * c.weight - short - EXAMPLE * example
                     - ANSWERED * answered + NAMED_VARIANT * chosen + CITED * pointed)
            scored.append(EvidenceSentence(book.id, c.section_id, c.title, c.text, c.rank, c.place, score,
                                           float(sim), coverage, c.section_id in variants, chosen))
        scored.sort(key=lambda s: -s.score)
        return scored, wanted


def _covered_share(wanted: dict[str, float], texts: Sequence[str]) -> float:
    """The weighted share of the question's words found anywhere in the texts."""
    tokens = {t for text in texts for t in stems(text)}
    return sum(w for t, w in wanted.items() if t in tokens) / (sum(wanted.values()) or 1.0)


def _counts_asked(sentence: str, wanted: dict[str, float]) -> bool:
    """True when the sentence counts one of the question's words ('the 15 photo mission cards')."""
    return any(set(stems(m.group(1))) & set(wanted) for m in _COUNTED.finditer(sentence))


def _weights(text: str, idf: dict[str, float], names: set[str]) -> dict[str, float]:
    """IDF weight of each content word of a text; words the book never uses weigh as much as its rarest."""
    rarest = max(idf.values(), default=1.0)
    return {t: idf.get(t, rarest) for t in stems(text) if t not in names}


def stems(text: str) -> list[str]:
    """Content words reduced to a rough stem, so 'touching', 'touched' and 'touch' meet."""
    out = []
    for token in tokenize(text):
        for suffix in ("ing", "ed", "es", "ly"):
            if token.endswith(suffix) and len(token) - len(suffix) >= 4:
                token = token[: -len(suffix)]
                break
        out.append(token)
    return out

