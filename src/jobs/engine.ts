// Chooses who carries out accepted work, once, at start-up: a real Inngest server when the
// SDK's INNGEST_* variables are set (functions are served at /api/inngest), else the
// embedded executor in this process. Either way the app only sends events.
import { db } from "../foundation/db/client.ts";
import { usesInngestServer, type TEnv } from "../foundation/env.ts";
import { foregroundBusy } from "../foundation/foreground.ts";
import { logger } from "../foundation/logger.ts";
import { setWorkDispatcher, type TWorkDispatcher } from "../domains/runs/dispatcher.ts";
import { inngest, setEmbeddedEventSink } from "./client.ts";
import { batchCreatedEvent, runOutcomeEvent, runRequestedEvent } from "./events.ts";
import { EmbeddedExecutor } from "./executor/embedded-executor.ts";
import { functions } from "./functions/index.ts";
import { queueResend } from "./functions/resend-webhook.ts";
import { setResendQueue } from "../domains/webhooks/resend-queue.ts";

/** Sends the app's events; event ids are derived from the work so a re-send is de-duplicated. */
export const eventDispatcher: TWorkDispatcher = {
  async runAccepted({ runId, priority }) {
    await inngest.send(runRequestedEvent({ runId, priority, batchJobId: null }));
  },
  async batchAccepted(batchJobId) {
    await inngest.send(batchCreatedEvent(batchJobId));
  },
  async runOutcome(outcome) {
    await inngest.send(runOutcomeEvent(outcome));
  },
};

/** Re-sends events for work accepted but never handed over (a crash between commit and send). */
export async function redispatchAcceptedWork(): Promise<{ runs: number; batches: number }> {
  const [runs, batches] = await Promise.all([
    db().run.findMany({ where: { status: "queued", batchJobId: null }, select: { id: true, priority: true } }),
    db().batchJob.findMany({ where: { status: { in: ["pending", "running"] } }, select: { id: true } }),
  ]);
  for (const run of runs) await eventDispatcher.runAccepted({ runId: run.id, priority: run.priority });
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
    // Its step calls are HTTP requests to /api/inngest: the HTTP drain lets them finish, and
    // the Inngest server retries a call cut short.
    return { kind: "inngest", stop: async () => undefined };
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
  const recovered = await redispatchAcceptedWork();
  logger.info("execution engine: embedded executor", { ...recovered, instanceId: executor.instanceId });
  return {
    kind: "embedded",
    executor,
    stop: async (deadline) => {
      await executor.stop(deadline);
      setEmbeddedEventSink(undefined);
    },
  };
}
