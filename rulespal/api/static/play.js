// The Score / Check tab: a position editor per game (bespoke boards where there is one, JSON otherwise),
// plus the engine's other operations.

import { call } from "./api.js";
import { el } from "./dom.js";
import { cartographersEditor } from "./editors/cartographers.js";
import { genericEditor } from "./editors/generic.js";
import { miseEditor } from "./editors/mise.js";
import { tileBoardEditor } from "./editors/tiles.js";

/** Bespoke editors by game id; every other game with an engine gets the JSON / notation editor. */
const BOARD_EDITORS = { cartographers: cartographersEditor, "cational-meographic": tileBoardEditor, "mise-kolonizace": miseEditor };
const BOARD_OPERATIONS = ["check", "score"];

async function buildEditor(game) {
  const schema = await call(`/api/games/${encodeURIComponent(game.id)}/schema`);
  const board = BOARD_EDITORS[game.id];
  if (!board) return genericEditor(game.id, schema.operations);
  const editor = await board(game.id, schema);
  const handled = editor.operations || BOARD_OPERATIONS; // an editor may take more operations than check and score
  const others = schema.operations.filter((op) => !handled.includes(op.name));
  if (!others.length) return editor;
  // after the editor's grid, not in it: the board's sticky engine pane stops where its own grid ends
  const tools = el("details", { class: "other-ops" },
    el("summary", {}, `Other ${game.title} tools: ${others.map((op) => op.name.replaceAll("_", " ")).join(", ")}`),
    genericEditor(game.id, others, { heading: "Document" }).root);
  return { ...editor, root: el("div", { class: "editor-with-tools" }, editor.root, tools) };
}

/** The Score / Check view; `position(game)` is the position currently in that game's editor (for the chat). */
export function createPlay(host) {
  const editors = new Map();
  let shown = null;

  const editorFor = (game) => {
    if (!editors.has(game.id)) editors.set(game.id, buildEditor(game));
    return editors.get(game.id);
  };

  return {
    async show(game) {
      shown = game.id;
      if (!game.engine) {
        host.replaceChildren(el("p", { class: "notice" }, `${game.title} has no rules engine: use the Chat and Rulebook tabs.`));
        return;
      }
      host.replaceChildren(el("p", { class: "muted" }, "Loading the editor…"));
      try {
        const editor = await editorFor(game);
        if (shown !== game.id) return;
        host.replaceChildren(el("h2", { class: "visually-hidden" }, `${game.title}: score and check`), editor.root);
      } catch (error) {
        editors.delete(game.id);
        if (shown === game.id) host.replaceChildren(el("div", { class: "error-box", role: "alert" }, `The editor could not load: ${error.message}`));
      }
    },
    position(gameId) {
      const editor = editors.get(gameId);
      return editor ? editor.then((e) => e.position()) : null;
    },
  };
}
