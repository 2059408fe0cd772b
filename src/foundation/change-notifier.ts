// One publish/subscribe channel per process for "something changed" signals (a run, an
// organization's triage queue, a cached API key principal): PostgreSQL LISTEN/NOTIFY on
// `run_changes` when the database is a real server (so a change made by any process —
// another instance, the admin CLI — reaches every process), an in-process emitter on the
// embedded database (one process owns it). A lost LISTEN connection is reconnected and
// every subscriber told to re-read (notifications are not replayed). Kept on globalThis so
// the custom server's bundle and Next's bundle (dashboard, Inngest-served functions) share it.
import { EventEmitter } from "node:events";
import pg from "pg";
import { sqlQuery } from "./db/client.ts";
import { env } from "./env.ts";
import { logger } from "./logger.ts";
import { batchPerTurn } from "./turn-batch.ts";
import { logFailure, runDetached } from "./detached.ts";

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

const NOTIFY_FAILURE_LOG_INTERVAL_MS = 10_000;
let notifyFailureLoggedAt = 0;

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
    // Once per interval, not per failed NOTIFY: while the database is gone every change fails.
    if (Date.now() - notifyFailureLoggedAt >= NOTIFY_FAILURE_LOG_INTERVAL_MS) {
      notifyFailureLoggedAt = Date.now();
      logger.warn("change notification failed; delivering locally", { error: String(error) });
    }
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

/** Names the LISTEN connection in pg_stat_activity (the pool's are "agent-workforce"). */
export const LISTEN_APPLICATION_NAME = "agent-workforce-listen";
const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 5_000;

/**
 * Tells every local subscriber "you may have missed changes": each listener is called once
 * without a detail (open streams re-read their run, triage queues refresh, cached principals
 * are dropped). Called when the LISTEN connection is back after a loss, since NOTIFYs sent
 * while it was gone are not replayed.
 */
export function resyncSubscribers(): void {
  for (const topic of notifier.emitter.eventNames()) notifier.emitter.emit(topic);
}

/**
 * Connects the shared LISTEN connection (real PostgreSQL only) and keeps it: when it errors
 * or ends (the connection terminated, the server restarted) it reconnects with backoff,
 * LISTENs again and resyncs every subscriber. Meanwhile this process's own changes are
 * delivered locally. The loss and the recovery are logged once each.
 */
export async function startChangeListener(connectionString: string, options: { connectTimeoutMs?: number } = {}): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let lostAt = 0;

  const lose = (client: pg.Client, reason: unknown) => {
    if (client !== current) return; // a failed reconnect attempt, or the second of error + end
    current = undefined;
    if (notifier.listener === client) notifier.listener = undefined;
    // Already lost (and logged below): a failure to close it adds nothing.
    runDetached(client.end(), "closing the lost change listener connection", { level: "debug" });
    if (stopped) return;
    lostAt = Date.now();
    logger.error("change listener lost its connection; reconnecting (this process's changes are delivered locally meanwhile)", {
      error: String(reason),
    });
    reconnectLater(0);
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      application_name: LISTEN_APPLICATION_NAME,
      connectionTimeoutMillis: options.connectTimeoutMs ?? env().DATABASE_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Listeners first: an error before or after connecting must never go unhandled.
    client.on("error", (error) => lose(client, error));
    client.on("end", () => lose(client, "connection ended"));
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) emitLocally(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(logFailure("closing a change listener connection that did not start", { level: "debug" }));
      throw error;
    }
    return client;
  };

  const reconnectLater = (attempt: number) => {
    const delay = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** attempt);
    retryTimer = setTimeout(() => {
      const reconnected = connect().then(
        async (client) => {
          if (stopped) {
            await client.end().catch(logFailure("closing the change listener"));
            return;
          }
          current = client;
          notifier.listener = client;
          logger.info("change listener reconnected; subscribers resynced", { downMs: Date.now() - lostAt, attempts: attempt + 1 });
          resyncSubscribers();
        },
        () => {
          if (!stopped) reconnectLater(attempt + 1);
        },
      );
      runDetached(reconnected, "reconnecting the change listener", { level: "error" });
    }, delay);
  };

  // At start-up a database that cannot be reached stops the server, as before.
  current = await connect();
  notifier.listener = current;
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    if (client && notifier.listener === client) notifier.listener = undefined;
    await client?.end().catch(logFailure("closing the change listener"));
  };
}
