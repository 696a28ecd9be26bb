// A Mise: Kolonizace tile drawn as SVG markup: areas coloured by kind, lasers coloured on the sides and the diagonal,
// cosmonauts and aliens counted in each area; the printed tile is turned by its rotation.

import { ownedSides } from "./mise-notation.js";

export const KIND_COLOURS = { forest: "#2f7a3b", meadow: "#c9d86a", swamp: "#7b6a9c" };
// Label colour and halo per kind: white on the dark forest and swamp, near-black on the light meadow (each at least
// 4.5:1 against its area and its halo; the halo keeps a label readable where it crosses into the other half).
export const LABEL_COLOURS = { forest: ["#fff", "#111"], meadow: ["#111", "#fff"], swamp: ["#fff", "#111"] };
const LASER = { red: "#d1241a", green: "#11a83a" };
const SIDE_LINE = { N: [0, 0, 100, 0], E: [100, 0, 100, 100], S: [0, 100, 100, 100], W: [0, 0, 0, 100] };
const HALVES = {
  "\\": [["0,0 100,0 100,100", [67, 33]], ["0,0 0,100 100,100", [33, 67]]],
  "/": [["0,0 100,0 0,100", [33, 33]], ["100,0 100,100 0,100", [67, 67]]],
};
const DIAGONAL = { "\\": [0, 0, 100, 100], "/": [0, 100, 100, 0] };
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

/** Where a point of the printed tile lies after turning the tile clockwise by `rotation` degrees. */
function turn([x, y], rotation) {
  for (let r = 0; r < rotation; r += 90) [x, y] = [100 - y, x];
  return [x, y];
}

const line = ([x1, y1, x2, y2], colour, width) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;

function label(area, [x, y]) {
  const parts = Object.entries(area.cosmonauts).map(([colour, n]) => `${colour.slice(0, 3)} ${n}`);
  if (area.aliens) parts.push(`👽${area.aliens}`);
  if (!parts.length) return "";
  const [fill, halo] = LABEL_COLOURS[area.kind] || ["#111", "#fff"];
  return `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="middle" font-size="15" font-weight="700" `
    + `fill="${fill}" stroke="${halo}" stroke-width="4" paint-order="stroke" data-kind="${area.kind}">${escape(parts.join(" "))}</text>`;
}

/** SVG markup of a tile (normalised: every owned side spelled out). */
export function tileSvg(tile) {
  const owned = ownedSides(tile.split);
  const shapes = tile.areas.length === 1
    ? [`<rect width="100" height="100" fill="${KIND_COLOURS[tile.areas[0].kind]}" data-kind="${tile.areas[0].kind}"/>`]
    : HALVES[tile.split].map(([points], i) => `<polygon points="${points}" fill="${KIND_COLOURS[tile.areas[i].kind]}" data-kind="${tile.areas[i].kind}"/>`);
  const lasers = tile.areas.flatMap((area, i) => owned[i].filter((side) => area.sides[side] !== "open")
    .map((side) => line(SIDE_LINE[side], LASER[area.sides[side]], 10)));
  if (tile.split) lasers.push(line(DIAGONAL[tile.split], LASER[tile.diagonal], 7));
  const centres = tile.areas.length === 1 ? [[50, 50]] : HALVES[tile.split].map(([, c]) => c);
  const labels = tile.areas.map((area, i) => label(area, turn(centres[i], tile.rotation)));
  return `<svg class="mise-tile" viewBox="-4 -4 108 108" aria-hidden="true">`
    + `<g transform="rotate(${tile.rotation} 50 50)">${shapes.join("")}${lasers.join("")}</g>${labels.join("")}</svg>`;
}
