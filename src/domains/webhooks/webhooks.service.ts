// Webhook endpoints of an organization: register (secret shown once), list, delete,
// re-enable a disabled one, rotate its secret (the new one shown once), read the delivery
// log, and send a signed test event.
import { randomUUID } from "node:crypto";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import type { Webhook, WebhookDelivery } from "../../generated/prisma/client.ts";
import { env } from "../../foundation/env.ts";
import { conflict, notFound } from "../../foundation/errors.ts";
import { readPage, type TPagination } from "../../foundation/pagination.ts";
import { iso, isoOrNull } from "../../foundation/schemas.ts";
import { deliverAndRecord } from "./delivery-attempt.ts";
import { testEventBody } from "./run-event-payload.ts";
import { encryptSecret } from "../../foundation/secret-box.ts";
import { generateWebhookSecret, rotationOverlapEnds, signingSecrets, WITH_SECRETS } from "./webhook-secrets.ts";
import { assertDeliverableUrl } from "../../foundation/ssrf-guard.ts";
import type { TWebhookEventName as TWebhookEvent } from "./webhook-events.ts";

function serializeWebhook(webhook: Omit<Webhook, "secretEncrypted" | "previousSecretEncrypted">, now = new Date()) {
  const overlap = webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now ? webhook.previousSecretExpiresAt : null;
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events as TWebhookEvent[],
    is_active: webhook.isActive,
    disabled_reason: webhook.isActive ? null : webhook.disabledReason,
    disabled_at: webhook.isActive ? null : isoOrNull(webhook.disabledAt),
    consecutive_failures: webhook.consecutiveFailures,
    failing_since: isoOrNull(webhook.failingSince),
    previous_secret_expires_at: isoOrNull(overlap),
    created_at: iso(webhook.createdAt),
  };
}

export function serializeDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event: delivery.event,
    run_id: delivery.runId,
    attempt: delivery.attempt,
    status: delivery.status,
    response_status: delivery.responseStatus,
    error: delivery.error,
    duration_ms: delivery.durationMs,
    created_at: iso(delivery.createdAt),
    next_attempt_at: isoOrNull(delivery.nextAttemptAt),
    response_body: delivery.responseBody,
  };
}

export async function createWebhook(principal: TPrincipal, input: { url: string; events: TWebhookEvent[] }) {
  await assertDeliverableUrl(input.url, { path: "url" });
  const secret = generateWebhookSecret();
  const cap = env().WEBHOOKS_PER_ORGANIZATION;
  const webhook = await db().$transaction(async (tx) => {
    // Count and insert under one lock per organization and mode, so concurrent creations
    // cannot all see room for one more (the lock ends with the transaction).
    const lockKey = `webhooks:${principal.organizationId}:${principal.livemode ? "live" : "test"}`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`;
    const existing = await tx.webhook.count({ where: tenantScope(principal) });
    if (existing >= cap) {
      throw conflict(`An organization may have at most ${cap} webhooks per mode; delete one before adding another`);
    }
    return tx.webhook.create({
      data: { ...tenantScope(principal), url: input.url, events: input.events, secretEncrypted: encryptSecret(secret) },
    });
  });
  return { data: { ...serializeWebhook(webhook), secret } };
}

export async function listWebhooks(principal: TPrincipal) {
  const webhooks = await db().webhook.findMany({
    where: tenantScope(principal),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: webhooks.map((webhook) => serializeWebhook(webhook)) };
}

export async function deleteWebhook(principal: TPrincipal, webhookId: string) {
  const { count } = await db().webhook.deleteMany({ where: { id: webhookId, ...tenantScope(principal) } });
  if (count === 0) throw notFound("Webhook");
  return { success: true as const };
}

/** Re-enables a disabled webhook: clears the reason and the counters. Enabling an active one changes nothing. */
export async function enableWebhook(principal: TPrincipal, webhookId: string) {
  const { count } = await db().webhook.updateMany({
    where: { id: webhookId, ...tenantScope(principal), isActive: false },
    data: { isActive: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null },
  });
  const webhook = await db().webhook.findFirst({ where: { id: webhookId, ...tenantScope(principal) } });
  if (!webhook) throw notFound("Webhook");
  return { data: { ...serializeWebhook(webhook), enabled: count === 1 } };
}

/**
 * Gives the webhook a new secret, returned once. The secret it replaces keeps signing
 * deliveries (a second `webhook-signature` entry) for WEBHOOK_SECRET_ROTATION_OVERLAP_HOURS;
 * rotating again within that window drops the older one and keeps only the one just replaced.
 */
export async function rotateWebhookSecret(principal: TPrincipal, webhookId: string) {
  const secret = generateWebhookSecret();
  // One statement: SET reads the row as it is when locked, so two concurrent rotations chain
  // (the second keeps the first's new secret as its previous one) instead of losing one.
  const rotated = await db().$executeRaw`
    UPDATE "webhooks"
    SET "previous_secret_encrypted" = "secret_encrypted", "secret_encrypted" = ${encryptSecret(secret)},
        "previous_secret_expires_at" = ${rotationOverlapEnds()}
    WHERE "id" = ${webhookId}::uuid AND "organization_id" = ${principal.organizationId}::uuid AND "livemode" = ${principal.livemode}`;
  if (rotated === 0) throw notFound("Webhook");
  const webhook = await db().webhook.findFirstOrThrow({ where: { id: webhookId, ...tenantScope(principal) } });
  return { data: { ...serializeWebhook(webhook), secret } };
}

export async function listDeliveries(principal: TPrincipal, webhookId: string, page: TPagination) {
  const webhook = await db().webhook.findFirst({ where: { id: webhookId, ...tenantScope(principal) }, select: { id: true } });
  if (!webhook) throw notFound("Webhook");
  const where = { webhookId };
  const { items, ...pageInfo } = await readPage(
    page,
    (window) => db().webhookDelivery.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window }),
    () => db().webhookDelivery.count({ where }),
  );
  return { data: items.map(serializeDelivery), ...pageInfo };
}

/** Sends a signed `run.completed` sample (data.output.test = true) to every active webhook. */
export async function sendTestEvent(principal: TPrincipal, organizationId: string) {
  if (organizationId !== principal.organizationId) throw notFound("Organization");
  const webhooks = await db().webhook.findMany({
    where: { ...tenantScope(principal), isActive: true },
    omit: WITH_SECRETS, // each test delivery is signed with the webhook's secrets
  });
  const results = await Promise.all(
    webhooks.map(async (webhook) => {
      const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
      const body = testEventBody(eventId, organizationId, new Date());
      const target = { ...tenantScope(principal), eventId, event: "run.completed" as const, runId: null, webhookId: webhook.id, url: webhook.url, body };
      const outcome = await deliverAndRecord(target, () => signingSecrets(webhook), 1, null);
      return {
        webhook_id: webhook.id,
        status: outcome.succeeded ? ("succeeded" as const) : ("failed" as const),
        response_status: outcome.responseStatus,
      };
    }),
  );
  return { data: results };
}
