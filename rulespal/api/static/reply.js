// One assistant reply in the Chat tab, built from the /api/chat events: a status that follows the stream, the answer
// text, engine calls as a collapsed detail (what was sent, what came back), and the sources as compact links.

import { el, pageLink, sectionHref } from "./dom.js";
import { renderResult } from "./results.js";

const SECTION_REF = /\[([a-z0-9][a-z0-9-]*(?:\/[a-z0-9-]+)*)\]/g;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Answer text with [section-id] references and the titles of `links` ({title, href}) turned into links. */
function linkedText(game, text, links) {
  const marks = [];
  for (const m of text.matchAll(SECTION_REF)) {
    marks.push({ at: m.index, end: m.index + m[0].length, node: el("a", { class: "rule-link", href: sectionHref(game, m[1]) }, m[1]) });
  }
  for (const link of links) {
    const at = text.indexOf(link.title);
    if (at >= 0 && !marks.some((m) => at < m.end && m.at < at + link.title.length)) {
      marks.push({ at, end: at + link.title.length, node: el("a", { href: link.href }, link.title) });
      link.inText = true;
    }
  }
  marks.sort((a, b) => a.at - b.at);
  const out = [];
  let last = 0;
  for (const m of marks) {
    out.push(text.slice(last, m.at), m.node);
    last = m.end;
  }
  out.push(text.slice(last));
  return out;
}

/** Sources as one line of links (title → the section with the quote highlighted); rulings are labelled as such. */
function sourceLinks(citations, preliminary) {
  if (!citations.length) return "";
  const seen = new Set();
  const unique = citations.filter((c) => !seen.has(c.section_id + c.source) && seen.add(c.section_id + c.source));
  return el("div", { class: `citations${preliminary ? " preliminary" : ""}` },
    el("span", { class: "citations-label" }, preliminary ? "Reading:" : "Sources:"),
    el("ul", {}, unique.map((c) => el("li", {}, el("a", {
      class: `citation${c.source === "ruling" ? " ruling" : ""}`, href: sectionHref(c.game, c.section_id, c.source === "ruling" ? null : c.quote),
      title: c.quote || null, dataset: { section: c.section_id },
    }, c.source === "ruling" ? [el("span", { class: "ruling-badge" }, "RulesPal ruling"), " ", c.title.replace(/^RulesPal ruling [^:]*:\s*/, "")] : c.title),
    c.page ? [" ", pageLink(c.game, c.page)] : ""))));
}

function toolDetail(name, args) {
  const state = el("span", { class: "tool-state" }, "running…");
  const body = el("div", { class: "tool-body" }, el("h4", {}, "Sent"), el("pre", {}, JSON.stringify(args, null, 2)));
  const root = el("details", { class: "tool-call" }, el("summary", {}, "Engine call ", el("code", {}, name), " · ", state), body);
  return { root, state, body };
}

const isEngineAnswer = (r) => r && typeof r === "object" && !r.error && (Array.isArray(r.lines) || "legal" in r);

/** A reply bubble; `handle(event, data)` feeds it the stream, `finish(note)` ends it (stopped, failed). */
export function createReply(game) {
  const status = el("p", { class: "status", role: "status" }, "Searching the rulebook…");
  const tools = el("div", { class: "tools" });
  const text = el("p", { class: "answer-text", "aria-busy": "true" });
  const results = el("div", { class: "engine-answers" });
  const sources = el("div", { class: "sources" });
  const root = el("div", { class: "msg assistant" }, status, text, results, tools, sources);
  const pending = [];
  let streamed = "";

  const handlers = {
    citations(data) {
      const citations = data.citations || [];
      if (data.preliminary && !streamed) {
        const n = new Set(citations.map((c) => c.section_id)).size;
        status.textContent = n ? `Reading ${plural(n, "section")}…` : "Reading the rulebook…";
      }
      sources.replaceChildren(sourceLinks(citations, data.preliminary));
    },
    tool_call(data) {
      status.textContent = "Checking with the rules engine…";
      const detail = toolDetail(data.name, data.args);
      pending.push(detail);
      tools.append(detail.root);
    },
    tool_result(data) {
      let detail = pending.shift();
      if (!detail) {
        detail = toolDetail(data.name, {});
        tools.append(detail.root);
      }
      const failed = data.result && typeof data.result === "object" && data.result.error;
      detail.state.textContent = failed ? "could not read the position" : "done";
      detail.root.classList.toggle("failed", Boolean(failed));
      detail.body.append(el("h4", {}, "Came back"), failed ? renderResult(game, data.result)
        : el("pre", { class: "tool-output" }, JSON.stringify(data.result, null, 2)));
      if (isEngineAnswer(data.result)) results.append(renderResult(game, data.result));
    },
    token(data) {
      status.textContent = "Writing the answer…";
      streamed += data.text;
      text.textContent = streamed;
    },
    done(data) {
      const nearest = data.covered ? [] : (data.nearest || []).map((n) => ({ title: n.title, href: sectionHref(n.game, n.section_id) }));
      text.replaceChildren(...linkedText(data.game || game, data.answer, nearest));
      sources.replaceChildren(sourceLinks(data.citations || [], false));
      const rest = nearest.filter((n) => !n.inText);
      if (rest.length) {
        sources.append(el("div", { class: "nearest" }, el("span", { class: "citations-label" }, "Nearest sections:"),
          el("ul", {}, rest.map((n) => el("li", {}, el("a", { href: n.href }, n.title))))));
      }
      status.remove();
    },
    error(data) {
      this.finish(data.message || "Something went wrong.", true);
    },
  };

  return {
    root,
    handle(event, data) {
      handlers[event]?.call(this, data);
    },
    /** End the reply early: a note in place of the status (an alert when it is an error); the text so far stays. */
    finish(note, isError = false) {
      status.className = isError ? "status error-text" : "status muted";
      status.setAttribute("role", isError ? "alert" : "status");
      status.textContent = note;
      if (!root.contains(status)) root.prepend(status);
      pending.forEach((d) => { d.state.textContent = "cancelled"; });
    },
    settle() {
      text.removeAttribute("aria-busy");
      if (!text.textContent) text.remove();
    },
  };
}
