// A triage item's state changes, each written once: opened (a review round waiting for a
// person, or a spot check of a completed run), decided, claimed and released, and the
// lookup of a run's latest review item. They live with the run's statements because a run's
// outcome opens its item in the same statement (runs are below triage and reviews); the
// services in src/domains/triage and src/domains/reviews decide what to write.
import { db } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { enqueueWork } from "../work-queue/enqueue.ts";
import { guardRolloutWork } from "./rollout-split.ts";

type TTransaction = Prisma.TransactionClient;

/**
 * `LEFT JOIN LATERAL … t`: the latest review item of run `r` (a spot check is no review), its
 * id as `t.id`. A run has one per review round; the latest is the round it is in.
 */
export const LATEST_REVIEW_ITEM_JOIN = Prisma.sql`LEFT JOIN LATERAL (
  SELECT id FROM triage_items WHERE run_id = r.id AND kind = 'review' ORDER BY round DESC LIMIT 1) t ON true`;

/** The id of the run's latest review item, or null. */
export async function latestReviewItemId(runId: string): Promise<string | null> {
  const [row] = await db().$queryRaw<{ id: string | null }[]>`SELECT t.id FROM runs r ${LATEST_REVIEW_ITEM_JOIN} WHERE r.id = ${runId}::uuid`;
  return row?.id ?? null;
}

/**
 * Minutes until a new triage item of `recorded` is due: the agent version's review.sla_minutes,
 * else the organization's triage_sla_minutes (docs/api-conventions.md, "Claims and due times").
 */
const dueMinutesSql = Prisma.sql`COALESCE(
  (SELECT (v.review->>'sla_minutes')::int FROM agent_definitions d
     JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = recorded.agent_version
   WHERE d.organization_id = recorded.organization_id AND d.livemode = recorded.livemode AND d.name = recorded.agent_type),
  (SELECT triage_sla_minutes FROM organizations WHERE id = recorded.organization_id))`;

/**
 * The CTE `item`: a review item opened for the run in `recorded` (a CTE of the run's outcome
 * statement, src/domains/runs/run-statements.ts) when `triageReason` is set, proposing
 * `proposedOutput` (a jsonb expression); answers its id.
 * The round's confidence goes with its item: a later round overwrites the run's (quality
 * bands, steps).
 */
