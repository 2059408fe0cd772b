// The job a batch asks for when it is accepted: start it (its rows' runs were created with it).
import { z } from "zod";
import type { TWork } from "../work-queue/work.ts";

export const ZStartBatchPayload = z.object({ batchJobId: z.uuid() });
export type TStartBatchPayload = z.infer<typeof ZStartBatchPayload>;

export function startBatchWork(batchJobId: string): TWork<TStartBatchPayload> {
  return { job: "start-batch", payload: { batchJobId }, key: batchJobId };
}
