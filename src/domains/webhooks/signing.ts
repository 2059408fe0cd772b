// Signatures a receiver can check: the spec's X-Service-Signature and the Standard
// Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), the latter signed
// by the standardwebhooks library itself, so they match what its verifiers expect.
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * The spec's own scheme: `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole
 * secret string (including `whsec_`). No library implements it — it is not the Standard
 * Webhooks format (that one is base64, keyed with the decoded secret, over id.timestamp.body)
 * — so it stays a single node:crypto call.
 */
export function serviceSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part after `whsec_`. */
export function standardWebhookSignature(secret: string, eventId: string, timestamp: Date, body: string): string {
  return new Webhook(secret).sign(eventId, timestamp, body);
}

/**
 * `secrets` lists the current secret first and, during a rotation's overlap, the previous
 * one: `webhook-signature` then carries `v1,<new> v1,<old>` (Standard Webhooks allows
 * several, space-separated), while `X-Service-Signature` keeps the spec's single value,
 * under the current secret.
 */
export function signedHeaders(secrets: string | string[], eventId: string, event: string, body: string, now = new Date()) {
  const [current, ...previous] = typeof secrets === "string" ? [secrets] : secrets;
  if (!current) throw new Error("A delivery needs a signing secret");
  return {
    "Content-Type": "application/json",
    "User-Agent": "AgentWorkforce-Webhooks/1",
    "X-Service-Signature": serviceSignature(current, body),
    "X-Service-Event": event,
    "X-Service-Timestamp": now.toISOString(),
    "X-Service-Event-Id": eventId,
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": [current, ...previous].map((secret) => standardWebhookSignature(secret, eventId, now, body)).join(" "),
  };
}
