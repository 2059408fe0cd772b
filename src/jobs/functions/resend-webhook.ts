// A resend asked for through the API or the dashboard: one attempt of the same event (id
// and body) to the webhook, recorded as the next attempt number; no retry schedule of its own.
import { performResend } from "../../domains/webhooks/resend.service.ts";
import { ZResendRequest } from "../../domains/webhooks/webhook-work.ts";
import { defineJob } from "../job.ts";

export const resendWebhook = defineJob({
  name: "resend-webhook",
  payload: ZResendRequest,
  handler: async (request, io) => io.run("attempt", () => performResend(request)),
});
