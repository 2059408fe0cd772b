// The jobs review messages run on (docs/api-conventions.md, "Review messages and
// escalation"): reach-reviewers, one per triage item (every kind, every round), tells the
// route's recipients and then each escalation step at its time; send-review-message, one per
// message, sends it with its own retries.
import { z } from "zod";
import type { TWork } from "../work-queue/work.ts";

export const ZReachReviewersPayload = z.object({ triageItemId: z.uuid() });
export type TReachReviewersPayload = z.infer<typeof ZReachReviewersPayload>;

export const ZSendReviewMessagePayload = z.object({ notificationId: z.uuid() });
export type TSendReviewMessagePayload = z.infer<typeof ZSendReviewMessagePayload>;

// A message about work that waits starts before queued runs, as webhook deliveries do.
const MESSAGE_PRIORITY_SECONDS = 600;

/** Keyed by the item: asking twice (a replayed announcement) reaches its recipients once. */
export function reachReviewersWork(triageItemId: string): TWork<TReachReviewersPayload> {
  return { job: "reach-reviewers", payload: { triageItemId }, key: triageItemId, priority: MESSAGE_PRIORITY_SECONDS };
}

/** Keyed by the message's row: one sender per message. */
export function reviewMessageWork(notificationId: string): TWork<TSendReviewMessagePayload> {
  return { job: "send-review-message", payload: { notificationId }, key: notificationId, priority: MESSAGE_PRIORITY_SECONDS };
}
