// agent.rollout.rolled_back: announced once when a canary's guard rolls it back, to the
// webhooks of its organization and mode that subscribed to it (opt-in, like triage.overdue;
// docs/api-conventions.md, "Rollouts"). The guard's job (src/jobs/functions/guard-rollout.ts)
// requests the deliveries, then marks the rollout notified with one conditional UPDATE: a
// crash in between repeats the request, which the deliveries' keys make a no-op. The body is
// built from the rollout row alone (its end and the counts recorded with it), so a resend
// sends the same bytes.
import { createHash } from "node:crypto";
import { sqlQuery } from "../../foundation/db/client.ts";
import { subscribedWebhookTargets, type TDeliveryTarget } from "./delivery-plan.ts";
import { ROLLOUT_ROLLED_BACK_EVENT } from "./webhook-events.ts";

/** Stable per rollout: every attempt, retry and resend carries the same id. */
export function rolloutRolledBackEventId(rolloutId: string): string {
  return `evt_${createHash("sha256").update(`${rolloutId}:${ROLLOUT_ROLLED_BACK_EVENT}`).digest("hex").slice(0, 32)}`;
}

export type TRolledBackRollout = {
  id: string;
  organizationId: string;
  livemode: boolean;
  agentName: string;
  version: number;
  baselineVersion: number;
  minAgreement: number;
  endedJudged: number;
  endedAgreed: number;
  endedAt: Date;
};

const COLUMNS = `id, organization_id AS "organizationId", livemode, agent_name AS "agentName", version, baseline_version AS "baselineVersion",
  min_agreement AS "minAgreement", ended_judged AS "endedJudged", ended_agreed AS "endedAgreed", ended_at AS "endedAt"`;

/** The body; `timestamp` is when the rollout ended. */
export function rolloutRolledBackBody(rollout: TRolledBackRollout): { eventId: string; body: string } {
  const eventId = rolloutRolledBackEventId(rollout.id);
  const body = JSON.stringify({
    id: eventId,
    event: ROLLOUT_ROLLED_BACK_EVENT,
    organization_id: rollout.organizationId,
    timestamp: rollout.endedAt.toISOString(),
    data: {
      agent: rollout.agentName,
      version: rollout.version,
      baseline_version: rollout.baselineVersion,
      judged: rollout.endedJudged,
      agreement_rate: rollout.endedJudged === 0 ? null : rollout.endedAgreed / rollout.endedJudged,
      min_agreement: rollout.minAgreement,
    },
  });
  return { eventId, body };
}

/** The rollout, if the guard rolled it back and it is not yet announced. */
async function findUnannounced(rolloutId: string): Promise<TRolledBackRollout | null> {
  const [row] = await sqlQuery<TRolledBackRollout>(
    `SELECT ${COLUMNS} FROM rollouts WHERE id = $1::uuid AND status = 'rolled_back' AND rolled_back_notified_at IS NULL AND ended_judged IS NOT NULL`,
    [rolloutId],
    "rollout-rolled-back-unannounced",
  );
  return row ?? null;
}

/** One delivery per active webhook of the rollout's organization and mode that lists the event; none once announced. */
export async function planRolloutRolledBackDeliveries(rolloutId: string): Promise<TDeliveryTarget[]> {
  const rollout = await findUnannounced(rolloutId);
  if (!rollout) return [];
  const { eventId, body } = rolloutRolledBackBody(rollout);
  return subscribedWebhookTargets({ eventId, event: ROLLOUT_ROLLED_BACK_EVENT, runId: null, organizationId: rollout.organizationId, livemode: rollout.livemode, body });
}

/** Marks the rollout announced (once: one conditional UPDATE); answers whether this call did. */
export async function markRolloutRolledBackNotified(rolloutId: string): Promise<boolean> {
  const rows = await sqlQuery<{ id: string }>(
    `UPDATE rollouts SET rolled_back_notified_at = now()
     WHERE id = $1::uuid AND status = 'rolled_back' AND rolled_back_notified_at IS NULL AND ended_judged IS NOT NULL RETURNING id`,
    [rolloutId],
    "rollout-rolled-back-mark",
  );
  return rows.length > 0;
}

/** The body a delivery of the event sent, rebuilt for a resend (null when the rollout is gone). */
export async function rolloutRolledBackBodyFor(delivery: { eventId: string; organizationId: string; livemode: boolean }): Promise<string | null> {
  const rollouts = await sqlQuery<TRolledBackRollout>(
    `SELECT ${COLUMNS} FROM rollouts WHERE organization_id = $1::uuid AND livemode = $2 AND status = 'rolled_back' AND ended_judged IS NOT NULL`,
    [delivery.organizationId, delivery.livemode],
    "rollout-rolled-back-resend",
  );
  const rollout = rollouts.find((candidate) => rolloutRolledBackEventId(candidate.id) === delivery.eventId);
  return rollout ? rolloutRolledBackBody(rollout).body : null;
}
