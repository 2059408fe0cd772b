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
