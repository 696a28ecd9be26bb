// Talking to the RulesPal HTTP API: JSON calls with readable errors, and server-sent events over fetch.

/** An HTTP error with the API's JSON body (`detail` is a string or a list of {loc, msg}). */
export class ApiError extends Error {
  constructor(status, body) {
    super(describe(status, body));
    this.status = status;
    this.body = body;
  }

  /** The problems of a 422 as [{loc, msg}], else []. */
  get problems() {
    return Array.isArray(this.body?.detail) ? this.body.detail : [];
  }
}

function describe(status, body) {
  const detail = body?.detail;
  if (Array.isArray(detail)) return detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("\n");
  return detail ? String(detail) : `HTTP ${status}`;
}

async function parse(response) {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { detail: text };
  }
}

/** GET or POST JSON; throws ApiError on a non-2xx answer. */
export async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await parse(response);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** Split an SSE byte stream into {event, data} objects (data parsed as JSON); comments are skipped. */
export async function* readEvents(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value.replace(/\r\n?/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = parseFrame(frame);
      if (event) yield event;
    }
    if (done) return;
  }
}

/** One SSE frame (the lines between blank lines) as {event, data}, or null when it carries no data. */
export function parseFrame(frame) {
  let event = "message";
  const data = [];
  for (const line of frame.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (!data.length) return null;
  const text = data.join("\n");
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    return { event, data: { text } };
  }
}

/** POST a question to /api/chat and yield its events; throws ApiError when the request is refused. */
export async function* chat(request, signal) {
  const response = await fetch("/api/chat", {
    method: "POST", signal,
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new ApiError(response.status, await parse(response));
  yield* readEvents(response.body);
}
