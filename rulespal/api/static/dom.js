// DOM helpers shared by the views: element builder and deep links into the rulebook.

/** Create an element: el("a", {href: "#", class: "x", onclick: fn}, "text", child, …). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== undefined && child !== null && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Deep link to a rulebook section, optionally with a quote to highlight. */
export function sectionHref(game, sectionId, quote) {
  const base = `#/${encodeURIComponent(game)}/rulebook/${sectionId.split("/").map(encodeURIComponent).join("/")}`;
  return quote ? `${base}?hl=${encodeURIComponent(quote)}` : base;
}

/** "p. N": the book's original PDF opened at a page (books converted from a PDF only), in a new tab. */
export function pageLink(game, page) {
  return el("a", { class: "page-link", href: `/api/games/${encodeURIComponent(game)}/pdf#page=${page}`, target: "_blank",
    rel: "noopener", title: "Open the PDF at this page" }, `p. ${page}`);
}

/** A link to a rulebook section: a short "§ rule" (the section named in its accessible name) unless a label is given. */
export function ruleLink(game, sectionId, label) {
  const name = sectionId.split("/").pop().replaceAll("-", " ");
  return el("a", { class: "rule-link", href: sectionHref(game, sectionId), title: sectionId, "aria-label": label ? null : `Rule: ${name}` },
    label || "§ rule");
}
