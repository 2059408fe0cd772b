// The statements of evaluations, apart from what orchestrates them (evaluations.service.ts,
// evaluation-execution.ts): choosing the cases, the baseline, and the state changes of a case
// and its evaluation. A case's outcome and the evaluation's counters move in ONE statement
// (or one transaction, when a refund is written with them), guarded by the case's status, so a
// replayed job changes nothing twice.
import { db, sqlStatement } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { DECISION_SQL, OWN_MODE_AGENT } from "../quality/quality-statements.ts";
import { refundEvaluationCases } from "../usage/credits.ts";

export type TTenant = { organizationId: string; livemode: boolean };

export type TCaseCandidate = {
  run_id: string;
  agent_version: number;
  task: string;
  data: unknown;
  /** The last human judgement of the run (quality's decision). */
  decision: string;
  /** output: `expected` is the output people settled on; review: a person should review it. */
  expected_kind: "output" | "review";
  expected: Record<string, unknown> | null;
};

/**
 * The agent's judged runs (every version) created in the period, in the tenant's mode,
 * newest first, at most `limit`: "judged" as the quality report decides it (DECISION_SQL).
 * Each run counts by its LAST judgement (the highest round, a spot check being round 0 of a
 * run that completed on its own); a run whose last judgement sent it back for changes and
 * whose next round nobody decided yet has no final judgement and is no case. The expected
 * output: the run's output after an approval (edited or not) or a correct spot check, a spot
 * check's correction; none after a rejection or an uncorrected incorrect verdict.
 */
export function judgedCases(tenant: TTenant, name: string, period: { from: Date; to: Date }, limit: number): Promise<TCaseCandidate[]> {
  return sqlStatement<TCaseCandidate>(Prisma.sql`
    SELECT run_id, agent_version, task, data, decision,
      CASE WHEN expected IS NULL THEN 'review' ELSE 'output' END AS expected_kind, expected
    FROM (
      SELECT r.id AS run_id, r.agent_version, r.task, r.data, r.created_at, last.decision,
        CASE
          WHEN last.decision IN ('approved', 'approved_edited', 'spot_correct') AND jsonb_typeof(r.output) = 'object' THEN r.output
          WHEN last.decision = 'spot_incorrect' AND jsonb_typeof(last.corrected_output) = 'object' THEN last.corrected_output
        END AS expected
      FROM runs r
      CROSS JOIN LATERAL (
        SELECT decided.decision, decided.corrected_output FROM (
          SELECT ${DECISION_SQL} AS decision, t.corrected_output, t.round, t.created_at FROM triage_items t WHERE t.run_id = r.id
        ) decided
        WHERE decided.decision IS NOT NULL
        ORDER BY decided.round DESC, decided.created_at DESC
        LIMIT 1
      ) last
      WHERE r.organization_id = ${tenant.organizationId}::uuid AND r.livemode = ${tenant.livemode} AND r.agent_type = ${name}
        AND r.created_at >= ${period.from} AND r.created_at < ${period.to} AND ${OWN_MODE_AGENT}
        AND last.decision <> 'changes_requested'
    ) judged
    ORDER BY created_at DESC, run_id DESC
    LIMIT ${limit}::int`);
}

export type TBaselineCounts = { runs: number; sent_to_review: number; judgements: number; agreed: number };

/**
 * What people decided on the cases whose runs ran `version` (the baseline): the quality
 * report's numbers restricted to those runs. Every decided round is one judgement, agreed
 * when approved unedited or checked correct; a run was sent to review when its first round
 * waited for a person.
 */
export async function baselineCounts(runIds: string[], version: number): Promise<TBaselineCounts> {
  const [row] = await sqlStatement<TBaselineCounts>(Prisma.sql`
    WITH own AS (SELECT r.id, r.resolution, r.review_round FROM runs r WHERE r.id = ANY(${runIds}::uuid[]) AND r.agent_version = ${version}::int),
    decided AS (SELECT ${DECISION_SQL} AS decision FROM own r JOIN triage_items t ON t.run_id = r.id)
    SELECT
      (SELECT count(*) FROM own)::int AS runs,
      (SELECT count(*) FROM own r JOIN triage_items t ON t.run_id = r.id AND t.round = 0 AND t.kind = 'review')::int AS sent_to_review,
      (SELECT count(*) FROM decided WHERE decision IS NOT NULL)::int AS judgements,
      (SELECT count(*) FROM decided WHERE decision IN ('approved', 'spot_correct'))::int AS agreed`);
  return row ?? { runs: 0, sent_to_review: 0, judgements: 0, agreed: 0 };
}

