// Mise: Kolonizace positions in the compact text form of docs/mise-kolonizace-notation.md, both ways:
// a position object (the JSON form) as text, and text (or JSON) read back into a position object.

export const SIDES = ["N", "E", "S", "W"];
const KINDS = { F: "forest", M: "meadow", S: "swamp", forest: "forest", meadow: "meadow", swamp: "swamp" };
const LETTER = { forest: "F", meadow: "M", swamp: "S" };
const EDGE = { o: "open", r: "red", g: "green", open: "open", red: "red", green: "green" };

/** The sides each area of a tile owns, as printed: one area owns all four; a split gives two pairs. */
export function ownedSides(split) {
  if (split === "\\") return [["N", "E"], ["S", "W"]];
  if (split === "/") return [["N", "W"], ["S", "E"]];
  return [SIDES];
}

/** A tile with every owned side spelled out, no zero counts, rotation and split fields present: one shape for the
 editor, whatever form it was read from (a tile still in a stack has no square). */
export function normalTile(tile) {
  const split = tile.areas.length === 2 ? tile.split : undefined;
  const owned = ownedSides(split);
  const out = tile.at ? { at: [...tile.at], rotation: tile.rotation || 0 } : { rotation: 0 };
  out.areas = tile.areas.map((area, i) => ({
    kind: area.kind,
    sides: Object.fromEntries(owned[i].map((side) => [side, area.sides?.[side] || "open"])),
    cosmonauts: Object.fromEntries(Object.entries(area.cosmonauts || {}).filter(([, n]) => n > 0)),
    aliens: area.aliens || 0,
  }));
  if (split) Object.assign(out, { split, diagonal: tile.diagonal || "red" });
  return out;
}

function areaText(area, owned) {
  const items = owned.filter((s) => area.sides?.[s] && area.sides[s] !== "open").map((s) => `${s}=${area.sides[s][0]}`);
  for (const [colour, n] of Object.entries(area.cosmonauts || {})) if (n) items.push(`${colour}=${n}`);
  if (area.aliens) items.push(`a=${area.aliens}`);
  return LETTER[area.kind] + (items.length ? `(${items.join(" ")})` : "");
}

/** One tile as compact text, e.g. `@1,0 r90 F(N=r blue=1) \g S(a=1)`. */
export function tileText(tile) {
  const owned = ownedSides(tile.split);
  const head = tile.at ? `@${tile.at[0]},${tile.at[1]} r${tile.rotation || 0} ` : "";
  const [first, second] = tile.areas;
  return head + areaText(first, owned[0]) + (second ? ` ${tile.split}${tile.diagonal[0]} ${areaText(second, owned[1])}` : "");
}

/** A whole position as compact text (headers, then one tile a line in placement order). */
export function positionText(position) {
  const lines = [];
  if (position.players?.length) lines.push(`players: ${position.players.join(" ")}`);
  const totals = Object.entries(position.totals || {});
  if (totals.length) lines.push(`totals: ${totals.map(([p, n]) => `${p}=${n}`).join(" ")}`);
  const stacks = Object.entries(position.stacks || {});
  if (stacks.length) lines.push(`stacks: ${stacks.map(([p, n]) => `${p}=${n}`).join(" ")}`);
  if (position.base === "none") lines.push("base: none");
  else if (position.base) lines.push(`base: ${position.base.join(",")}`);
  return [...lines, ...position.tiles.map(tileText)].join("\n");
}

class NotationError extends Error {}

function parseArea(text, where) {
  const m = text.trim().match(/^([A-Za-z]+)(?:\(([^)]*)\))?$/);
  const kind = m && KINDS[m[1]];
  if (!kind) throw new NotationError(`${where}: expected an area such as F, M(N=r a=1) or swamp, got "${text.trim()}"`);
  const area = { kind, sides: {}, cosmonauts: {}, aliens: 0 };
  for (const item of (m[2] || "").split(/[\s,;]+/).filter(Boolean)) {
    const [name, value = ""] = item.split("=");
    if (SIDES.includes(name)) {
      if (!EDGE[value]) throw new NotationError(`${where}: side ${name} must be o, r or g, got "${value}"`);
      area.sides[name] = EDGE[value];
    } else if (!/^\d+$/.test(value)) {
      throw new NotationError(`${where}: "${item}" needs a count, e.g. blue=2 or a=1`);
    } else if (name === "a" || name === "aliens") {
      area.aliens = Number(value);
    } else {
      area.cosmonauts[name.toLowerCase()] = Number(value);
    }
  }
  return area;
}

function parseTile(text, where, placed = true) {
  const m = placed ? text.match(/^@\s*(-?\d+)\s*,\s*(-?\d+)\s+(?:r(\d+)\s+)?(.+)$/) : [text, null, null, null, text.trim()];
  if (!m) throw new NotationError(`${where}: a tile starts with its square, e.g. @1,0 r90 F(N=r)`);
  const rotation = Number(m[3] || 0);
  if (![0, 90, 180, 270].includes(rotation)) throw new NotationError(`${where}: rotation must be r0, r90, r180 or r270`);
  const split = m[4].match(/^(.+?)\s+([\\/])(green|red|g|r)\s+(.+)$/);
  const tile = placed ? { at: [Number(m[1]), Number(m[2])], rotation } : {};
  if (split) {
    tile.split = split[2];
    tile.diagonal = EDGE[split[3]];
    tile.areas = [parseArea(split[1], where), parseArea(split[4], where)];
  } else {
    tile.areas = [parseArea(m[4], where)];
  }
  return tile;
}

