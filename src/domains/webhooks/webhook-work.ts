// The jobs webhooks ask for: one delivery of an event to one destination (with its retry
// schedule), a resend asked for through the API or the dashboard, and the durable timer
// that announces a triage item once it is overdue.
import { z } from "zod";
import type { TWork } from "../work-queue/work.ts";
import type { TDeliveryTarget } from "./delivery-plan.ts";

export const ZResendRequest = z.object({
  /** New per request: two resends of one delivery are two attempts. */
  resendId: z.uuid(),
  deliveryId: z.uuid(),
  webhookId: z.uuid(),
  organizationId: z.uuid(),
  livemode: z.boolean(),
});
export type TResendRequest = z.infer<typeof ZResendRequest>;

// Deliveries and resends start before queued runs: announcing work that is done should not
// wait behind work not yet started.
const DELIVERY_PRIORITY_SECONDS = 600;

export function deliveryWork(target: TDeliveryTarget): TWork<TDeliveryTarget> {
  return { job: "deliver-webhook", payload: target, key: target.deliveryKey, priority: DELIVERY_PRIORITY_SECONDS };
}

export function resendWork(request: TResendRequest): TWork<TResendRequest> {
  return { job: "resend-webhook", payload: request, key: request.resendId, priority: DELIVERY_PRIORITY_SECONDS };
}

export const ZTriageOverduePayload = z.object({ triageItemId: z.uuid() });
export type TTriageOverduePayload = z.infer<typeof ZTriageOverduePayload>;

/** One timer per review item: it waits for the item's decision until due_at, then announces it. */
export function triageOverdueWork(triageItemId: string): TWork<TTriageOverduePayload> {
  return { job: "announce-triage-overdue", payload: { triageItemId }, key: triageItemId };
}
