// The Chat tab: streams an answer from POST /api/chat, shows engine results as tables or verdicts,
// and citations as links that open the quoted section in the Rulebook tab.

import { ApiError, chat } from "./api.js";
import { el, sectionHref } from "./dom.js";
import { renderResult } from "./results.js";

const SECTION_REF = /\[([a-z0-9][a-z0-9-]*(?:\/[a-z0-9-]+)*)\]/g;

/** Answer text with [section-id] references turned into rulebook links. */
function answerText(game, text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(SECTION_REF)) {
    out.push(text.slice(last, m.index), el("a", { class: "rule-link", href: sectionHref(game, m[1]) }, m[1]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function citationList(citations, preliminary) {
  if (!citations.length) return null;
  return el("div", { class: `citations${preliminary ? " preliminary" : ""}` },
    el("h3", {}, preliminary ? "Likely source" : "Sources"),
    el("ol", {}, citations.map((c) => el("li", {},
      el("a", { class: "citation", href: sectionHref(c.game, c.section_id, c.quote), dataset: { section: c.section_id } },
        c.title, " ", el("span", { class: "section-id" }, `[${c.section_id}]`)),
      c.quote ? el("blockquote", {}, c.quote) : null))));
}

function toolBlock(name, args) {
  return el("details", { class: "tool-call" },
    el("summary", {}, el("span", { class: "tool-name" }, name), el("span", { class: "tool-state" }, " running…")),
    el("pre", {}, JSON.stringify(args, null, 2)));
}

const isEngineResult = (r) => r && typeof r === "object" && (Array.isArray(r.lines) || "legal" in r || r.error);

/** The Chat view: one transcript and conversation thread per game. */
export function createChat(panel, playView) {
  const logs = panel.querySelector("#chat-logs");
  const form = panel.querySelector("#chat-form");
  const input = panel.querySelector("#question");
  const attach = panel.querySelector("#attach-position");
  const askButton = panel.querySelector("#ask-button");
  const threads = new Map();
  const transcripts = new Map();
  let game = null;
  let busy = false;

  const transcript = () => {
    if (!transcripts.has(game.id)) {
      transcripts.set(game.id, el("div", { class: "chat-log", role: "log", "aria-label": `Conversation about ${game.title}` },
        el("p", { class: "muted hello" }, `Ask anything about ${game.title}. Answers quote the rulebook and link to the section.`)));
    }
    return transcripts.get(game.id);
  };

  async function ask(question) {
    const log = transcript();
    const current = game;
    const position = attach.checked ? await playView().position(current.id) : null;
    log.append(el("div", { class: "msg user" }, el("p", {}, question)));
    const text = el("p", { class: "answer-text", "aria-busy": "true" });
    const status = el("p", { class: "status muted" }, "Searching the rulebook…");
    const tools = el("div", { class: "tools" });
    const sources = el("div", { class: "sources" });
    const bubble = el("div", { class: "msg assistant" }, status, tools, text, sources);
    log.append(bubble);
    bubble.scrollIntoView({ block: "nearest" });
    let streamed = "";
    const pending = [];
    try {
      const request = { question, game: current.id, thread_id: threads.get(current.id) || null, position };
      for await (const { event, data } of chat(request)) {
        if (event === "token") {
          status.textContent = "";
          streamed += data.text;
          text.textContent = streamed;
        } else if (event === "citations") {
          sources.replaceChildren(citationList(data.citations || [], data.preliminary) || "");
        } else if (event === "tool_call") {
          status.textContent = `Consulting ${data.name}…`;
          const block = toolBlock(data.name, data.args);
          pending.push(block);
          tools.append(block);
        } else if (event === "tool_result") {
          const block = pending.shift() || tools.appendChild(toolBlock(data.name, {}));
          block.querySelector(".tool-state").textContent = " done";
          if (isEngineResult(data.result)) {
            block.after(renderResult(current.id, data.result));
          } else {
            block.append(el("pre", { class: "tool-output" }, JSON.stringify(data.result, null, 2)));
          }
        } else if (event === "done") {
          threads.set(current.id, data.thread_id);
          text.replaceChildren(...answerText(data.game || current.id, data.answer));
          sources.replaceChildren(citationList(data.citations || [], false) || "");
          if (!data.covered && data.nearest?.length) {
            sources.append(el("div", { class: "nearest" }, el("h3", {}, "Nearest sections"),
              el("ul", {}, data.nearest.map((n) => el("li", {}, el("a", { href: sectionHref(n.game, n.section_id) }, n.title))))));
          }
          status.remove();
        } else if (event === "error") {
          status.replaceChildren(el("span", { class: "error-text", role: "alert" }, data.message || "Something went wrong."));
        }
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : `The connection failed: ${error.message}`;
      status.replaceChildren(el("span", { class: "error-text", role: "alert" }, message));
    } finally {
      text.removeAttribute("aria-busy");
      bubble.scrollIntoView({ block: "nearest" });
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const question = input.value.trim();
    if (!question || busy) return;
    busy = true;
    askButton.disabled = true;
    input.value = "";
    try {
      await ask(question);
    } finally {
      busy = false;
      askButton.disabled = false;
      input.focus();
    }
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  panel.querySelector("#new-thread").addEventListener("click", () => {
    threads.delete(game.id);
    transcripts.delete(game.id);
    logs.replaceChildren(transcript());
    input.focus();
  });

  return {
    show(next) {
      game = next;
      logs.replaceChildren(transcript());
    },
  };
}
