// Keeps a batch row and its job in step with the row's run. Called inside the transaction
// that changes the run, so row, counters and job state commit together with it.
import type { Prisma, Run } from "../generated/prisma/client.ts";

type TTransaction = Prisma.TransactionClient;

const ROW_STATUS_BY_RUN_STATUS = {
  queued: "pending",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
  pending_triage: "pending_triage",
} as const;

const UNSETTLED_ROW_STATUSES = ["pending", "running", "pending_triage"] as const;

export async function settleBatchRowForRun(tx: TTransaction, run: Run): Promise<void> {
  if (!run.batchJobId) return;
  const status = ROW_STATUS_BY_RUN_STATUS[run.status];
  await tx.batchRow.updateMany({
    where: { runId: run.id },
    data: {
      status,
      result: status === "completed" ? ((run.output ?? undefined) as Prisma.InputJsonValue | undefined) : undefined,
      errorMessage: run.errorMessage,
    },
  });
  await refreshBatchJob(tx, run.batchJobId);
}

/** Recomputes the job's counters from its rows (derived, so never drifts) and finishes it. */
export async function refreshBatchJob(tx: TTransaction, batchJobId: string): Promise<void> {
  // Rows settle concurrently: serialise on the job row so the last transaction to commit
  // counts every row (under READ COMMITTED each count runs after the previous holder committed).
  await tx.$queryRaw`SELECT id FROM batch_jobs WHERE id = ${batchJobId}::uuid FOR UPDATE`;
  const counts = await tx.batchRow.groupBy({ by: ["status"], where: { batchJobId }, _count: { _all: true } });
  const countOf = (status: string) => counts.find((entry) => entry.status === status)?._count._all ?? 0;
  const unsettled = UNSETTLED_ROW_STATUSES.reduce((sum, status) => sum + countOf(status), 0);
  await tx.batchJob.update({
    where: { id: batchJobId },
    data: { completedRows: countOf("completed"), failedRows: countOf("failed") },
  });
  if (unsettled === 0) {
    await tx.batchJob.updateMany({ where: { id: batchJobId, status: { in: ["pending", "running"] } }, data: { status: "completed" } });
  }
}