export type TStartedCase = {
  evaluation_id: string;
  position: number;
  task: string;
  data: unknown;
  expected_kind: "output" | "review";
  expected: Record<string, unknown> | null;
  organization_id: string;
  livemode: boolean;
  agent_name: string;
  version: number;
  triage_threshold: number;
  /** The evaluated version, read with the case (one statement per case, no other read). */
  instructions: string;
  output_schema: unknown;
  tools: string[];
  review: unknown;
  model: string | null;
};

/**
 * A case starts (pending → running; a replay finds it running and carries on), and its
 * evaluation with it (queued → running). Null when the case is not to run: cancelled with
 * its evaluation, or already settled by an earlier try.
 */
export async function startCase(evaluationId: string, position: number): Promise<TStartedCase | null> {
  const [row] = await sqlStatement<TStartedCase>(Prisma.sql`
    WITH started AS (
      UPDATE evaluation_cases c SET status = 'running'
      WHERE c.evaluation_id = ${evaluationId}::uuid AND c.position = ${position}::int AND c.status IN ('pending', 'running')
      RETURNING c.evaluation_id, c.position, c.task, c.data, c.expected_kind, c.expected
    ),
    evaluation AS (
      UPDATE evaluations SET status = 'running' WHERE id = ${evaluationId}::uuid AND status = 'queued' AND EXISTS (SELECT 1 FROM started)
      RETURNING id
    )
    SELECT started.*, e.organization_id, e.livemode, e.agent_name, e.version, o.triage_threshold,
      v.instructions, v.output_schema, v.tools, v.review, v.model
    FROM started JOIN evaluations e ON e.id = started.evaluation_id JOIN organizations o ON o.id = e.organization_id
    JOIN agent_versions v ON v.agent_definition_id = e.agent_definition_id AND v.version = e.version`);
  return row ?? null;
}

export type TCaseResult = {
  outcome: "agreed" | "disagreed" | "sent_to_review";
  output: Record<string, unknown> | null;
  confidence: number | null;
  differences: string[];
  error: string | null;
};

/** The evaluation's status once one more case settled: completed (or failed: no case completed) after its last. */
const settledStatusSql = (completedAfter: Prisma.Sql, failedAfter: Prisma.Sql) => Prisma.sql`
  status = CASE WHEN status IN ('queued', 'running') AND ${completedAfter} + ${failedAfter} >= cases
                THEN CASE WHEN ${completedAfter} = 0 THEN 'failed' ELSE 'completed' END ELSE status END,
  completed_at = CASE WHEN status IN ('queued', 'running') AND ${completedAfter} + ${failedAfter} >= cases THEN now() ELSE completed_at END`;

/**
 * Records a case the version finished, and its evaluation's counters, in ONE statement: only
 * a case still pending or running changes (a replay changes nothing). A case of an
 * evaluation cancelled meanwhile is still recorded (it ran; the evaluation stays cancelled).
 */
export async function recordCaseDone(evaluationId: string, position: number, result: TCaseResult): Promise<boolean> {
  const one = (outcome: TCaseResult["outcome"]) => (result.outcome === outcome ? 1 : 0);
  const rows = await sqlStatement<{ id: string }>(Prisma.sql`
    WITH finished AS (
      UPDATE evaluation_cases SET status = 'done', outcome = ${result.outcome}, output = ${result.output === null ? null : JSON.stringify(result.output)}::jsonb,
        confidence = ${result.confidence}::float8, differences = ${result.differences}::text[], error_message = ${result.error}, finished_at = now()
      WHERE evaluation_id = ${evaluationId}::uuid AND position = ${position}::int AND status IN ('pending', 'running')
      RETURNING evaluation_id
    )
    UPDATE evaluations SET completed_cases = completed_cases + 1,
      agreed = agreed + ${one("agreed")}::int, disagreed = disagreed + ${one("disagreed")}::int, sent_to_review = sent_to_review + ${one("sent_to_review")}::int,
      ${settledStatusSql(Prisma.sql`(completed_cases + 1)`, Prisma.sql`failed_cases`)}
    WHERE id = ${evaluationId}::uuid AND EXISTS (SELECT 1 FROM finished)
    RETURNING id`);
  return rows.length > 0;
}

