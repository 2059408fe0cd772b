// Tells a triage item's route that it opened, then escalates on the engine's durable timers
// (docs/api-conventions.md, "Review messages and escalation"). First the item's quorum is
// fixed (so a later edit of the route's approvals does not move it), and the route is read
// once: an edit applies to items opened after it. Each recipient of the opening gets one
// message (its own job, with its own retries). Then, per escalation step in time order, the
// job waits for the item's decision until the step falls due (`after_minutes` after the item
// opened); a decision ends it. A decision made before a wait began is not seen by that wait:
// the item is read before each wait (to stop early), and a step that falls due plans its
// messages only while the item is still pending, so nothing is sent for a decided item.
import { isStillPending, planEscalation, planOpening } from "../../domains/review-reach/reach-plan.ts";
import { reviewMessageWork, ZReachReviewersPayload } from "../../domains/review-reach/reach-work.ts";
import { settleApprovalsRequired } from "../../domains/review-routes/quorum.ts";
import { db } from "../../foundation/db/client.ts";
import { defineJob } from "../job.ts";

export const reachReviewers = defineJob({
  name: "reach-reviewers",
  payload: ZReachReviewersPayload,
  handler: async ({ triageItemId }, io) => {
    await io.run("settle-quorum", () => db().$transaction((tx) => settleApprovalsRequired(tx, triageItemId)));
    const plan = await io.run("plan-opening", () => planOpening(triageItemId));
    if (plan.openedIds.length > 0) await io.send("send-opening", plan.openedIds.map(reviewMessageWork));
    if (!plan.pending) return { messages: plan.openedIds.length, escalated: 0 };
    let messages = plan.openedIds.length;
    let escalated = 0;
    for (const step of plan.escalation) {
      // Narrows the gap the wait cannot see (a decision made while the steps above ran); the read after the wait closes it.
      if (!(await io.run(`pending-before-${step.step}`, () => isStillPending(triageItemId)))) break;
      const decided = await io.waitForEvent(`escalation-${step.step}`, { event: "app/triage.decided", match: triageItemId, timeout: new Date(step.dueAt) });
      if (decided) break;
      const planned = await io.run(`plan-escalation-${step.step}`, () => planEscalation(triageItemId, step));
      if (planned.ids.length > 0) await io.send(`send-escalation-${step.step}`, planned.ids.map(reviewMessageWork));
      messages += planned.ids.length;
      if (!planned.pending) break;
      escalated += 1;
    }
    return { messages, escalated };
  },
});
