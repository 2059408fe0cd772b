// The statements of the quality report and the corrections export, apart from what
// orchestrates them (quality.service.ts). Both read an agent's runs through the index
// runs(organization_id, livemode, agent_type, agent_version, created_at) and each run's
// round-0 triage item through its unique (run_id, round): no per-run rows reach Node for
// the report (each decided round is read through triage_items(run_id, round)), and the export
// reads a bounded chunk per statement.
import { sqlStatement } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { TQualityDecision } from "./quality.schemas.ts";

export type TTenant = { organizationId: string; livemode: boolean };

/**
 * The decision on a triage item `t` of run `r`, once decided: a review round's approval,
 * edit, request for changes or rejection, or a spot check's verdict. An item the caller's
 * cancellation closed (the run was cancelled while it waited in that round) is no one's
 * judgment.
 */
export const DECISION_SQL = Prisma.sql`
  CASE
    WHEN t.id IS NULL OR t.status = 'pending' THEN NULL
    WHEN t.kind = 'spot_check' THEN CASE t.verdict WHEN 'correct' THEN 'spot_correct' WHEN 'incorrect' THEN 'spot_incorrect' END
    WHEN t.status = 'approved' THEN CASE WHEN t.output_edited THEN 'approved_edited' ELSE 'approved' END
    WHEN t.status = 'changes_requested' THEN 'changes_requested'
    WHEN t.status = 'rejected' AND NOT (r.resolution IS NOT DISTINCT FROM 'cancelled_by_caller' AND r.review_round = t.round) THEN 'rejected'
  END`;

/**
 * Runs of the agent defined in the run's own mode. "Try it" on a live agent runs it in test
 * mode (agent_livemode = true): those runs belong to a different definition that happens to
 * share the name and version number, so they count in neither mode's report.
 */
export const OWN_MODE_AGENT = Prisma.sql`r.agent_livemode IS NULL`;

export type TBandRow = {
  /** 0–9 for the bands 0.0–0.1 … 0.9–1.0, 10 for a confidence of 1.0 or more, null without a score. */
  band: number | null;
  decision: TQualityDecision | null;
  /** Runs banded by their confidence (the last round's); rows with a decision count none. */
  runs: number;
  /** Decided rounds (judgements) banded by the confidence of the round decided on. */
  judgements: number;
  completed_on_own: number;
  sent_to_review: number;
  below_current: number;
};

/**
 * One statement: the period's runs of one agent version grouped by confidence band (the
 * run's, i.e. its last round's), and every decided round of them (each triage item a
 * person decided, review or spot check) grouped by band and decision, banded by the
 * confidence recorded with that round's item: a round sent back at 0.5 is a disagreement
 * at 0.5 however sure the next round was. The band is width_bucket over the edges 0.1 … 1.0
 * (the thresholds as doubles), so a band's lower edge compares exactly as a threshold does
 * (score >= t).
 */
export function qualityBands(
  tenant: TTenant,
  agent: { name: string; version: number },
  period: { from: Date; to: Date },
  currentThreshold: number,
  edges: number[],
): Promise<TBandRow[]> {
  return sqlStatement<TBandRow>(Prisma.sql`
    WITH period_runs AS (
      SELECT r.id, r.status, r.confidence_score, r.resolution, r.review_round
      FROM runs r
      WHERE r.organization_id = ${tenant.organizationId}::uuid AND r.livemode = ${tenant.livemode}
        AND r.agent_type = ${agent.name} AND r.agent_version = ${agent.version}::int
        AND r.created_at >= ${period.from} AND r.created_at < ${period.to}
        AND ${OWN_MODE_AGENT}
    ),
    run_rows AS (
      SELECT
        width_bucket(r.confidence_score, ${edges}::float8[]) AS band,
        NULL::text AS decision,
        true AS is_run,
        r.status = 'completed' AND (t.id IS NULL OR t.kind <> 'review') AS completed_on_own,
        t.kind IS NOT DISTINCT FROM 'review' AS sent_to_review,
        r.confidence_score < ${currentThreshold}::float8 AS below_current
      FROM period_runs r
      LEFT JOIN triage_items t ON t.run_id = r.id AND t.round = 0
    ),
    judgement_rows AS (
      SELECT band, decision, false AS is_run, false AS completed_on_own, false AS sent_to_review, false AS below_current
      FROM (
        SELECT width_bucket(t.confidence_score, ${edges}::float8[]) AS band, ${DECISION_SQL} AS decision
        FROM period_runs r JOIN triage_items t ON t.run_id = r.id
      ) decided
      WHERE decision IS NOT NULL
    )
    SELECT band, decision,
      (count(*) FILTER (WHERE is_run))::int AS runs,
      (count(*) FILTER (WHERE NOT is_run))::int AS judgements,
      (count(*) FILTER (WHERE completed_on_own))::int AS completed_on_own,
      (count(*) FILTER (WHERE sent_to_review))::int AS sent_to_review,
      (count(*) FILTER (WHERE is_run AND (below_current OR sent_to_review)))::int AS below_current
    FROM (SELECT * FROM run_rows UNION ALL SELECT * FROM judgement_rows) rows
    GROUP BY band, decision`);
}

