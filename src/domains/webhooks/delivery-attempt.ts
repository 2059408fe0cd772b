// One delivery attempt of a run event to one destination: refuse private destinations
// (DNS may have changed since registration), sign, POST, and record the attempt.
import { db } from "../../foundation/db/client.ts";
import { postSignedEvent, type TDeliveryOutcome } from "./deliver.ts";
import type { TDeliveryTarget } from "./delivery-plan.ts";
import { signingSecretFor } from "./delivery-plan.ts";
import { checkDeliverableUrl } from "../../foundation/ssrf-guard.ts";

export type TAttemptResult = { succeeded: boolean; /** The webhook is gone or disabled: stop trying. */ abandoned: boolean };

export async function attemptDelivery(target: TDeliveryTarget, attempt: number, retryInMs: number | null): Promise<TAttemptResult> {
  const secret = await signingSecretFor(target);
  if (!secret) return { succeeded: false, abandoned: true };
  const outcome = await deliverAndRecord(target, () => secret, attempt, retryInMs);
  return { succeeded: outcome.succeeded, abandoned: false };
}

/** The highest attempt number recorded for this event at this destination (0 if none). */
async function attemptsSoFar(target: { organizationId: string; eventId: string; webhookId: string | null; url: string }): Promise<number> {
  const { _max } = await db().webhookDelivery.aggregate({
    where: {
      organizationId: target.organizationId,
      eventId: target.eventId,
      ...(target.webhookId ? { webhookId: target.webhookId } : { webhookId: null, url: target.url }),
    },
    _max: { attempt: true },
  });
  return _max.attempt ?? 0;
}

/**
 * Checks the destination, posts the signed body and records the attempt (the secret is only
 * read when posting). The attempt recorded is the planned one, or the next after those
 * already recorded for this event and destination if that is higher.
 */
export async function deliverAndRecord(
  target: Omit<TDeliveryTarget, "deliveryKey" | "runId"> & { runId: string | null },
  secret: () => string,
  attempt: number,
  retryInMs: number | null,
): Promise<TDeliveryOutcome & { deliveryId: string }> {
  // Checked again at every attempt: the host may resolve elsewhere since registration.
  const check = await checkDeliverableUrl(target.url);
  const outcome: TDeliveryOutcome = check.ok
    ? await postSignedEvent({ url: target.url, secret: secret(), eventId: target.eventId, event: target.event, body: target.body })
    : { succeeded: false, responseStatus: null, error: check.reason, durationMs: 0 };
  const recorded = await db().webhookDelivery.create({
    data: {
      // What actually went out: a step replayed after a crash, or a resend, really sent another request.
      organizationId: target.organizationId,
      livemode: target.livemode,
      webhookId: target.webhookId,
      url: target.url,
      eventId: target.eventId,
      event: target.event,
      runId: target.runId,
      attempt: Math.max(attempt, (await attemptsSoFar(target)) + 1),
      status: outcome.succeeded ? "succeeded" : "failed",
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
      nextAttemptAt: !outcome.succeeded && retryInMs !== null ? new Date(Date.now() + retryInMs) : null,
    },
    select: { id: true },
  });
  return { ...outcome, deliveryId: recorded.id };
}
