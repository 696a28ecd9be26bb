// What every position editor shares: the notation pane, running an engine operation, showing its answer or errors.

import { ApiError, call } from "../api.js";
import { el } from "../dom.js";
import { renderProblems, renderResult } from "../results.js";

/** The route that runs an engine operation. */
export function operationPath(game, operation) {
  const base = `/api/games/${encodeURIComponent(game)}`;
  return ["check", "score"].includes(operation) ? `${base}/${operation}` : `${base}/run/${encodeURIComponent(operation)}`;
}

/** Indented JSON where every object or array that fits on a line stays on one line. */
export function formatJson(value, indent = "") {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== "object" || flat.length + indent.length <= 76) return flat;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => inner + formatJson(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return items.length ? `${open}\n${items.join(",\n")}\n${indent}${close}` : flat;
}

/** A button copying `read()` to the clipboard; its label says "Copied" for a moment. */
export function copyButton(label, read, className = "secondary") {
  const button = el("button", {
    type: "button", class: className,
    onclick: async () => {
      await navigator.clipboard?.writeText(read()).catch(() => {});
      button.textContent = "Copied";
      setTimeout(() => { button.textContent = label; }, 1200);
    },
  }, label);
  return button;
}

/** Notation + engine answer pane; `run` shows the result or the problems (422 names the field or cell). */
export function outputPane(game, title = "Engine says", notationTitle = "Position notation") {
  const notation = el("pre", { class: "notation", tabindex: "0", "aria-label": `${notationTitle} (JSON)` });
  const copy = copyButton("Copy", () => notation.textContent, "secondary small");
  const result = el("div", { class: "result", "aria-live": "polite" });
  const root = el("div", { class: "output-pane" },
    el("div", { class: "pane-head" }, el("h3", {}, notationTitle), copy), notation,
    el("h3", {}, title), result);
  let sequence = 0;
  return {
    root,
    setNotation(doc) {
      notation.textContent = typeof doc === "string" ? doc : formatJson(doc);
    },
    /** Run an operation; resolves to {data} or {error} (stale answers of superseded runs are dropped). */
    async run(operation, doc) {
      const mine = ++sequence;
      result.setAttribute("aria-busy", "true");
      try {
        const data = await call(operationPath(game, operation), typeof doc === "string" ? { text: doc } : doc);
        if (mine === sequence) result.replaceChildren(renderResult(game, data));
        return { data };
      } catch (error) {
        if (mine === sequence) {
          result.replaceChildren(error instanceof ApiError ? renderProblems(error)
            : el("div", { class: "error-box", role: "alert" }, `The request failed: ${error.message}`));
        }
        return { error };
      } finally {
        if (mine === sequence) result.removeAttribute("aria-busy");
      }
    },
    /** Show a message in place of a result; an answer still on its way is dropped, not shown over it. */
    showMessage(message) {
      sequence += 1;
      result.removeAttribute("aria-busy");
      result.replaceChildren(el("div", { class: "error-box", role: "alert" }, message));
    },
  };
}

/** Grid cells named by the `loc` of 422 problems: [row, col] pairs for loc ["body", <field>, row, col, …]. */
export function problemCells(error, field) {
  return (error?.problems || []).map((p) => p.loc || []).filter((loc) => loc[1] === field && Number.isInteger(loc[2]))
    .map((loc) => [loc[2], loc[3]]);
}
