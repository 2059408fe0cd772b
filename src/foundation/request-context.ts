// The request being handled, carried through every await of its work, so a log line
// written deep in a service names the request without each call passing it along.
// The store lives on globalThis: the custom server's bundle and Next's bundle each load
// this module, and a request entering through one must be seen by code in the other.
import { AsyncLocalStorage } from "node:async_hooks";

export type TRequestContext = { requestId: string };

const STORE_KEY = Symbol.for("agent-workforce.request-context");
const holder = globalThis as unknown as { [STORE_KEY]?: AsyncLocalStorage<TRequestContext> };
const storage = (holder[STORE_KEY] ??= new AsyncLocalStorage<TRequestContext>());

/** Runs `work` (and everything it awaits or schedules) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being handled, or undefined outside a request (start-up, executor loop). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * The header the server sets on every request it hands to Next: the client's address as the
 * server decided it (socket, or the trusted proxy's last X-Forwarded-For hop). A value the
 * client sent itself is overwritten, so it cannot be spoofed. The sign-in limits
 * (src/domains/auth/sign-in-limits.ts) key on it.
 */
export const CLIENT_ADDRESS_HEADER = "x-aw-client-address";

export function clientAddress(
  request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } },
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers["x-forwarded-for"];
    const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").map((hop) => hop.trim()).filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  return (request.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}
