// Delivers one event to one destination: attempt, and on failure wait and try again on the
// schedule (5 s, 30 s, 2 min, 15 min, 1 h, 4 h: 7 attempts; WEBHOOK_RETRY_SCHEDULE and docs/contract.md, "Delivery"). Each
// wait is a durable timer to a time the attempt's own step fixed, so a restart neither
// loses a pending retry nor moves it.
import { env } from "../../foundation/env.ts";
import { parseRetrySchedule } from "../../foundation/retry-schedule.ts";
import { attemptDelivery } from "../../domains/webhooks/delivery-attempt.ts";
import { ZDeliveryTarget } from "../../domains/webhooks/delivery-plan.ts";
import { defineJob } from "../job.ts";

/** The waits between attempts, in milliseconds ("5s,30s,2m,…"; checked at start-up by env.ts). */
export const retryScheduleMs = (): number[] => parseRetrySchedule(env().WEBHOOK_RETRY_SCHEDULE, "WEBHOOK_RETRY_SCHEDULE");

export const deliverWebhook = defineJob({
  name: "deliver-webhook",
  payload: ZDeliveryTarget,
  handler: async (target, io) => {
    const schedule = retryScheduleMs();
    for (let attempt = 1; attempt <= schedule.length + 1; attempt += 1) {
      const delayMs = schedule[attempt - 1] ?? null;
      const result = await io.run(`attempt-${attempt}`, async () => ({
        ...(await attemptDelivery(target, attempt, delayMs)),
        retryAt: delayMs === null ? null : Date.now() + delayMs,
      }));
      if (result.succeeded || result.abandoned) return { attempts: attempt, succeeded: result.succeeded };
      if (result.retryAt !== null) await io.sleepUntil(`wait-after-${attempt}`, new Date(result.retryAt));
    }
    return { attempts: schedule.length + 1, succeeded: false };
  },
});
