// Batch state changes made by the start-batch function.
import { db } from "../../foundation/db/client.ts";

/** pending → running; returns the runs still waiting to start (none once cancelled). */
export async function markBatchRunning(batchJobId: string): Promise<string[]> {
  return db().$transaction(async (tx) => {
    await tx.batchJob.updateMany({ where: { id: batchJobId, status: "pending" }, data: { status: "running" } });
    const job = await tx.batchJob.findUnique({ where: { id: batchJobId }, select: { status: true } });
    if (job?.status !== "running") return [];
    const rows = await tx.batchRow.findMany({
      where: { batchJobId, status: "pending", runId: { not: null } },
      orderBy: { rowIndex: "asc" },
      select: { runId: true },
    });
    return rows.map((row) => row.runId!);
  });
}
