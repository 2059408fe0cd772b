// A run event announced by an event (a person's triage decision, a cancelled run, a run
// execute-run gave up on): request one delivery per destination, in one step.
import { inngest } from "../client.ts";
import { runCompleted, runFailed, runTriageRequired } from "../events.ts";
import { requestRunEventDeliveries } from "./request-deliveries.ts";

export const fanOutRunEvent = inngest.createFunction(
  { id: "fan-out-run-event", triggers: [runCompleted, runFailed, runTriageRequired], retries: 3 },
  async ({ event, step }) => step.run("request-deliveries", async () => ({ deliveries: await requestRunEventDeliveries(event.data) })),
);
