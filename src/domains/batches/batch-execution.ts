// Batch state changes made by the start-batch function (the statements: batch-statements.ts).
import { db } from "../../foundation/db/client.ts";
import { markJobRunning, runsNotStarted } from "./batch-statements.ts";

/** pending → running; returns the runs still waiting to start (none once cancelled). */
export async function markBatchRunning(batchJobId: string): Promise<string[]> {
  return db().$transaction(async (tx) => ((await markJobRunning(tx, batchJobId)) ? runsNotStarted(tx, batchJobId) : []));
}
