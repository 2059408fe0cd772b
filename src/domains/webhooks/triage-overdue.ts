// triage.overdue: announced once when a pending triage item passes its due_at, to the
// webhooks that subscribed to it (opt-in; docs/api-conventions.md, "Claims, due times and bulk
// decisions"). Each review item has a durable timer (src/jobs/functions/announce-triage-overdue.ts)
// that finds the item due, requests the deliveries, then marks it notified with one
// conditional UPDATE: a crash before the mark repeats the request, which the deliveries'
// keys make a no-op, so nothing is lost or sent twice.
import { createHash } from "node:crypto";
import { db, sqlQuery } from "../../foundation/db/client.ts";
import { activeClaim } from "../runs/serializers.ts";
import { webhookTargets, type TDeliveryTarget } from "./delivery-plan.ts";
import { TRIAGE_OVERDUE_EVENT } from "./webhook-events.ts";

/** Stable per item: every instance and every sweep derive the same id, and receivers de-duplicate by it. */
export function triageOverdueEventId(triageItemId: string): string {
  return `evt_${createHash("sha256").update(`${triageItemId}:${TRIAGE_OVERDUE_EVENT}`).digest("hex").slice(0, 32)}`;
}

export type TOverdueItem = {
  id: string;
  /** review or spot_check: a spot check is marked like any item but never announced (docs/api-conventions.md, "Spot checks"). */
  kind?: string;
  organizationId: string;
  livemode: boolean;
  runId: string;
  round: number;
  agentType: string;
  agentVersion: number;
  dueAt: Date;
  claimedBy: string | null;
  claimedByName: string | null;
  claimedUntil: Date | null;
};

/**
 * The body, in the run events' shape (src/domains/webhooks/run-event-payload.ts): `timestamp`
 * is when the item fell due, so every sweep builds the same event.
 */
export function triageOverdueBody(item: TOverdueItem, now = new Date()): { eventId: string; body: string } {
  const eventId = triageOverdueEventId(item.id);
  const body = JSON.stringify({
    id: eventId,
    event: TRIAGE_OVERDUE_EVENT,
    run_id: item.runId,
    agent_type: item.agentType,
    organization_id: item.organizationId,
    timestamp: item.dueAt.toISOString(),
    data: {
      triage_item_id: item.id,
      run_id: item.runId,
      agent_type: item.agentType,
      agent_version: item.agentVersion,
      round: item.round,
      due_at: item.dueAt.toISOString(),
      // Who holds the item's claim as it is sent (null: nobody, or the lease ran out).
      claimed_by: activeClaim(item, now).claimed_by,
    },
  });
  return { eventId, body };
}

const OVERDUE_COLUMNS = `t.id, t.kind, t.organization_id AS "organizationId", t.livemode, t.run_id AS "runId", t.round,
  r.agent_type AS "agentType", t.agent_version AS "agentVersion", t.due_at AS "dueAt",
  t.claimed_by AS "claimedBy", t.claimed_by_name AS "claimedByName", t.claimed_until AS "claimedUntil"`;

/** When a pending review item not yet announced falls due (ISO), or null when there is nothing to wait for. */
export async function unannouncedDueAt(triageItemId: string): Promise<string | null> {
  const [row] = await sqlQuery<{ dueAt: Date }>(
    `SELECT due_at AS "dueAt" FROM triage_items
     WHERE id = $1::uuid AND status = 'pending' AND kind = 'review' AND overdue_notified_at IS NULL AND due_at IS NOT NULL`,
    [triageItemId],
    "triage-overdue-due-at",
  );
  return row ? row.dueAt.toISOString() : null;
}

/** The item, if it is pending, past due_at and not yet announced. */
export async function findUnannouncedOverdueItem(triageItemId: string): Promise<TOverdueItem | null> {
  const [item] = await sqlQuery<TOverdueItem>(
    `SELECT ${OVERDUE_COLUMNS} FROM triage_items t JOIN runs r ON r.id = t.run_id
     WHERE t.id = $1::uuid AND t.status = 'pending' AND t.overdue_notified_at IS NULL AND t.due_at <= now()`,
    [triageItemId],
    "triage-overdue-candidate",
  );
  return item ?? null;
}

/** One delivery per active webhook of the item's organization and mode that lists triage.overdue. */
export async function planTriageOverdueDeliveries(items: TOverdueItem[]): Promise<TDeliveryTarget[]> {
  if (items.length === 0) return [];
  const webhooks = await db().webhook.findMany({
    where: { organizationId: { in: [...new Set(items.map((item) => item.organizationId))] }, isActive: true, events: { has: TRIAGE_OVERDUE_EVENT } },
    select: { id: true, url: true, organizationId: true, livemode: true },
  });
  return items.filter((item) => (item.kind ?? "review") === "review").flatMap((item) => {
    const { eventId, body } = triageOverdueBody(item);
    const subscribed = webhooks.filter((webhook) => webhook.organizationId === item.organizationId && webhook.livemode === item.livemode);
    return webhookTargets({ eventId, event: TRIAGE_OVERDUE_EVENT, runId: item.runId, organizationId: item.organizationId, livemode: item.livemode, body }, subscribed);
  });
}

/**
 * Marks the items announced: one conditional UPDATE, so an item is marked once; an item
 * decided meanwhile is left as it is. Answers the ids marked.
 */
export async function markTriageOverdueNotified(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sqlQuery<{ id: string }>(
    `UPDATE triage_items SET overdue_notified_at = now()
     WHERE id = ANY($1::uuid[]) AND overdue_notified_at IS NULL AND status = 'pending' AND due_at <= now()
     RETURNING id`,
    [ids],
    "triage-overdue-mark",
  );
  return rows.map((row) => row.id);
}

/** The body a triage.overdue delivery sent, rebuilt for a resend (null when the item is gone). */
export async function triageOverdueBodyFor(delivery: { eventId: string; runId: string | null }): Promise<string | null> {
  if (!delivery.runId) return null;
  const items = await sqlQuery<TOverdueItem>(
    `SELECT ${OVERDUE_COLUMNS} FROM triage_items t JOIN runs r ON r.id = t.run_id WHERE t.run_id = $1`,
    [delivery.runId],
    "triage-overdue-resend",
  );
  const item = items.find((candidate) => triageOverdueEventId(candidate.id) === delivery.eventId);
  return item ? triageOverdueBody(item).body : null;
}
