// Mise: Kolonizace editor: a square grid around the space base; click a square to lay a tile (the last one laid is
// the move), shape it (one area or a split, kinds, lasers, cosmonauts, aliens, rotation), score it live, check it,
// and copy or paste the position as the compact text of docs/mise-kolonizace-notation.md.

import { el } from "../dom.js";
import { copyButton, outputPane } from "./frame.js";
import { normalTile, positionText, readPosition } from "./mise-notation.js";
import { tileSvg } from "./mise-tile.js";
import { miseEndGame } from "./mise-end.js";
import { blankArea, tileFields } from "./mise-tile-form.js";

const REACH = 3; // squares shown around the base at least
const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/** The Mise: Kolonizace editor; starts from the example of the score operation's schema. */
export function miseEditor(game, schema) {
  const example = schema.operations.find((op) => op.name === "score")?.input_schema.examples?.[0] || { players: ["blue", "red"], tiles: [] };
  const output = outputPane(game);
  let state;
  let boardTotals = null; // each player's total after the move, from the last score
  let selected = null; // index of the tile being edited

  const load = (position) => {
    state = { players: position.players?.length ? position.players : ["blue", "red"], totals: position.totals || {},
      stacks: position.stacks, base: position.base ?? [0, 0], tiles: position.tiles.map(normalTile) };
    selected = state.tiles.length ? state.tiles.length - 1 : null;
  };
  const documentOf = () => {
    const doc = { players: state.players };
    const totals = Object.fromEntries(state.players.filter((p) => state.totals[p] !== undefined && state.totals[p] !== "").map((p) => [p, Number(state.totals[p])]));
    if (Object.keys(totals).length) doc.totals = totals;
    if (state.stacks) doc.stacks = state.stacks;
    if (state.base === "none" || !same(state.base, [0, 0])) doc.base = state.base;
    doc.tiles = state.tiles;
    return doc;
  };

  // --- the grid ------------------------------------------------------------------------------------------------
  const grid = el("div", { class: "mise-grid", role: "group", "aria-label": "Squares around the space base: x grows east, y grows north" });
  const squareOf = (x, y) => state.tiles.findIndex((t) => same(t.at, [x, y]));
  const drawGrid = (bad = []) => {
    const xs = state.tiles.map((t) => t.at[0]);
    const ys = state.tiles.map((t) => t.at[1]);
    const [bx, by] = state.base === "none" ? [0, 0] : state.base;
    const x0 = Math.min(bx - REACH, ...xs.map((x) => x - 1));
    const x1 = Math.max(bx + REACH, ...xs.map((x) => x + 1));
    const y0 = Math.min(by - REACH, ...ys.map((y) => y - 1));
    const y1 = Math.max(by + REACH, ...ys.map((y) => y + 1));
    grid.style.setProperty("--cols", String(x1 - x0 + 2));
    const cells = [el("span", { class: "axis corner" }, "y\\x")];
    for (let x = x0; x <= x1; x += 1) cells.push(el("span", { class: "axis" }, String(x)));
    for (let y = y1; y >= y0; y -= 1) {
      cells.push(el("span", { class: "axis" }, String(y)));
      for (let x = x0; x <= x1; x += 1) {
        const i = squareOf(x, y);
        const isBase = state.base !== "none" && same(state.base, [x, y]);
        const isMove = i >= 0 && i === state.tiles.length - 1;
        const classes = ["square", i >= 0 && "filled", isMove && "move", i === selected && i >= 0 && "selected",
          bad.some((b) => same(b, [x, y])) && "bad", isBase && "base"].filter(Boolean).join(" ");
        const name = isBase ? "the space base" : i >= 0 ? `${tileDescription(state.tiles[i])}${isMove ? ", the move" : ""}` : "empty, click to lay a tile";
        const square = el("button", { type: "button", class: classes, dataset: { x, y }, disabled: isBase, "aria-label": `Square ${x}, ${y}: ${name}` });
        if (i >= 0) square.innerHTML = tileSvg(state.tiles[i]);
        if (isBase) square.textContent = "base";
        if (isMove) square.append(el("span", { class: "move-badge" }, "move"));
        cells.push(square);
      }
    }
    grid.replaceChildren(...cells);
  };
  grid.addEventListener("click", (event) => {
    const square = event.target.closest(".square");
    if (!square || square.disabled) return;
    const at = [+square.dataset.x, +square.dataset.y];
    const i = squareOf(...at);
    if (i >= 0) {
      selected = i;
    } else {
      const template = selected !== null ? state.tiles[selected] : null;
      state.tiles.push(normalTile({ ...(template ? structuredClone(template) : { areas: [blankArea("forest")] }), at }));
      selected = state.tiles.length - 1;
    }
    changed();
    grid.querySelector(`[data-x="${at[0]}"][data-y="${at[1]}"]`)?.focus();
  });

  // --- the tile form ------------------------------------------------------------------------------------------
  const tileForm = el("div", { class: "tile-form" });
  const edit = (change) => {
    const tile = state.tiles[selected];
    change(tile);
    state.tiles[selected] = normalTile(tile);
    changed();
  };
  const drawTileForm = () => {
    if (selected === null) {
      tileForm.replaceChildren(el("p", { class: "help" }, "Click a square next to the base or a tile to lay a tile; click a tile to edit it."));
      return;
    }
    const tile = state.tiles[selected];
    const isMove = selected === state.tiles.length - 1;
    tileForm.replaceChildren(
      el("h4", {}, `Tile at ${tile.at[0]}, ${tile.at[1]}`, isMove ? el("span", { class: "move-badge" }, "the move") : ""),
      ...tileFields({ id: "mise", tile, players: state.players, edit }),
      el("div", { class: "form-row" },
        el("button", { type: "button", class: "secondary", onclick: () => edit((t) => { t.rotation = (t.rotation + 90) % 360; }) }, "Rotate ↻"),
        isMove ? "" : el("button", { type: "button", class: "secondary", onclick: () => {
          state.tiles.push(...state.tiles.splice(selected, 1));
          selected = state.tiles.length - 1;
          changed();
        } }, "Make it the move"),
        el("button", { type: "button", class: "secondary", onclick: () => {
          state.tiles.splice(selected, 1);
          selected = state.tiles.length ? state.tiles.length - 1 : null;
          changed();
        } }, "Remove the tile")));
  };

  // --- players, text, running ---------------------------------------------------------------------------------
  const playersInput = el("input", { id: "mise-players", value: "", autocomplete: "off" });
  const totalsHost = el("div", { class: "field-row" });
  const drawPlayers = () => {
    playersInput.value = state.players.join(" ");
    totalsHost.replaceChildren(...state.players.map((p) => el("div", { class: "field" },
      el("label", { for: `mise-total-${p}` }, `${p}: points before`),
      el("input", { type: "number", id: `mise-total-${p}`, min: "0", value: state.totals[p] ?? "", inputmode: "numeric", class: "count",
        onchange: (e) => { state.totals[p] = e.target.value; changed(); } }))));
  };
  playersInput.addEventListener("change", () => {
    const players = playersInput.value.toLowerCase().split(/[\s,]+/).filter(Boolean);
    state.players = players.length ? players : state.players;
    changed();
  });
  const text = el("textarea", { id: "mise-text", class: "doc-input", rows: "6", spellcheck: "false" });
  const copyText = copyButton("Copy as text", () => text.value);
  const loadText = () => {
    try {
      load(readPosition(text.value));
    } catch (error) {
      clearTimeout(timer); // a score still scheduled would replace the message
      output.showMessage(`This position cannot be read: ${error.message}`);
      return;
    }
    changed();
  };

  const tileSquares = (error) => (error?.problems || []).map((p) => p.loc || [])
    .filter((loc) => loc[1] === "tiles" && Number.isInteger(loc[2])).map((loc) => state.tiles[loc[2]]?.at).filter(Boolean);
  const run = async (operation) => {
    const doc = documentOf();
    output.setNotation(doc);
    const { data, error } = await output.run(operation, doc);
    if (data?.totals) boardTotals = data.totals;
    const move = state.tiles.at(-1)?.at;
    drawGrid(data?.legal === false && move ? [move] : tileSquares(error));
  };
  let timer = null;
  function changed() {
    const focused = document.activeElement?.id; // the form is redrawn: keep the keyboard where it was
    drawGrid();
    drawTileForm();
    drawPlayers();
    text.value = positionText(documentOf());
    output.setNotation(documentOf());
    if (focused) document.getElementById(focused)?.focus();
    clearTimeout(timer);
    timer = setTimeout(() => run("score"), 150);
  }

  load(example);
  const boardEditor = el("div", { class: "editor mise-editor" },
    el("div", { class: "editor-controls" },
      el("h3", {}, "Tiles around the space base"),
      el("div", { class: "field" }, el("label", { for: playersInput.id }, "Players (colours)"), playersInput),
      totalsHost,
      grid,
      el("p", { class: "help" }, "Lasers: ", el("span", { class: "laser red" }, "red"), " blocks, ", el("span", { class: "laser green" }, "green"),
        " links areas. The outlined tile marked “move” is the last one laid: Check judges it and Score scores it."),
      tileForm,
      el("div", { class: "form-row" },
        el("button", { type: "button", class: "secondary", onclick: () => { state.tiles = []; selected = null; changed(); } }, "Clear the board"),
        el("button", { type: "button", class: "run", id: "mise-check", onclick: () => run("check") }, "Check the move"),
        el("button", { type: "button", class: "run", id: "mise-score", onclick: () => run("score") }, "Score the move")),
      el("div", { class: "field" }, el("label", { for: text.id }, "Position as text (paste one to load it)"), text),
      el("div", { class: "form-row" }, copyText, el("button", { type: "button", class: "secondary", onclick: loadText }, "Load this text"))),
    output.root);
  const endOperation = schema.operations.find((op) => op.name === "end_game");
  // the end of the game sits below the board's grid, out of reach of its sticky result pane
  const root = el("div", { class: "mise-play" }, boardEditor,
    endOperation ? miseEndGame(game, endOperation, () => ({ colours: state.players, totals: boardTotals })).root : "");
  changed();
  return { root, position: documentOf, operations: ["check", "score", ...(endOperation ? ["end_game"] : [])] };
}

/** A short description of a tile for screen readers. */
function tileDescription(tile) {
  const areas = tile.areas.map((a) => a.kind + (a.aliens ? ` with ${a.aliens} alien(s)` : "")
    + Object.entries(a.cosmonauts).map(([c, n]) => `, ${n} ${c}`).join(""));
  return `${areas.join(" and ")}${tile.rotation ? `, turned ${tile.rotation}°` : ""}`;
}