export type TCorrectionRow = {
  run_id: string;
  created_at: Date;
  agent_version: number;
  task: string;
  data: unknown;
  proposed_output: unknown;
  final_output: unknown;
  decision: TQualityDecision;
  feedback: string | null;
  reason_code: string | null;
  judged_at: Date;
};

/**
 * One chunk of judged runs (every version) created in the period, in (created_at, id) order
 * after `after`: keyset pagination over the runs index, so each chunk is one bounded range
 * scan however long the period is.
 */
export function correctionsChunk(
  tenant: TTenant,
  name: string,
  period: { from: Date; to: Date },
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<TCorrectionRow[]> {
  const keyset = after ? Prisma.sql`AND (r.created_at, r.id) > (${after.createdAt}, ${after.id}::uuid)` : Prisma.empty;
  return sqlStatement<TCorrectionRow>(Prisma.sql`
    SELECT * FROM (
      SELECT r.id AS run_id, r.created_at, r.agent_version, r.task, r.data,
        t.proposed_output,
        ${DECISION_SQL} AS decision,
        -- What the output should have been: the approved (maybe edited) output, a spot
        -- check's correction, the run's output after the changes it was asked for; none
        -- for a rejection.
        CASE
          WHEN t.kind = 'spot_check' THEN CASE WHEN t.verdict = 'incorrect' THEN t.corrected_output ELSE r.output END
          WHEN t.status = 'rejected' THEN NULL
          WHEN r.status = 'completed' THEN r.output
        END AS final_output,
        coalesce(t.feedback, t.resolution_note) AS feedback,
        t.reason_code,
        coalesce(t.resolved_at, t.created_at) AS judged_at
      FROM runs r
      JOIN triage_items t ON t.run_id = r.id AND t.round = 0
      WHERE r.organization_id = ${tenant.organizationId}::uuid AND r.livemode = ${tenant.livemode} AND r.agent_type = ${name}
        AND r.created_at >= ${period.from} AND r.created_at < ${period.to} AND ${OWN_MODE_AGENT} ${keyset}
    ) judged
    WHERE decision IS NOT NULL
    ORDER BY created_at, run_id
    LIMIT ${limit}::int`);
}

/** One arm of a canary rollout: its runs, the decisions people made on them, and how many agreed. */
export type TRolloutArmStats = { runs: number; judged: number; agreed: number };

/**
 * Both arms of a rollout (docs/api-conventions.md, "Rollouts"): the runs it sent to the
 * candidate and to the active version, judged as the report judges (every decided round or
 * spot check, DECISION_SQL), agreed = approved unedited or spot check correct. One statement
 * over the runs' rollout index; `query` runs it (a transaction's client, or the pool).
 */
export function rolloutArmStatsSql(rolloutId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT r.rollout_arm AS arm, count(DISTINCT r.id)::int AS runs, count(d.decision)::int AS judged,
      (count(*) FILTER (WHERE d.decision IN ('approved', 'spot_correct')))::int AS agreed
    FROM runs r
    LEFT JOIN LATERAL (SELECT ${DECISION_SQL} AS decision FROM triage_items t WHERE t.run_id = r.id) d ON true
    WHERE r.rollout_id = ${rolloutId}::uuid AND r.rollout_arm IS NOT NULL
    GROUP BY r.rollout_arm`;
}

export type TRolloutArms = { candidate: TRolloutArmStats; baseline: TRolloutArmStats };

/** The rows of rolloutArmStatsSql as both arms (an arm without runs: zeros). */
export function rolloutArms(rows: { arm: string; runs: number; judged: number; agreed: number }[]): TRolloutArms {
  const arm = (name: string): TRolloutArmStats => {
    const row = rows.find((each) => each.arm === name);
    return { runs: row?.runs ?? 0, judged: row?.judged ?? 0, agreed: row?.agreed ?? 0 };
  };
  return { candidate: arm("candidate"), baseline: arm("baseline") };
}

export async function rolloutArmStats(rolloutId: string): Promise<TRolloutArms> {
  return rolloutArms(await sqlStatement<{ arm: string; runs: number; judged: number; agreed: number }>(rolloutArmStatsSql(rolloutId)));
}

/** The agent's running rollout in the tenant's mode, if any: its id, percent and both versions. */
export async function findRunningRolloutOf(
  tenant: TTenant,
  name: string,
): Promise<{ id: string; percent: number; version: number; baseline_version: number } | null> {
  const [row] = await sqlStatement<{ id: string; percent: number; version: number; baseline_version: number }>(Prisma.sql`
    SELECT id, percent, version, baseline_version FROM rollouts
    WHERE organization_id = ${tenant.organizationId}::uuid AND livemode = ${tenant.livemode} AND agent_name = ${name} AND status = 'running'`);
  return row ?? null;
}
