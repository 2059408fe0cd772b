// Keeps a batch row and its job in step with the row's run. Called inside the transaction
// that changes the run, so row, counters and job state commit together with it.
//
// Counters are single atomic increments on the job row, applied only when the row itself
// changed (a conditional update), so each transition counts exactly once. Concurrent rows
// never hold a lock across queries: PostgreSQL serialises the increments on the job row and
// re-reads it for each, so the last row to settle is the one that sees settled = total.
import { Prisma, type Run } from "../../generated/prisma/client.ts";

type TTransaction = Prisma.TransactionClient;

const ROW_STATUS_BY_RUN_STATUS = {
  queued: "pending",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
  pending_triage: "pending_triage",
} as const;

const TERMINAL_ROW_STATUSES = ["completed", "failed", "cancelled"] as const;

export async function settleBatchRowForRun(tx: TTransaction, run: Run): Promise<void> {
  if (!run.batchJobId) return;
  const status = ROW_STATUS_BY_RUN_STATUS[run.status];
  const { count } = await tx.batchRow.updateMany({
    where: { runId: run.id, status: { notIn: [status, ...TERMINAL_ROW_STATUSES] } },
    data: {
      status,
      result: status === "completed" ? ((run.output ?? undefined) as Prisma.InputJsonValue | undefined) : undefined,
      errorMessage: run.errorMessage,
    },
  });
  if (count === 0 || !(TERMINAL_ROW_STATUSES as readonly string[]).includes(status)) return;
  await countSettledRows(tx, run.batchJobId, {
    settled: 1,
    completed: status === "completed" ? 1 : 0,
    failed: status === "failed" ? 1 : 0,
  });
}

type TSettledDelta = { settled: number; completed: number; failed: number };

/** The SET clause that adds settled rows to a job and completes it when every row is terminal. */
export function settledCountersAssignments(delta: TSettledDelta): Prisma.Sql {
  return Prisma.sql`
      settled_rows = settled_rows + ${delta.settled},
      completed_rows = completed_rows + ${delta.completed},
      failed_rows = failed_rows + ${delta.failed},
      status = CASE
        WHEN status IN ('pending', 'running') AND settled_rows + ${delta.settled} >= total_rows THEN 'completed'::"BatchStatus"
        ELSE status END,
      updated_at = now()`;
}

/** Adds settled rows to the job's counters and completes it when every row is terminal. */
export async function countSettledRows(tx: TTransaction, batchJobId: string, delta: TSettledDelta): Promise<void> {
  await tx.$executeRaw`UPDATE batch_jobs SET ${settledCountersAssignments(delta)} WHERE id = ${batchJobId}::uuid`;
}
