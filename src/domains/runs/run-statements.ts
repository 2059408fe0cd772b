// A run's state changes, each written once, apart from what orchestrates them (run-start.ts,
// run-outcome.ts, model-rounds.ts, runs.service.ts, and the triage, reviews and batches
// services): queued → running, running → completed | failed | pending_triage (with its
// triage item, batch row and counters), pending_triage → completed on approval, → cancelled,
// and pending_triage → queued for another review round. Each is one conditional update, so
// two callers never both win a transition and a step repeated after a crash changes nothing.
import { Prisma } from "../../generated/prisma/client.ts";
import { batchRowsMovedCtes } from "./batch-row-statements.ts";
import type { TRunResolution } from "./runs.schemas.ts";
import { LATEST_REVIEW_ITEM_JOIN, reviewItemOpenedCte, SPOT_CHECK_OPENED_CTES } from "./triage-item-statements.ts";
import { rfqNumberedCtes } from "./rfq-numbers.ts";

type TTransaction = Prisma.TransactionClient;

/** The columns a started run is carried out with. */
export type TStartedRow = {
  id: string;
  agent_type: string;
  task: string;
  data: Record<string, unknown> | null;
  organization_id: string;
  batch_job_id: string | null;
  status: string;
  livemode: boolean;
  agent_version: number;
  review_round: number;
  agent_livemode: boolean | null;
};

/**
 * queued → running, with the batch row, in one statement (the hot path of every run);
 * answers the run as it is when it was not waiting (already running, or settled).
 */
export function runStartedStatement(runId: string): Prisma.Sql {
  return Prisma.sql`
    WITH started AS (
      UPDATE runs SET status = 'running', started_at = COALESCE(started_at, now()), updated_at = now()
      WHERE id = ${runId}::uuid AND status = 'queued'
      RETURNING id, agent_type, task, data, organization_id, batch_job_id, status::text, livemode, agent_version, review_round, agent_livemode),
    ${batchRowsMovedCtes(Prisma.sql`run_id IN (SELECT id FROM started)`, { status: "running", result: null, errorMessage: null })}
    SELECT * FROM started
    UNION ALL
    SELECT id, agent_type, task, data, organization_id, batch_job_id, status::text, livemode, agent_version, review_round, agent_livemode FROM runs
    WHERE id = ${runId}::uuid AND NOT EXISTS (SELECT 1 FROM started)`;
}

/** Usage and transcript, written while the run is running (a replay writes the same again). */
export function modelRecordSavedStatement(runId: string, usage: unknown, transcript: unknown): Prisma.Sql {
  return Prisma.sql`
    UPDATE runs SET model_usage = ${JSON.stringify(usage)}::jsonb, model_transcript = ${JSON.stringify(transcript)}::jsonb
    WHERE id = ${runId}::uuid AND status = 'running'`;
}

/** What an outcome writes on a running run. */
export type TRecordTarget = {
  status: "completed" | "failed" | "pending_triage";
  confidenceScore: number | null;
  output: unknown;
  errorMessage: string | null;
  triageReason: string | null;
  /** An RFQ document's drafted number: the statement gives it the organization's next one. */
  rfqDrafted?: string;
};

/** Read with the run: who would receive each of its events (and the round it is in). */
export type TDestinations = { subscribed_events: string[]; has_own_destination: boolean; review_round: number };

const destinationsSql = Prisma.sql`
  ARRAY(SELECT DISTINCT e FROM webhooks w, unnest(w.events) e
        WHERE w.organization_id = r.organization_id AND w.livemode = r.livemode AND w.is_active) AS subscribed_events,
  (r.webhook_url IS NOT NULL OR EXISTS (
     SELECT 1 FROM batch_jobs b WHERE b.id = r.batch_job_id AND b.webhook_url IS NOT NULL)) AS has_own_destination,
  r.review_round`;

/** A run as its outcome is recorded or reported: status, mode, latest review item and destinations. */
export type TCurrentRun = { status: string; livemode: boolean; organization_id: string; batch_job_id: string | null; triage_item_id: string | null } & TDestinations;

/** The columns of TCurrentRun, from runs `r` (and `extra`, e.g. the organization's threshold). */
const currentRunSql = (extra: Prisma.Sql) => Prisma.sql`
  SELECT r.status::text AS status, r.livemode, r.organization_id, r.batch_job_id, t.id AS triage_item_id, ${destinationsSql}${extra}
  FROM runs r JOIN organizations o ON o.id = r.organization_id ${LATEST_REVIEW_ITEM_JOIN}
  WHERE r.id =`;

/**
 * The CTEs that record `target` on a running run (`guard` must hold too): the run
 * (`recorded`), its review item (`item`), its batch row and job counters, and, for a run that
 * completed on its own, the spot-check sampler (`spot_item`).
 */
