// Carries out one run (one review round of it): mark it running, call its agent, record the
// outcome (completed, waiting for a person, or failed) and, when anyone listens, request its
// webhook deliveries. Runs of one batch share a concurrency key, so at most 10 are in flight.
// If the job fails for good, `onFailure` fails the run as a service error (refunded) and
// announces it, so no run stays `running`.
//
// Built-in agents take no step: everything here is safe to repeat. startRun carries on with
// a run already running; recordOutcome changes a run only while it is running, so outcome,
// batch counters and refund are written once; a run already settled is announced again from
// what was recorded; deliveries are keyed. Credits are charged at acceptance, never here. A
// model call is the exception: each is its own step (model-steps.ts), so a saved answer is
// never requested again.
import {
  callAgent,
  callModelAgent,
  failRunAsServiceError,
  loadPriorRounds,
  recordedOutcomeOf,
  recordOutcome,
  startRun,
  usesModel,
  type TRecordedOutcome,
} from "../../domains/runs/run-execution.ts";
import { reachReviewersWork } from "../../domains/review-reach/reach-work.ts";
import { runOutcomeWork, ZExecuteRunPayload } from "../../domains/runs/run-work.ts";
import { triageOverdueWork } from "../../domains/webhooks/webhook-work.ts";
import { defineJob, type TJobIO } from "../job.ts";
import { modelCallsThrough } from "./model-steps.ts";
import { requestRunEventDeliveries } from "./request-deliveries.ts";

export const RUN_GAVE_UP_MESSAGE = "The service could not complete the run; it was retried and gave up";

/**
 * Requests the outcome's deliveries when anyone listens, for an item that waits for a
 * person its overdue timer, and for any item it opened (a review round or a spot check) the
 * messages to its route's reviewers; returns the event name recorded.
 */
async function announce(io: TJobIO, recorded: TRecordedOutcome): Promise<string | null> {
  if (!recorded) return null;
  if (recorded.event === "run.triage_required" && recorded.triageItemId) {
    await io.send("watch-due-time", [triageOverdueWork(recorded.triageItemId)]);
  }
  const opened = recorded.event === "run.triage_required" ? recorded.triageItemId : recorded.spotCheckItemId;
  if (opened) await io.send("reach-reviewers", [reachReviewersWork(opened)]);
  if (recorded.announce) await requestRunEventDeliveries(io, recorded);
  return recorded.event;
}

export const executeRun = defineJob({
  name: "execute-run",
  payload: ZExecuteRunPayload,
  onFailure: async ({ runId }, io, error) => {
    const recorded = await io.run("fail-run", () => failRunAsServiceError(runId, RUN_GAVE_UP_MESSAGE));
    if (recorded?.announce) await io.send("announce-failure", [runOutcomeWork(recorded)]);
    return { runId, error };
  },
  handler: async ({ runId }, io) => {
    const run = await startRun(runId);
    // Not running: cancelled, or settled by an earlier try of this job (announce it again).
    if (!run) return { runId, event: await announce(io, await recordedOutcomeOf(runId)) };
    if (!usesModel(run)) return { runId, event: await announce(io, await recordOutcome(run, await callAgent(run))) };
    // A later review round builds on what the earlier ones stored, read once (a step), so a
    // replay after this round saved its own record does not build on that.
    const round = run.reviewRound ?? 0;
    const prior = round > 0 ? await io.run(`round-${round}-context`, () => loadPriorRounds(runId, round)) : null;
    const outcome = await callModelAgent(run, modelCallsThrough(io), prior);
    return { runId, event: await announce(io, await recordOutcome(run, outcome)) };
  },
});
