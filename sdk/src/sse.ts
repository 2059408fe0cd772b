// A Server-Sent Events parser over a fetch body stream, following the WHATWG "event stream
// interpretation" rules (line endings \n, \r\n or \r; `data` lines joined by \n; comments
// ignored; `id` without NUL; `retry` digits only). No dependency: fetch streams suffice.

export type SseFrame = {
  /** Set when the block had an `id:` field. */
  id?: string;
  event?: string;
  /** Set when the block had at least one `data:` field. */
  data?: string;
  /** Set when the block had a valid `retry:` field (milliseconds). */
  retry?: number;
};

export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let first = true;
  let frame: SseFrame = {};
  let dataLines: string[] | undefined;
  let hasField = false;

  const takeLine = (line: string): SseFrame | undefined => {
    if (line === "") {
      if (!hasField) return undefined;
      const done: SseFrame = { ...frame };
      if (dataLines) done.data = dataLines.join("\n");
      frame = {};
      dataLines = undefined;
      hasField = false;
      return done;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        (dataLines ??= []).push(value);
        hasField = true;
        break;
      case "event":
        frame.event = value;
        hasField = true;
        break;
      case "id":
        if (!value.includes("\0")) {
          frame.id = value;
          hasField = true;
        }
        break;
      case "retry":
        if (/^\d+$/.test(value)) {
          frame.retry = Number(value);
          hasField = true;
        }
        break;
      default:
        break;
    }
    return undefined;
  };

  /** Complete lines out of the buffer. A trailing \r may be the first half of \r\n: it waits for more, unless the stream ended. */
  const drain = (ended: boolean): SseFrame[] => {
    const completed: SseFrame[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match || (!ended && match[0] === "\r" && match.index === buffer.length - 1)) return completed;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const frameDone = takeLine(line);
      if (frameDone) completed.push(frameDone);
    }
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      if (first && buffer.length > 0) {
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
        first = false;
      }
      yield* drain(false);
    }
    buffer += decoder.decode();
    // An unterminated last block is dropped, as the standard says.
    yield* drain(true);
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
