// One delivery attempt of a run event to one destination: sign, POST through the egress
// fetch (which resolves the host once and refuses private destinations: DNS may have
// changed since registration), and record the attempt together with the endpoint's health
// counters.
import { db } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { postSignedEvent, type TDeliveryOutcome } from "./deliver.ts";
import type { TDeliveryTarget } from "./delivery-plan.ts";
import { signingSecretsFor } from "./delivery-plan.ts";
import { recordEndpointHealth } from "./webhook-health.ts";

export type TAttemptResult = { succeeded: boolean; /** The webhook is gone or disabled: stop trying. */ abandoned: boolean };

export async function attemptDelivery(target: TDeliveryTarget, attempt: number, retryInMs: number | null): Promise<TAttemptResult> {
  const secrets = await signingSecretsFor(target);
  if (!secrets) return { succeeded: false, abandoned: true };
  const outcome = await deliverAndRecord(target, () => secrets, attempt, retryInMs);
  return { succeeded: outcome.succeeded, abandoned: outcome.endpointDisabled };
}

type TDestination = { eventId: string; webhookId: string | null; url: string };

/** The highest attempt number recorded for this event at this destination (0 if none). */
async function attemptsSoFar(tx: Prisma.TransactionClient, target: TDestination): Promise<number> {
  const { _max } = await tx.webhookDelivery.aggregate({
    where: { eventId: target.eventId, webhookId: target.webhookId, url: target.url },
    _max: { attempt: true },
  });
  return _max.attempt ?? 0;
}

const isAttemptNumberTaken = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
// The transaction timed out or met a write conflict (every attempt of a webhook updates its
// health row): recording again is safe, and failing would send the request a second time.
const isTransient = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2028" || error.code === "P2034");
const NUMBERING_TRIES = 5;
// The request already went out: wait long for the record rather than give up and send it again.
const RECORD_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/**
 * Posts the signed body and records the attempt; a destination the egress policy refuses
 * is recorded as a failed attempt with ADDRESS_NOT_ALLOWED_REASON. The attempt recorded is
 * the planned one, or the next after those already recorded for this event and destination
 * if that is higher; a unique index keeps two concurrent attempts (a resend racing a retry)
 * from sharing a number: the loser takes the next one.
 */
export async function deliverAndRecord(
  target: Omit<TDeliveryTarget, "deliveryKey" | "runId"> & { runId: string | null },
  secrets: () => string[],
  attempt: number,
  retryInMs: number | null,
): Promise<TDeliveryOutcome & { deliveryId: string; endpointDisabled: boolean }> {
  // No separate check first: a check that resolves the name, then a fetch that resolves it
  // again, is what DNS rebinding exploits. The egress fetch checks what it connects to.
  const outcome: TDeliveryOutcome = await postSignedEvent({
    url: target.url,
    secrets: secrets(),
    eventId: target.eventId,
    event: target.event,
    body: target.body,
  });
  for (let tries = 1; ; tries += 1) {
    try {
      const recorded = await db().$transaction(async (tx) => {
        const health = target.webhookId ? await recordEndpointHealth(tx, target.webhookId, outcome) : { disabled: false };
        const retrying = !outcome.succeeded && retryInMs !== null && !health.disabled;
        const row = await tx.webhookDelivery.create({
          data: {
            // What actually went out: a step replayed after a crash, or a resend, really sent another request.
            organizationId: target.organizationId,
            livemode: target.livemode,
            webhookId: target.webhookId,
            url: target.url,
            eventId: target.eventId,
            event: target.event,
            runId: target.runId,
            attempt: Math.max(attempt, (await attemptsSoFar(tx, target)) + 1),
            status: outcome.succeeded ? "succeeded" : "failed",
            responseStatus: outcome.responseStatus,
            responseBody: outcome.responseBody,
            error: outcome.error,
            durationMs: outcome.durationMs,
            nextAttemptAt: retrying ? new Date(Date.now() + retryInMs) : null,
          },
          select: { id: true },
        });
        return { id: row.id, disabled: health.disabled };
      }, RECORD_TRANSACTION);
      return { ...outcome, deliveryId: recorded.id, endpointDisabled: recorded.disabled };
    } catch (error) {
      if (!(isAttemptNumberTaken(error) || isTransient(error)) || tries >= NUMBERING_TRIES) throw error;
    }
  }
}
