// Cartographers map editor: paint an 11×11 sheet, choose the map side and scoring cards, score it live,
// and check a drawing (card, terrain and the cells of the shape).
// Map sides and cards come from the engine's `components` operation, not repeated here.

import { call } from "../api.js";
import { el, ruleLink } from "../dom.js";
import { outputPane, problemCells } from "./frame.js";

const SIZE = 11;
const TERRAINS = [
  [".", "Empty"], ["F", "Forest"], ["V", "Village"], ["A", "Farm"], ["W", "Water"],
  ["X", "Monster"], ["M", "Mountain"], ["#", "Wasteland"],
];
const NAMES = Object.fromEntries(TERRAINS);
const MOVE_TOOL = "move";
const NO_COMPONENTS = { maps: {}, scoring_decks: [], explore_cards: [], ambush_cards: [] };
const key = (r, c) => `${r},${c}`;
const terrainSlug = (code) => ({ ".": "empty", "#": "waste" }[code] || code);
const terrainClass = (code) => `terrain-${terrainSlug(code)}`;
const cellSet = (cells = []) => new Set(cells.map(([r, c]) => key(r, c)));

const loaded = new Map(); // game id -> promise of its components (a failed request is retried next time)

/** The printed components (map sides, cards) from POST /api/games/{game}/run/components, fetched once. */
function loadComponents(game) {
  if (!loaded.has(game)) {
    loaded.set(game, call(`/api/games/${encodeURIComponent(game)}/run/components`, {}).catch((error) => {
      loaded.delete(game);
      throw error;
    }));
  }
  return loaded.get(game);
}

/** Printed features of each map side by letter: its name and sets of "r,c" keys. */
function mapSides(maps) {
  return Object.fromEntries(Object.entries(maps).map(([letter, side]) => [letter, {
    name: side.name.charAt(0).toUpperCase() + side.name.slice(1),
    mountains: cellSet(side.mountains), ruins: cellSet(side.ruins), wasteland: cellSet(side.wasteland),
  }]));
}

function radio(name, value, label, checked, extraClass = "") {
  const id = `${name}-${terrainSlug(value)}`;
  return el("label", { class: `swatch ${extraClass}`, for: id },
    el("input", { type: "radio", name, id, value, checked }),
    el("span", { class: `chip ${terrainClass(value)}`, "aria-hidden": "true" }), label);
}

