// The fields that shape one Mise: Kolonizace tile (one area or a split, kinds, lasers, cosmonauts per colour, aliens,
// rotation): shared by the tile laid on the board and the two tiles left in each stack at the end of the game.

import { el } from "../dom.js";
import { ownedSides } from "./mise-notation.js";

const SIDE_NAMES = { N: "north", E: "east", S: "south", W: "west" };
const HALF_NAMES = { "\\": ["NE half", "SW half"], "/": ["NW half", "SE half"] };
const KINDS = ["forest", "meadow", "swamp"];

export const blankArea = (kind) => ({ kind, sides: {}, cosmonauts: {}, aliens: 0 });

export function select(id, options, value, onchange) {
  return el("select", { id, onchange }, options.map(([v, label]) => el("option", { value: v, selected: String(v) === String(value) }, label)));
}

export function number(id, value, onchange) {
  return el("input", { type: "number", id, min: "0", max: "99", value: String(value), inputmode: "numeric", onchange, class: "count" });
}

/** The form fields of a tile. `id` prefixes every control's id; `edit(change)` applies a change to the tile;
 `sides` and `rotation` say whether lasers and the turn are edited (a tile in the stack needs neither). */
export function tileFields({ id, tile, players, edit, sides = true, rotation = true, names = {} }) {
  const halves = HALF_NAMES[tile.split] || [names.area || "Area"];
  const owned = ownedSides(tile.split);
  const areaFields = tile.areas.map((area, a) => el("fieldset", { class: "area" },
    el("legend", {}, halves[a]),
    el("div", { class: "field-row" },
      el("div", { class: "field" }, el("label", { for: `${id}-kind-${a}` }, "Kind"),
        select(`${id}-kind-${a}`, KINDS.map((k) => [k, k]), area.kind, (e) => edit((t) => { t.areas[a].kind = e.target.value; }))),
      sides ? owned[a].map((side) => el("div", { class: "field" }, el("label", { for: `${id}-side-${a}-${side}` }, `${SIDE_NAMES[side]} side`),
        select(`${id}-side-${a}-${side}`, [["open", "open"], ["red", "red laser"], ["green", "green laser"]], area.sides[side],
          (e) => edit((t) => { t.areas[a].sides[side] = e.target.value; })))) : ""),
    el("div", { class: "field-row" },
      players.map((p) => el("div", { class: "field" }, el("label", { for: `${id}-cosmo-${a}-${p}` }, `${p} cosmonauts`),
        number(`${id}-cosmo-${a}-${p}`, area.cosmonauts[p] || 0, (e) => edit((t) => { t.areas[a].cosmonauts[p] = +e.target.value || 0; })))),
      el("div", { class: "field" }, el("label", { for: `${id}-aliens-${a}` }, "aliens"),
        number(`${id}-aliens-${a}`, area.aliens, (e) => edit((t) => { t.areas[a].aliens = +e.target.value || 0; }))))));
  return [
    el("div", { class: "field-row" },
      el("div", { class: "field" }, el("label", { for: `${id}-split` }, "Shape"),
        select(`${id}-split`, [["", "one area"], ["\\", "split \\ (NE / SW halves)"], ["/", "split / (NW / SE halves)"]], tile.split || "",
          (e) => edit((t) => {
            t.split = e.target.value || undefined;
            t.areas = t.split ? [t.areas[0], t.areas[1] || blankArea(t.areas[0].kind === "forest" ? "meadow" : "forest")] : [t.areas[0]];
          }))),
      tile.split ? el("div", { class: "field" }, el("label", { for: `${id}-diagonal` }, "Diagonal laser"),
        select(`${id}-diagonal`, [["red", "red"], ["green", "green"]], tile.diagonal, (e) => edit((t) => { t.diagonal = e.target.value; }))) : "",
      rotation ? el("div", { class: "field" }, el("label", { for: `${id}-rotation` }, "Rotation (clockwise)"),
        select(`${id}-rotation`, [0, 90, 180, 270].map((r) => [r, `${r}°`]), tile.rotation, (e) => edit((t) => { t.rotation = +e.target.value; }))) : ""),
    sides ? el("p", { class: "help" }, "Sides are as printed; the rotation turns the whole tile.") : "",
    ...areaFields,
  ];
}
