// Requests Node's HTTP parser refuses before any handler runs (headers over the size limit,
// an unknown method, a malformed request line, a request that took too long) still get
// the typed JSON body of the one error table and an X-Request-Id, like every other
// response. The server's `clientError` event hands us the raw socket: we write one
// HTTP/1.1 response and close it, as Node's default handler does with its bare status line.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { AppError, toErrorResponse } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";

/** The AppError a parser error code stands for. */
export function clientErrorToAppError(code: string | undefined): AppError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new AppError("headers_too_large", "Request headers are too large");
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new AppError("payload_too_large", "Chunk extensions are too large");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new AppError("request_timeout", "The request was not received in time");
    case "HPE_INVALID_METHOD":
      return new AppError("validation_error", "Unsupported HTTP method", { issues: [{ path: "(request)", message: "unknown HTTP method" }] });
    default:
      return new AppError("validation_error", "Malformed HTTP request", {
        issues: [{ path: "(request)", message: `the HTTP parser refused the request${code ? ` (${code})` : ""}` }],
      });
  }
}

/** The raw bytes of a complete, closing HTTP/1.1 response for a parser error. */
export function clientErrorResponse(code: string | undefined, requestId: string): string {
  const { status, headers, body } = toErrorResponse(clientErrorToAppError(code), requestId);
  const payload = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(payload)}`,
    `X-Request-Id: ${requestId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n${payload}`;
}

type TClientSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * The server's `clientError` listener. A reset connection has nobody to answer; a socket
 * that already carries a response (headers sent) cannot take a second one: both are just
 * destroyed. Otherwise the typed response is written and the socket closed.
 */
export function handleClientError(error: Error & { code?: string }, socket: TClientSocket): void {
  if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  logger.debug("refused malformed request", { requestId, code: error.code ?? error.message });
  socket.end(clientErrorResponse(error.code, requestId), () => socket.destroy());
}
