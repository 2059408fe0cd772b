// The job an evaluation asks for: one per case, written in the transaction that creates the
// evaluation (src/domains/work-queue/enqueue.ts). The cases of one evaluation share its id as
// concurrency key, so at most 10 run at once (JOB_SPECS, "evaluate-case").
import { z } from "zod";
import type { TWork } from "../work-queue/work.ts";

export const ZEvaluateCasePayload = z.object({ evaluationId: z.uuid(), position: z.number().int().min(0) });
export type TEvaluateCasePayload = z.infer<typeof ZEvaluateCasePayload>;

/** Behind runs queued at the same time (a run is someone waiting; an evaluation is a batch of replays). */
const EVALUATION_PRIORITY_SECONDS = -300;

export function evaluateCaseWork(evaluationId: string, position: number): TWork<TEvaluateCasePayload> {
  return {
    job: "evaluate-case",
    payload: { evaluationId, position },
    key: `evaluation-${evaluationId}-case-${position}`,
    concurrencyKey: evaluationId,
    priority: EVALUATION_PRIORITY_SECONDS,
  };
}
