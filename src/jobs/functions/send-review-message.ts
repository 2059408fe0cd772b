// Sends one review message (email or chat): attempt, and on failure wait and try again on
// REVIEW_MESSAGE_RETRY_SCHEDULE (10 s, 1 min, 5 min, 30 min, 2 h: 6 attempts by default),
// through attempts-on-schedule.ts as webhook deliveries do. Each attempt is one step that
// mints a fresh signed link, composes, sends and records the outcome on the message's row;
// the step's saved result is the outcome only, never the link. A message whose item was
// decided meanwhile is not sent (its row says why, message-attempt.ts).
import { abandonReviewMessage, attemptReviewMessage } from "../../domains/review-reach/message-attempt.ts";
import { ZSendReviewMessagePayload } from "../../domains/review-reach/reach-work.ts";
import { env } from "../../foundation/env.ts";
import { parseRetrySchedule } from "../../foundation/retry-schedule.ts";
import { defineJob } from "../job.ts";
import { attemptOnSchedule } from "./attempts-on-schedule.ts";

export const reviewMessageScheduleMs = (): number[] => parseRetrySchedule(env().REVIEW_MESSAGE_RETRY_SCHEDULE, "REVIEW_MESSAGE_RETRY_SCHEDULE");

export const sendReviewMessage = defineJob({
  name: "send-review-message",
  payload: ZSendReviewMessagePayload,
  onFailure: async ({ notificationId }, io, error) => {
    await io.run("give-up", () => abandonReviewMessage(notificationId));
    return { notificationId, error };
  },
  handler: async ({ notificationId }, io) => {
    const { attempts, last } = await attemptOnSchedule(io, reviewMessageScheduleMs(), {
      attempt: (_number, delayMs) => attemptReviewMessage(notificationId, delayMs === null),
      done: (result) => result.done,
    });
    return { attempts, status: last.status };
  },
});
