// The Rulebook tab: collapsible table of contents, section view with quote highlighting, search within a rulebook.

import { call } from "./api.js";
import { el, pageLink, sectionHref } from "./dom.js";
import { highlight, renderMarkdown } from "./markdown.js";

const tocCache = new Map();
const NARROW = window.matchMedia("(max-width: 860px)");

/** The table of contents of a game (fetched once). */
export function loadToc(game) {
  if (!tocCache.has(game)) {
    tocCache.set(game, call(`/api/games/${encodeURIComponent(game)}/toc`).catch((error) => {
      tocCache.delete(game);
      throw error;
    }));
  }
  return tocCache.get(game);
}

/** The sentence of a text that shares most words with a query (used to highlight a search hit). */
function bestSentence(text, query) {
  const words = new Set(query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []);
  const sentences = text.replace(/[*_`]/g, "").replace(/\s+/g, " ").split(/(?<=[.!?])\s+|\s+-\s+/).filter((s) => s.trim().length > 3);
  let best = sentences[0] || "";
  let bestScore = -1;
  for (const sentence of sentences) {
    const score = (sentence.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []).filter((w) => words.has(w)).length;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best.replace(/^[#>*\-\s]+/, "").trim();
}

/** The contents as nested lists: a group is open when it holds the current section or the reader opened it. */
function tocTree(game, entries, current, opened) {
  return el("ul", { class: "toc-list" }, entries.map((entry) => {
    const open = opened.has(entry.section_id) || (current && current.startsWith(entry.section_id + "/"));
    const link = el("a", { href: sectionHref(game, entry.section_id), "aria-current": current === entry.section_id ? "page" : null }, entry.title);
    if (entry.page) link.append(el("span", { class: "toc-page" }, ` p. ${entry.page}`));
    if (!entry.children.length) return el("li", {}, el("span", { class: "toc-leaf" }), link);
    const children = tocTree(game, entry.children, current, opened);
    children.hidden = !open;
    if (open) opened.add(entry.section_id);
    const toggle = el("button", {
      type: "button", class: "toc-toggle", "aria-expanded": String(Boolean(open)),
      "aria-label": `${open ? "Collapse" : "Expand"} ${entry.title}`,
      onclick: () => {
        const expanded = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(expanded));
        toggle.setAttribute("aria-label", `${expanded ? "Collapse" : "Expand"} ${entry.title}`);
        children.hidden = !expanded;
        if (expanded) opened.add(entry.section_id); else opened.delete(entry.section_id);
      },
    });
    return el("li", {}, toggle, link, children);
  }));
}

const firstSection = (toc) => toc.toc[0]?.section_id;

/** The Rulebook view. */
export function createRulebook(panel) {
  const tocHost = panel.querySelector("#toc");
  const tocDetails = panel.querySelector("#toc-details");
  const view = panel.querySelector("#section-view");
  const searchForm = panel.querySelector("#rulebook-search");
  const results = panel.querySelector("#search-results");
  const tocPane = panel.querySelector(".toc-pane");
  const lastSection = new Map();
  const openGroups = new Map(); // game id -> section ids of the TOC groups open
  let game = null;
  let byKeyboard = false; // the last navigation came from the keyboard: focus follows it to the heading
  panel.addEventListener("keydown", (event) => { if (event.key === "Enter") byKeyboard = true; });
  panel.addEventListener("pointerdown", () => { byKeyboard = false; });
  let ticket = 0; // only the latest navigation may draw the section

  async function showSection(sectionId, quote) {
    const mine = ++ticket;
    view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
    try {
      const sec = await call(`/api/games/${encodeURIComponent(game.id)}/sections/${sectionId.split("/").map(encodeURIComponent).join("/")}`);
      const parts = sec.section_id.split("/");
      const crumbs = sec.heading_path.map((title, i) => i < sec.heading_path.length - 1
        ? el("a", { href: sectionHref(game.id, parts.slice(0, i + 1).join("/")) }, title) : el("span", {}, title));
      const body = el("div", { class: "section-body" });
      body.innerHTML = renderMarkdown(sec.text || "");
      const toc = await loadToc(game.id);
      const titles = new Map();
      const walk = (entries) => entries.forEach((e) => { titles.set(e.section_id, e.title); walk(e.children); });
      walk(toc.toc);
      if (mine !== ticket) return;
      view.replaceChildren(
        el("nav", { class: "crumbs", "aria-label": "Section path" }, crumbs.flatMap((c, i) => (i ? [" › ", c] : [c]))),
        el("h2", { id: "section-title", tabindex: "-1" }, sec.title),
        el("p", { class: "section-id" }, el("code", {}, sec.section_id), sec.pages ? [" · ", pageLink(game.id, sec.pages[0]),
          sec.pages[1] > sec.pages[0] ? `–${sec.pages[1]}` : ""] : ""),
        body,
        sec.children.length ? el("div", { class: "subsections" }, el("h3", {}, "In this section"),
          el("ul", {}, sec.children.map((id) => el("li", {}, el("a", { href: sectionHref(game.id, id) }, titles.get(id) || id))))) : "");
      const mark = quote ? highlight(body, quote) : null;
      if (quote && !mark) view.insertBefore(el("p", { class: "notice" }, "The quoted passage could not be located in this section."), body);
      if (NARROW.matches) tocDetails.open = false; // on a phone the section comes first; the contents fold away
      if (mark) mark.scrollIntoView({ block: "center" });
      else if (view.getBoundingClientRect().top < 0) view.scrollIntoView({ block: "start" });
      if (byKeyboard) view.querySelector("#section-title").focus({ preventScroll: Boolean(mark) });
    } catch (error) {
      if (mine !== ticket) return;
      if (error.status === 404) await showMissing(sectionId, mine);
      else view.replaceChildren(el("div", { class: "error-box", role: "alert" }, error.message));
    }
  }

  /** A stale link: say so, and offer the three sections nearest to the words of the missing id. */
  async function showMissing(sectionId, mine) {
    const words = sectionId.replace(/[/-]+/g, " ");
    let hits = [];
    try {
      hits = (await call(`/api/search?${new URLSearchParams({ q: words, game: game.id, k: "3" })}`)).hits;
    } catch {
      // the message below stands on its own
    }
    if (mine !== ticket) return;
    view.replaceChildren(
      el("h2", { id: "section-title", tabindex: "-1" }, "Section not found"),
      el("p", {}, `${game.title} has no section `, el("code", {}, sectionId), ". The rulebook may have changed since the link was made."),
      ...(hits.length ? [el("h3", {}, "Nearest sections"),
        el("ul", {}, hits.map((h) => el("li", {}, el("a", { href: sectionHref(h.game, h.section_id) }, h.title),
          el("span", { class: "hit-path" }, h.heading_path.join(" › ")))))] : []));
  }

  searchForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const q = searchForm.q.value.trim();
    if (!q) return;
    results.replaceChildren(el("p", { class: "muted" }, "Searching…"));
    try {
      const found = await call(`/api/search?${new URLSearchParams({ q, game: game.id, k: "6" })}`);
      const list = el("ol", { class: "hits" }, found.hits.map((hit) => {
        const snippet = bestSentence(hit.text, q);
        return el("li", {}, el("a", { href: sectionHref(hit.game, hit.section_id, snippet) }, hit.title),
          hit.page ? [" ", pageLink(hit.game, hit.page)] : "",
          el("span", { class: "hit-path" }, hit.heading_path.join(" › ")), el("p", { class: "snippet" }, snippet));
      }));
      const title = el("h2", { class: "pane-title" }, `Results for “${q}”`);
      if (found.hits.length && found.relevant !== false) results.replaceChildren(title, list);
      else { // nothing in the book is about it: say so; the nearest sections stay one click away
        results.replaceChildren(title, el("p", { class: "no-match", role: "status" },
          `No section matches “${q}” in ${game.title}. Try other words, or browse the contents.`),
        found.hits.length ? el("details", { class: "nearest-anyway" },
          el("summary", {}, "Show the nearest sections anyway"), list) : "");
      }
    } catch (error) {
      results.replaceChildren(el("div", { class: "error-box", role: "alert" }, error.message));
    }
  });

  return {
    async show(next, route) {
      if (game?.id !== next.id) results.replaceChildren();
      game = next;
      let toc;
      try {
        toc = await loadToc(game.id);
      } catch (error) {
        tocHost.replaceChildren(el("div", { class: "error-box", role: "alert" }, error.message));
        return;
      }
      const target = route.section || lastSection.get(game.id) || firstSection(toc);
      if (!openGroups.has(game.id)) openGroups.set(game.id, new Set());
      const scrolled = tocPane.scrollTop;
      tocHost.replaceChildren(tocTree(game.id, toc.toc, target, openGroups.get(game.id)));
      tocPane.scrollTop = scrolled;
      if (!target) return;
      lastSection.set(game.id, target);
      await showSection(target, route.hl);
    },
  };
}
