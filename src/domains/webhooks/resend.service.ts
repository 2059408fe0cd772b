// Resending a failed delivery attempt now (the dashboard's "Resend"): the same event id and
// body the original carried, so a receiver that already processed it de-duplicates, sent
// through deliverAndRecord like every scheduled attempt (destination check, signature,
// POST, a new attempt row). It adds one attempt; it does not start another retry schedule.
import { db } from "../../foundation/db/client.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { ZRunEventName, type TRunEventName } from "../runs/run-events.ts";
import { deliverAndRecord } from "./delivery-attempt.ts";
import { runEventContent } from "./delivery-plan.ts";
import { testEventBody } from "./run-event-payload.ts";
import { decryptSecret } from "./secret-box.ts";
import { serializeDelivery } from "./webhooks.service.ts";

/** The body the original attempt sent: rebuilt from its run, or the test sample (run_id null). */
async function originalBody(delivery: { eventId: string; event: TRunEventName; runId: string | null; organizationId: string; createdAt: Date }) {
  if (!delivery.runId) return testEventBody(delivery.eventId, delivery.organizationId, delivery.createdAt);
  const run = await db().run.findUnique({ where: { id: delivery.runId }, include: { triageItem: { select: { id: true } } } });
  if (!run) throw notFound("Run");
  return runEventContent(run, delivery.event, run.triageItem?.id ?? null).body;
}

export async function resendDelivery(principal: TPrincipal, deliveryId: string) {
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: deliveryId, ...tenantScope(principal), webhookId: { not: null } },
    include: { webhook: { omit: { secretEncrypted: false } } },
  });
  if (!delivery?.webhook) throw notFound("Delivery");
  if (delivery.status !== "failed") throw conflict(`Only a failed delivery can be resent; this one ${delivery.status}`);
  if (!delivery.webhook.isActive) throw conflict("The webhook is disabled");
  const event = ZRunEventName.parse(delivery.event);
  const body = await originalBody({ ...delivery, event });
  const webhook = delivery.webhook;
  const { deliveryId: resentId } = await deliverAndRecord(
    { ...tenantScope(principal), eventId: delivery.eventId, event, runId: delivery.runId, webhookId: webhook.id, url: webhook.url, body },
    () => decryptSecret(webhook.secretEncrypted),
    1, // recorded as the next attempt after those already made
    null,
  );
  const recorded = await db().webhookDelivery.findUniqueOrThrow({ where: { id: resentId } });
  return { data: serializeDelivery(recorded) };
}
