// A resend asked for through the API or the dashboard: one attempt of the same event (id
// and body) to the webhook, recorded as the next attempt number; no retry schedule of its
// own. Queued as a durable event so the API call answers at once and a restart loses nothing.
import { performResend } from "../../domains/webhooks/resend.service.ts";
import type { TResendRequest } from "../../domains/webhooks/resend-queue.ts";
import { inngest } from "../client.ts";
import { webhookResendRequested } from "../events.ts";

export async function queueResend(request: TResendRequest): Promise<void> {
  await inngest.send({ name: "app/webhook.resend-requested", id: `resend-${request.resendId}`, data: request });
}

export const resendWebhook = inngest.createFunction(
  {
    id: "resend-webhook",
    triggers: [webhookResendRequested],
    retries: 3,
    idempotency: "event.data.resendId",
    priority: { run: "600" }, // like deliver-webhook: ahead of queued runs
  },
  async ({ event, step }) => step.run("attempt", () => performResend(event.data)),
);
