// A batch job's own state changes, apart from what orchestrates them (batch-execution.ts,
// batches.service.ts): pending → running when start-batch picks it up, and → cancelled with
// the rows that have not started. A row's move and the job's counters are written with the
// row's run (src/domains/runs/batch-row-statements.ts), whatever changes the run.
import { Prisma } from "../../generated/prisma/client.ts";
import { moveBatchRows } from "../runs/batch-row-statements.ts";
import { cancelRuns } from "../runs/run-statements.ts";

type TTransaction = Prisma.TransactionClient;

/** pending → running; answers whether the job is running now (false once cancelled). */
export async function markJobRunning(tx: TTransaction, batchJobId: string): Promise<boolean> {
  await tx.batchJob.updateMany({ where: { id: batchJobId, status: "pending" }, data: { status: "running" } });
  const job = await tx.batchJob.findUnique({ where: { id: batchJobId }, select: { status: true } });
  return job?.status === "running";
}

/** The runs of the job's rows still waiting to start, in row order. */
export async function runsNotStarted(tx: TTransaction, batchJobId: string): Promise<string[]> {
  const rows = await tx.batchRow.findMany({
    where: { batchJobId, status: "pending", runId: { not: null } },
    orderBy: { rowIndex: "asc" },
    select: { runId: true },
  });
  return rows.map((row) => row.runId!);
}

/** pending | running → cancelled; answers whether the job moved. */
export async function markJobCancelled(tx: TTransaction, batchJobId: string): Promise<boolean> {
  const { count } = await tx.batchJob.updateMany({
    where: { id: batchJobId, status: { in: ["pending", "running"] } },
    data: { status: "cancelled" },
  });
  return count > 0;
}

/**
 * The job's rows that have not started never start: their queued runs are cancelled and
 * the rows settle as cancelled (counted on the job). Rows already running finish on their own.
 */
export async function cancelRowsNotStarted(tx: TTransaction, batchJobId: string, at: Date): Promise<void> {
  await cancelRuns(tx, { batchJobId, status: "queued" }, at, null);
  await moveBatchRows(tx, Prisma.sql`batch_job_id = ${batchJobId}::uuid AND status = 'pending'`, { status: "cancelled", result: null, errorMessage: null });
}
