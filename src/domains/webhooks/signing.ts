// Signatures a receiver can check: the spec's X-Service-Signature (hex HMAC-SHA256 of the
// raw body keyed with the whole secret) and the Standard Webhooks headers (base64 HMAC of
// "{id}.{timestamp}.{body}" keyed with the base64-decoded part after whsec_).
import { createHmac } from "node:crypto";

export function serviceSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function standardWebhookSignature(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const digest = createHmac("sha256", key).update(`${eventId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}

export function signedHeaders(secret: string, eventId: string, event: string, body: string, now = new Date()) {
  const timestampSeconds = Math.floor(now.getTime() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": "AgentWorkforce-Webhooks/1",
    "X-Service-Signature": serviceSignature(secret, body),
    "X-Service-Event": event,
    "X-Service-Timestamp": now.toISOString(),
    "X-Service-Event-Id": eventId,
    "webhook-id": eventId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": standardWebhookSignature(secret, eventId, timestampSeconds, body),
  };
}
