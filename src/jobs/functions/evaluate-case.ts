// Carries out one case of an evaluation (src/domains/evaluations/evaluation-execution.ts): start
// it, replay it through the version with each model call a durable step (model-steps.ts), and
// record its outcome with the evaluation's counters. Cases of one evaluation share its id as
// concurrency key: 10 at a time. Safe to repeat: a case already settled or cancelled is not
// started again, and recording changes only a case still pending or running. If the job fails
// for good, `onFailure` fails the case as the service's error (refunded).
import { failCaseAsServiceError, recordCaseReplay, replayCase, startCase } from "../../domains/evaluations/evaluation-execution.ts";
import { ZEvaluateCasePayload } from "../../domains/evaluations/evaluation-work.ts";
import { defineJob } from "../job.ts";
import { modelCallsThrough } from "./model-steps.ts";

export const CASE_GAVE_UP_MESSAGE = "The service could not complete the case; it was retried and gave up";

export const evaluateCase = defineJob({
  name: "evaluate-case",
  payload: ZEvaluateCasePayload,
  onFailure: async ({ evaluationId, position }, io, error) => {
    await io.run("fail-case", () => failCaseAsServiceError(evaluationId, position, CASE_GAVE_UP_MESSAGE));
    return { evaluationId, position, error };
  },
  handler: async ({ evaluationId, position }, io) => {
    const started = await startCase(evaluationId, position);
    if (!started) return { evaluationId, position, started: false };
    const replay = await replayCase(started, modelCallsThrough(io));
    const recorded = await recordCaseReplay(evaluationId, position, replay);
    return { evaluationId, position, outcome: replay.kind === "done" ? replay.result.outcome : "failed", recorded };
  },
});
