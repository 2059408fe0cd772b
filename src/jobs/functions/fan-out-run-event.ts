// A run event happened: plan one delivery per destination (subscribed webhooks, the run's
// own webhook_url, its batch's webhook_url) and request each one.
import { planRunEventDeliveries } from "../../domains/webhooks/delivery-plan.ts";
import { inngest } from "../client.ts";
import { runCompleted, runFailed, runTriageRequired } from "../events.ts";

export const fanOutRunEvent = inngest.createFunction(
  { id: "fan-out-run-event", triggers: [runCompleted, runFailed, runTriageRequired], retries: 3 },
  async ({ event, step }) => {
    const { runId, event: name, triageItemId } = event.data;
    const targets = await step.run("plan-deliveries", () => planRunEventDeliveries(runId, name, triageItemId));
    if (targets.length > 0) {
      await step.sendEvent(
        "request-deliveries",
        targets.map((target) => ({ name: "app/webhook.delivery-requested" as const, id: target.deliveryKey, data: target })),
      );
    }
    return { deliveries: targets.length };
  },
);
