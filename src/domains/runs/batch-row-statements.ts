// A batch row's state changes, kept in step with its run: the one statement that moves rows
// and counts the settled ones on their job. It lives with the run's statements (runs are
// below batches, and every run transition moves its row), and runs inside the statement or
// transaction that changes the run, so row, counters and job state commit together with it.
//
// Counters are atomic increments on the job row, applied only for rows the statement itself
// moved (a conditional update), so each transition counts exactly once. Concurrent rows never
// hold a lock across statements: PostgreSQL serialises the increments on the job row and
// re-reads it for each, so the last row to settle is the one that sees settled = total.
import { Prisma, type Run } from "../../generated/prisma/client.ts";

type TTransaction = Prisma.TransactionClient;
type TRowStatus = "pending" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";

const ROW_STATUS_BY_RUN_STATUS = {
  queued: "pending",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
  pending_triage: "pending_triage",
} as const satisfies Record<Run["status"], TRowStatus>;

const isTerminal = (status: TRowStatus) => status === "completed" || status === "failed" || status === "cancelled";

/** Where a row goes: its status, its result (JSON text; only a completed row has one) and error. */
/** `result`: the row's result as JSON text, or an SQL expression of the statement it is part of. */
export type TRowMove = { status: TRowStatus; result: string | null | Prisma.Sql; errorMessage: string | null };

/**
 * The CTEs `row_settled` (the batch rows `rowWhere` selects move to `row.status`; a terminal
 * row, or one already there, stays) and, when that status is terminal, `job` (each of their
 * jobs counts the rows it settled and completes once every row is terminal). To be placed
 * after `WITH` and beside the CTEs that change the rows' runs.
 */
export function batchRowsMovedCtes(rowWhere: Prisma.Sql, row: TRowMove): Prisma.Sql {
  const moved = Prisma.sql`
    row_settled AS (
      UPDATE batch_rows SET status = ${row.status}::"BatchRowStatus", result = ${row.result instanceof Prisma.Sql ? row.result : Prisma.sql`${row.result}::jsonb`},
        error_message = ${row.errorMessage}, updated_at = now()
      WHERE ${rowWhere} AND status NOT IN (${row.status}::"BatchRowStatus", 'completed', 'failed', 'cancelled')
      RETURNING batch_job_id)`;
  if (!isTerminal(row.status)) return moved;
  const settled = Prisma.sql`(SELECT count(*)::int FROM row_settled s WHERE s.batch_job_id = batch_jobs.id)`;
  const counted = (counts: boolean) => (counts ? settled : Prisma.sql`0`);
  return Prisma.sql`${moved},
    job AS (
      UPDATE batch_jobs SET
        settled_rows = settled_rows + ${settled},
        completed_rows = completed_rows + ${counted(row.status === "completed")},
        failed_rows = failed_rows + ${counted(row.status === "failed")},
        status = CASE
          WHEN status IN ('pending', 'running') AND settled_rows + ${settled} >= total_rows THEN 'completed'::"BatchStatus"
          ELSE status END,
        updated_at = now()
      WHERE id IN (SELECT batch_job_id FROM row_settled))`;
}

/** Moves the batch rows `rowWhere` selects (one statement in the caller's transaction). */
export async function moveBatchRows(tx: TTransaction, rowWhere: Prisma.Sql, row: TRowMove): Promise<void> {
  await tx.$executeRaw`WITH ${batchRowsMovedCtes(rowWhere, row)} SELECT 1`;
}

/** The run's batch row (if it has one) follows the run's current status, in the run's transaction. */
export async function settleBatchRowForRun(tx: TTransaction, run: Run): Promise<void> {
  if (!run.batchJobId) return;
  const status = ROW_STATUS_BY_RUN_STATUS[run.status];
  await moveBatchRows(tx, Prisma.sql`run_id = ${run.id}::uuid`, {
    status,
    result: status === "completed" && run.output !== null ? JSON.stringify(run.output) : null,
    errorMessage: run.errorMessage,
  });
}
