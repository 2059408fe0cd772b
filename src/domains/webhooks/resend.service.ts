// Resending a delivery (POST /v1/webhooks/:id/deliveries/:deliveryId/resend, and the
// dashboard's "Resend"): any attempt, failed or not (as Svix allows: a receiver may have
// lost an event it acknowledged), of an active webhook. The call answers 202 once the
// resend is queued; the deliver job then sends the same event id and body the original
// carried, through deliverAndRecord like every scheduled attempt (destination check,
// signatures, POST, a new attempt row numbered after the others). It adds one attempt; it
// does not start another retry schedule.
import { randomUUID } from "node:crypto";
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { latestReviewItemId } from "../runs/triage-item-statements.ts";
import { deliverAndRecord } from "./delivery-attempt.ts";
import { runEventContent } from "./delivery-plan.ts";
import { announceWorkQueued, enqueueWork } from "../work-queue/enqueue.ts";
import { resendWork, type TResendRequest } from "./webhook-work.ts";
import { testEventBody } from "./run-event-payload.ts";
import { triageOverdueBodyFor } from "./triage-overdue.ts";
import { rolloutRolledBackBodyFor } from "./rollout-rolled-back.ts";
import { ROLLOUT_ROLLED_BACK_EVENT, TRIAGE_OVERDUE_EVENT, ZWebhookEventName, type TWebhookEventName } from "./webhook-events.ts";
import { signingSecrets, WITH_SECRETS } from "./webhook-secrets.ts";

/**
 * The body the original attempt sent: rebuilt from its run (a triage.overdue from its item,
 * with the item's claim as it is now; an agent.rollout.rolled_back from its rollout), or the
 * test sample (run_id null).
 */
async function originalBody(delivery: { eventId: string; event: TWebhookEventName; runId: string | null; organizationId: string; livemode: boolean; createdAt: Date }) {
  if (delivery.event === TRIAGE_OVERDUE_EVENT) return triageOverdueBodyFor(delivery);
  if (delivery.event === ROLLOUT_ROLLED_BACK_EVENT) return rolloutRolledBackBodyFor(delivery);
  if (!delivery.runId) return testEventBody(delivery.eventId, delivery.organizationId, delivery.createdAt);
  const run = await db().run.findUnique({ where: { id: delivery.runId } });
  if (!run) return null;
  return runEventContent(run, delivery.event, await latestReviewItemId(run.id)).body;
}

export async function requestResend(principal: TPrincipal, webhookId: string, deliveryId: string) {
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, ...tenantScope(principal) },
    select: { id: true, eventId: true, webhook: { select: { id: true, isActive: true } } },
  });
  if (!delivery?.webhook) throw notFound("Delivery");
  if (!delivery.webhook.isActive) throw conflict("The webhook is disabled; enable it before resending");
  const request: TResendRequest = { resendId: randomUUID(), deliveryId: delivery.id, webhookId, ...tenantScope(principal) };
  await enqueueWork(db(), [resendWork(request)]);
  announceWorkQueued();
  return { data: { webhook_id: webhookId, delivery_id: delivery.id, event_id: delivery.eventId, status: "queued" as const } };
}

/** Carries out a queued resend (the deliver job): one attempt, recorded; nothing if the webhook went away. */
export async function performResend(request: TResendRequest): Promise<{ sent: boolean; succeeded: boolean }> {
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: request.deliveryId, webhookId: request.webhookId, organizationId: request.organizationId, livemode: request.livemode },
    include: { webhook: { omit: WITH_SECRETS } },
  });
  const webhook = delivery?.webhook;
  if (!delivery || !webhook?.isActive) return { sent: false, succeeded: false }; // deleted or disabled since
  const event = ZWebhookEventName.parse(delivery.event);
  const body = await originalBody({ ...delivery, event });
  if (body === null) return { sent: false, succeeded: false };
  const outcome = await deliverAndRecord(
    { organizationId: delivery.organizationId, livemode: delivery.livemode, eventId: delivery.eventId, event, runId: delivery.runId, webhookId: webhook.id, url: webhook.url, body },
    () => signingSecrets(webhook),
    1, // recorded as the next attempt after those already made
    null,
  );
  return { sent: true, succeeded: outcome.succeeded };
}
