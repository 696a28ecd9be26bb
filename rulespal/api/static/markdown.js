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

function list(lines) {
  const ordered = /^\s*\d/.test(lines[0]);
  const items = [];
  for (const line of lines) {
    const m = line.match(LIST_ITEM);
    if (m) items.push(m[3]);
    else items[items.length - 1] += " " + line.trim();
  }
  const tag = ordered ? "ol" : "ul";
  return `<${tag}>${items.map((i) => `<li>${inline(i)}</li>`).join("\n")}</${tag}>`;
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
