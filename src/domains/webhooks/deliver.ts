// One signed HTTP POST to a receiver, waiting at most 10 s; 2xx is success.
import { signedHeaders } from "./signing.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;

export type TDeliveryOutcome = {
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
};

export async function postSignedEvent(input: {
  url: string;
  secret: string;
  eventId: string;
  event: string;
  body: string;
}): Promise<TDeliveryOutcome> {
  const started = performance.now();
  try {
    const response = await fetch(input.url, {
      method: "POST",
      headers: signedHeaders(input.secret, input.eventId, input.event, input.body),
      body: input.body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const succeeded = response.status >= 200 && response.status < 300;
    return {
      succeeded,
      responseStatus: response.status,
      error: succeeded ? null : `Receiver answered HTTP ${response.status}`,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      succeeded: false,
      responseStatus: null,
      error: timedOut ? `No response within ${DELIVERY_TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message),
      durationMs: Math.round(performance.now() - started),
    };
  }
}
