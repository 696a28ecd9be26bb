// "Add a rulebook": upload a PDF or Markdown file to POST /api/rulebooks with progress, then show its contents.
// The answer is asked for as server-sent events: conversion and indexing progress, then the added book.

import { ApiError, parseFrame } from "./api.js";
import { el, sectionHref } from "./dom.js";

/** Calls `onEvent({event, data})` for each complete SSE frame that arrived since the last call. */
function frameReader(onEvent) {
  let seen = 0;
  return (raw) => {
    const text = raw.replace(/\r\n?/g, "\n");
    const cut = text.lastIndexOf("\n\n");
    if (cut < seen) return;
    const fresh = text.slice(seen, cut);
    seen = cut + 2;
    for (const frame of fresh.split("\n\n")) {
      const event = parseFrame(frame);
      if (event) onEvent(event);
    }
  };
}

/** POST a file as multipart with upload progress and the server's progress events; resolves to the added book,
 * rejects with ApiError (an HTTP error before the stream, or its `error` event). */
function send(file, onProgress, onEvent) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/rulebooks");
    request.setRequestHeader("Accept", "text/event-stream");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    const read = frameReader(({ event, data }) => {
      if (event === "added") resolve(data);
      else if (event === "error") reject(new ApiError(data.status, data));
      else onEvent(event, data);
    });
    request.onprogress = () => request.status === 200 && read(request.responseText);
    request.onload = () => {
      if (request.status === 200) {
        read(`${request.responseText}\n\n`);
        reject(new ApiError(0, { detail: "the server ended the answer before the book was added" }));
        return;
      }
      let body = null;
      try { body = JSON.parse(request.responseText); } catch { body = { detail: request.responseText }; }
      reject(new ApiError(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, { detail: "the upload did not reach the server" }));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}

/** The status line for a `stage` or `progress` event of the upload. */
function describeWork(event, data) {
  if (event === "stage" && data.stage === "converting") {
    return `Converting ${data.pages} page${data.pages === 1 ? "" : "s"}…`;
  }
  if (event === "stage") return `Indexing… 0 of ${data.chunks} passages`;
  if (data.total === null) return `Indexing… ${data.chunks} passages (${data.books_done} of ${data.books} books)`;
  return `Indexing… ${data.chunks} of ${data.total} passages`;
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
      }, (kind, data) => { status.textContent = describeWork(kind, data); });
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
