// Requests one delivery per destination of a run event (subscribed webhooks, the run's own
// webhook_url, its batch's webhook_url). Repeating it is harmless: each delivery's key is
// its deliveryKey (event id + destination), so nothing is delivered twice.
import { planRunEventDeliveries } from "../../domains/webhooks/delivery-plan.ts";
import { deliveryWork } from "../../domains/webhooks/webhook-work.ts";
import type { TRunOutcome } from "../../domains/runs/run-events.ts";
import type { TJobIO } from "../job.ts";

export async function requestRunEventDeliveries(
  io: Pick<TJobIO, "send">,
  outcome: Pick<TRunOutcome, "runId" | "event" | "triageItemId" | "reviewRound">,
): Promise<number> {
  // No round given (a decision's announcement, always about the run's current round): the run's own.
  const targets = await planRunEventDeliveries(outcome.runId, outcome.event, outcome.triageItemId, outcome.reviewRound);
  if (targets.length > 0) await io.send(`deliver-${outcome.event}`, targets.map(deliveryWork));
  return targets.length;
}