/** The Cartographers editor (async: it fetches the map sides and cards from the engine). */
export async function cartographersEditor(game, schema) {
  let components = NO_COMPONENTS;
  let loadError = null;
  try {
    components = await loadComponents(game);
  } catch (error) {
    loadError = error;
  }
  const sides = mapSides(components.maps);
  const decks = components.scoring_decks;
  const cardNames = [...components.explore_cards, ...components.ambush_cards]
    .filter((card) => card.shapes.length).map((card) => card.name);
  const scoreOp = schema.operations.find((op) => op.name === "score");
  const checkOp = schema.operations.find((op) => op.name === "check");
  const sideLetters = scoreOp?.input_schema.properties?.map?.enum || Object.keys(sides);
  const output = outputPane(game);

  const state = { side: sideLetters[0], grid: [], tool: "F", move: new Set() };
  const printed = () => sides[state.side] || { mountains: new Set(), ruins: new Set(), wasteland: new Set() };
  const resetGrid = () => {
    const p = printed();
    state.grid = Array.from({ length: SIZE }, (_, r) => Array.from({ length: SIZE }, (_, c) =>
      (p.mountains.has(key(r, c)) ? "M" : p.wasteland.has(key(r, c)) ? "#" : ".")));
    state.move.clear();
  };

  // --- controls ---------------------------------------------------------------------------------------------
  const sideSelect = el("select", { id: "carto-side" }, sideLetters.map((letter) =>
    el("option", { value: letter }, sides[letter] ? `${letter}: ${sides[letter].name}` : letter)));
  // Without the decks (components not loaded) only "all 16" can be scored.
  const allCards = el("input", { type: "radio", name: "carto-cards", id: "carto-cards-all", value: "all", checked: !decks.length });
  const fourCards = el("input", { type: "radio", name: "carto-cards", id: "carto-cards-four", value: "four",
    checked: decks.length > 0, disabled: !decks.length });
  const cardSelects = decks.map((deck, i) => el("select", { id: `carto-card-${i}`, "aria-label": deck.title },
    deck.cards.map((card) => el("option", { value: card.name }, card.name))));
  const coins = el("input", { type: "number", id: "carto-coins", min: "0", max: "14", value: "0", inputmode: "numeric" });
  const palette = el("div", { class: "palette", role: "radiogroup", "aria-label": "Terrain to draw" },
    TERRAINS.map(([code, label]) => radio("carto-tool", code, `${code === "." ? "·" : code} ${label}`, code === state.tool)),
    radio("carto-tool", MOVE_TOOL, "Mark a drawing", false, "move-swatch"));
  const moveCard = el("input", { id: "carto-move-card", list: "carto-move-cards", placeholder: "e.g. Great River" });
  const moveTerrain = el("select", { id: "carto-move-terrain" },
    (checkOp?.input_schema.properties?.move?.properties?.terrain?.enum || ["forest", "village", "farm", "water", "monster"])
      .map((t) => el("option", { value: t }, t)));
  const moveRuins = el("input", { type: "checkbox", id: "carto-move-ruins" });

  // --- the map ------------------------------------------------------------------------------------------------
  const cells = [];
  const grid = el("div", { class: "map-grid", role: "group", "aria-label": "Map sheet, 11 by 11; arrow keys move, Enter draws" });
  grid.append(el("span", { class: "axis corner", "aria-hidden": "true" }, "r\\c"),
    ...Array.from({ length: SIZE }, (_, c) => el("span", { class: "axis", "aria-hidden": "true" }, String(c))));
  for (let r = 0; r < SIZE; r += 1) {
    cells.push([]);
    grid.append(el("span", { class: "axis", "aria-hidden": "true" }, String(r)));
    for (let c = 0; c < SIZE; c += 1) {
      const cell = el("button", { type: "button", class: "cell", tabindex: r + c === 0 ? "0" : "-1", dataset: { r, c } });
      cells[r].push(cell);
      grid.append(cell);
    }
  }

  const paintCell = (r, c) => {
    const cell = cells[r][c];
    const code = state.grid[r][c];
    const p = printed();
    const ruins = p.ruins.has(key(r, c));
    const marked = state.move.has(key(r, c));
    cell.className = `cell ${terrainClass(code)}${ruins ? " ruins" : ""}${marked ? " marked" : ""}`;
    cell.textContent = code === "." ? "" : code;
    cell.setAttribute("aria-label", `Row ${r}, column ${c}: ${NAMES[code].toLowerCase()}${ruins ? ", ruins" : ""}${marked ? ", part of the drawing" : ""}`);
  };
  const paintAll = () => {
    for (let r = 0; r < SIZE; r += 1) for (let c = 0; c < SIZE; c += 1) paintCell(r, c);
  };

  const scoreDocument = () => {
    const doc = { map: state.side, grid: state.grid.map((row) => row.join("")) };
    doc.cards = allCards.checked ? "all" : cardSelects.map((s) => s.value);
    doc.coins_from_shapes = Math.max(0, parseInt(coins.value, 10) || 0);
    return doc;
  };
  const checkDocument = () => ({
    map: state.side, grid: state.grid.map((row) => row.join("")),
    move: {
      card: moveCard.value.trim(), terrain: moveTerrain.value, ruins: moveRuins.checked,
      cells: [...state.move].map((k) => k.split(",").map(Number)),
    },
  });

  const markProblems = (error) => {
    for (const row of cells) for (const cell of row) cell.classList.remove("bad");
    for (const [r, c] of problemCells(error, "grid")) cells[r]?.[c]?.classList.add("bad");
  };
  const score = async () => {
    const doc = scoreDocument();
    output.setNotation(doc);
    const { error } = await output.run("score", doc);
    markProblems(error);
  };
  const check = async () => {
    const doc = checkDocument();
    output.setNotation(doc);
    const { error } = await output.run("check", doc);
    markProblems(error);
  };
  let timer = null;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(score, 120);
  };

  // --- drawing with mouse, touch and keyboard ------------------------------------------------------------------
  let stroke = null; // {tool, adding} while the mouse button is down
  let lastPointer = "mouse";
  const apply = (cell) => {
    const r = +cell.dataset.r;
    const c = +cell.dataset.c;
    if (stroke.tool === MOVE_TOOL) {
      if (stroke.adding) state.move.add(key(r, c)); else state.move.delete(key(r, c));
    } else {
      state.grid[r][c] = stroke.tool;
    }
    paintCell(r, c);
    if (stroke.tool !== MOVE_TOOL) changed();
    else output.setNotation(checkDocument());
  };
  const begin = (cell) => {
    stroke = { tool: state.tool, adding: !state.move.has(key(+cell.dataset.r, +cell.dataset.c)) };
    apply(cell);
  };
  grid.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
    const cell = event.target.closest(".cell");
    if (!cell || event.pointerType === "touch" || event.button !== 0) return;
    event.preventDefault();
    cell.focus();
    begin(cell);
  });
  grid.addEventListener("pointerover", (event) => {
    const cell = event.target.closest(".cell");
    if (stroke && cell && event.buttons & 1) apply(cell);
  });
  window.addEventListener("pointerup", () => { stroke = null; });
  grid.addEventListener("click", (event) => { // taps on touch screens and Enter/Space on a focused cell
    const cell = event.target.closest(".cell");
    if (!cell || (event.detail > 0 && lastPointer !== "touch")) return;
    begin(cell);
    stroke = null;
  });
  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest(".cell");
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (!cell || !step) return;
    event.preventDefault();
    const r = Math.min(SIZE - 1, Math.max(0, +cell.dataset.r + step[0]));
    const c = Math.min(SIZE - 1, Math.max(0, +cell.dataset.c + step[1]));
    cell.tabIndex = -1;
    cells[r][c].tabIndex = 0;
    cells[r][c].focus();
  });

  palette.addEventListener("change", (event) => { state.tool = event.target.value; });
  sideSelect.addEventListener("change", () => {
    state.side = sideSelect.value;
    resetGrid();
    paintAll();
    changed();
  });
  for (const input of [allCards, fourCards, coins, ...cardSelects]) input.addEventListener("change", changed);
  allCards.addEventListener("change", () => cardSelects.forEach((s) => { s.disabled = allCards.checked; }));
  fourCards.addEventListener("change", () => cardSelects.forEach((s) => { s.disabled = allCards.checked; }));

  const root = el("div", { class: "editor carto-editor" },
    el("div", { class: "editor-controls" },
      el("h3", {}, "Map sheet"),
      loadError && el("p", { class: "notice", role: "alert" }, `The map sides and cards could not be loaded (${loadError.message}): `,
        "printed mountains, ruins and wasteland are not shown, and only all 16 cards can be scored. Reload the page to try again."),
      el("div", { class: "field-row" },
        el("div", { class: "field" }, el("label", { for: sideSelect.id }, "Map side"), sideSelect),
        el("div", { class: "field" }, el("label", { for: coins.id }, "Coins from shapes"), coins)),
      palette,
      grid,
      el("p", { class: "help" }, "Click or drag to draw the chosen terrain; ",
        el("span", { class: "legend-ruins" }, "dotted corners"), " mark ruins. Printed mountains and wasteland come with the map side (",
        ruleLink(game, "map-sides", "map sides"), ")."),
      el("div", { class: "form-row" },
        el("button", { type: "button", class: "secondary", onclick: () => { resetGrid(); paintAll(); changed(); } }, "Clear the sheet"),
        el("button", { type: "button", class: "run", id: "carto-score", onclick: score }, "Score")),
      el("fieldset", { class: "cards" },
        el("legend", {}, "Scoring cards"),
        el("div", { class: "inline" },
          el("label", { class: "check", for: fourCards.id }, fourCards, " Four cards"),
          el("label", { class: "check", for: allCards.id }, allCards, " All 16 (study)")),
        el("div", { class: "card-selects" }, decks.map((deck, i) => el("div", { class: "field" },
          el("label", { for: cardSelects[i].id }, deck.title), cardSelects[i])))),
      el("fieldset", { class: "move" },
        el("legend", {}, "Check a drawing"),
        el("p", { class: "help" }, "Choose “Mark a drawing” above and click the cells of the shape, then pick the card and terrain."),
        el("div", { class: "field-row" },
          el("div", { class: "field" }, el("label", { for: moveCard.id }, "Card"), moveCard,
            el("datalist", { id: "carto-move-cards" }, cardNames.map((n) => el("option", { value: n })))),
          el("div", { class: "field" }, el("label", { for: moveTerrain.id }, "Terrain"), moveTerrain)),
        el("label", { class: "check", for: moveRuins.id }, moveRuins, " A ruins card came just before"),
        el("div", { class: "form-row" },
          el("button", { type: "button", class: "secondary", onclick: () => { state.move.clear(); paintAll(); output.setNotation(checkDocument()); } }, "Clear the drawing"),
          el("button", { type: "button", class: "run", id: "carto-check", onclick: check }, "Check the drawing")))),
    output.root);

  resetGrid();
  paintAll();
  score();
  return { root, position: scoreDocument };
}
