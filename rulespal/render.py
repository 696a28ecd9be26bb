"""Plain-text rendering of RulesPal data for the terminal (tables, trees, verdicts)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from rulespal.retrieval import SearchResult
from rulespal.views import TocEntry


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A fixed-width text table."""
    rows = [[str(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=False)).rstrip()  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)])


def toc_tree(entries: Sequence[TocEntry], depth: int = 0) -> str:
    """An indented table of contents, one section per line with its id."""
    lines = []
    for e in entries:
        lines.append(f"{'  ' * depth}{e.title}  [{e.section_id}]" + (f"  p. {e.page}" if e.page else ""))
        if e.children:
            lines.append(toc_tree(e.children, depth + 1))
    return "\n".join(lines)


def search_hits(result: SearchResult) -> str:
    """Numbered hits with their section ids and a snippet."""
    head = f"game: {result.game or '?'}" + (" (detected from the question)" if result.detected else "")
    if not result.confident and result.candidates:
        head = "which game? " + ", ".join(f"{c.title} [{c.game}] {c.confidence:.0%}" for c in result.candidates) + (
            f"\nshowing {result.candidates[0].title}; add --game to choose")
    out = [head]
    for n, hit in enumerate(result.hits, 1):
        snippet = " ".join(hit.text.split())
        page = f"  p. {hit.page}" if hit.page else ""
        out.append(f"{n}. {' > '.join(hit.heading_path)}  [{hit.game}:{hit.section_id}]{page}  score {hit.score:.4f}\n"
                   f"   {snippet[:240]}{'…' if len(snippet) > 240 else ''}")
    return "\n".join(out) if result.hits else head + "\nno matching sections"


def engine_result(result: dict[str, Any]) -> str:
    """A score breakdown as a table, a verdict as LEGAL/ILLEGAL with reasons, anything else as key: value."""
    parts: list[str] = []
    if "legal" in result:
        parts.append("LEGAL" if result["legal"] else "ILLEGAL")
        parts.extend(f"- [{r['code']}] {r['message']} (see {r['rule_ref']})" for r in result.get("reasons", []))
        if result.get("detail"):
            parts.append(str(result["detail"]))
    if "lines" in result:
        rows = [(ln["label"], ln["points"], ln["rule_ref"], ln.get("detail", "")) for ln in result["lines"]]
        parts.append(table(["line", "points", "rule", "detail"], rows))
        parts.append(f"TOTAL {result['total']}")
    shown = {"legal", "reasons", "detail", "lines", "total"}
    parts.extend(f"{k}: {_extra(v)}" for k, v in result.items() if k not in shown)
    return "\n".join(parts)


def _extra(value: Any) -> str:
    """A scalar as is; a list or mapping as compact JSON when short, else a pointer to --json."""
    if not isinstance(value, (list, dict)):
        return str(value)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else f"({len(value)} {'items' if isinstance(value, list) else 'keys'}; see --json)"
