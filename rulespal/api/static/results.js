// Engine results as HTML: verdicts (LEGAL / ILLEGAL with reasons) and score breakdowns (tables), each line
// linked to the rule it rests on; any other facts as a small definition list.

import { el, ruleLink } from "./dom.js";

const SHOWN = new Set(["legal", "reasons", "detail", "total", "lines", "rule_ref", "final_totals", "totals", "ranking", "winners", "summary"]);
const PER_PLAYER = /^(player|bonus):/;

/** Per-player standings (final totals, totals after the move, ranking) with the winner named: never folded away. */
function standings(result) {
  const totals = result.final_totals || result.totals;
  if (!totals || typeof totals !== "object") return null;
  const ranks = new Map((result.ranking || []).map((r) => [r.player, r.rank]));
  const winners = result.winners || [];
  const players = Object.keys(totals).sort((a, b) => (ranks.get(a) ?? 0) - (ranks.get(b) ?? 0) || totals[b] - totals[a]);
  const gained = Object.fromEntries((result.lines || []).filter((l) => PER_PLAYER.test(l.key)).map((l) => [l.key.split(":")[1], l.points]));
  return el("div", { class: "standings" },
    winners.length ? el("p", { class: "winner", role: "status" },
      el("strong", {}, winners.length > 1 ? `Tie: ${winners.join(" and ")} win` : `${winners[0]} wins`),
      ` with ${totals[winners[0]]} points.`) : null,
    el("div", { class: "table-wrap" }, el("table", { class: "standings-table" },
      el("thead", {}, el("tr", {}, ranks.size ? el("th", { scope: "col", class: "num" }, "Rank") : null,
        el("th", { scope: "col" }, "Player"), el("th", { scope: "col", class: "num" }, result.final_totals ? "Bonus" : "This move"),
        el("th", { scope: "col", class: "num" }, result.final_totals ? "Final total" : "Total now"))),
      el("tbody", {}, players.map((p) => el("tr", { class: winners.includes(p) ? "is-winner" : null, dataset: { player: p } },
        ranks.size ? el("td", { class: "num" }, String(ranks.get(p) ?? "")) : null,
        el("th", { scope: "row" }, p), el("td", { class: "num" }, String(gained[p] ?? 0)),
        el("td", { class: "num player-total" }, String(totals[p]))))))));
}

function verdict(game, result) {
  return el("div", { class: `verdict ${result.legal ? "legal" : "illegal"}`, role: "status" },
    el("strong", { class: "verdict-badge" }, result.legal ? "LEGAL" : "ILLEGAL"),
    result.reasons?.length ? el("ul", { class: "reasons" }, result.reasons.map((r) =>
      el("li", {}, el("span", { class: "reason-code" }, r.code), " ", r.message, " ", ruleLink(game, r.rule_ref)))) : null);
}

function breakdown(game, result) {
  const perPlayer = result.lines.length > 0 && result.lines.every((l) => PER_PLAYER.test(l.key) || l.points === 0);
  return el("div", { class: "table-wrap" }, el("table", { class: "score-table" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Line"), el("th", { scope: "col", class: "num" }, "Points"),
      el("th", { scope: "col" }, "How"), el("th", { scope: "col" }, "Rule"))),
    el("tbody", {}, result.lines.map((line) => el("tr", { dataset: { key: line.key } },
      el("td", {}, line.label), el("td", { class: "num" }, String(line.points)),
      el("td", { class: "detail" }, line.detail || ""), el("td", {}, ruleLink(game, line.rule_ref))))),
    el("tfoot", {}, el("tr", {},
      el("th", { scope: "row" }, perPlayer ? "All players together" : "Total"), el("td", { class: "num total" }, String(result.total)),
      el("td", { colspan: "2" })))));
}

function facts(game, result) {
  const rows = Object.entries(result).filter(([key]) => !SHOWN.has(key));
  if (!rows.length && !result.rule_ref) return null;
  return el("dl", { class: "facts" },
    result.rule_ref ? [el("dt", {}, "rule"), el("dd", {}, ruleLink(game, result.rule_ref))] : [],
    rows.map(([key, value]) => [el("dt", {}, key.replaceAll("_", " ")),
      el("dd", {}, Array.isArray(value) && !value.length ? "none" : typeof value === "object" && value !== null
        ? el("details", {}, el("summary", {}, Array.isArray(value) ? `${value.length} item(s)` : "details"),
          el("pre", {}, JSON.stringify(value, null, 2)))
        : String(value))]));
}

/** An engine result (verdict, breakdown, both, or other facts) as one element. */
export function renderResult(game, result) {
  if (result === null || typeof result !== "object" || Array.isArray(result)) {
    return el("pre", { class: "engine-result" }, typeof result === "string" ? result : JSON.stringify(result, null, 2));
  }
  if (result.error) {
    return el("div", { class: "engine-result error-box", role: "alert" }, el("strong", {}, "Engine error: "), result.error,
      result.errors?.length ? el("ul", {}, result.errors.map((e) => el("li", {}, `${(e.loc || []).join(".")}: ${e.msg}`))) : null);
  }
  return el("div", { class: "engine-result" },
    "legal" in result ? verdict(game, result) : null,
    result.summary ? el("p", { class: "result-detail" }, result.summary) : null,
    standings(result),
    Array.isArray(result.lines) ? breakdown(game, result) : null,
    result.detail && !Array.isArray(result.lines) ? el("p", { class: "result-detail" }, result.detail) : null,
    facts(game, result));
}

/** 422 problems as a list next to an editor: each names the field or cell and what was expected. */
export function renderProblems(error) {
  const problems = error.problems;
  return el("div", { class: "error-box", role: "alert" },
    el("strong", {}, error.status === 422 ? "This position cannot be read:" : `Error ${error.status || ""}:`),
    problems.length
      ? el("ul", {}, problems.map((p) => el("li", {}, el("code", {}, (p.loc || []).filter((x) => x !== "body").join(".") || "(document)"), " ", p.msg)))
      : el("p", {}, error.message));
}
