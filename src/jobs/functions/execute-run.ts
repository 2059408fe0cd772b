// Carries out one run: mark it running, call its agent, record the outcome (completed,
// waiting for a person, or failed), then announce the outcome. Runs of one batch share a
// concurrency key, so at most 10 of them are in flight. If the function itself fails for
// good (every attempt used up, whatever the cause), `onFailure` fails the run as a service
// error (refunded) and announces it, so no run stays `running` forever.
import { callAgent, failRunAsServiceError, recordOutcome, startRun } from "../../domains/runs/run-execution.ts";
import { inngest } from "../client.ts";
import { runOutcomeEvent, runRequested } from "../events.ts";

export const BATCH_CONCURRENCY = 10;
export const RUN_GAVE_UP_MESSAGE = "The service could not complete the run; it was retried and gave up";

export const executeRun = inngest.createFunction(
  {
    id: "execute-run",
    triggers: [runRequested],
    retries: 3,
    concurrency: [{ limit: BATCH_CONCURRENCY, key: "event.data.concurrencyKey" }],
    idempotency: "event.data.runId",
    priority: { run: "event.data.priorityBoost" },
    onFailure: async ({ event, step }) => {
      const recorded = await step.run("fail-run", () => failRunAsServiceError(event.data.event.data.runId, RUN_GAVE_UP_MESSAGE));
      if (recorded) await step.sendEvent("emit-run-event", runOutcomeEvent(recorded));
    },
  },
  async ({ event, step }) => {
    const run = await step.run("start-run", () => startRun(event.data.runId));
    if (!run) return { skipped: true };

    let outcome;
    try {
      outcome = await step.run("call-agent", () => callAgent(run));
    } catch {
      // The agent kept failing for a reason of the service, not of the input.
      outcome = { kind: "service_error" as const, message: "The agent could not complete the run; it was retried and gave up" };
    }

    const recorded = await step.run("record-outcome", () => recordOutcome(run, outcome));
    if (recorded) await step.sendEvent("emit-run-event", runOutcomeEvent(recorded));
    return { runId: run.runId, event: recorded?.event ?? null };
  },
);
