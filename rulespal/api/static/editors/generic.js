// A JSON / notation-text editor for any engine operation, with examples taken from the operation's JSON Schema.

import { el } from "../dom.js";
import { formatJson, outputPane } from "./frame.js";

let counter = 0;

/** Parse the textarea: JSON when it looks like JSON, else notation text as it is. */
function readDocument(text) {
  const trimmed = text.trim();
  if (!trimmed) throw new Error("The position is empty: type JSON or notation text, or load the example.");
  if (!/^[{[]/.test(trimmed)) return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    throw new Error(`This is not valid JSON: ${error.message}`);
  }
}

/** An editor for the given operations (list of {name, description, input_schema}). */
export function genericEditor(game, operations, { heading = "Position" } = {}) {
  const id = `generic-${++counter}`;
  const output = outputPane(game);
  const select = el("select", { id: `${id}-op` }, operations.map((op) => el("option", { value: op.name }, op.name.replaceAll("_", " "))));
  const help = el("p", { class: "help" });
  const text = el("textarea", { id: `${id}-doc`, class: "doc-input", rows: "14", spellcheck: "false" });
  const current = () => operations.find((op) => op.name === select.value);
  const loadExample = () => {
    const example = current().input_schema.examples?.[0];
    text.value = example === undefined ? "" : formatJson(example);
    output.setNotation(text.value);
  };
  const run = async () => {
    let doc;
    try {
      doc = readDocument(text.value);
    } catch (error) {
      output.showMessage(error.message);
      return;
    }
    output.setNotation(doc);
    await output.run(select.value, doc);
  };
  select.addEventListener("change", () => {
    help.textContent = current().description;
    loadExample();
  });
  text.addEventListener("input", () => output.setNotation(text.value));
  help.textContent = current().description;
  loadExample();
  const root = el("div", { class: "editor generic-editor" },
    el("div", { class: "editor-controls" },
      el("h3", {}, heading),
      el("div", { class: "field" }, el("label", { for: select.id }, "Operation"), select),
      help,
      el("div", { class: "field" }, el("label", { for: text.id }, "Document (JSON, or the compact notation text)"), text),
      el("div", { class: "form-row" },
        el("button", { type: "button", class: "secondary", onclick: loadExample }, "Load example"),
        el("button", { type: "button", class: "run", onclick: run }, "Run"))),
    output.root);
  return {
    root,
    position() {
      try {
        return readDocument(text.value);
      } catch {
        return null;
      }
    },
  };
}
