// Cational Meographic tile board: click spaces to lay landscape tiles (type + Pawints), mark the tile being placed,
// paint the photo missions' patterns; the placement is scored live, checked on demand; missions copy and paste as JSON.

import { el } from "../dom.js";
import { formatJson, outputPane } from "./frame.js";
import { missionsEditor } from "./missions.js";

const MIN_SPAN = 7;
// Light tints so that the dark labels on them keep a contrast of at least 4.5:1.
const KNOWN_COLOURS = { forest: "#8cc48a", lake: "#8fbbe8", water: "#8fbbe8", meadow: "#c4e08f", mountain: "#c2c2c2",
  field: "#ecd48a", desert: "#f0d9ad", beach: "#f5e6c0", river: "#9cc8ec", city: "#e0a890" };
const TOOLS = [["add", "Lay a tile"], ["placed", "The tile being placed"], ["remove", "Remove a tile"]];
const key = (r, c) => `${r},${c}`;

function colourOf(type) {
  const known = KNOWN_COLOURS[type.toLowerCase()];
  if (known) return known;
  let h = 0;
  for (const ch of type.toLowerCase()) h = (h * 31 + ch.codePointAt(0)) % 360;
  return `hsl(${h} 55% 78%)`;
}

/** The tile-board editor; starts from the example in the score operation's schema. */
export function tileBoardEditor(game, schema) {
  const scoreOp = schema.operations.find((op) => op.name === "score");
  const example = scoreOp?.input_schema.examples?.[0] || { board: [], placed: null, missions: [] };
  const output = outputPane(game);
  const tiles = new Map(); // "r,c" -> {type, pawints}
  let placed = null; // "r,c" of the tile being placed
  let tool = "add";

  const load = (doc) => {
    tiles.clear();
    for (const t of doc.board || []) tiles.set(key(...t.at), { type: t.type, pawints: t.pawints });
    placed = doc.placed ? key(...doc.placed.at) : null;
    if (doc.placed) tiles.set(placed, { type: doc.placed.type, pawints: doc.placed.pawints });
  };

  const typeInput = el("input", { id: "cm-type", list: "cm-types", value: example.placed?.type || "forest", autocomplete: "off" });
  const pawints = el("select", { id: "cm-pawints" }, [1, 2, 3, 4].map((n) => el("option", { value: String(n) }, `×${n}`)));
  const missions = missionsEditor(example.missions || [], {
    paintType: () => typeInput.value.trim() || "forest", colourOf, onchange: () => changed(),
  });
  const missionsJson = el("textarea", { id: "cm-missions", class: "doc-input", rows: "8", spellcheck: "false" });
  const toolbar = el("div", { class: "palette", role: "radiogroup", "aria-label": "What a click does" },
    TOOLS.map(([value, label]) => el("label", { class: "swatch", for: `cm-tool-${value}` },
      el("input", { type: "radio", name: "cm-tool", id: `cm-tool-${value}`, value, checked: value === tool }), label)));
  const board = el("div", { class: "tile-grid", role: "group", "aria-label": "Tile board: rows and columns are coordinates" });

  const bounds = () => {
    const coords = [...tiles.keys()].map((k) => k.split(",").map(Number));
    const rows = coords.map(([r]) => r);
    const cols = coords.map(([, c]) => c);
    const lo = (xs) => Math.min(0, ...xs.map((x) => x - 1));
    const r0 = lo(rows);
    const c0 = lo(cols);
    return { r0, c0, r1: Math.max(r0 + MIN_SPAN - 1, ...rows.map((r) => r + 1)), c1: Math.max(c0 + MIN_SPAN - 1, ...cols.map((c) => c + 1)) };
  };

  const document_ = () => {
    const at = (k) => k.split(",").map(Number);
    const doc = { board: [...tiles].filter(([k]) => k !== placed).map(([k, t]) => ({ at: at(k), type: t.type, pawints: t.pawints })) };
    if (placed) doc.placed = { at: at(placed), ...tiles.get(placed) };
    doc.missions = missions.value();
    return doc;
  };

  const draw = () => {
    const { r0, c0, r1, c1 } = bounds();
    board.style.setProperty("--cols", String(c1 - c0 + 2));
    const header = [el("span", { class: "axis corner" }, "r\\c")];
    for (let c = c0; c <= c1; c += 1) header.push(el("span", { class: "axis" }, String(c)));
    const rows = [];
    for (let r = r0; r <= r1; r += 1) {
      rows.push(el("span", { class: "axis" }, String(r)));
      for (let c = c0; c <= c1; c += 1) {
        const tile = tiles.get(key(r, c));
        const isPlaced = placed === key(r, c);
        rows.push(el("button", {
          type: "button", class: `tile${tile ? " filled" : ""}${isPlaced ? " placed" : ""}`, dataset: { r, c },
          style: tile ? `--tile:${colourOf(tile.type)}` : null,
          "aria-label": tile ? `Row ${r}, column ${c}: ${tile.type} ×${tile.pawints}${isPlaced ? ", the tile being placed" : ""}` : `Row ${r}, column ${c}: empty`,
        }, tile ? [el("span", { class: "tile-type" }, tile.type), el("span", { class: "tile-pawints" }, `×${tile.pawints}`)] : ""));
      }
    }
    board.replaceChildren(...header, ...rows);
  };
  let timer = null;
  function changed() {
    const doc = document_();
    output.setNotation(doc);
    missionsJson.value = formatJson(doc.missions);
    clearTimeout(timer);
    timer = setTimeout(() => run("score"), 150);
  }

  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".tile");
    if (!cell) return;
    const k = key(+cell.dataset.r, +cell.dataset.c);
    const type = typeInput.value.trim() || "forest";
    if (tool === "remove") {
      tiles.delete(k);
      if (placed === k) placed = null;
    } else {
      tiles.set(k, { type, pawints: +pawints.value });
      if (tool === "placed") placed = k;
    }
    draw();
    changed();
    board.querySelector(`[data-r="${cell.dataset.r}"][data-c="${cell.dataset.c}"]`)?.focus();
  });
  toolbar.addEventListener("change", (event) => { tool = event.target.value; });
  const loadMissions = () => {
    let list;
    try {
      list = JSON.parse(missionsJson.value || "[]");
    } catch (error) {
      clearTimeout(timer); // a score still scheduled would replace the message
      output.showMessage(`The missions are not valid JSON: ${error.message}`);
      return;
    }
    if (!Array.isArray(list)) {
      clearTimeout(timer); // a score still scheduled would replace the message
      output.showMessage("The missions must be a JSON list of missions.");
      return;
    }
    missions.set(list);
    changed();
  };

  async function run(operation) {
    const doc = document_();
    output.setNotation(doc);
    await output.run(operation, doc);
  }

  load(example);
  if (example.placed) pawints.value = String(example.placed.pawints);
  draw();
  const types = new Set([...Object.keys(KNOWN_COLOURS), ...[...tiles.values()].map((t) => t.type)]);
  const root = el("div", { class: "editor tiles-editor" },
    el("div", { class: "editor-controls" },
      el("h3", {}, "Tile board"),
      el("div", { class: "field-row" },
        el("div", { class: "field" }, el("label", { for: typeInput.id }, "Landscape type"), typeInput,
          el("datalist", { id: "cm-types" }, [...types].map((t) => el("option", { value: t })))),
        el("div", { class: "field" }, el("label", { for: pawints.id }, "Pawints of the tile"), pawints)),
      toolbar,
      board,
      el("p", { class: "help" }, "The outlined tile is the one being placed; the others were already on the board."),
      el("div", { class: "form-row" },
        el("button", { type: "button", class: "secondary", onclick: () => { tiles.clear(); placed = null; draw(); changed(); } }, "Clear the board"),
        el("button", { type: "button", class: "run", id: "cm-check", onclick: () => run("check") }, "Check placement"),
        el("button", { type: "button", class: "run", id: "cm-score", onclick: () => run("score") }, "Score placement")),
      el("h3", {}, "Photo missions"),
      el("p", { class: "help" }, "Click a pattern cell to paint it with the landscape type above; click it again to clear it. A pattern matches in any rotation or reflection."),
      missions.root,
      el("details", { class: "missions-json" }, el("summary", {}, "Missions as JSON (copy or paste)"),
        el("div", { class: "field" }, el("label", { for: missionsJson.id }, "Photo missions (JSON list)"), missionsJson),
        el("button", { type: "button", class: "secondary", onclick: loadMissions }, "Load these missions"))),
    output.root);
  changed();
  return { root, position: document_ };
}
