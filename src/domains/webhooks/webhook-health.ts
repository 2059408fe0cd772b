// Endpoint health (Svix's rule): every attempt to a registered webhook updates its counters
// in the same transaction as the attempt row. A success clears them; a failure counts and
// remembers when the failing began. The endpoint is disabled when every delivery has failed
// for WEBHOOK_DISABLE_AFTER_FAILING_HOURS (5 days), or at once when the receiver answers
// 410 Gone. A disabled endpoint gets no new events and its pending retries stop.
import type { Prisma } from "../../generated/prisma/client.ts";
import { env } from "../../foundation/env.ts";

export const GONE_REASON = "The receiver answered 410 Gone: it says the endpoint no longer exists";

function failingReason(hours: number, failures: number): string {
  const span = hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hours`;
  return `Every delivery failed for ${span} (${failures} failed attempts in a row)`;
}

/** Updates the counters after one attempt; true when this attempt disabled the endpoint. */
export async function recordEndpointHealth(
  tx: Prisma.TransactionClient,
  webhookId: string,
  outcome: { succeeded: boolean; responseStatus: number | null },
  now = new Date(),
): Promise<{ disabled: boolean }> {
  if (outcome.succeeded) {
    // Only when there is something to clear: a healthy endpoint's successes take no row lock.
    await tx.webhook.updateMany({
      where: { id: webhookId, OR: [{ consecutiveFailures: { gt: 0 } }, { failingSince: { not: null } }] },
      data: { consecutiveFailures: 0, failingSince: null },
    });
    return { disabled: false };
  }
  await tx.webhook.updateMany({ where: { id: webhookId }, data: { consecutiveFailures: { increment: 1 } } });
  await tx.webhook.updateMany({ where: { id: webhookId, failingSince: null }, data: { failingSince: now } });
  const hours = env().WEBHOOK_DISABLE_AFTER_FAILING_HOURS;
  const webhook = await tx.webhook.findUnique({ where: { id: webhookId }, select: { isActive: true, failingSince: true, consecutiveFailures: true } });
  if (!webhook?.isActive) return { disabled: false };
  const gone = outcome.responseStatus === 410;
  const failingTooLong = webhook.failingSince !== null && now.getTime() - webhook.failingSince.getTime() >= hours * 3_600_000;
  if (!gone && !failingTooLong) return { disabled: false };
  await tx.webhook.update({
    where: { id: webhookId },
    data: { isActive: false, disabledAt: now, disabledReason: gone ? GONE_REASON : failingReason(hours, webhook.consecutiveFailures) },
  });
  // No retry will come: the log should not promise one.
  await tx.webhookDelivery.updateMany({ where: { webhookId, nextAttemptAt: { gt: now } }, data: { nextAttemptAt: null } });
  return { disabled: true };
}
