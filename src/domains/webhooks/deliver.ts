// One signed HTTP POST to a receiver, waiting at most 10 s; 2xx is success. Redirects are
// never followed (a 3xx is a failed attempt), and at most RESPONSE_EXCERPT_BYTES of the
// answer are read, however much the receiver sends. The request goes through the egress
// fetch (src/foundation/egress.ts), which connects only to addresses it has checked.
import { isAddressNotAllowed, readExcerpt, webhookEgressFetch } from "../../foundation/egress.ts";
import { signedHeaders } from "./signing.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 2048;

export type TDeliveryOutcome = {
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  /** The first bytes of the answer, as text (null when there was no answer). */
  responseBody: string | null;
};


function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `Receiver answered HTTP ${status} (redirects are not followed)`;
  if (status === 410) return "Receiver answered HTTP 410 Gone (the endpoint is disabled)";
  return `Receiver answered HTTP ${status}`;
}

/**
 * What an attempt the egress policy refused records: the same words whatever the host
 * resolved to, so the log never tells a caller what answers on an internal address.
 */
export const ADDRESS_NOT_ALLOWED_REASON = "Address not allowed: the receiver's host is not a public address (ADDRESS_NOT_ALLOWED)";

const NETWORK_ERRORS: Record<string, string> = {
  ECONNRESET: "Connection reset by the receiver",
  UND_ERR_SOCKET: "Connection closed by the receiver before a complete answer",
  ECONNREFUSED: "Connection refused by the receiver",
  ENOTFOUND: "The receiver's host name does not resolve",
  EAI_AGAIN: "The receiver's host name could not be resolved (DNS)",
  UND_ERR_CONNECT_TIMEOUT: "Could not connect to the receiver in time",
};

/** A failed request's cause in words a receiver's owner can act on, with the code to search for. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  if (code && NETWORK_ERRORS[code]) return `${NETWORK_ERRORS[code]} (${code})`;
  // OpenSSL's own message is a dump of internal state; its code says what went wrong.
  if (code?.startsWith("ERR_SSL_") || code?.startsWith("ERR_TLS_")) return `TLS handshake with the receiver failed (${code})`;
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/.test(code)) return `The receiver's TLS certificate was refused (${code})`;
  if (code) return `${cause?.message ?? "Request failed"} (${code})`;
  return cause?.message ?? (error as Error).message;
}

export async function postSignedEvent(input: {
  url: string;
  /** The current secret first; during a rotation's overlap also the previous one. */
  secrets: string[];
  eventId: string;
  event: string;
  body: string;
}): Promise<TDeliveryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const response = await webhookEgressFetch()(input.url, {
      method: "POST",
      headers: signedHeaders(input.secrets, input.eventId, input.event, input.body),
      body: input.body,
      redirect: "manual",
      signal,
    });
    const responseBody = await readExcerpt(response.body, RESPONSE_EXCERPT_BYTES);
    const succeeded = response.status >= 200 && response.status < 300;
    return {
      succeeded,
      responseStatus: response.status,
      error: succeeded ? null : describeStatus(response.status),
      durationMs: elapsed(),
      responseBody,
    };
  } catch (error) {
    const timedOut = signal.aborted || (error instanceof DOMException && error.name === "TimeoutError");
    return {
      succeeded: false,
      responseStatus: null,
      error: isAddressNotAllowed(error)
        ? ADDRESS_NOT_ALLOWED_REASON
        : timedOut
          ? `No response within ${DELIVERY_TIMEOUT_MS / 1000} s`
          : describeNetworkError(error),
      durationMs: elapsed(),
      responseBody: null,
    };
  }
}
