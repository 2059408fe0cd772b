// One durable timer per review item: wait for the item's decision until its due_at; if it
// is still pending then, announce triage.overdue to the webhooks that subscribed to it and
// mark it announced. A decision publishes `app/triage.decided` in its own transaction, which
// ends the wait early; a decision the wait missed (made before it began) is seen when the
// item is read again at due time, so nothing is announced for a decided item either way.
import {
  findUnannouncedOverdueItem,
  markTriageOverdueNotified,
  planTriageOverdueDeliveries,
  unannouncedDueAt,
} from "../../domains/webhooks/triage-overdue.ts";
import { deliveryWork, ZTriageOverduePayload } from "../../domains/webhooks/webhook-work.ts";
import { logger } from "../../foundation/logger.ts";
import { defineJob } from "../job.ts";

export const announceTriageOverdue = defineJob({
  name: "announce-triage-overdue",
  payload: ZTriageOverduePayload,
  handler: async ({ triageItemId }, io) => {
    const dueAt = await io.run("read-due-time", () => unannouncedDueAt(triageItemId));
    if (dueAt === null) return { announced: false };
    const decided = await io.waitForEvent("decided-before-due", { event: "app/triage.decided", match: triageItemId, timeout: new Date(dueAt) });
    if (decided) return { announced: false };
    const item = await io.run("find-overdue", async () => {
      const found = await findUnannouncedOverdueItem(triageItemId);
      return found ? { ...found, dueAt: found.dueAt.toISOString(), claimedUntil: found.claimedUntil?.toISOString() ?? null } : null;
    });
    if (!item) return { announced: false };
    const restored = { ...item, dueAt: new Date(item.dueAt), claimedUntil: item.claimedUntil ? new Date(item.claimedUntil) : null };
    const targets = await io.run("plan-deliveries", () => planTriageOverdueDeliveries([restored]));
    // Requested before the mark: a crash in between repeats the request, which the delivery keys make a no-op.
    if (targets.length > 0) await io.send("deliver", targets.map(deliveryWork));
    const marked = await io.run("mark-announced", () => markTriageOverdueNotified([triageItemId]));
    if (marked.length > 0) logger.info("announced an overdue triage item", { triageItemId, deliveries: targets.length });
    return { announced: marked.length > 0, deliveries: targets.length };
  },
});
