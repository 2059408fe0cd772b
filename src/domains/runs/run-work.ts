// The jobs a run asks for: carrying it out (each review round once) and announcing an
// outcome reached outside the engine (a person's decision). Written in the transaction that
// creates the work (src/domains/work-queue/enqueue.ts).
import { z } from "zod";
import type { TWaitEvent, TWork } from "../work-queue/work.ts";
import { ZRunEventName, type TRunOutcome } from "./run-events.ts";

export type TRunPriority = "low" | "normal" | "high";

/** Seconds of queue priority: high-priority runs start first. */
const PRIORITY_BOOST_SECONDS: Record<TRunPriority, number> = { high: 600, normal: 0, low: -600 };

export const ZExecuteRunPayload = z.object({ runId: z.uuid(), reviewRound: z.number().int().min(0).default(0) });
export type TExecuteRunPayload = z.infer<typeof ZExecuteRunPayload>;

/**
 * What tells one execution of a run from another: the run id for its first round,
 * `<run id>:round-<n>` once a reviewer sent it back n times.
 */
export function executionKeyOf(runId: string, reviewRound = 0): string {
  return reviewRound > 0 ? `${runId}:round-${reviewRound}` : runId;
}

/** One run (one review round of it); a batch's rows share their batch id as concurrency key (at most 10 in flight). */
export function executeRunWork(input: { runId: string; priority: TRunPriority; batchJobId?: string | null; reviewRound?: number }): TWork<TExecuteRunPayload> {
  const reviewRound = input.reviewRound ?? 0;
  return {
    job: "execute-run",
    payload: { runId: input.runId, reviewRound },
    key: executionKeyOf(input.runId, reviewRound),
    concurrencyKey: input.batchJobId ?? input.runId,
    priority: PRIORITY_BOOST_SECONDS[input.priority],
  };
}

export const ZRunOutcomePayload = z.object({
  event: ZRunEventName,
  runId: z.uuid(),
  organizationId: z.uuid(),
  batchJobId: z.uuid().nullable(),
  triageItemId: z.uuid().nullable(),
  reviewRound: z.number().int().min(0).optional(),
});

/**
 * Announces an outcome reached outside execute-run; one key per run, outcome and review round,
 * so a repeat is de-duplicated but a later round's outcome is not.
 */
export function runOutcomeWork(outcome: TRunOutcome): TWork<TRunOutcome> {
  const round = outcome.reviewRound ?? 0;
  return { job: "fan-out-run-event", payload: outcome, key: round > 0 ? `${outcome.event}-${outcome.runId}-round-${round}` : `${outcome.event}-${outcome.runId}` };
}

/** A triage item was decided: resolves the item's overdue timer (webhooks/webhook-work.ts) early. */
export function triageDecidedEvent(triageItemId: string): TWaitEvent {
  return { name: "app/triage.decided", id: `triage-decided-${triageItemId}`, data: { triageItemId } };
}
