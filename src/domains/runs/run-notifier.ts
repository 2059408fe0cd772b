// Tells open status streams that a run changed (and open triage queues that an
// organization's queue changed), through one shared channel per process:
// PostgreSQL LISTEN/NOTIFY on `run_changes` when the database is a real server (so a
// change made by any process reaches streams held by every process), an in-process
// emitter on the embedded database (one process owns it). Kept on globalThis so the
// custom server's bundle and Next's bundle (where Inngest-served functions run) share it.
import { EventEmitter } from "node:events";
import pg from "pg";
import { db } from "../../foundation/db/client.ts";
import { logger } from "../../foundation/logger.ts";

const CHANNEL = "run_changes";

type TNotifier = { emitter: EventEmitter; listener?: pg.Client };
const store = globalThis as unknown as { __agentWorkforceRunNotifier?: TNotifier };
const notifier: TNotifier = (store.__agentWorkforceRunNotifier ??= { emitter: new EventEmitter().setMaxListeners(0) });

let pendingNotifications: string[] = [];

/**
 * Sends the changes published within one turn of the event loop as one statement (every
 * run executing at once publishes twice per run: one NOTIFY each was a round trip each).
 */
function flushNotifications(): void {
  const eventNames = [...new Set(pendingNotifications)];
  pendingNotifications = [];
  // Sent through the shared pool: the LISTEN connection only listens.
  db().$executeRaw`SELECT pg_notify(${CHANNEL}, name) FROM unnest(${eventNames}::text[]) AS name`.catch((error: unknown) => {
    logger.warn("change notification failed; delivering locally", { error: String(error) });
    for (const eventName of eventNames) notifier.emitter.emit(eventName);
  });
}

/** Emits an event name everywhere: the payload of the NOTIFY is the event name itself. */
function publish(eventName: string): void {
  if (notifier.listener) {
    if (pendingNotifications.push(eventName) === 1) setImmediate(flushNotifications);
    return;
  }
  notifier.emitter.emit(eventName);
}

function subscribe(eventName: string, listener: () => void): () => void {
  notifier.emitter.on(eventName, listener);
  return () => notifier.emitter.off(eventName, listener);
}

export function publishRunChange(runId: string): void {
  publish(runId);
}

export function subscribeToRun(runId: string, listener: () => void): () => void {
  return subscribe(runId, listener);
}

// One organization's queue in one mode; cannot collide with a run id (a bare UUID).
const triageEvent = (organizationId: string, livemode: boolean) => `triage:${organizationId}:${livemode ? "live" : "test"}`;

/** An item entered or left an organization's triage queue (in one mode). */
export function publishTriageChange(organizationId: string, livemode: boolean): void {
  publish(triageEvent(organizationId, livemode));
}

export function subscribeToTriageChanges(organizationId: string, livemode: boolean, listener: () => void): () => void {
  return subscribe(triageEvent(organizationId, livemode), listener);
}

export type TChangeWaiter = {
  /**
   * Resolves at the first change since the previous call (changes in between collapse into
   * one), when the signal aborts, or after `timeoutMs` if given.
   */
  next: (timeoutMs?: number) => Promise<void>;
  /** Unsubscribes. */
  close: () => void;
};

/**
 * Turns a subscription into something a loop can await (the dashboard's live run and
 * triage queue): subscribe first, read, then wait for the next change.
 */
export function changeWaiter(subscribeTo: (listener: () => void) => () => void, signal?: AbortSignal): TChangeWaiter {
  let changed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = subscribeTo(() => {
    changed = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  return {
    async next(timeoutMs) {
      if (!changed && !signal?.aborted) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (timeoutMs !== undefined) timer = setTimeout(resolve, timeoutMs);
        });
        clearTimeout(timer);
        wake = undefined;
      }
      changed = false;
    },
    close() {
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** Connects the shared LISTEN connection (real PostgreSQL only). */
export async function startRunChangeListener(connectionString: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) notifier.emitter.emit(message.payload);
  });
  client.on("error", (error) => {
    logger.error("run change listener lost its connection; streams fall back to local changes", { error: String(error) });
    if (notifier.listener === client) notifier.listener = undefined;
  });
  await client.query(`LISTEN ${CHANNEL}`);
  notifier.listener = client;
  return async () => {
    if (notifier.listener === client) notifier.listener = undefined;
    await client.end().catch(() => undefined);
  };
}
