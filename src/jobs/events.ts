// Every event the app sends, declared once with its schema (`app/<object>.<action>`).
import { eventType } from "inngest";
import { z } from "zod";

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

const ZRunOutcome = z.object({ runId: z.uuid(), organizationId: z.uuid(), batchJobId: z.uuid().nullable() });

export const runCompleted = eventType("app/run.completed", { schema: ZRunOutcome });
export const runFailed = eventType("app/run.failed", { schema: ZRunOutcome });
export const runTriageRequired = eventType("app/run.triage_required", {
  schema: ZRunOutcome.extend({ triageItemId: z.uuid() }),
});

export const webhookDeliveryRequested = eventType("app/webhook.delivery-requested", {
  schema: z.object({
    deliveryKey: z.string().min(1),
    eventId: z.string().min(1),
    event: z.enum(["run.completed", "run.failed", "run.triage_required"]),
    runId: z.uuid(),
    organizationId: z.uuid(),
    livemode: z.boolean(),
    webhookId: z.uuid().nullable(),
    url: z.string().url(),
    body: z.string(),
  }),
});

export const PRIORITY_BOOST_SECONDS = { high: 600, normal: 0, low: -600 } as const;

/** One id per run and outcome, wherever it is sent from: a repeat is de-duplicated. */
export function runEventSendId(name: string, runId: string): string {
  return `${name}-${runId}`;
}