/** Statements split on new lines and on `;` outside parentheses, comments dropped, with their line numbers. */
function statements(text) {
  const out = [];
  text.split("\n").forEach((line, i) => {
    let depth = 0;
    let current = "";
    for (const ch of line.replace(/#.*$/, "")) {
      depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
      if (ch === ";" && depth === 0) {
        out.push([current.trim(), i + 1]);
        current = "";
      } else current += ch;
    }
    out.push([current.trim(), i + 1]);
  });
  return out.filter(([s]) => s);
}

const pairs = (text, where) => Object.fromEntries(text.split(/[\s,]+/).filter(Boolean).map((item) => {
  const [k, v] = item.split("=");
  if (!/^-?\d+$/.test(v || "")) throw new NotationError(`${where}: expected colour=number, got "${item}"`);
  return [k.toLowerCase(), Number(v)];
}));

/** A position from compact text or JSON text; throws an Error naming the line and what was expected. */
export function readPosition(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    const doc = JSON.parse(trimmed);
    if (!Array.isArray(doc.tiles)) throw new NotationError("JSON: expected \"tiles\", the list of placed tiles");
    return { ...doc, tiles: doc.tiles.map((t, i) => normalTile(typeof t === "string" ? parseTile(t.trim(), `tiles.${i}`) : t)) };
  }
  const position = { tiles: [] };
  for (const [statement, line] of statements(text)) {
    const where = `line ${line}`;
    const header = statement.match(/^(players|totals|stacks|base)\s*:\s*(.*)$/);
    if (!header) position.tiles.push(normalTile(parseTile(statement, where)));
    else if (header[1] === "players") position.players = header[2].split(/[\s,]+/).filter(Boolean).map((p) => p.toLowerCase());
    else if (header[1] === "base") position.base = header[2].trim() === "none" ? "none" : header[2].split(",").map(Number);
    else position[header[1]] = pairs(header[2], where);
  }
  if (!position.tiles.length) throw new NotationError("no tiles: write one tile a line, e.g. @0,1 r0 F(N=r blue=1)");
  return position;
}

// --- the end of the game: each player's running total and the two tiles left in the stack ---------------------------

/** A stack tile as the engine's end_game takes it: no square or rotation, open sides and zero counts left out. */
export function stackTile(tile) {
  const owned = ownedSides(tile.split);
  const out = { areas: tile.areas.map((area, i) => {
    const sides = Object.fromEntries(owned[i].filter((s) => area.sides?.[s] && area.sides[s] !== "open").map((s) => [s, area.sides[s]]));
    const cosmonauts = Object.fromEntries(Object.entries(area.cosmonauts || {}).filter(([, n]) => n > 0));
    return { kind: area.kind, ...(Object.keys(sides).length ? { sides } : {}),
      ...(Object.keys(cosmonauts).length ? { cosmonauts } : {}), ...(area.aliens ? { aliens: area.aliens } : {}) };
  }) };
  if (tile.areas.length === 2) Object.assign(out, { split: tile.split, diagonal: tile.diagonal || "red" });
  return out;
}

/** The end of the game as compact text: one line per player, `colour [total] | TILE | TILE`. */
export function endGameText(doc) {
  return doc.players.map((p) => [`${p.colour}${p.total === undefined ? "" : ` ${p.total}`}`,
    ...p.last_tiles.map((t) => tileText(typeof t === "string" ? parseTile(t, p.colour, false) : t))].join(" | ")).join("\n");
}

/** The end of the game from its compact text or JSON, every last tile as an editor tile (normalTile, no square). */
export function readEndGame(text) {
  const trimmed = text.trim();
  const tileOf = (t, where) => normalTile(typeof t === "string" ? parseTile(t.trim(), where, false) : t);
  if (trimmed.startsWith("{")) {
    const doc = JSON.parse(trimmed);
    if (!Array.isArray(doc.players) || !doc.players.length) throw new NotationError("JSON: expected \"players\", one entry per player");
    return doc.players.map((p, i) => ({ colour: String(p.colour ?? p.color ?? "").toLowerCase(), total: p.total ?? "",
      tiles: (p.last_tiles || []).map((t, k) => tileOf(t, `players.${i}.last_tiles.${k}`)) }));
  }
  const players = statements(text).map(([statement, line]) => {
    const [head, ...tiles] = statement.split("|");
    const words = head.trim().split(/\s+/);
    if (!words[0] || words.length > 2 || (words[1] !== undefined && !/^\d+$/.test(words[1]))) {
      throw new NotationError(`line ${line}: expected 'colour [total] | TILE | TILE', e.g. 'blue 42 | F(blue=1) | M(a=1)'`);
    }
    return { colour: words[0].toLowerCase(), total: words[1] === undefined ? "" : Number(words[1]),
      tiles: tiles.map((t, k) => tileOf(t, `line ${line}, tile ${k + 1}`)) };
  });
  if (!players.length) throw new NotationError("no player: write one line per player, e.g. 'blue 42 | F(blue=1) | M(a=1)'");
  return players;
}
