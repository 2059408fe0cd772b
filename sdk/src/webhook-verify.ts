// Verifies a webhook delivery, synchronously, on Node 20+, Bun, Deno and edge runtimes alike
// (HMAC-SHA256 in plain TypeScript: hmac-sha256.ts).
// Two schemes, both made by the service (src/domains/webhooks/signing.ts):
// - Standard Webhooks: `webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of
//   "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64 part of `whsec_...`;
//   during a secret rotation it lists one signature per secret. The timestamp is signed, so
//   it is checked against a tolerance (replays).
// - `X-Service-Signature` = `sha256=<hex HMAC-SHA256 of the body>`, keyed with the whole secret
//   string; made with the newest secret only.
import { WebhookVerificationError } from "./errors.js";
import { hmacSha256 } from "./hmac-sha256.js";
import type { WebhookEvent } from "./types.js";

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** How far `webhook-timestamp` may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** `auto` (default): Standard Webhooks when its headers are present, else X-Service-Signature. */
  scheme?: "auto" | "standard" | "service";
  /** The current time (tests). */
  now?: Date;
};

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((each) => each.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(", ") : value;
}

function bodyBytes(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof rawBody === "string") return encoder.encode(rawBody);
  return rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
}

function base64ToBytes(value: string): Uint8Array | undefined {
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

function hexToBytes(value: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) return undefined;
  const bytes = new Uint8Array(value.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(value.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Compares in time that depends only on the length (which is public: 32 bytes for SHA-256). */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function verifyStandard(body: Uint8Array, headers: WebhookHeaders, secrets: string[], options: VerifyOptions): void {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not a Unix time in seconds");
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now`);

  const candidates = signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .filter((parts) => parts[0] === "v1" && parts[1])
    .map((parts) => base64ToBytes(parts[1]!))
    .filter((bytes): bytes is Uint8Array => bytes !== undefined);
  if (candidates.length === 0) throw new WebhookVerificationError("webhook-signature has no v1 signature");

  const message = concat(encoder.encode(`${id}.${timestamp}.`), body);
  for (const secret of secrets) {
    const key = base64ToBytes(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
    if (!key) throw new WebhookVerificationError("The secret is not a whsec_ secret (base64 after the prefix)");
    const expected = hmacSha256(key, message);
    // Every candidate is compared, matched or not, so timing says nothing about which one matched.
    let matched = false;
    for (const candidate of candidates) matched = constantTimeEqual(expected, candidate) || matched;
    if (matched) return;
  }
  throw new WebhookVerificationError("No webhook-signature matches the secret");
}

function verifyService(body: Uint8Array, headers: WebhookHeaders, secrets: string[]): void {
  const value = header(headers, "x-service-signature");
  if (!value) throw new WebhookVerificationError("Missing X-Service-Signature header");
  const received = value.startsWith("sha256=") ? hexToBytes(value.slice("sha256=".length)) : undefined;
  if (!received) throw new WebhookVerificationError("X-Service-Signature is not sha256=<hex>");
  let matched = false;
  for (const secret of secrets) matched = constantTimeEqual(hmacSha256(encoder.encode(secret), body), received) || matched;
  if (!matched) throw new WebhookVerificationError("X-Service-Signature does not match the secret");
}

/**
 * Checks a delivery's signature over its raw body (the exact bytes received, before any JSON
 * parsing) and returns the parsed event. `secret` may list several secrets (a receiver that
 * holds the old and the new one during a rotation). Throws WebhookVerificationError.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | string[],
  options: VerifyOptions = {},
): WebhookEvent {
  const secrets = (typeof secret === "string" ? [secret] : secret).filter((each) => each.length > 0);
  if (secrets.length === 0) throw new WebhookVerificationError("A webhook secret is required");
  const body = bodyBytes(rawBody);
  const scheme = options.scheme ?? "auto";
  const standard = scheme === "standard" || (scheme === "auto" && header(headers, "webhook-signature") !== undefined);
  if (standard) verifyStandard(body, headers, secrets, options);
  else verifyService(body, headers, secrets);
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch (error) {
    throw new WebhookVerificationError("The body is not JSON", { cause: error });
  }
}
