// Delivers one run event to one destination: attempt, and on failure wait and try again on
// the schedule of docs/contract.md, "Delivery" (5 s, 30 s, 2 min, 15 min, 1 h, 4 h: 7 attempts). Waits are
// durable step.sleep calls, so a restart does not lose a pending retry. Deliveries start
// before queued runs (priority +600 s, as far ahead as Inngest allows): announcing work that
// is done should not wait behind work not yet started.
import { durationToMs } from "inngest";
import { env } from "../../foundation/env.ts";
import { attemptDelivery } from "../../domains/webhooks/delivery-attempt.ts";
import { inngest } from "../client.ts";
import { webhookDeliveryRequested } from "../events.ts";

export function retrySchedule(): string[] {
  return env()
    .WEBHOOK_RETRY_SCHEDULE.split(",")
    .map((delay) => delay.trim());
}

export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    triggers: [webhookDeliveryRequested],
    retries: 3,
    idempotency: "event.data.deliveryKey",
    priority: { run: "600" },
  },
  async ({ event, step }) => {
    const schedule = retrySchedule();
    for (let attempt = 1; attempt <= schedule.length + 1; attempt += 1) {
      const delay = schedule[attempt - 1];
      const result = await step.run(`attempt-${attempt}`, () =>
        attemptDelivery(event.data, attempt, delay ? durationToMs(delay as never) : null),
      );
      if (result.succeeded || result.abandoned) return { attempts: attempt, succeeded: result.succeeded };
      if (delay) await step.sleep(`wait-after-${attempt}`, delay as never);
    }
    return { attempts: schedule.length + 1, succeeded: false };
  },
);
