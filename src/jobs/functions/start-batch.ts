// Starts a batch: marks it running and queues one run job per row still waiting. Both are
// safe to repeat (a batch already running hands back its rows still waiting, and each run's
// job key is its run's). The rows' runs were created with the batch, so nothing accepted
// can be lost; execute-run's concurrency key (the batch id) keeps at most 10 in flight.
import { markBatchRunning } from "../../domains/batches/batch-execution.ts";
import { ZStartBatchPayload } from "../../domains/batches/batch-work.ts";
import { executeRunWork } from "../../domains/runs/run-work.ts";
import { defineJob } from "../job.ts";

export const startBatch = defineJob({
  name: "start-batch",
  payload: ZStartBatchPayload,
  handler: async ({ batchJobId }, io) => {
    const runIds = await markBatchRunning(batchJobId);
    if (runIds.length > 0) await io.send("queue-rows", runIds.map((runId) => executeRunWork({ runId, priority: "normal", batchJobId })));
    return { batchJobId, rows: runIds.length };
  },
});
