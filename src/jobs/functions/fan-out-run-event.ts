// A run event announced from outside execute-run (a person's decision, a run execute-run
// gave up on): request one delivery per destination.
import { ZRunOutcomePayload } from "../../domains/runs/run-work.ts";
import { defineJob } from "../job.ts";
import { requestRunEventDeliveries } from "./request-deliveries.ts";

export const fanOutRunEvent = defineJob({
  name: "fan-out-run-event",
  payload: ZRunOutcomePayload,
  handler: async (outcome, io) => ({ deliveries: await requestRunEventDeliveries(io, outcome) }),
});
