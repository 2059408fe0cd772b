// The statements of the quality report and the corrections export, apart from what
// orchestrates them (quality.service.ts). Both read an agent's runs through the index
// runs(organization_id, livemode, agent_type, agent_version, created_at) and each run's
// round-0 triage item through its unique (run_id, round): no per-run rows reach Node for
// the report, and the export reads a bounded chunk per statement.
import { sqlStatement } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { TQualityDecision } from "./quality.schemas.ts";

export type TTenant = { organizationId: string; livemode: boolean };

/**
 * The decision that judges a run: its round-0 item once decided (the first person to see the
 * agent's first proposal). A round-0 item the caller's cancellation closed (the run was
 * cancelled while it waited in round 0) is no one's judgment.
 */
const DECISION_SQL = Prisma.sql`
  CASE
    WHEN t.id IS NULL OR t.status = 'pending' THEN NULL
    WHEN t.kind = 'spot_check' THEN CASE t.verdict WHEN 'correct' THEN 'spot_correct' WHEN 'incorrect' THEN 'spot_incorrect' END
    WHEN t.status = 'approved' THEN CASE WHEN t.output_edited THEN 'approved_edited' ELSE 'approved' END
    WHEN t.status = 'changes_requested' THEN 'changes_requested'
    WHEN t.status = 'rejected' AND NOT (r.resolution IS NOT DISTINCT FROM 'cancelled_by_caller' AND r.review_round = 0) THEN 'rejected'
  END`;

export type TBandRow = {
  /** 0–9 for the bands 0.0–0.1 … 0.9–1.0, 10 for a confidence of 1.0 or more, null without a score. */
  band: number | null;
  decision: TQualityDecision | null;
  runs: number;
  completed_on_own: number;
  sent_to_review: number;
  below_current: number;
};

/**
 * One statement: the period's runs of one agent version grouped by confidence band and
 * first decision. The band is width_bucket over the edges 0.1 … 1.0 (the thresholds as
 * doubles), so a band's lower edge compares exactly as a threshold does (score >= t).
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
      SELECT
        width_bucket(r.confidence_score, ${edges}::float8[]) AS band,
        ${DECISION_SQL} AS decision,
        r.status = 'completed' AND (t.id IS NULL OR t.kind <> 'review') AS completed_on_own,
        t.kind IS NOT DISTINCT FROM 'review' AS sent_to_review,
        r.confidence_score < ${currentThreshold}::float8 AS below_current
      FROM runs r
      LEFT JOIN triage_items t ON t.run_id = r.id AND t.round = 0
      WHERE r.organization_id = ${tenant.organizationId}::uuid AND r.livemode = ${tenant.livemode}
        AND r.agent_type = ${agent.name} AND r.agent_version = ${agent.version}::int
        AND r.created_at >= ${period.from} AND r.created_at < ${period.to}
    )
    SELECT band, decision,
      count(*)::int AS runs,
      (count(*) FILTER (WHERE completed_on_own))::int AS completed_on_own,
      (count(*) FILTER (WHERE sent_to_review))::int AS sent_to_review,
      (count(*) FILTER (WHERE below_current OR sent_to_review))::int AS below_current
    FROM period_runs
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
        t.resolved_at AS judged_at
      FROM runs r
      JOIN triage_items t ON t.run_id = r.id AND t.round = 0
      WHERE r.organization_id = ${tenant.organizationId}::uuid AND r.livemode = ${tenant.livemode} AND r.agent_type = ${name}
        AND r.created_at >= ${period.from} AND r.created_at < ${period.to} ${keyset}
    ) judged
    WHERE decision IS NOT NULL
    ORDER BY created_at, run_id
    LIMIT ${limit}::int`);
}
