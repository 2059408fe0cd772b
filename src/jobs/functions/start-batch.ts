// Starts a batch: marks it running and fans out one run request per row, in the function
// body (no steps: both parts are safe to repeat — a batch already running hands back its
// rows still waiting, and each run request's event id is the run's, so a repeat starts
// nothing twice — and steps would cost two more serve() calls and saves before the first
// row could start). The rows' runs were created with the batch (so nothing accepted can be
// lost); execute-run's concurrency key (the batch id) keeps at most 10 of them in flight.
import { markBatchRunning } from "../../domains/batches/batch-execution.ts";
import { inngest } from "../client.ts";
import { batchCreated, runRequestedEvent } from "../events.ts";

export const startBatch = inngest.createFunction(
  { id: "start-batch", triggers: [batchCreated], retries: 3, idempotency: "event.data.batchJobId" },
  async ({ event }) => {
    const { batchJobId } = event.data;
    const runIds = await markBatchRunning(batchJobId);
    if (runIds.length > 0) {
      await inngest.send(runIds.map((runId) => runRequestedEvent({ runId, priority: "normal", batchJobId })));
    }
    return { batchJobId, rows: runIds.length };
  },
);
