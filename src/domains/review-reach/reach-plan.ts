// Who hears of an item and when (docs/api-conventions.md, "Review messages and escalation"):
// its route, read once when the item opens (a later edit of the route applies to items
// opened after it), the messages of the opening planned at once, and the escalation steps
// with the time each falls due: `after_minutes` after the item opened, one minute lasting
// ESCALATION_MINUTE_MS.
import { db } from "../../foundation/db/client.ts";
import { env } from "../../foundation/env.ts";
import { findReviewRoute, storedEscalation, storedNotify, type TStoredRecipient } from "../review-routes/review-routes.service.ts";
import { planNotifications } from "./notification-rows.ts";

export type TEscalationPlan = { step: number; dueAt: string; notify: TStoredRecipient[] };

/** `pending: false`: decided before anyone was told; nothing was planned and nothing will be. */
export type TReachPlan = { pending: boolean; openedIds: string[]; escalation: TEscalationPlan[] };

export async function planOpening(triageItemId: string): Promise<TReachPlan> {
  const item = await db().triageItem.findUnique({
    where: { id: triageItemId },
    select: { id: true, organizationId: true, livemode: true, createdAt: true, run: { select: { agentType: true } } },
  });
  if (!item) return { pending: false, openedIds: [], escalation: [] };
  const route = await findReviewRoute({ organizationId: item.organizationId, livemode: item.livemode }, item.run.agentType);
  const opened = await planNotifications(item.id, 0, route ? storedNotify(route) : []);
  if (!opened.pending || !route) return { pending: opened.pending, openedIds: opened.ids, escalation: [] };
  const minuteMs = env().ESCALATION_MINUTE_MS;
  const escalation = storedEscalation(route)
    .toSorted((a, b) => a.after_minutes - b.after_minutes)
    .map((step, index) => ({
      step: index + 1,
      dueAt: new Date(item.createdAt.getTime() + step.after_minutes * minuteMs).toISOString(),
      notify: step.notify,
    }));
  return { pending: true, openedIds: opened.ids, escalation };
}

/** An escalation step fell due: its messages, if the item is still pending. */
export const planEscalation = (triageItemId: string, step: TEscalationPlan) => planNotifications(triageItemId, step.step, step.notify);

/** Whether the item still waits for a decision (read before each wait: a wait sees only decisions made after it began). */
export async function isStillPending(triageItemId: string): Promise<boolean> {
  const item = await db().triageItem.findUnique({ where: { id: triageItemId }, select: { status: true } });
  return item?.status === "pending";
}
