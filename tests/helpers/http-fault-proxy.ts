// An HTTP proxy in front of the real server for client tests (the SDK's retries and stream
// resumption): each request is forwarded unless the test's plan says to answer it itself
// (a 429 or 503 with Retry-After), to drop the answer after the server has handled it, or
// to cut an event stream after its first update.
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type TProxyAction =
  | "forward"
  /** Forwards, lets the server answer, then closes the client's connection without the answer. */
  | "drop-response"
  /** Forwards an event stream and closes the client's connection right after the first `data:` update. */
  | "cut-after-first-update"
  | { status: number; headers?: Record<string, string>; body?: unknown };

export type TProxiedRequest = { method: string; url: string; headers: IncomingHttpHeaders; action: TProxyAction; upstreamStatus?: number; upstreamHeaders?: IncomingHttpHeaders };

export async function startHttpFaultProxy(target: string, plan: (request: { method: string; url: string }, index: number) => TProxyAction = () => "forward") {
  const upstream = new URL(target);
  const seen: TProxiedRequest[] = [];
  let decide = plan;

  const server = http.createServer((req, res) => {
    const request: TProxiedRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, action: "forward" };
    request.action = decide(request, seen.length);
    seen.push(request);
    const action = request.action;
    if (typeof action === "object") {
      req.resume();
      res.writeHead(action.status, { "content-type": "application/json", ...action.headers });
      res.end(JSON.stringify(action.body ?? {}));
      return;
    }
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        request.upstreamStatus = answer.statusCode;
        request.upstreamHeaders = answer.headers;
        if (action === "drop-response") {
          answer.resume();
          answer.on("end", () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (action === "cut-after-first-update") {
          let text = "";
          answer.on("data", (chunk: Buffer) => {
            res.write(chunk);
            text += chunk.toString("utf8");
            if (/(^|\n)data:[^\n]*\n\n/.test(text)) {
              answer.destroy();
              // Give the written bytes a moment to leave before the connection is reset.
              setTimeout(() => req.socket.destroy(), 50);
            }
          });
          return;
        }
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => req.socket.destroy());
    // The client went away before its answer was complete: stop the server's side too.
    res.on("close", () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    req.pipe(forwarded);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** Replaces the plan for the requests still to come. */
    setPlan: (next: typeof plan) => {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
