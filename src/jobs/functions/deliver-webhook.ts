// Delivers one event to one destination: attempt, and on failure wait and try again on the
// schedule (5 s, 30 s, 2 min, 15 min, 1 h, 4 h: 7 attempts; WEBHOOK_RETRY_SCHEDULE and docs/contract.md, "Delivery"). Each
// wait is a durable timer to a time the attempt's own step fixed, so a restart neither
// loses a pending retry nor moves it.
import { env } from "../../foundation/env.ts";
import { attemptDelivery } from "../../domains/webhooks/delivery-attempt.ts";
import { ZDeliveryTarget } from "../../domains/webhooks/delivery-plan.ts";
import { defineJob } from "../job.ts";

const DURATION = /^(\d+)(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The waits between attempts, in milliseconds ("5s,30s,2m,…"; checked at start-up by env.ts). */
export function retryScheduleMs(): number[] {
  return env()
    .WEBHOOK_RETRY_SCHEDULE.split(",")
    .map((delay) => {
      const match = DURATION.exec(delay.trim());
      if (!match) throw new Error(`WEBHOOK_RETRY_SCHEDULE: cannot read "${delay}"`);
      return Number(match[1]) * UNIT_MS[match[2]!]!;
    });
}

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
