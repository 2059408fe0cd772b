// Carries out one run in the function body itself (no step): mark it running, call its
// agent, record the outcome (completed, waiting for a person, or failed) and, when anyone
// listens, request its webhook deliveries right here (no fan-out job in between: one hop less). Runs
// of one batch share a concurrency key, so at most 10 of them are in flight. If the
// function fails for good (the agent kept failing, or any other cause), `onFailure` fails
// the run as a service error (refunded) and announces it, so no run stays `running`.
//
// Why no step: a step boundary only buys not repeating what came before it, and each
// costs a round trip through serve() plus a save of its result (one step still made two
// calls and two writes per run). Everything here is safe to repeat when the function runs
// again (a crash before it finished, or a retry):
// startRun carries on with a run already running; recordOutcome changes a run only while
// it is running, so the outcome, its batch counters and a refund are written once; a run
// already settled is announced again from what was recorded; and each delivery's id
// (event id + destination) makes a repeated request deliver nothing twice. Credits
// are charged when the run is accepted, never here, so a repeat charges nothing. What a
// repeat can cost is one more agent call, only after a crash or a failed outcome write.
//
// Runs whose agent talks to a model are the exception: each model call is its own step
// (model-steps.ts), so a crash after a call never repeats it (a request costs money and
// its answer may differ). The body replays after each step; what it repeats is the cheap,
// idempotent part (startRun), while finished calls come back from their saved results.
//
// A run a reviewer sent back (docs/api-conventions.md, "Review rounds") is queued again
// and carried out by a new run of this function (the event's executionKey carries the
// round); a model-backed round first reads what earlier rounds stored, in a step.
import {
  callAgent,
  callModelAgent,
  failRunAsServiceError,
  loadPriorRounds,
  recordedOutcomeOf,
  recordOutcome,
  startRun,
  usesModel,
  type TPriorRounds,
  type TRecordedOutcome,
} from "../../domains/runs/run-execution.ts";
import { inngest } from "../client.ts";
import { runOutcomeEvent, runRequested } from "../events.ts";
import { modelCallsThrough } from "./model-steps.ts";
import { requestRunEventDeliveries } from "./request-deliveries.ts";

export const BATCH_CONCURRENCY = 10;
export const RUN_GAVE_UP_MESSAGE = "The service could not complete the run; it was retried and gave up";

/** Requests the outcome's deliveries when anyone listens; returns the event name recorded. */
async function announce(recorded: TRecordedOutcome): Promise<string | null> {
  if (recorded?.announce) await requestRunEventDeliveries(recorded);
  return recorded?.event ?? null;
}

export const executeRun = inngest.createFunction(
  {
    id: "execute-run",
    triggers: [runRequested],
    retries: 3,
    concurrency: [{ limit: BATCH_CONCURRENCY, key: "event.data.concurrencyKey" }],
    // One function run per run and review round (events.ts, executionKeyOf).
    idempotency: "event.data.executionKey",
    priority: { run: "event.data.priorityBoost" },
    onFailure: async ({ event, step }) => {
      const recorded = await step.run("fail-run", () => failRunAsServiceError(event.data.event.data.runId, RUN_GAVE_UP_MESSAGE));
      if (recorded?.announce) await step.sendEvent("emit-run-event", runOutcomeEvent(recorded));
    },
  },
  async ({ event, step }) => {
    const { runId } = event.data;
    const run = await startRun(runId);
    // Not running: cancelled, or settled by an earlier try of this function (announce it again).
    if (!run) return { runId, event: await announce(await recordedOutcomeOf(runId)) };
    if (!usesModel(run)) return { runId, event: await announce(await recordOutcome(run, await callAgent(run))) };
    // A later review round builds on what the earlier ones stored, read once (a step), so a
    // replay after this round saved its own record does not build on that.
    const round = run.reviewRound ?? 0;
    const prior = round > 0 ? ((await step.run(`round-${round}-context`, () => loadPriorRounds(runId, round))) as TPriorRounds) : null;
    const outcome = await callModelAgent(run, modelCallsThrough(step), prior);
    return { runId, event: await announce(await recordOutcome(run, outcome)) };
  },
);
