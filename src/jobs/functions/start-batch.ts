// Starts a batch: marks it running and fans out one run request per row. The rows' runs
// were created with the batch (so nothing accepted can be lost); execute-run's
// concurrency key (the batch id) keeps at most 10 of them in flight.
import { markBatchRunning } from "../../domains/batches/batch-execution.ts";
import { inngest } from "../client.ts";
import { batchCreated, runRequestedEvent } from "../events.ts";

export const startBatch = inngest.createFunction(
  { id: "start-batch", triggers: [batchCreated], retries: 3, idempotency: "event.data.batchJobId" },
  async ({ event, step }) => {
    const { batchJobId } = event.data;
    const runIds = await step.run("mark-running", () => markBatchRunning(batchJobId));
    if (runIds.length > 0) {
      await step.sendEvent(
        "fan-out-rows",
        runIds.map((runId) => runRequestedEvent({ runId, priority: "normal", batchJobId })),
      );
    }
    return { batchJobId, rows: runIds.length };
  },
);
