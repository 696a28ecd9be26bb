// Game thumbnails drawn as inline SVG from the game's id and title: no image files, works offline.

const PALETTES = [
  ["#2f6f4f", "#a7d7b8"], ["#8a4b2a", "#f1c9a5"], ["#2b4c7e", "#a9c6ee"], ["#6b3f7a", "#d8b9e6"],
  ["#7a6a1f", "#efe2a2"], ["#1f6a72", "#a4dde2"],
];

const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

function hash(text) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)) >>> 0;
  return h;
}

/** Up to two initials of a title ("Mise: Kolonizace" -> "MK"). */
export function initials(title) {
  const words = title.replace(/[^\p{L}\p{N}\s]/gu, " ").split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0] || "?").slice(0, 2)).toUpperCase();
}

/** An SVG thumbnail (as markup) for a game: coloured tile, a pattern from the id, initials. */
export function thumbnail(game) {
  const h = hash(game.id);
  const [dark, light] = PALETTES[h % PALETTES.length];
  const cells = [];
  for (let i = 0; i < 9; i += 1) {
    if ((h >> i) & 1) cells.push(`<rect x="${6 + (i % 3) * 18}" y="${6 + Math.floor(i / 3) * 18}" width="16" height="16" rx="3" fill="${light}" opacity=".35"/>`);
  }
  return `<svg class="thumb" viewBox="0 0 64 64" width="48" height="48" role="img" aria-label="${escape(game.title)}">`
    + `<rect width="64" height="64" rx="12" fill="${dark}"/>${cells.join("")}`
    // a halo of the dark colour keeps the initials at full contrast over the light squares behind them
    + `<text x="32" y="41" text-anchor="middle" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#fff" `
    + `stroke="${dark}" stroke-width="5" stroke-linejoin="round" paint-order="stroke">${escape(initials(game.title))}</text></svg>`;
}
