// A real OpenAI-compatible HTTP server on loopback for tests: POST /v1/chat/completions
// answers from a script (one entry per request, in order; then `fallback`), and every
// request is recorded with its parsed body.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TScriptedResponse = {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body (objects are serialised), or raw text. */
  body?: unknown;
  /** Wait this long before answering (a timeout test holds the answer past the client's limit). */
  delayMs?: number;
};
export type TRecordedRequest = { path: string; headers: http.IncomingHttpHeaders; body: any; at: number };

export type TFakeModelServer = {
  /** The OPENAI_BASE_URL to configure: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: TRecordedRequest[];
  /** Adds responses for the next requests, in order. */
  script: (...responses: (TScriptedResponse | ((request: TRecordedRequest) => TScriptedResponse))[]) => void;
  /** What requests beyond the script get. */
  setFallback: (response: TScriptedResponse | ((request: TRecordedRequest) => TScriptedResponse)) => void;
  reset: () => void;
  close: () => Promise<void>;
};

let completionCounter = 0;
type TUsage = { prompt_tokens: number; completion_tokens: number };

/** A Chat Completions body with one choice carrying `message`. */
function chatCompletion(message: Record<string, unknown>, finishReason: string, usage: TUsage, model: string): TScriptedResponse {
  completionCounter += 1;
  return {
    body: {
      id: `chatcmpl-${completionCounter}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, finish_reason: finishReason, message: { role: "assistant", ...message } }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/** A Chat Completions answer carrying `content` (a string, or an object sent as JSON text). */
export function completion(content: unknown, usage: TUsage = { prompt_tokens: 10, completion_tokens: 5 }, model = "fake-model"): TScriptedResponse {
  return chatCompletion({ content: typeof content === "string" ? content : JSON.stringify(content) }, "stop", usage, model);
}

/** An answer asking to call tools: `calls` as [name, arguments object]. */
export function toolCallCompletion(calls: [string, unknown][], usage: TUsage = { prompt_tokens: 10, completion_tokens: 5 }, model = "fake-model"): TScriptedResponse {
  const callNumber = completionCounter + 1;
  const toolCalls = calls.map(([name, args], index) => ({ id: `call_${callNumber}_${index}`, type: "function", function: { name, arguments: JSON.stringify(args) } }));
  return chatCompletion({ content: null, tool_calls: toolCalls }, "tool_calls", usage, model);
}

export const errorResponse = (status: number, message: string, headers: Record<string, string> = {}): TScriptedResponse => ({
  status,
  headers,
  body: { error: { message, type: "error", code: null } },
});

export async function startFakeModelServer(): Promise<TFakeModelServer> {
  const requests: TRecordedRequest[] = [];
  let queue: (TScriptedResponse | ((request: TRecordedRequest) => TScriptedResponse))[] = [];
  let fallback: TScriptedResponse | ((request: TRecordedRequest) => TScriptedResponse) = errorResponse(500, "nothing scripted");

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const recorded: TRecordedRequest = { path: req.url ?? "", headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const next = queue.shift() ?? fallback;
      const response = typeof next === "function" ? next(recorded) : next;
      const send = () => {
        if (res.destroyed) return;
        const payload = typeof response.body === "string" ? response.body : JSON.stringify(response.body ?? {});
        res.writeHead(response.status ?? 200, { "content-type": "application/json", ...response.headers }).end(payload);
      };
      if (response.delayMs) setTimeout(send, response.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...responses) => queue.push(...responses),
    setFallback: (response) => (fallback = response),
    reset: () => {
      requests.length = 0;
      queue = [];
      fallback = errorResponse(500, "nothing scripted");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
