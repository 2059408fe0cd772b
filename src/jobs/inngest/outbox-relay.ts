// Sends the outbox to Inngest: rows written by the transactions that created work
// (src/domains/work-queue/enqueue.ts) go to Inngest's event API in order, and are deleted in
// the same transaction that locked them once Inngest took them. Rows are locked with
// FOR UPDATE SKIP LOCKED, so any number of instances relay without sending a row twice
// (a crash after the send and before the delete re-sends it; Inngest de-duplicates by
// event id). While Inngest is unreachable the rows stay and are retried with backoff.
import { subscribeToChanges } from "../../foundation/change-notifier.ts";
import { db } from "../../foundation/db/client.ts";
import { logger } from "../../foundation/logger.ts";
import { WORK_QUEUED_TOPIC } from "../../domains/work-queue/enqueue.ts";
import { Prisma } from "../../generated/prisma/client.ts";

const ROWS_PER_SEND = 100;
const MAX_BACKOFF_MS = 60_000;
// A send that gets no answer (an event API that takes the connection and never replies: the
// SDK's fetch has no timeout of its own) counts as failed after this long, so it neither holds
// the rows' locks nor stalls the relay; the rows are retried, and should the stalled request
// land after all, Inngest de-duplicates by event id.
const SEND_TIMEOUT_MS = 10_000;
// Longer than a send may take (the SDK's own retries of one send, 5 tries from 100 ms, fit in it).
const RELAY_TRANSACTION_TIMEOUT_MS = 60_000;

export type TOutboxSend = (events: { id: string; name: string; data: unknown }[]) => Promise<unknown>;

type TOutboxRow = { sequence: bigint; event_id: string; name: string; data: unknown; attempts: number };

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Inngest's event API in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Relays one page; answers how many rows were sent (0: nothing due, or the send failed). */
export async function relayOutboxOnce(send: TOutboxSend, retryBaseMs: number): Promise<{ sent: number; failed: boolean }> {
  return db().$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<TOutboxRow[]>(Prisma.sql`
        SELECT sequence, event_id, name, data, attempts FROM job_outbox
        WHERE next_attempt_at <= now() ORDER BY sequence LIMIT ${ROWS_PER_SEND} FOR UPDATE SKIP LOCKED`);
      if (rows.length === 0) return { sent: 0, failed: false };
      const sequences = rows.map((row) => row.sequence);
      try {
        await within(SEND_TIMEOUT_MS, send(rows.map((row) => ({ id: row.event_id, name: row.name, data: row.data }))));
      } catch (error) {
        const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
        const delayMs = Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 16), MAX_BACKOFF_MS);
        await tx.$executeRaw(Prisma.sql`
          UPDATE job_outbox SET attempts = attempts + 1, last_error = ${String(error).slice(0, 2000)},
            next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
          WHERE sequence = ANY(${sequences}::bigint[])`);
        logger.warn("sending work to Inngest failed; the outbox keeps it and retries", { rows: rows.length, attempts, retryInMs: delayMs, error: String(error) });
        return { sent: 0, failed: true };
      }
      await tx.$executeRaw(Prisma.sql`DELETE FROM job_outbox WHERE sequence = ANY(${sequences}::bigint[])`);
      return { sent: rows.length, failed: false };
    },
    { timeout: RELAY_TRANSACTION_TIMEOUT_MS, maxWait: 10_000 },
  );
}

/** Relays until stopped: woken when work is queued, and every `pollMs` for rows due after a backoff. */
export function startOutboxRelay(options: { send: TOutboxSend; pollMs: number; retryBaseMs: number }): { stop: () => Promise<void> } {
  let running = true;
  let wake: (() => void) | undefined;
  let woken = false;
  const unsubscribe = subscribeToChanges(WORK_QUEUED_TOPIC, () => {
    woken = true;
    wake?.();
  });
  const loop = (async () => {
    while (running) {
      woken = false;
      let more = false;
      try {
        const { sent } = await relayOutboxOnce(options.send, options.retryBaseMs);
        more = sent === ROWS_PER_SEND;
      } catch (error) {
        logger.error("the outbox relay could not read the outbox; it tries again", { error: String(error) });
      }
      if (more || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
  return {
    stop: async () => {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
