"""Hit@k of returned text at equal character budgets: a hit is a returned passage that carries the gold passage,
counting only the text inside the budget (the top results' texts in order, cut at the budget)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from rulespal.chunking import chunk_rulebook
from rulespal.embeddings import Embedder
from rulespal.lexical import LexicalIndex
from rulespal.library import Library
from rulespal.rulebook import Rulebook

BUDGETS = (1000, 5000)
NAIVE_SIZE, NAIVE_OVERLAP = 1000, 100
LEGACY_SIZE, LEGACY_OVERLAP = 900, 250  # the chunker before small-to-big passages (whole book, 900/250)
RRF_K = 60


def normalise(text: str) -> str:
    """Lowercase, markdown emphasis dropped, whitespace collapsed: the form in which passages are compared."""
    return re.sub(r"\s+", " ", re.sub(r"[*_`]", "", text.lower())).strip()


def budget_rank(texts: Sequence[str], gold: str, budget: int) -> int | None:
    """1-based rank of the first text carrying the gold passage within the first `budget` characters overall."""
    wanted, used = normalise(gold), 0
    for rank, text in enumerate(texts, 1):
        visible = text[:max(0, budget - used)]
        used += len(text)
        if wanted and wanted in normalise(visible):
            return rank
    return None


def naive_chunks(book: Rulebook) -> list[tuple[str, str]]:
    """(section id, text) of fixed 1,000-character chunks (100 overlap) of a rulebook's Markdown body."""
    body, owner = "", []
    for s in book.sections:
        piece = f"{'#' * s.level} {s.title}\n{s.text}\n\n"
        body += piece
        owner.extend([s.id] * len(piece))
    out = []
    for start in range(0, max(1, len(body) - NAIVE_OVERLAP), NAIVE_SIZE - NAIVE_OVERLAP):
        ids = owner[start:start + NAIVE_SIZE]
        out.append((max(set(ids), key=ids.count), body[start:start + NAIVE_SIZE]))
    return out


class FlatBaseline:
    """An in-memory baseline over one chunking of every book: dense only (naive) or dense + BM25 by reciprocal
    rank (legacy chunks), one best chunk per section for the legacy system, within the given game."""

    def __init__(self, library: Library, embedder: Embedder, kind: str):
        self.kind, self.embedder = kind, embedder
        self.rows: dict[str, list[tuple[str, str, str]]] = {}  # game -> (section id, text, embedded text)
        for book in library.books:
            if kind == "naive":
                self.rows[book.id] = [(sid, text, text) for sid, text in naive_chunks(book)]
            else:
                self.rows[book.id] = [(c.section_id, c.text, c.embed_text) for c in chunk_rulebook(
                    book, LEGACY_SIZE, LEGACY_OVERLAP, rules_only=False)]
        self.vectors = {g: np.array(embedder.embed([r[2] for r in rows])) for g, rows in self.rows.items()}
        self.lexical = ({g: LexicalIndex([r[2] for r in rows]) for g, rows in self.rows.items()}
                        if kind != "naive" else {})

    def ranked(self, query: str, game: str) -> list[tuple[str, str]]:
        """(section id, text) best first."""
        rows, q = self.rows[game], np.array(self.embedder.embed([query])[0])
        dense = list(np.argsort(-(self.vectors[game] @ q))[:40])
        if self.kind == "naive":
            return [rows[i][:2] for i in dense]
        fused: dict[int, float] = {}
        for weight, ranking in ((1.0, dense), (1.3, [i for i, _ in self.lexical[game].search(query, 40)])):
            for rank, i in enumerate(ranking):
                fused[int(i)] = fused.get(int(i), 0.0) + weight / (RRF_K + rank + 1)
        seen: dict[str, str] = {}
        for i in sorted(fused, key=lambda i: -fused[i]):
            seen.setdefault(rows[i][0], rows[i][1])
        return list(seen.items())
