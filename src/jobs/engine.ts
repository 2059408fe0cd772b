// Chooses who carries out accepted work, once, at start-up: a real Inngest server when the
// SDK's INNGEST_* variables are set (functions are served at /api/inngest), else the
// embedded executor in this process. Either way the app only sends events.
import { db, sqlQuery } from "../foundation/db/client.ts";
import { usesInngestServer, type TEnv } from "../foundation/env.ts";
import { isDatabaseUnavailable } from "../foundation/errors.ts";
import { foregroundBusy } from "../foundation/foreground.ts";
import { logger } from "../foundation/logger.ts";
import { setWorkDispatcher, type TWorkDispatcher } from "../domains/runs/dispatcher.ts";
import { inngest, setEmbeddedEventSink } from "./client.ts";
import { batchCreatedEvent, runOutcomeEvent, runRequestedEvent } from "./events.ts";
import { EmbeddedExecutor } from "./executor/embedded-executor.ts";
import { functions } from "./functions/index.ts";
import { queueResend } from "./functions/resend-webhook.ts";
import { setResendQueue } from "../domains/webhooks/resend-queue.ts";
import { startTriageOverdueSweep } from "./triage-overdue-sweep.ts";

// Hand-overs that failed with the database gone are retried on this schedule (then capped).
const HANDOVER_RETRY_FIRST_MS = 500;
const HANDOVER_RETRY_MAX_MS = 30_000;
const HANDOVER_RETRY_ATTEMPTS = 40;

/**
 * Hands committed work over. Its records (and charge) are already committed when this runs,
 * so when the hand-over fails because the database dropped (the embedded executor queues
 * jobs in it), the work is still accepted: the caller gets its normal answer and the
 * hand-over is retried in the background (event ids make a repeat a no-op). Work left over
 * after that (or by a crash) is found by the sweep below and at start-up.
 */
async function handOver(work: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn("hand-over failed with the database unavailable; retrying in the background", { work, error: String(error) });
    const retry = (attempt: number) => {
      const timer = setTimeout(() => {
        send().then(
          () => logger.info("hand-over done after a retry", { work, attempts: attempt + 1 }),
          (again: unknown) => {
            if (attempt + 1 < HANDOVER_RETRY_ATTEMPTS) retry(attempt + 1);
            else logger.error("hand-over still failing; left for the periodic sweep", { work, error: String(again) });
          },
        );
      }, Math.min(HANDOVER_RETRY_MAX_MS, HANDOVER_RETRY_FIRST_MS * 2 ** attempt));
      timer.unref();
    };
    retry(0);
  }
}

/** Sends the app's events; event ids are derived from the work so a re-send is de-duplicated. */
export const eventDispatcher: TWorkDispatcher = {
  async runAccepted({ runId, priority, batchJobId = null, reviewRound = 0 }) {
    const work = reviewRound > 0 ? `run ${runId} round ${reviewRound}` : `run ${runId}`;
    await handOver(work, () => inngest.send(runRequestedEvent({ runId, priority, batchJobId, reviewRound })));
  },
  async batchAccepted(batchJobId) {
    await handOver(`batch ${batchJobId}`, () => inngest.send(batchCreatedEvent(batchJobId)));
  },
  async runOutcome(outcome) {
    await handOver(`${outcome.event} of run ${outcome.runId}`, () => inngest.send(runOutcomeEvent(outcome)));
  },
};

// Work accepted this long ago and still without a job was never handed over: a hand-over
// whose retries ran out, or a commit whose answer was lost with its connection (the caller
// saw 503 although the records were written).
const ORPHAN_AGE_SECONDS = 30;
const ORPHAN_SWEEP_MS = 60_000;

/**
 * Runs the sweep every minute for the life of the process (it keeps nothing alive; after the
 * executor stops, a pass only fails quietly).
 */
function startOrphanSweep(): void {
  setInterval(() => void handOverOrphanedWork().catch(() => undefined), ORPHAN_SWEEP_MS).unref();
}

type TQueuedRun = { id: string; priority: "low" | "normal" | "high"; batch_job_id: string | null; review_round: number };

/**
 * Hands over queued runs and open batches that have no job yet (embedded executor only). A
 * run a reviewer sent back is queued again with its next round (docs/api-conventions.md,
 * "Review rounds"); its job's key carries the round (events.ts, executionKeyOf), and batch
 * rows are included then, since their batch's start-batch job has long finished.
 */