/**
 * Records a case the service failed (the model kept failing, no model to ask): failed, in no
 * outcome, and refunded in live mode, with the evaluation's counters, in one transaction.
 */
export async function recordCaseFailed(evaluationId: string, position: number, message: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const failed = await tx.$executeRaw`
      UPDATE evaluation_cases SET status = 'failed', error_message = ${message}, finished_at = now()
      WHERE evaluation_id = ${evaluationId}::uuid AND position = ${position}::int AND status IN ('pending', 'running')`;
    if (failed === 0) return false;
    const evaluation = await tx.evaluation.findUnique({ where: { id: evaluationId } });
    if (!evaluation) return false;
    const refunded = evaluation.credits > 0 ? await refundEvaluationCases(tx, refundTarget(evaluation), 1) : 0;
    await tx.$executeRaw(Prisma.sql`
      UPDATE evaluations SET failed_cases = failed_cases + 1, refunded_credits = refunded_credits + ${refunded}::int,
        ${settledStatusSql(Prisma.sql`completed_cases`, Prisma.sql`(failed_cases + 1)`)}
      WHERE id = ${evaluationId}::uuid`);
    return true;
  });
}

type TEvaluationRow = { id: string; organizationId: string; livemode: boolean; agentName: string; memberId: string | null };
const refundTarget = (evaluation: TEvaluationRow) => ({
  id: evaluation.id,
  organizationId: evaluation.organizationId,
  livemode: evaluation.livemode,
  agentName: evaluation.agentName,
  memberId: evaluation.memberId,
});

/**
 * Cancels an evaluation that has not ended, in one transaction: its cases not started are
 * cancelled and refunded (live mode); cases already running finish and are recorded. False
 * when it had already ended (or is not the tenant's).
 */
export async function cancelEvaluationStatement(tenant: TTenant, evaluationId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const ended = await tx.evaluation.updateMany({
      where: { id: evaluationId, ...tenant, status: { in: ["queued", "running"] } },
      data: { status: "cancelled", completedAt: new Date() },
    });
    if (ended.count === 0) return false;
    const cancelled = await tx.evaluationCase.updateMany({ where: { evaluationId, status: "pending" }, data: { status: "cancelled", finishedAt: new Date() } });
    const evaluation = await tx.evaluation.findUniqueOrThrow({ where: { id: evaluationId } });
    if (evaluation.credits > 0 && cancelled.count > 0) {
      const refunded = await refundEvaluationCases(tx, refundTarget(evaluation), cancelled.count);
      await tx.evaluation.update({ where: { id: evaluationId }, data: { refundedCredits: { increment: refunded } } });
    }
    return true;
  });
}

export type TBandCount = { evaluation_id: string; band: number; outcome: string; cases: number };

/**
 * Each evaluation's finished cases by the band of the version's own confidence (width_bucket
 * over the edges 0.1 … 1.0, as the quality report bands: 10 is a confidence of 1.0) and outcome.
 */
export function bandCounts(evaluationIds: string[], edges: number[]): Promise<TBandCount[]> {
  if (evaluationIds.length === 0) return Promise.resolve([]);
  return sqlStatement<TBandCount>(Prisma.sql`
    SELECT evaluation_id, width_bucket(confidence, ${edges}::float8[]) AS band, outcome, count(*)::int AS cases
    FROM evaluation_cases
    WHERE evaluation_id = ANY(${evaluationIds}::uuid[]) AND status = 'done' AND confidence IS NOT NULL
    GROUP BY 1, 2, 3`);
}
