// Delivers one event to one destination: attempt, and on failure wait and try again on the
// schedule (5 s, 30 s, 2 min, 15 min, 1 h, 4 h: 7 attempts; WEBHOOK_RETRY_SCHEDULE and
// docs/contract.md, "Delivery"), through attempts-on-schedule.ts.
import { env } from "../../foundation/env.ts";
import { parseRetrySchedule } from "../../foundation/retry-schedule.ts";
import { attemptDelivery } from "../../domains/webhooks/delivery-attempt.ts";
import { ZDeliveryTarget } from "../../domains/webhooks/delivery-plan.ts";
import { defineJob } from "../job.ts";
import { attemptOnSchedule } from "./attempts-on-schedule.ts";

/** The waits between attempts, in milliseconds ("5s,30s,2m,…"; checked at start-up by env.ts). */
export const retryScheduleMs = (): number[] => parseRetrySchedule(env().WEBHOOK_RETRY_SCHEDULE, "WEBHOOK_RETRY_SCHEDULE");

export const deliverWebhook = defineJob({
  name: "deliver-webhook",
  payload: ZDeliveryTarget,
  handler: async (target, io) => {
    const { attempts, last } = await attemptOnSchedule(io, retryScheduleMs(), {
      attempt: (number, delayMs) => attemptDelivery(target, number, delayMs),
      done: (result) => result.succeeded || result.abandoned,
    });
    return { attempts, succeeded: last.succeeded };
  },
});
