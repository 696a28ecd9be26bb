"""Retrieval eval: hit@1/3/5 and MRR for hybrid, dense, BM25 and a naive fixed-size-chunk dense baseline."""

from __future__ import annotations

from typing import Any

import numpy as np

from rulespal.evals.datasets import load_jsonl, save_result
from rulespal.evals.metrics import first_gold_rank, hit_at, mrr
from rulespal.evals.passages import naive_chunks
from rulespal.library import Library
from rulespal.service import RulesPal


class NaiveBaseline:
    """Fixed 1000-character chunks (100 overlap) of each rulebook's Markdown body, dense only, same model."""

    def __init__(self, pal: RulesPal):
        self.embedder = pal.embedder
        self.chunks: list[tuple[str, str, str]] = []  # (game, section_id, text)
        for book in pal.library.books:
            self.chunks.extend(self._chunks(book.id, pal.library))
        self.vectors = np.array(self.embedder.embed([t for _, _, t in self.chunks]))

    @staticmethod
    def _chunks(game: str, library: Library) -> list[tuple[str, str, str]]:
        return [(game, sid, text) for sid, text in naive_chunks(library.resolve(game))]

    def ranked_sections(self, query: str, game: str | None) -> list[str]:
        """Section ids of the nearest chunks (deduplicated, best first)."""
        q = np.array(self.embedder.embed([query])[0])
        order = np.argsort(-(self.vectors @ q))
        return list(dict.fromkeys(self.chunks[i][1] for i in order if game is None or self.chunks[i][0] == game))


def run(pal: RulesPal, k: int = 5) -> dict[str, Any]:
    """Evaluate every system on the retrieval dataset; write evals/results/retrieval.json."""
    rows = load_jsonl("retrieval")
    naive = NaiveBaseline(pal)
    ranks: dict[str, list[int | None]] = {m: [] for m in ("hybrid", "dense", "bm25", "naive")}
    game_ok, misses = 0, []
    for row in rows:
        given = row.get("game")
        for mode in ("hybrid", "dense", "bm25"):
            result = pal.search(row["question"], game=given, k=k, mode=mode)
            rank = first_gold_rank([h.section_id for h in result.hits], row["gold"])
            ranks[mode].append(rank)
            if mode == "hybrid":
                game_ok += int(result.game == _gold_game(pal, row))
                if rank != 1:
                    misses.append({"id": row["id"], "question": row["question"], "gold": row["gold"],
                                   "got": [h.section_id for h in result.hits[:3]], "game": result.game})
        game = given or next((c.game for c in pal.retriever.detect(row["question"])), None)
        ranks["naive"].append(first_gold_rank(naive.ranked_sections(row["question"], game)[:k], row["gold"]))
    table = {m: {"hit@1": hit_at(r, 1), "hit@3": hit_at(r, 3), "hit@5": hit_at(r, 5), "mrr": mrr(r)}
             for m, r in ranks.items()}
    report = {"questions": len(rows), "game_detection_accuracy": game_ok / len(rows), "systems": table,
              "targets": {"hit@1": 0.80, "hit@3": 0.95}, "misses": misses}
    save_result("retrieval", report)
    return report


def _gold_game(pal: RulesPal, row: dict[str, Any]) -> str | None:
    if row.get("game"):
        return row["game"]
    return next((b.id for b in pal.library.books if all(b.section(g) for g in row["gold"])), None)