export function reviewItemOpenedCte(triageReason: string | null, proposedOutput: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    item AS (
      INSERT INTO triage_items (id, organization_id, livemode, run_id, round, status, triage_reason, proposed_output, agent_version, confidence_score, due_at)
      SELECT gen_random_uuid(), organization_id, livemode, id, review_round, 'pending', ${triageReason}, ${proposedOutput}, agent_version,
        confidence_score, now() + make_interval(mins => ${dueMinutesSql})
      FROM recorded WHERE ${triageReason}::text IS NOT NULL
      RETURNING id)`;
}

/**
 * The share of `recorded`'s agent version sent to a spot check: the custom agent version's
 * review.spot_check_rate, else the organization's rate for the built-in type, else 0. Numeric,
 * so 0.29 × 100 is 29, not 28.999….
 */
const spotCheckRateSql = Prisma.sql`COALESCE(
  (SELECT (v.review->>'spot_check_rate')::numeric FROM agent_definitions d
     JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = recorded.agent_version
   WHERE d.organization_id = recorded.organization_id AND d.livemode = recorded.livemode AND d.name = recorded.agent_type),
  (SELECT (spot_check_rates->>recorded.agent_type)::numeric FROM organizations WHERE id = recorded.organization_id),
  0)`;

/**
 * The CTEs of the counted spot-check sampler (docs/api-conventions.md, "Spot checks"), for the
 * run in `recorded` that completed on its own; `spot_item` answers the new item's id. Only an
 * agent version with a rate above 0 touches its counter. The n-th completed run is sampled
 * when floor(n × rate) passes floor((n − 1) × rate), so a steady rate r samples exactly
 * floor(n × r) of n, decided from the counter's new value alone (the upsert serialises
 * concurrent runs on the counter's row). The spot check is a triage item of kind spot_check;
 * the run, its batch row, credits and webhooks are left as they are. A running canary's
 * candidate run is sampled at the rollout's spot_check_rate on the rollout's own counter
 * (rollouts.completed_runs / sampled_runs), apart from the version's (docs/api-conventions.md,
 * "Rollouts"); once the rollout ended, its runs in flight count on the version's.
 */
export const SPOT_CHECK_OPENED_CTES = Prisma.sql`
    spot_rollout AS (
      SELECT ro.id, ro.spot_check_rate::numeric AS rate FROM recorded
      JOIN rollouts ro ON ro.id = recorded.rollout_id AND ro.status = 'running'
      WHERE recorded.rollout_arm = 'candidate'),
    spot_rate AS (
      SELECT recorded.*, COALESCE((SELECT rate FROM spot_rollout), ${spotCheckRateSql}) AS rate FROM recorded),
    spot_counted_version AS (
      INSERT INTO spot_check_counters AS c (organization_id, livemode, agent_type, agent_version, completed_runs, sampled_runs)
      SELECT organization_id, livemode, agent_type, agent_version, 1, floor(rate)::int FROM spot_rate
      WHERE rate > 0 AND NOT EXISTS (SELECT 1 FROM spot_rollout)
      ON CONFLICT (organization_id, livemode, agent_type, agent_version) DO UPDATE SET
        completed_runs = c.completed_runs + 1,
        sampled_runs = c.sampled_runs
          + (floor((c.completed_runs + 1) * (SELECT rate FROM spot_rate)) > floor(c.completed_runs * (SELECT rate FROM spot_rate)))::int
      RETURNING completed_runs),
    spot_counted_rollout AS (
      UPDATE rollouts AS c SET completed_runs = c.completed_runs + 1,
        sampled_runs = c.sampled_runs + (floor((c.completed_runs + 1) * s.rate) > floor(c.completed_runs * s.rate))::int
      FROM spot_rollout s WHERE c.id = s.id AND s.rate > 0
      RETURNING c.completed_runs),
    spot_counted AS (
      SELECT completed_runs FROM spot_counted_version UNION ALL SELECT completed_runs FROM spot_counted_rollout),
    spot_item AS (
      INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, status, triage_reason, proposed_output, agent_version, confidence_score, due_at)
      SELECT gen_random_uuid(), s.organization_id, s.livemode, s.id, s.review_round, 'spot_check', 'pending',
        'Spot check: ' || CASE WHEN mod(1, s.rate) = 0 THEN '1 in ' || (1 / s.rate)::int ELSE trim_scale(s.rate * 100) || '%' END
          || ' of completed runs of ' || s.agent_type || ' v' || s.agent_version,
        s.output, s.agent_version, s.confidence_score, now() + make_interval(mins => ${dueMinutesSql})
      FROM recorded, spot_rate s, spot_counted n
      WHERE floor(n.completed_runs * s.rate) > floor((n.completed_runs - 1) * s.rate)
      RETURNING id)`;

/** A decided item keeps no claim. */
export const CLAIM_CLEARED = { claimedBy: null, claimedByName: null, claimedUntil: null } as const;

/** Who decided: the actor's label (`api_key:<id>`, `member:<id>`) and display name. */
export type TDecider = { label: string; name: string | null };

/** What a decision writes besides its status, time and decider. */
type TDecisionFields = Pick<
  Prisma.TriageItemUpdateManyMutationInput,
  "resolutionNote" | "outputEdited" | "reasonCode" | "feedback" | "dataPatch" | "verdict" | "correctedOutput"
>;

/**
 * pending → approved | rejected | changes_requested | checked: the pending items `where`
 * selects (one item by id with the claim condition, or every open item of a cancelled run)
 * are decided, and their claims end. Answers how many were decided (0: someone else decided
 * or claimed first).
 */
export async function decideTriageItems(
  tx: TTransaction,
  where: Prisma.TriageItemWhereInput,
  decision: { status: "approved" | "rejected" | "changes_requested" | "checked"; at: Date; by: TDecider } & TDecisionFields,
): Promise<number> {
  const { status, at, by, ...fields } = decision;
  const decided = await tx.triageItem.updateManyAndReturn({
    where: { ...where, status: "pending" },
    data: { status, resolvedAt: at, resolvedBy: by.label, resolvedByName: by.name, ...fields, ...CLAIM_CLEARED },
    select: { id: true },
  });
  if (decided.length > 0) await askRolloutGuards(tx, decided.map((item) => item.id));
  return decided.length;
}

/**
 * A decision on a running canary's candidate run may end it (docs/api-conventions.md,
 * "Rollouts"): the guard's check is queued in the deciding transaction, one per decided item,
 * so a decision that commits always has its check. The caller wakes the engine after commit.
 */
async function askRolloutGuards(tx: TTransaction, triageItemIds: string[]): Promise<void> {
  const guarded = await tx.$queryRaw<{ id: string; rollout_id: string }[]>`
    SELECT t.id, r.rollout_id FROM triage_items t
    JOIN runs r ON r.id = t.run_id AND r.rollout_arm = 'candidate'
    JOIN rollouts ro ON ro.id = r.rollout_id AND ro.status = 'running'
    WHERE t.id = ANY(${triageItemIds}::uuid[])`;
  await enqueueWork(tx, guarded.map((row) => guardRolloutWork(row.rollout_id, row.id)));
}

/** Claims (or renews the claim on) the pending item `where` selects until `until`; answers whether it did. */
export async function claimTriageItemStatement(where: Prisma.TriageItemWhereInput, by: TDecider, until: Date): Promise<boolean> {
  const { count } = await db().triageItem.updateMany({
    where: { ...where, status: "pending" },
    data: { claimedBy: by.label, claimedByName: by.name, claimedUntil: until },
  });
  return count > 0;
}

/** Ends the claim on the claimed item `where` selects; answers whether it did. */
export async function releaseTriageItemStatement(where: Prisma.TriageItemWhereInput): Promise<boolean> {
  const { count } = await db().triageItem.updateMany({ where: { ...where, claimedBy: { not: null } }, data: CLAIM_CLEARED });
  return count > 0;
}
