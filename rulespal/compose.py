"""The words a player reads, built from data: the rule itself, a checked verdict before it, an engine result,
a RulesPal ruling, or a refusal. Nothing here invents a fact: every clause comes from the book, the engine or
the rulings file."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rulespal.evidence import EvidenceSentence
from rulespal.list_totals import ListTotal
from rulespal.rule_sums import RuleSum
from rulespal.rulings import Ruling

RULING_SENTENCES = 2


def rule_text(shown: Sequence[EvidenceSentence], direct: bool = True) -> str:
    """'The rulebook says (Title): "…"' for the deciding sentences, grouped by section, a variant's section marked
    as one ('(10.3 Partnership Rummy 500, a variant)'); when the evidence is only the closest rule (not direct), the
    answer says so."""
    parts: list[str] = []
    for n, sentence in enumerate(shown):
        if n and sentence.section_id == shown[n - 1].section_id:
            parts[-1] += f' … "{sentence.text}"'
        else:
            label = f"{sentence.title}, a variant" if sentence.variant else sentence.title
            parts.append(f'({label}): "{sentence.text}"')
    lead = "The rulebook says " if direct else "The rulebook may not answer this directly. The closest rule "
    return lead + " And ".join(parts)


def verdict_text(verdict: str, shown: Sequence[EvidenceSentence]) -> str:
    """'Yes.' or 'No.' followed by the rule it rests on."""
    return f"{verdict.capitalize()}. {rule_text(shown)}"


def sum_text(worked: RuleSum, shown: Sequence[EvidenceSentence]) -> str:
    """'8 points, by the rule quoted: 3 × 2 for each cosmonaut + 1 × 2 for each alien.' (a loss: 'You lose 5
    stars, …') followed by the rule."""
    amount = f"{worked.total} {worked.unit if worked.total == 1 else worked.unit + 's'}"
    lines = " + ".join(f"{t.count} × {t.rate.points} for each {t.rate.each}" for t in worked.terms)
    lead = f"You lose {amount}" if worked.loss else amount.capitalize()
    return f"{lead}, by the rule quoted: {lines}. {rule_text(shown)}"


def list_total_text(worked: ListTotal, shown: Sequence[EvidenceSentence]) -> str:
    """'290 for all 55 cosmic stones together, by the list quoted: 10 × 1 + 15 × 2 + ….' followed by the rule."""
    lines = " + ".join(f"{count} × {value}" for count, value in worked.items)
    return (f"{worked.total} for all {worked.whole} {worked.thing} together, by the list quoted: {lines}. "
            f"{rule_text(shown)}")


def engine_summary(result: Any) -> str | None:
    """One sentence for an engine result (total with its lines, a single line with how it was worked out, or a
    verdict with reasons); None for an error."""
    if not isinstance(result, dict) or "error" in result:
        return None
    if "total" in result and result.get("legal", True) is not False:
        earning = [ln for ln in result.get("lines", []) if ln.get("points")]
        if len(earning) == 1 and earning[0].get("detail") and earning[0]["points"] == result["total"]:
            return f"The engine scores this at {result['total']} ({earning[0]['label']}: {earning[0]['detail']})."
        lines = ", ".join(_line_text(ln, result) for ln in earning)
        return f"The engine scores this at {result['total']}" + (f" ({lines})." if lines else ".")
    if "legal" in result:
        reasons = "; ".join(r["message"] for r in result.get("reasons", []))
        verdict = "legal" if result["legal"] else "not legal"
        return f"The engine says this is {verdict}" + (f": {reasons}." if reasons and not result["legal"] else ".")
    if result.get("title") and isinstance(result.get("detail"), str):  # a title looked up: say how it was found
        return f"The engine's title: {result['title']} ({result['detail'].rstrip('.')})."
    for key in ("title", "winner", "winners"):
        if key in result:
            return f"The engine's {key}: {result[key]}."
    return "The engine's result is shown below."


def _line_text(line: dict[str, Any], result: dict[str, Any]) -> str:
    """'size of the closed area 3'; a tie's line, which takes the other players' shares away, is said by the share
    kept ('… 13 split 2 ways, 1 lost: your share 6'), not as a deduction a player could read as points."""
    if line["points"] < 0 and result.get("share") is not None and len(result.get("winners") or ()) > 1:
        return f"{line['label']}: your share {result['share']}"
    return f"{line['label']} {line['points']}"


def ruling_text(book_title: str, ruling: Ruling) -> str:
    """The book is silent; RulesPal's ruling, marked as such."""
    text = " ".join(re.split(r"(?<=[.!?])\s+", ruling.text)[:RULING_SENTENCES])
    return (f"The {book_title} rulebook does not say. RulesPal's own ruling ({ruling.id}, {ruling.title}), "
            f"not the book's words: {text}")


def refusal_text(book_title: str, nearest: Sequence[str]) -> str:
    """The book does not answer this; where to look instead (section titles only, the links come as data)."""
    near = f" Nearest sections: {', '.join(nearest)}." if nearest else ""
    return f"The {book_title} rulebook does not seem to answer this.{near}"


def position_unreadable() -> str:
    """A short pointer when the engine could not read a pasted position (its errors are in the details)."""
    return "The engine could not read the position you gave (the details list what is wrong)."


def reading_note(words: Mapping[str, str]) -> str:
    """'(Read "astronauts" as the rulebook's "cosmonauts".)': the names the answer took for the player's."""
    pairs = " and ".join(f'"{player}" as the rulebook\'s "{book}"' for player, book in words.items())
    return f"(Read {pairs}.)"
