// The Chat tab: per game a transcript, a conversation thread, a draft and at most one running answer (which keeps
// going when another game is shown); Stop aborts the request, and the server then stops generating.

import { ApiError, chat } from "./api.js";
import { el } from "./dom.js";
import { createReply } from "./reply.js";

const PLACEHOLDERS = {
  cartographers: "e.g. Does a corner space count twice for Sentinel Wood?",
  "cational-meographic": "e.g. Can I place a tile touching only at a corner?",
  "mise-kolonizace": "e.g. Who scores a closed area when the cosmonauts tie?",
};
const COUNT_FROM = 0.8; // show the character counter from 80% of the limit

/** The Chat view. `playView()` gives the Score / Check view, whose position can be attached to a question. */
export function createChat(panel, playView) {
  const logs = panel.querySelector("#chat-logs");
  const form = panel.querySelector("#chat-form");
  const input = panel.querySelector("#question");
  const attach = panel.querySelector("#attach-position");
  const askButton = panel.querySelector("#ask-button");
  const stopButton = panel.querySelector("#stop-button");
  const counter = panel.querySelector("#question-count");
  const note = panel.querySelector("#question-note");
  const limit = Number(input.dataset.limit) || 2000;
  const states = new Map(); // game id -> {game, draft, thread, log, running}
  let game = null;

  const stateOf = (g) => {
    if (!states.has(g.id)) {
      states.set(g.id, {
        game: g, draft: "", thread: null, running: null,
        log: el("div", { class: "chat-log", role: "log", "aria-label": `Conversation about ${g.title}` },
          el("p", { class: "muted hello" }, `Ask anything about ${g.title}. Answers quote the rulebook and link to the section.`)),
      });
    }
    return states.get(g.id);
  };

  new ResizeObserver(() => { // answers scroll into view above the sticky question box, never under it
    document.documentElement.style.setProperty("--chat-form-h", `${form.offsetHeight}px`);
  }).observe(form);

  const say = (message, kind = "info") => {
    note.className = `form-note ${kind}`;
    note.replaceChildren(...[message].flat(Infinity).filter(Boolean));
  };

  function refreshCounter() {
    const n = input.value.length;
    counter.hidden = n < limit * COUNT_FROM;
    counter.textContent = n > limit ? `${n.toLocaleString()} / ${limit.toLocaleString()}: ${(n - limit).toLocaleString()} too many`
      : `${n.toLocaleString()} / ${limit.toLocaleString()}`;
    counter.classList.toggle("over", n > limit);
  }

  /** Buttons and notes for the shown game: Stop while its answer runs; a pointer to answers running elsewhere. */
  function refresh() {
    const state = stateOf(game);
    askButton.hidden = Boolean(state.running);
    stopButton.hidden = !state.running;
    const elsewhere = [...states.values()].filter((s) => s.running && s !== state);
    if (elsewhere.length) {
      say(["Still answering about ", elsewhere.map((s, i) => [i ? ", " : "", el("a", { href: `#/${s.game.id}/chat` }, s.game.title)]),
        " (it goes on in its own conversation)."]);
    } else if (note.classList.contains("info")) {
      say("");
    }
    refreshCounter();
  }

  const restoreDraft = (state, question) => {
    if (state.draft.trim()) return;
    state.draft = question;
    if (state === stateOf(game)) {
      input.value = question;
      refreshCounter();
    }
  };

  async function ask(state, question) {
    const position = attach.checked ? await playView().position(state.game.id) : null;
    const reply = createReply(state.game.id);
    state.log.append(el("div", { class: "msg user" }, el("p", {}, question)), reply.root);
    reply.root.scrollIntoView({ block: "nearest" });
    const controller = new AbortController();
    state.running = controller;
    refresh();
    let first = true;
    try {
      const request = { question, game: state.game.id, thread_id: state.thread, position };
      for await (const { event, data } of chat(request, controller.signal)) {
        reply.handle(event, data);
        if (event === "done") state.thread = data.thread_id;
        if (event === "error") restoreDraft(state, question);
        if (first || event === "done") reply.root.scrollIntoView({ block: "nearest" });
        first = false;
      }
    } catch (error) {
      if (error.name === "AbortError") {
        reply.finish("Stopped. Your question is back in the box if you want to change it.");
      } else {
        reply.finish(error instanceof ApiError ? error.message : `The connection failed: ${error.message}`, true);
      }
      restoreDraft(state, question);
    } finally {
      reply.settle();
      state.running = null;
      refresh();
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const state = stateOf(game);
    const question = input.value.trim();
    if (state.running) return;
    if (!question) {
      say("Type a question first.", "warn");
      input.focus();
      return;
    }
    if (question.length > limit) {
      say(`The question is ${question.length.toLocaleString()} characters long; the limit is ${limit.toLocaleString()}. Shorten it and ask again.`, "warn");
      return;
    }
    say("");
    input.value = "";
    state.draft = "";
    ask(state, question);
  });
  input.addEventListener("input", () => {
    stateOf(game).draft = input.value;
    if (note.classList.contains("warn")) say("");
    refreshCounter();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  stopButton.addEventListener("click", () => {
    stateOf(game).running?.abort();
    input.focus();
  });
  panel.querySelector("#new-thread").addEventListener("click", () => {
    const state = stateOf(game);
    state.running?.abort();
    states.delete(game.id);
    logs.replaceChildren(stateOf(game).log);
    stateOf(game).draft = input.value;
    input.focus();
  });

  return {
    show(next) {
      const typedEarly = game === null ? input.value : ""; // typed before the games loaded: kept, not wiped
      game = next;
      const state = stateOf(game);
      if (typedEarly) state.draft = typedEarly;
      logs.replaceChildren(state.log);
      input.value = state.draft;
      input.placeholder = PLACEHOLDERS[game.id] || `e.g. How does a round of ${game.title} end?`;
      refresh();
    },
  };
}
