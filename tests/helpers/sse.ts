// A minimal Server-Sent Events client over fetch, parsing the wire format the way a
// browser's EventSource does: events are separated by a blank line, `id:`/`data:`/
// `retry:` are fields, lines starting with `:` are comments.
import { inject } from "vitest";

export type TSseEvent = { id?: string; event?: string; data?: string; retry?: string; comments: string[] };

export type TSseStream = {
  response: Response;
  /** The next event, or null once the server has closed the stream. Rejects on timeout. */
  next: (timeoutMs?: number) => Promise<TSseEvent | null>;
  /** The next event that carries a `data:` line, or null once the stream is closed. */
  nextData: (timeoutMs?: number) => Promise<(TSseEvent & { data: string; json: any }) | null>;
  close: () => Promise<void>;
};

export async function openStream(
  path: string,
  options: { key?: string; headers?: Record<string, string>; /** A server of the test's own (default: the shared one). */ baseUrl?: string } = {},
): Promise<TSseStream> {
  const headers: Record<string, string> = { accept: "text/event-stream", ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const controller = new AbortController();
  const response = await fetch(`${options.baseUrl ?? inject("baseUrl")}${path}`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let done = false;

  const parseBlock = (block: string): TSseEvent => {
    const event: TSseEvent = { comments: [] };
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(":")) {
        event.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else if (field === "id" || field === "retry" || field === "event") event[field] = value;
    }
    return event;
  };

  const next = async (timeoutMs = 10_000): Promise<TSseEvent | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const boundary = buffer.search(/\r?\n\r?\n/);
      if (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, "");
        return parseBlock(block);
      }
      if (done) return null;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no SSE event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no SSE event within ${timeoutMs} ms`)), remaining);
      });
      try {
        const chunk = await Promise.race([reader.read(), timeout]);
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      } finally {
        clearTimeout(timer);
      }
    }
  };

  const nextData = async (timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await next(Math.max(1, deadline - Date.now()));
      if (event === null) return null;
      if (event.data !== undefined) return { ...event, data: event.data, json: JSON.parse(event.data) };
    }
  };

  const close = async () => {
    controller.abort();
    await reader.cancel().catch(() => undefined);
  };

  return { response, next, nextData, close };
}
