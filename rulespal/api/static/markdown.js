// A small, safe Markdown renderer for rulebook sections (paragraphs, lists, tables, code, emphasis)
// and whitespace-insensitive highlighting of a quote inside rendered text.

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

function inline(text) {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|\W)_([^_\s][^_]*)_(?!\w)/g, "$1<em>$2</em>");
}

const isTableRow = (line) => /^\s*\|.*\|\s*$/.test(line);
const isRule = (line) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

function table(lines) {
  const [head, , ...rows] = lines;
  const th = cells(head).map((c) => `<th scope="col">${inline(c)}</th>`).join(" ");
  const body = rows.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c)}</td>`).join(" ")}</tr>`).join("\n");
  return `<div class="table-wrap"><table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></div>`;
}

const indentOf = (spaces) => spaces.replace(/\t/g, "    ").length;

/** A list block as nested lists: an item indented past its parent's marker is a sub-item (ordered or not). */
function list(lines) {
  const root = { indent: -1, items: [] }; // a pseudo-item holding the top-level lists
  const open = [root]; // the chain of items the next line may belong to, outermost first
  for (const line of lines) {
    const m = line.match(LIST_ITEM);
    if (!m) { // a continuation of the deepest open item
      const last = open[open.length - 1];
      if (last !== root) last.text += " " + line.trim();
      continue;
    }
    const indent = indentOf(m[1]);
    while (open.length > 1 && open[open.length - 1].indent >= indent) open.pop();
    const parent = open[open.length - 1];
    const ordered = /^\d/.test(m[2]);
    let target = parent.items[parent.items.length - 1];
    if (!target || target.ordered !== ordered) {
      target = { ordered, start: ordered ? Number.parseInt(m[2], 10) : 1, items: [] };
      parent.items.push(target);
    }
    const item = { indent, text: m[3], items: [] };
    target.items.push(item);
    open.push(item);
  }
  const render = (block) => {
    const tag = block.ordered ? "ol" : "ul";
    const start = block.start !== 1 ? ` start="${block.start}"` : "";
    const items = block.items.map((i) => `<li>${inline(i.text)}${i.items.map(render).join("")}</li>`);
    return `<${tag}${start}>${items.join("\n")}</${tag}>`;
  };
  return root.items.map(render).join("\n");
}

/** Markdown text as HTML (all text escaped first). */
export function renderMarkdown(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) {
      const block = [];
      for (i += 1; i < lines.length && !/^\s*(```|~~~)/.test(lines[i]); i += 1) block.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(block.join("\n"))}</code></pre>`);
      i += 1;
    } else if (isTableRow(line) && i + 1 < lines.length && isRule(lines[i + 1])) {
      const block = [];
      for (; i < lines.length && isTableRow(lines[i]); i += 1) block.push(lines[i]);
      out.push(table(block));
    } else if (LIST_ITEM.test(line)) {
      const block = [];
      for (; i < lines.length && lines[i].trim() && (LIST_ITEM.test(lines[i]) || /^\s+\S/.test(lines[i])); i += 1) block.push(lines[i]);
      out.push(list(block));
    } else if (/^#{1,6}\s/.test(line)) {
      const level = Math.min(6, line.match(/^#+/)[0].length + 2);
      out.push(`<h${level}>${inline(line.replace(/^#+\s*/, ""))}</h${level}>`);
      i += 1;
    } else if (/^\s*>/.test(line)) {
      const block = [];
      for (; i < lines.length && /^\s*>/.test(lines[i]); i += 1) block.push(lines[i].replace(/^\s*>\s?/, ""));
      out.push(`<blockquote>${inline(block.join(" "))}</blockquote>`);
    } else if (!line.trim()) {
      i += 1;
    } else {
      const block = [];
      for (; i < lines.length && lines[i].trim() && !LIST_ITEM.test(lines[i]) && !isTableRow(lines[i])
        && !/^#{1,6}\s|^\s*(```|~~~)|^\s*>/.test(lines[i]); i += 1) block.push(lines[i].trim());
      out.push(`<p>${inline(block.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

/** Text without Markdown emphasis marks, whitespace collapsed, lower case: what a quote is matched on. */
export function normalise(text) {
  return text.replace(/^\s*(?:[-+]|\d+[.)]|#+|>)\s+/gm, "").replace(/[*_`|]/g, "").replace(/\s+/g, " ")
    .trim().toLowerCase();
}

/** Wrap the first occurrence of `quote` in <mark> elements (across text nodes); returns the first mark or null. */
export function highlight(root, quote) {
  const wanted = normalise(quote || "");
  if (!wanted) return null;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const map = []; // for each normalised character: [text node, offset]
  let flat = "";
  let lastSpace = true;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue;
    for (let k = 0; k < text.length; k += 1) {
      let ch = text[k];
      if ("*_`|".includes(ch)) continue;
      if (/\s/.test(ch)) {
        if (lastSpace) continue;
        ch = " ";
      }
      lastSpace = ch === " ";
      flat += ch.toLowerCase();
      map.push([node, k]);
    }
  }
  let at = flat.indexOf(wanted);
  let length = wanted.length;
  if (at < 0) { // fall back to the longest leading part that is found (at least 20 characters)
    for (length = wanted.length - 1; length >= 20 && at < 0; length -= 1) at = flat.indexOf(wanted.slice(0, length));
    length += 1;
    if (at < 0) return null;
  }
  const [startNode, startOffset] = map[at];
  const [endNode, endOffset] = map[at + length - 1];
  const nodes = [];
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset + 1);
  const all = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = all.nextNode(); node; node = all.nextNode()) if (range.intersectsNode(node)) nodes.push(node);
  let first = null;
  for (const node of nodes) {
    const from = node === startNode ? startOffset : 0;
    const to = node === endNode ? endOffset + 1 : node.nodeValue.length;
    if (to <= from || !node.nodeValue.slice(from, to).trim()) continue; // no marks on the gaps between blocks
    const middle = node.splitText(from);
    middle.splitText(to - from);
    const mark = document.createElement("mark");
    middle.parentNode.replaceChild(mark, middle);
    mark.appendChild(middle);
    first ??= mark;
  }
  return first;
}
