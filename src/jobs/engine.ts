// Chooses, once at start-up, who carries out the jobs the domains enqueue: an Inngest server
// when the SDK's INNGEST_* variables are set (the outbox relay sends it the work and it calls
// the functions served at /api/inngest), else the local engine in this process. The domains
// write their jobs in the transactions that create the work, the same way for both.
import { usesInngestServer, type TEnv } from "../foundation/env.ts";
import { foregroundBusy } from "../foundation/foreground.ts";
import { logger } from "../foundation/logger.ts";
import { jobs } from "./functions/index.ts";
import { createInngestClient } from "./inngest/inngest-adapter.ts";
import { startOutboxRelay } from "./inngest/outbox-relay.ts";
import { LocalEngine } from "./local/local-engine.ts";

export type TExecutionEngine = {
  kind: "inngest" | "local";
  engine?: LocalEngine;
  /** Stops taking work; jobs in flight may finish until `deadline` (epoch ms), then are handed back. */
  stop: (deadline?: number) => Promise<void>;
};

export async function startExecutionEngine(settings: TEnv, options: { embeddedDatabase: boolean }): Promise<TExecutionEngine> {
  if (usesInngestServer(settings)) {
    const client = createInngestClient();
    const relay = startOutboxRelay({ send: (events) => client.send(events), pollMs: settings.EXECUTOR_POLL_MS, retryBaseMs: settings.EXECUTOR_RETRY_BASE_MS });
    logger.info("execution engine: Inngest server", { baseUrl: settings.INNGEST_BASE_URL ?? "Inngest Cloud" });
    // Its step calls are HTTP requests to /api/inngest: the HTTP drain lets them finish, and
    // the Inngest server retries a call cut short.
    return { kind: "inngest", stop: () => relay.stop() };
  }
  const engine = new LocalEngine({
    jobs,
    maxParallel: settings.EXECUTOR_CONCURRENCY,
    busyStartsPerSecond: settings.EXECUTOR_BUSY_STARTS_PER_SECOND,
    foregroundBusy,
    pollIntervalMs: settings.EXECUTOR_POLL_MS,
    retryBaseMs: settings.EXECUTOR_RETRY_BASE_MS,
    leaseMs: settings.EXECUTOR_LEASE_MS,
    // The embedded database has exactly one owner process, so nothing else can be running its jobs.
    reclaimAllOnStart: options.embeddedDatabase,
  });
  await engine.start();
  logger.info("execution engine: local", { instanceId: engine.instanceId });
  return {
    kind: "local",
    engine,
    stop: async (deadline) => {
      await engine.stop(deadline);
    },
  };
}
