// The secrets a webhook's deliveries are signed with: the current one and, for a while
// after a rotation, the one it replaced (receivers roll to the new one without losing events).
import { randomBytes } from "node:crypto";
import { env } from "../../foundation/env.ts";
import { decryptSecret } from "../../foundation/secret-box.ts";

/** A new signing secret: "whsec_" and 32 random bytes, base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export type TStoredSecrets = {
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
};

/** Prisma `omit` override that reads both secret columns (they are omitted by default). */
export const WITH_SECRETS = { secretEncrypted: false, previousSecretEncrypted: false } as const;

/** The current secret first, then the previous one while its overlap lasts. */
export function signingSecrets(webhook: TStoredSecrets, now = new Date()): string[] {
  const secrets = [decryptSecret(webhook.secretEncrypted)];
  if (webhook.previousSecretEncrypted && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(webhook.previousSecretEncrypted));
  }
  return secrets;
}

export function rotationOverlapEnds(now = new Date()): Date {
  return new Date(now.getTime() + env().WEBHOOK_SECRET_ROTATION_OVERLAP_HOURS * 3_600_000);
}
