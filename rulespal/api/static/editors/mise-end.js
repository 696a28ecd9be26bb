// Mise: Kolonizace, the end of the game: a form per player (points so far, the two tiles left in the stack, drawn and
// shaped with the board's tile fields), scored live by the engine's end_game operation; the same document as JSON and
// as compact text (`blue 41 | F(blue=1 a=1) | M`), both ways.

import { el } from "../dom.js";
import { copyButton, formatJson, outputPane } from "./frame.js";
import { endGameText, normalTile, readEndGame, stackTile } from "./mise-notation.js";
import { tileSvg } from "./mise-tile.js";
import { blankArea, tileFields } from "./mise-tile-form.js";

const LAST_TILES = 2;
const idPart = (colour) => colour.replace(/[^a-z0-9-]/g, "_");
const newTile = () => normalTile({ areas: [blankArea("forest")] });

/** The end-of-game form. `board()` gives the board's players and, once scored, each one's total after the move. */
export function miseEndGame(game, operation, board) {
  const output = outputPane(game, "Final standings", "End-of-game notation");
  let players = []; // [{colour, total ("" when not given), tiles: [tile, tile]}]
  let bad = new Set(); // "player index/tile index" of the tiles the engine could not read

  const documentOf = () => ({ players: players.map((p) => ({ colour: p.colour,
    ...(p.total === "" || p.total === undefined ? {} : { total: Number(p.total) }), last_tiles: p.tiles.map(stackTile) })) });

  const form = el("div", { class: "end-players" });
  const draw = () => {
    const colours = players.map((p) => p.colour);
    form.replaceChildren(...players.map((player, i) => el("fieldset", { class: "end-player", dataset: { player: player.colour } },
      el("legend", {}, player.colour),
      el("div", { class: "field" }, el("label", { for: `mise-end-${idPart(player.colour)}-total` }, `${player.colour}: points before the bonus`),
        el("input", { type: "number", id: `mise-end-${idPart(player.colour)}-total`, min: "0", inputmode: "numeric", class: "count",
          value: String(player.total ?? ""), onchange: (e) => { player.total = e.target.value; changed(); } })),
      el("div", { class: "end-tiles" }, player.tiles.map((tile, k) => {
        const edit = (change) => {
          change(tile);
          player.tiles[k] = normalTile(tile);
          changed();
        };
        const preview = el("span", { class: "end-tile-svg" });
        preview.innerHTML = tileSvg(tile);
        return el("div", { class: `end-tile${bad.has(`${i}/${k}`) ? " bad" : ""}`, role: "group",
          "aria-label": `${player.colour}: last tile ${k + 1}` },
          el("h5", {}, preview, `Last tile ${k + 1}`),
          tileFields({ id: `mise-end-${idPart(player.colour)}-${k}`, tile, players: colours, edit, sides: false, rotation: false }));
      })))));
  };

  const text = el("textarea", { id: "mise-end-text", class: "doc-input", rows: "3", spellcheck: "false" });
  const copyText = copyButton("Copy as text", () => text.value);
  const loadText = () => {
    try {
      players = readEndGame(text.value);
    } catch (error) {
      clearTimeout(timer); // a score still scheduled would replace the message
      output.showMessage(`This end of the game cannot be read: ${error.message}`);
      return;
    }
    bad = new Set();
    changed();
  };
  const fromBoard = () => {
    const { colours, totals } = board();
    const kept = new Map(players.map((p) => [p.colour, p]));
    players = colours.map((c) => kept.get(c) || { colour: c, total: "", tiles: [] });
    for (const p of players) {
      if (totals?.[p.colour] !== undefined) p.total = totals[p.colour];
      while (p.tiles.length < LAST_TILES) p.tiles.push(newTile());
    }
    changed();
  };

  const run = async () => {
    const doc = documentOf();
    output.setNotation(doc);
    const { error } = await output.run(operation.name, doc);
    bad = new Set((error?.problems || []).map((p) => p.loc || [])
      .filter((loc) => loc[1] === "players" && loc[3] === "last_tiles" && Number.isInteger(loc[4])).map((loc) => `${loc[2]}/${loc[4]}`));
    if (bad.size) draw();
  };
  let timer = null;
  function changed() {
    const focused = document.activeElement?.id; // the form is redrawn: keep the keyboard where it was
    draw();
    text.value = endGameText(documentOf());
    output.setNotation(documentOf());
    if (focused) document.getElementById(focused)?.focus();
    clearTimeout(timer);
    timer = setTimeout(run, 150);
  }

  const example = operation.input_schema.examples?.[0];
  try {
    players = readEndGame(formatJson(example));
  } catch {
    players = [];
  }
  if (!players.length) fromBoard();
  const root = el("details", { class: "end-game" },
    el("summary", {}, "End of the game: the last two tiles of each player"),
    el("div", { class: "editor" },
      el("div", { class: "editor-controls" },
        el("p", { class: "help" }, operation.description),
        el("div", { class: "form-row" },
          el("button", { type: "button", class: "secondary", onclick: fromBoard }, "Take the players and totals from the board")),
        form,
        el("div", { class: "form-row" },
          el("button", { type: "button", class: "run", id: "mise-end-score", onclick: run }, "Score the end of the game")),
        el("div", { class: "field" }, el("label", { for: text.id }, "End of the game as text (paste one to load it)"), text),
        el("div", { class: "form-row" }, copyText, el("button", { type: "button", class: "secondary", onclick: loadText }, "Load this end-game text"))),
      output.root));
  changed();
  return { root, document: documentOf };
}
