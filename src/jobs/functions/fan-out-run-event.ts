// A run event happened: plan one delivery per destination (subscribed webhooks, the run's
// own webhook_url, its batch's webhook_url) and request each one, in one step (one round
// trip fewer on every delivery's way). Repeating the step is harmless: a delivery's event
// id and deliver-webhook's idempotency key are its deliveryKey, so nothing is sent twice.
import { planRunEventDeliveries } from "../../domains/webhooks/delivery-plan.ts";
import { inngest } from "../client.ts";
import { runCompleted, runFailed, runTriageRequired } from "../events.ts";

export const fanOutRunEvent = inngest.createFunction(
  { id: "fan-out-run-event", triggers: [runCompleted, runFailed, runTriageRequired], retries: 3 },
  async ({ event, step }) => {
    const { runId, event: name, triageItemId } = event.data;
    return step.run("request-deliveries", async () => {
      const targets = await planRunEventDeliveries(runId, name, triageItemId);
      if (targets.length > 0) {
        await inngest.send(targets.map((target) => ({ name: "app/webhook.delivery-requested" as const, id: target.deliveryKey, data: target })));
      }
      return { deliveries: targets.length };
    });
  },
);
