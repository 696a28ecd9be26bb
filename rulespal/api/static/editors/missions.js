// Cational Meographic photo missions as small pattern grids: click a cell to paint it with the chosen landscape type
// (click again to clear it), with the mission's name, Pawints, bonus and whether it is covered.

import { el } from "../dom.js";

const SPAN = 4; // pattern grids are at least 4 × 4
let counter = 0;

/** The missions editor. `paintType()` is the landscape type a click paints; `onchange()` runs after every edit. */
export function missionsEditor(initial, { paintType, colourOf, onchange }) {
  let missions = [];
  const list = el("div", { class: "missions" });

  const edit = (change) => {
    const controls = () => [...list.querySelectorAll("button, input")];
    const at = controls().indexOf(document.activeElement); // the list is redrawn: keep the keyboard where it was
    change();
    draw();
    if (at >= 0) controls()[Math.min(at, controls().length - 1)]?.focus();
    onchange();
  };

  function patternGrid(mission, m) {
    const cells = new Map(mission.pattern.map((p) => [p.at.join(","), p.type]));
    const rows = Math.max(SPAN, ...mission.pattern.map((p) => p.at[0] + 2));
    const cols = Math.max(SPAN, ...mission.pattern.map((p) => p.at[1] + 2));
    const grid = el("div", { class: "pattern-grid", role: "group", style: `--cols:${cols}`, "aria-label": `Pattern of ${mission.name || `mission ${m + 1}`}` });
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const type = cells.get(`${r},${c}`);
        grid.append(el("button", {
          type: "button", class: `pattern-cell${type ? " filled" : ""}`, dataset: { r, c }, style: type ? `--tile:${colourOf(type)}` : null,
          "aria-label": `Row ${r}, column ${c}: ${type || "empty"}`, "aria-pressed": String(Boolean(type)),
          onclick: () => edit(() => {
            const wanted = paintType();
            const rest = mission.pattern.filter((p) => p.at[0] !== r || p.at[1] !== c);
            mission.pattern = type === wanted ? rest : [...rest, { at: [r, c], type: wanted }];
          }),
        }, type ? type.slice(0, 3) : ""));
      }
    }
    return grid;
  }

  function missionCard(mission, m) {
    const id = `mission-${++counter}`;
    const field = (label, input) => el("div", { class: "field" }, el("label", { for: input.id }, label), input);
    const number = (key, min) => el("input", { type: "number", id: `${id}-${key}`, min, value: String(mission[key]), class: "count", inputmode: "numeric",
      onchange: (e) => edit(() => { mission[key] = Number(e.target.value) || 0; }) });
    return el("fieldset", { class: "mission" },
      el("legend", {}, mission.name || `Mission ${m + 1}`),
      el("div", { class: "field-row" },
        field("Name", el("input", { id: `${id}-name`, value: mission.name, autocomplete: "off",
          onchange: (e) => edit(() => { mission.name = e.target.value.trim(); }) })),
        field("Pawints", number("pawints", "0")),
        field("Bonus", number("bonus", "0")),
        el("label", { class: "check", for: `${id}-covered` }, el("input", { type: "checkbox", id: `${id}-covered`, checked: mission.covered,
          onchange: (e) => edit(() => { mission.covered = e.target.checked; }) }), " covered")),
      patternGrid(mission, m),
      el("button", { type: "button", class: "secondary small", onclick: () => edit(() => { missions.splice(m, 1); }) }, "Remove the mission"));
  }

  function draw() {
    list.replaceChildren(...missions.map(missionCard),
      el("button", { type: "button", class: "secondary", id: "cm-add-mission",
        onclick: () => edit(() => missions.push({ name: `Mission ${missions.length + 1}`, pawints: 3, bonus: 0, covered: false, pattern: [] })) },
      "Add a photo mission"));
  }

  const set = (next) => {
    missions = structuredClone(next).map((m) => ({ name: "", pawints: 0, bonus: 0, covered: false, pattern: [], ...m }));
    draw();
  };
  set(initial);
  return { root: list, value: () => structuredClone(missions), set };
}
