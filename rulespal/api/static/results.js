// Engine results as HTML: verdicts (LEGAL / ILLEGAL with reasons) and score breakdowns (tables), each line
// linked to the rule it rests on; any other facts as a small definition list.

import { el, ruleLink } from "./dom.js";

const SHOWN = new Set(["legal", "reasons", "detail", "total", "lines", "rule_ref"]);

function verdict(game, result) {
  return el("div", { class: `verdict ${result.legal ? "legal" : "illegal"}`, role: "status" },
    el("strong", { class: "verdict-badge" }, result.legal ? "LEGAL" : "ILLEGAL"),
    result.reasons?.length ? el("ul", { class: "reasons" }, result.reasons.map((r) =>
      el("li", {}, el("span", { class: "reason-code" }, r.code), " ", r.message, " ", ruleLink(game, r.rule_ref)))) : null);
}

function breakdown(game, result) {
  return el("div", { class: "table-wrap" }, el("table", { class: "score-table" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "Line"), el("th", { scope: "col", class: "num" }, "Points"),
      el("th", { scope: "col" }, "How"), el("th", { scope: "col" }, "Rule"))),
    el("tbody", {}, result.lines.map((line) => el("tr", { dataset: { key: line.key } },
      el("td", {}, line.label), el("td", { class: "num" }, String(line.points)),
      el("td", { class: "detail" }, line.detail || ""), el("td", {}, ruleLink(game, line.rule_ref))))),
    el("tfoot", {}, el("tr", {},
      el("th", { scope: "row" }, "Total"), el("td", { class: "num total" }, String(result.total)),
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
