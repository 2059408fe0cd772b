// Every event the app sends, declared once with its schema (`app/<object>.<action>`), and
// the one builder of each kind of event, so every sender (the dispatcher, a function's
// step.sendEvent) sends the same name, id and data.
import { eventType } from "inngest";
import { z } from "zod";
import type { TRunPriority } from "../domains/runs/dispatcher.ts";
import { ZRunEventName, type TRunEventName, type TRunOutcome } from "../domains/runs/run-events.ts";
import { ZDeliveryTarget } from "../domains/webhooks/delivery-plan.ts";
import { ZResendRequest } from "../domains/webhooks/resend-queue.ts";

export const runRequested = eventType("app/run.requested", {
  schema: z.object({
    runId: z.uuid(),
    // execute-run's idempotency key: the run id, with the review round after a reviewer sent
    // the run back (docs/api-conventions.md, "Review rounds"), so each round is one function run.
    executionKey: z.string().min(1),
    // Runs of one batch share their batch id (at most 10 in flight); a lone run uses its own id.
    concurrencyKey: z.string().min(1),
    // Seconds of queue priority: high-priority runs start first.
    priorityBoost: z.number().int(),
  }),
});

export const batchCreated = eventType("app/batch.created", {
  schema: z.object({ batchJobId: z.uuid() }),
});

const ZRunOutcomeData = z.object({
  event: ZRunEventName,
  runId: z.uuid(),
  organizationId: z.uuid(),
  batchJobId: z.uuid().nullable(),
  triageItemId: z.uuid().nullable(),
  /** The run's review round the outcome belongs to (absent: 0). */
  reviewRound: z.number().int().min(0).optional(),
});

/** `app/run.completed`, `app/run.failed`, `app/run.triage_required`: one per run event name. */
const outcomeEventName = <T extends TRunEventName>(event: T) => `app/${event}` as const;
const outcomeEventType = <T extends TRunEventName>(event: T) => eventType(outcomeEventName(event), { schema: ZRunOutcomeData });
// Names checked against TRunEventName by outcomeEventType.
export const runCompleted = outcomeEventType("run.completed");
export const runFailed = outcomeEventType("run.failed");
export const runTriageRequired = outcomeEventType("run.triage_required");

export const webhookDeliveryRequested = eventType("app/webhook.delivery-requested", { schema: ZDeliveryTarget });

export const webhookResendRequested = eventType("app/webhook.resend-requested", { schema: ZResendRequest });

const PRIORITY_BOOST_SECONDS: Record<TRunPriority, number> = { high: 600, normal: 0, low: -600 };

/**
 * What tells one execution of a run from another: the run id for its first round (the ids
 * every run had before review rounds existed), `<run id>:round-<n>` once a reviewer sent it
 * back n times. engine.ts's orphan sweep computes the same key in SQL.
 */
export function executionKeyOf(runId: string, reviewRound = 0): string {
  return reviewRound > 0 ? `${runId}:round-${reviewRound}` : runId;
}

/** Asks for one run (one review round of it) to be carried out; the id makes a repeat (recovery, a batch re-fan-out) start nothing new. */
export function runRequestedEvent(input: { runId: string; priority: TRunPriority; batchJobId: string | null; reviewRound?: number }) {
  const round = input.reviewRound ?? 0;
  return {
    name: "app/run.requested" as const,
    id: round > 0 ? `run-${input.runId}-round-${round}` : `run-${input.runId}`,
    data: {
      runId: input.runId,
      executionKey: executionKeyOf(input.runId, round),
      concurrencyKey: input.batchJobId ?? input.runId,
      priorityBoost: PRIORITY_BOOST_SECONDS[input.priority],
    },
  };
}

export function batchCreatedEvent(batchJobId: string) {
  return { name: "app/batch.created" as const, id: `batch-${batchJobId}`, data: { batchJobId } };
}

/**
 * Announces a run's outcome; one id per run, outcome and review round, wherever it is sent
 * from, so a repeat is de-duplicated but a later round's outcome is not (round 0 keeps the
 * id it always had).
 */
export function runOutcomeEvent(outcome: TRunOutcome) {
  const { event, runId, organizationId, batchJobId, triageItemId } = outcome;
  const round = outcome.reviewRound ?? 0;
  return {
    name: outcomeEventName(event),
    id: round > 0 ? `${event}-${runId}-round-${round}` : `${event}-${runId}`,
    data: { event, runId, organizationId, batchJobId, triageItemId, ...(round > 0 ? { reviewRound: round } : {}) },
  };
}
