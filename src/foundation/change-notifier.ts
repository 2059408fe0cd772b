// One publish/subscribe channel per process for "something changed" signals (a run, an
// organization's triage queue, a cached API key principal): PostgreSQL LISTEN/NOTIFY on
// `run_changes` when the database is a real server (so a change made by any process —
// another instance, the admin CLI — reaches every process), an in-process emitter on the
// embedded database (one process owns it). Kept on globalThis so the custom server's
// bundle and Next's bundle (dashboard, Inngest-served functions) share it.
import { EventEmitter } from "node:events";
import pg from "pg";
import { sqlQuery } from "./db/client.ts";
import { logger } from "./logger.ts";
import { batchPerTurn } from "./turn-batch.ts";

const CHANNEL = "run_changes";
// Topics never contain a space; a detail follows the first one ("principal key:<id>").
const DETAIL_SEPARATOR = " ";

type TNotifier = { emitter: EventEmitter; listener?: pg.Client; throughDatabase?: boolean };
const store = globalThis as unknown as { __agentWorkforceRunNotifier?: TNotifier };
const notifier: TNotifier = (store.__agentWorkforceRunNotifier ??= { emitter: new EventEmitter().setMaxListeners(0) });

function emitLocally(payload: string): void {
  const separator = payload.indexOf(DETAIL_SEPARATOR);
  if (separator < 0) notifier.emitter.emit(payload);
  else notifier.emitter.emit(payload.slice(0, separator), payload.slice(separator + 1));
}

/**
 * Publishing goes through PostgreSQL NOTIFY: set on a real database server (the server and
 * the admin CLI alike), so other processes hear changes even when this one does not listen.
 */
export function publishThroughDatabase(enabled: boolean): void {
  notifier.throughDatabase = enabled;
}

/**
 * Sends every payload published in this turn with one NOTIFY statement (each run executing
 * publishes twice; a NOTIFY per change was a round trip per change). Resolves once sent;
 * never rejects: a failed NOTIFY is delivered locally instead.
 */
const notifyThroughDatabase = batchPerTurn<string>(async (published) => {
  const payloads = [...new Set(published)];
  // Sent through the shared pool: the LISTEN connection only listens.
  await sqlQuery(
    `SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS sent(payload, position) ORDER BY position`,
    [CHANNEL, payloads],
    "notify-changes",
  ).catch((error: unknown) => {
    logger.warn("change notification failed; delivering locally", { error: String(error) });
    if (notifier.listener) for (const each of payloads) emitLocally(each);
  });
});

/**
 * Emits a topic (and an optional detail) everywhere. The promise (which never rejects)
 * settles once the NOTIFY is sent: a process about to exit (the admin CLI) awaits it.
 */
export function publishChange(topic: string, detail?: string): Promise<void> {
  const payload = detail === undefined ? topic : `${topic}${DETAIL_SEPARATOR}${detail}`;
  if (!notifier.throughDatabase && !notifier.listener) {
    emitLocally(payload);
    return Promise.resolve();
  }
  // Without a LISTEN connection of our own (the CLI, or a lost one) this process would not
  // hear its own NOTIFY: deliver locally as well.
  if (!notifier.listener) emitLocally(payload);
  return notifyThroughDatabase([payload]);
}

export function subscribeToChanges(topic: string, listener: (detail?: string) => void): () => void {
  notifier.emitter.on(topic, listener);
  return () => notifier.emitter.off(topic, listener);
}

/** Connects the shared LISTEN connection (real PostgreSQL only). */
export async function startChangeListener(connectionString: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) emitLocally(message.payload);
  });
  client.on("error", (error) => {
    logger.error("change listener lost its connection; falling back to local changes", { error: String(error) });
    if (notifier.listener === client) notifier.listener = undefined;
  });
  await client.query(`LISTEN ${CHANNEL}`);
  notifier.listener = client;
  return async () => {
    if (notifier.listener === client) notifier.listener = undefined;
    await client.end().catch(() => undefined);
  };
}
