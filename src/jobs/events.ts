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

/** Asks for one run to be carried out; the id makes a repeat (recovery, a batch re-fan-out) start nothing new. */
export function runRequestedEvent(input: { runId: string; priority: TRunPriority; batchJobId: string | null }) {
  return {
    name: "app/run.requested" as const,
    id: `run-${input.runId}`,
    data: {
      runId: input.runId,
      concurrencyKey: input.batchJobId ?? input.runId,
      priorityBoost: PRIORITY_BOOST_SECONDS[input.priority],
    },
  };
}

export function batchCreatedEvent(batchJobId: string) {
  return { name: "app/batch.created" as const, id: `batch-${batchJobId}`, data: { batchJobId } };
}

/** Announces a run's outcome; one id per run and outcome, wherever it is sent from, so a repeat is de-duplicated. */
export function runOutcomeEvent(outcome: TRunOutcome) {
  const { event, runId, organizationId, batchJobId, triageItemId } = outcome;
  return { name: outcomeEventName(event), id: `${event}-${runId}`, data: { event, runId, organizationId, batchJobId, triageItemId } };
}
