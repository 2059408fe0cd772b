// Requests one delivery per destination of a run event (subscribed webhooks, the run's own
// webhook_url, its batch's webhook_url). Repeating it is harmless: a delivery's event id and
// deliver-webhook's idempotency key are its deliveryKey, so nothing is delivered twice.
import { planRunEventDeliveries } from "../../domains/webhooks/delivery-plan.ts";
import type { TRunOutcome } from "../../domains/runs/run-events.ts";
import { inngest } from "../client.ts";

export async function requestRunEventDeliveries(outcome: Pick<TRunOutcome, "runId" | "event" | "triageItemId" | "reviewRound">): Promise<number> {
  // No round given (a decision's announcement, always about the run's current round): the run's own.
  const targets = await planRunEventDeliveries(outcome.runId, outcome.event, outcome.triageItemId, outcome.reviewRound);
  if (targets.length > 0) {
    await inngest.send(targets.map((target) => ({ name: "app/webhook.delivery-requested" as const, id: target.deliveryKey, data: target })));
  }
  return targets.length;
}