function recordedCtes(runId: string, target: TRecordTarget, guard: Prisma.Sql): Prisma.Sql {
  const terminal = target.status !== "pending_triage";
  const output = target.output === null ? null : JSON.stringify(target.output);
  // An RFQ document is numbered in this statement (rfq-numbers.ts): its output is the CTE's.
  const numbering = target.rfqDrafted !== undefined && output !== null;
  const outputSql = numbering ? Prisma.sql`(SELECT value FROM numbered)` : Prisma.sql`${output}::jsonb`;
  const runOutput = target.status === "completed" ? outputSql : Prisma.sql`NULL::jsonb`; // a person decides on pending output
  return Prisma.sql`${numbering ? Prisma.sql`${rfqNumberedCtes(runId, output, target.rfqDrafted!, guard)},` : Prisma.empty}
    recorded AS (
      UPDATE runs SET status = ${target.status}::"RunStatus", confidence_score = ${target.confidenceScore},
        requires_triage = ${target.status === "pending_triage"}, output = ${runOutput},
        error_message = ${target.errorMessage}, completed_at = ${terminal ? new Date() : null}, updated_at = now()
      WHERE id = ${runId}::uuid AND status = 'running' AND ${guard}
      RETURNING id, organization_id, livemode, agent_type, agent_version, review_round, output, confidence_score, rollout_id, rollout_arm),
    ${reviewItemOpenedCte(target.triageReason, outputSql)},
    ${batchRowsMovedCtes(Prisma.sql`run_id IN (SELECT id FROM recorded)`, { status: target.status, result: runOutput, errorMessage: target.errorMessage })}${
      target.status === "completed" ? Prisma.sql`,${SPOT_CHECK_OPENED_CTES}` : Prisma.empty
    }`;
}

/** The new spot check's id in the statement's answer (only a completed run has the CTE). */
const spotCheckIdSql = (target: TRecordTarget) => (target.status === "completed" ? Prisma.sql`(SELECT id FROM spot_item)` : Prisma.sql`NULL::uuid`);

export type TOneStatementRecord = TCurrentRun & { fits: boolean; recorded: boolean; new_triage_item_id: string | null; spot_check_id: string | null };

/**
 * running → `target`, in one statement, provided the score `score` (null: none to check)
 * meets the organization's threshold; answers the run as it was (`current`), whether it was
 * recorded and the new items' ids.
 */
export function recordedInOneStatement(runId: string, target: TRecordTarget, score: number | null): Prisma.Sql {
  return Prisma.sql`
    WITH current AS (
      ${currentRunSql(Prisma.sql`, (${score}::float8 IS NULL OR ${score}::float8 >= o.triage_threshold) AS fits`)} ${runId}::uuid),
    ${recordedCtes(runId, target, Prisma.sql`(SELECT fits FROM current)`)}
    SELECT c.*, EXISTS (SELECT 1 FROM recorded) AS recorded, (SELECT id FROM item) AS new_triage_item_id,
      ${spotCheckIdSql(target)} AS spot_check_id FROM current c`;
}

/** The run under its lock, with the organization's threshold, in the recording transaction. */
export async function lockRunForOutcome(tx: TTransaction, runId: string): Promise<(TCurrentRun & { threshold: number }) | undefined> {
  const [current] = await tx.$queryRaw<(TCurrentRun & { threshold: number })[]>`
    ${currentRunSql(Prisma.sql`, o.triage_threshold AS threshold`)} ${runId}::uuid FOR UPDATE OF r`;
  return current;
}

/** running → `target` on a run the transaction holds locked; answers the new items' ids. */
export async function recordOnLockedRun(
  tx: TTransaction,
  runId: string,
  target: TRecordTarget,
): Promise<{ triage_item_id: string | null; spot_check_id: string | null } | undefined> {
  const [written] = await tx.$queryRaw<{ triage_item_id: string | null; spot_check_id: string | null }[]>`
    WITH ${recordedCtes(runId, target, Prisma.sql`true`)}
    SELECT (SELECT id FROM item) AS triage_item_id, ${spotCheckIdSql(target)} AS spot_check_id`;
  return written;
}

/** A run as it is now (to report its recorded outcome again). */
export function currentRunStatement(runId: string): Prisma.Sql {
  return Prisma.sql`${currentRunSql(Prisma.empty)} ${runId}::uuid`;
}

/**
 * → cancelled: the runs `where` selects (its status condition says from which states),
 * ended at `at`, with the resolution saying why (none for a batch's rows that never started).
 * Answers how many moved.
 */
export async function cancelRuns(tx: TTransaction, where: Prisma.RunWhereInput, at: Date, resolution: TRunResolution | null): Promise<number> {
  const { count } = await tx.run.updateMany({
    where,
    data: { status: "cancelled", completedAt: at, ...(resolution === null ? {} : { resolution }) },
  });
  return count;
}

/** pending_triage → completed: a person approved `output` (edited or not). Answers whether the run moved. */
export async function completeRunOnApproval(
  tx: TTransaction,
  runId: string,
  output: Prisma.InputJsonValue,
  at: Date,
  resolution: Extract<TRunResolution, "approved" | "approved_edited">,
): Promise<boolean> {
  const { count } = await tx.run.updateMany({
    where: { id: runId, status: "pending_triage" },
    data: { status: "completed", output, completedAt: at, resolution },
  });
  return count > 0;
}

/**
 * pending_triage → queued for the round after `round` (a reviewer requested changes), with
 * the patched data if any. Queued, not running: the round's job, written in the same
 * transaction, starts it. Answers whether it moved.
 */
export async function requeueRunForNextRound(tx: TTransaction, runId: string, round: number, data: Prisma.InputJsonValue | undefined): Promise<boolean> {
  const { count } = await tx.run.updateMany({
    where: { id: runId, status: "pending_triage", reviewRound: round },
    data: { status: "queued", reviewRound: round + 1, resolution: "changes_requested", requiresTriage: false, ...(data ? { data } : {}) },
  });
  return count > 0;
}
