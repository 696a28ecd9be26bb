// RulesPal web page: game picker, tabs and hash routes (#/<game>/<chat|rulebook|play>[/<section_id>][?hl=quote]).

import { call } from "./api.js";
import { createChat } from "./chat.js";
import { el } from "./dom.js";
import { createPlay } from "./play.js";
import { createRulebook } from "./rulebook.js";
import { thumbnail } from "./thumbs.js";
import { createUpload } from "./upload.js";

const TABS = ["chat", "rulebook", "play"];

/** The route in the address bar: game, tab, section id and quote to highlight. */
export function parseRoute(hash) {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [game = "", tab = "", ...rest] = path.split("/").filter(Boolean).map(decodeURIComponent);
  return {
    game, tab: TABS.includes(tab) ? tab : "chat", section: rest.join("/") || null,
    hl: new URLSearchParams(query).get("hl"),
  };
}

function renderPicker(games, current) {
  const list = document.getElementById("game-list");
  list.replaceChildren(...games.map((g) => {
    const button = el("a", {
      class: "game-card", href: `#/${g.id}/${parseRoute(location.hash).tab}`, "aria-current": g.id === current ? "true" : null,
      title: g.aliases.length ? `Also known as: ${g.aliases.join(", ")}` : null,
    }, el("span", { class: "game-name" }, g.title),
    el("span", { class: "game-meta" }, `${g.sections} sections${g.engine ? " · rules engine" : ""}`));
    button.insertAdjacentHTML("afterbegin", thumbnail(g));
    return el("li", {}, button);
  }));
}

function selectTab(tab) {
  for (const button of document.querySelectorAll('[role="tab"]')) {
    const on = button.dataset.tab === tab;
    button.setAttribute("aria-selected", String(on));
    button.tabIndex = on ? 0 : -1;
    document.getElementById(button.getAttribute("aria-controls")).hidden = !on;
  }
}

function wireTabs(go) {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  tabs.forEach((button, i) => {
    button.addEventListener("click", () => go({ tab: button.dataset.tab, section: null }));
    button.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: tabs.length - 1 - i }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      go({ tab: next.dataset.tab, section: null });
    });
  });
}

async function main() {
  let games;
  try {
    games = await call("/api/games");
  } catch (error) {
    document.getElementById("game-list").replaceChildren(el("li", { class: "error-box", role: "alert" }, `Could not load the games: ${error.message}`));
    return;
  }
  let byId = new Map(games.map((g) => [g.id, g]));
  const views = {
    chat: createChat(document.getElementById("panel-chat"), () => play),
    rulebook: createRulebook(document.getElementById("panel-rulebook")),
  };
  const play = createPlay(document.getElementById("editor-host"));
  views.play = play;

  const go = (change) => {
    const route = { ...parseRoute(location.hash), ...change };
    const path = [route.game, route.tab, ...(route.tab === "rulebook" && route.section ? [route.section] : [])].join("/");
    location.hash = `#/${path}`;
  };
  wireTabs(go);

  const show = () => {
    const route = parseRoute(location.hash);
    const game = byId.get(route.game) || games[0];
    if (game.id !== route.game) {
      history.replaceState(null, "", `#/${game.id}/${route.tab}`);
    }
    document.title = `${game.title} · RulesPal`;
    for (const span of document.querySelectorAll(".game-title")) span.textContent = game.title;
    renderPicker(games, game.id);
    selectTab(route.tab);
    views[route.tab].show(game, route);
  };
  window.addEventListener("hashchange", show);
  createUpload(document.getElementById("add-rulebook"), async () => {
    games = await call("/api/games");
    byId = new Map(games.map((g) => [g.id, g]));
    renderPicker(games, parseRoute(location.hash).game);
  });
  show();
}

main();