export async function handOverOrphanedWork(): Promise<number> {
  const runs = await sqlQuery<TQueuedRun>(
    `SELECT r.id, r.priority::text AS priority, r.batch_job_id, r.review_round FROM runs r
     WHERE r.status = 'queued' AND (r.batch_job_id IS NULL OR r.review_round > 0)
       AND GREATEST(r.created_at, r.updated_at) < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM job_runs j WHERE j.function_id = 'execute-run'
         AND j.idempotency_key = CASE WHEN r.review_round > 0 THEN r.id::text || ':round-' || r.review_round ELSE r.id::text END)
     LIMIT 1000`,
    [ORPHAN_AGE_SECONDS],
  );
  const batches = await sqlQuery<{ id: string }>(
    `SELECT b.id FROM batch_jobs b
     WHERE b.status IN ('pending', 'running') AND b.created_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM job_runs j WHERE j.function_id = 'start-batch' AND j.idempotency_key = b.id::text)
     LIMIT 1000`,
    [ORPHAN_AGE_SECONDS],
  );
  for (const run of runs) {
    await inngest.send(runRequestedEvent({ runId: run.id, priority: run.priority, batchJobId: run.batch_job_id, reviewRound: run.review_round }));
  }
  for (const batch of batches) await inngest.send(batchCreatedEvent(batch.id));
  if (runs.length + batches.length > 0) logger.warn("handed over orphaned work", { runs: runs.length, batches: batches.length });
  return runs.length + batches.length;
}

/** Re-sends events for work accepted but never handed over (a crash between commit and send). */
export async function redispatchAcceptedWork(): Promise<{ runs: number; batches: number }> {
  const [runs, batches] = await Promise.all([
    db().run.findMany({
      where: { status: "queued", OR: [{ batchJobId: null }, { reviewRound: { gt: 0 } }] },
      select: { id: true, priority: true, batchJobId: true, reviewRound: true },
    }),
    db().batchJob.findMany({ where: { status: { in: ["pending", "running"] } }, select: { id: true } }),
  ]);
  for (const run of runs) {
    await eventDispatcher.runAccepted({ runId: run.id, priority: run.priority, batchJobId: run.batchJobId, reviewRound: run.reviewRound });
  }
  for (const batch of batches) await eventDispatcher.batchAccepted(batch.id);
  return { runs: runs.length, batches: batches.length };
}

export type TExecutionEngine = {
  kind: "inngest" | "embedded";
  executor?: EmbeddedExecutor;
  /** Stops taking work; jobs in flight may finish until `deadline` (epoch ms), then are handed back. */
  stop: (deadline?: number) => Promise<void>;
};

export async function startExecutionEngine(settings: TEnv, options: { embeddedDatabase: boolean }): Promise<TExecutionEngine> {
  setWorkDispatcher(eventDispatcher);
  setResendQueue(queueResend);
  if (usesInngestServer(settings)) {
    logger.info("execution engine: Inngest server", { baseUrl: settings.INNGEST_BASE_URL ?? "Inngest Cloud" });
    const stopOverdueSweep = startTriageOverdueSweep(settings.TRIAGE_OVERDUE_SWEEP_MS);
    // Its step calls are HTTP requests to /api/inngest: the HTTP drain lets them finish, and
    // the Inngest server retries a call cut short.
    return { kind: "inngest", stop: async () => stopOverdueSweep() };
  }
  const executor = new EmbeddedExecutor({
    functions,
    maxParallel: settings.EXECUTOR_CONCURRENCY,
    busyStartsPerSecond: settings.EXECUTOR_BUSY_STARTS_PER_SECOND,
    foregroundBusy,
    pollIntervalMs: settings.EXECUTOR_POLL_MS,
    retryBaseMs: settings.EXECUTOR_RETRY_BASE_MS,
    leaseMs: settings.EXECUTOR_LEASE_MS,
    // The embedded database has exactly one owner process, so nothing else can be running its jobs.
    reclaimAllOnStart: options.embeddedDatabase,
  });
  setEmbeddedEventSink(executor);
  await executor.start();
  startOrphanSweep();
  const stopOverdueSweep = startTriageOverdueSweep(settings.TRIAGE_OVERDUE_SWEEP_MS);
  const recovered = await redispatchAcceptedWork();
  logger.info("execution engine: embedded executor", { ...recovered, instanceId: executor.instanceId });
  return {
    kind: "embedded",
    executor,
    stop: async (deadline) => {
      stopOverdueSweep();
      await executor.stop(deadline);
      setEmbeddedEventSink(undefined);
    },
  };
}
