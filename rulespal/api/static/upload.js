// "Add a rulebook": upload a PDF or Markdown file to POST /api/rulebooks with progress, then show its contents.

import { ApiError } from "./api.js";
import { el, sectionHref } from "./dom.js";

/** POST a file as multipart with upload progress; resolves to the JSON answer, rejects with ApiError. */
function send(file, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/rulebooks");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body = null;
      try { body = JSON.parse(request.responseText); } catch { body = { detail: request.responseText }; }
      if (request.status >= 200 && request.status < 300) resolve(body); else reject(new ApiError(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, { detail: "the upload did not reach the server" }));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

const contents = (game, entries) => el("ul", { class: "added-toc" }, entries.map((e) => el("li", {},
  el("a", { href: sectionHref(game, e.section_id) }, e.title), e.page ? el("span", { class: "toc-page" }, ` p. ${e.page}`) : "",
  e.children.length ? contents(game, e.children) : "")));

/** Wire the form; `onAdded(book)` runs after a rulebook was added (to refresh the games). */
export function createUpload(form, onAdded) {
  const status = form.querySelector("#add-status");
  const result = form.querySelector("#add-result");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.file.files[0];
    if (!file) { status.textContent = "Choose a PDF or Markdown file first."; return; }
    const button = form.querySelector("button");
    button.disabled = true;
    result.replaceChildren();
    status.textContent = "Uploading…";
    try {
      const book = await send(file, (done) => {
        status.textContent = done < 1 ? `Uploading… ${Math.round(done * 100)}%` : "Converting and indexing…";
      });
      status.textContent = `Added ${book.title} (${book.id}). Check its contents:`;
      result.replaceChildren(contents(book.id, book.toc),
        el("a", { class: "open-book", href: `#/${encodeURIComponent(book.id)}/rulebook` }, `Open ${book.title}`));
      form.reset();
      await onAdded(book);
    } catch (error) {
      status.textContent = `Not added: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  });
}
