// What a slow or abusive client can hold of the HTTP server, set in one place:
// - the request headers must arrive within HTTP_HEADERS_TIMEOUT_MS, and the whole request,
//   body included, within HTTP_REQUEST_TIMEOUT_MS of its first byte (the body-read
//   deadline): past either, Node raises ERR_HTTP_REQUEST_TIMEOUT, the `clientError`
//   listener (rest/client-error.ts) answers `408 request_timeout` as typed JSON and the
//   socket is closed. Node stops timing a request once it has been received, so responses
//   that take long — the SSE run stream, the dashboard's long-lived connections — are not cut.
// - a request whose Content-Length already exceeds MAX_BODY_BYTES is answered
//   `413 payload_too_large` before anything else runs or any of its body is read, and the
//   connection is closed (the client may still be sending). Three paths answer for
//   themselves: /v1 refuses it right after authenticating the caller and before reading
//   (an anonymous caller gets 401 whatever its body: docs/api-conventions.md, "Order"),
//   /api/trpc just as early in tRPC's error envelope (dashboard-handler.ts), and
//   /api/inngest takes the Inngest server's signed calls, whose step state Inngest bounds.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { TEnv } from "../foundation/env.ts";
import { AppError, toErrorResponse } from "../foundation/errors.ts";

type TLimits = Pick<TEnv, "HTTP_HEADERS_TIMEOUT_MS" | "HTTP_REQUEST_TIMEOUT_MS" | "MAX_BODY_BYTES">;

const SELF_BOUNDED_PATHS = ["/v1", "/api/trpc", "/api/inngest"];

/** Applies the limits to a server created but not yet listening. */
export function limitHttpServer(server: Server, limits: TLimits): void {
  const requestTimeout = limits.HTTP_REQUEST_TIMEOUT_MS;
  // Node requires headersTimeout ≤ requestTimeout.
  const headersTimeout = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  // Node checks both timeouts on this interval (30 s by default, which would let a 10 s
  // timeout run to 40 s); read when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 5)));

  // The early 413 goes before every handler the composition root registered.
  const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (declaresTooLargeBody(req, limits.MAX_BODY_BYTES)) {
      refuseTooLarge(res, limits.MAX_BODY_BYTES);
      return;
    }
    for (const handler of handlers) handler.call(server, req, res);
  });
}

function declaresTooLargeBody(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers["content-length"];
  if (!declared || !(Number(declared) > limit)) return false;
  const path = req.url ?? "";
  return !SELF_BOUNDED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));
}

function refuseTooLarge(res: ServerResponse, limit: number): void {
  const requestId = randomUUID();
  const { status, headers, body } = toErrorResponse(new AppError("payload_too_large", `Request body exceeds ${limit} bytes`), requestId);
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(payload),
    "X-Request-Id": requestId,
    // The body is never read: the connection cannot carry another request.
    Connection: "close",
  });
  res.end(payload);
}
