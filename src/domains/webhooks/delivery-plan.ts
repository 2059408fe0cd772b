// Who receives a run event: every active webhook of the run's organization and mode that
// subscribed to it, the run's own webhook_url and its batch's webhook_url.
import { z } from "zod";
import { db } from "../../foundation/db/client.ts";
import type { TRunEventName } from "../runs/run-events.ts";
import { runEventBody, runEventId } from "./run-event-payload.ts";
import { decryptSecret, encryptSecret } from "../../foundation/secret-box.ts";
import { ZWebhookEventName } from "./webhook-events.ts";
import { generateWebhookSecret, signingSecrets } from "./webhook-secrets.ts";

/** One event to one destination, with the exact bytes every attempt sends. */
export const ZDeliveryTarget = z.object({
  /** Unique per event and destination: de-duplicates the delivery itself. */
  deliveryKey: z.string().min(1),
  eventId: z.string().min(1),
  event: ZWebhookEventName,
  /** The run the event is about (for triage.overdue: the overdue item's run; agent.rollout.rolled_back: none). */
  runId: z.uuid().nullable(),
  organizationId: z.uuid(),
  livemode: z.boolean(),
  webhookId: z.uuid().nullable(),
  url: z.url(),
  body: z.string(),
});
export type TDeliveryTarget = z.infer<typeof ZDeliveryTarget>;

/** What every delivery of one event shares, whatever its destination. */
type TEventContent = Omit<TDeliveryTarget, "deliveryKey" | "webhookId" | "url">;

/** One delivery of the event per webhook, keyed by event and webhook: a repeated request is a no-op. */
export function webhookTargets(content: TEventContent, webhooks: readonly { id: string; url: string }[]): TDeliveryTarget[] {
  return webhooks.map((webhook) => ({ ...content, deliveryKey: `${content.eventId}:${webhook.id}`, webhookId: webhook.id, url: webhook.url }));
}

/** The deliveries of an event to the active webhooks of its organization and mode that list it. */
export async function subscribedWebhookTargets(content: TEventContent): Promise<TDeliveryTarget[]> {
  const webhooks = await db().webhook.findMany({
    where: { organizationId: content.organizationId, livemode: content.livemode, isActive: true, events: { has: content.event } },
    select: { id: true, url: true },
  });
  return webhookTargets(content, webhooks);
}

/** A run event's id and bytes, the same for every destination and every attempt (resends included). */
export function runEventContent(
  run: Parameters<typeof runEventBody>[0]["run"] & { id: string; completedAt: Date | null; updatedAt: Date; reviewRound: number },
  event: TRunEventName,
  triageItemId: string | null,
  // The round the event was recorded in (the run may have been sent back since): the run's own by default.
  reviewRound: number = run.reviewRound,
) {
  const eventId = runEventId(run.id, event, reviewRound);
  return { eventId, body: runEventBody({ eventId, event, run, triageItemId, occurredAt: run.completedAt ?? run.updatedAt, reviewRound }) };
}

export async function planRunEventDeliveries(
  runId: string,
  event: TRunEventName,
  triageItemId: string | null,
  reviewRound?: number,
): Promise<TDeliveryTarget[]> {
  const run = await db().run.findUnique({ where: { id: runId }, include: { batchJob: { select: { webhookUrl: true } } } });
  if (!run) return [];
  const { eventId, body } = runEventContent(run, event, triageItemId, reviewRound ?? run.reviewRound);
  const base = { eventId, event, runId: run.id, organizationId: run.organizationId, livemode: run.livemode, body };

  const targets = await subscribedWebhookTargets(base);
  if (run.webhookUrl) targets.push({ ...base, deliveryKey: `${eventId}:run`, webhookId: null, url: run.webhookUrl });
  if (run.batchJob?.webhookUrl) targets.push({ ...base, deliveryKey: `${eventId}:batch`, webhookId: null, url: run.batchJob.webhookUrl });
  return targets;
}

/**
 * The secrets a delivery is signed with: the webhook's (with its previous one during a
 * rotation's overlap), or the organization's internal one; null when the webhook was
 * deleted or disabled meanwhile.
 */
export async function signingSecretsFor(target: Pick<TDeliveryTarget, "webhookId" | "organizationId">): Promise<string[] | null> {
  if (target.webhookId) {
    const webhook = await db().webhook.findUnique({
      where: { id: target.webhookId },
      select: { secretEncrypted: true, previousSecretEncrypted: true, previousSecretExpiresAt: true, isActive: true },
    });
    return webhook?.isActive ? signingSecrets(webhook) : null;
  }
  const organization = await db().organization.findUniqueOrThrow({ where: { id: target.organizationId }, select: { deliverySecretEncrypted: true } });
  if (organization.deliverySecretEncrypted) return [decryptSecret(organization.deliverySecretEncrypted)];
  // First use: create it; if another process won the race, use theirs.
  await db().organization.updateMany({
    where: { id: target.organizationId, deliverySecretEncrypted: null },
    data: { deliverySecretEncrypted: encryptSecret(generateWebhookSecret()) },
  });
  const stored = await db().organization.findUniqueOrThrow({ where: { id: target.organizationId }, select: { deliverySecretEncrypted: true } });
  return [decryptSecret(stored.deliverySecretEncrypted!)];
}
