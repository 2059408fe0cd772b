// Event ids of review rounds (docs/api-conventions.md, "Review rounds"): round 0 keeps the
// ids every run always had; a later round gets ids of its own, so it is not de-duplicated.
import { describe, expect, it } from "vitest";
import { executionKeyOf, runOutcomeEvent, runRequestedEvent } from "../../../src/jobs/events.ts";
import { runEventId } from "../../../src/domains/webhooks/run-event-payload.ts";

const runId = "4b7c3a0e-8f55-4d0e-9f38-0d9a2c1b6e11";
const organizationId = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const outcome = { event: "run.triage_required" as const, runId, organizationId, batchJobId: null, triageItemId: null };

describe("review round ids", () => {
  it("keeps round 0's run request, outcome and webhook ids", () => {
    expect(runRequestedEvent({ runId, priority: "normal", batchJobId: null })).toMatchObject({ id: `run-${runId}`, data: { runId, executionKey: runId } });
    expect(runOutcomeEvent(outcome)).toMatchObject({ id: `run.triage_required-${runId}` });
    expect(runOutcomeEvent({ ...outcome, reviewRound: 0 }).id).toBe(`run.triage_required-${runId}`);
    expect(runEventId(runId, "run.triage_required", 0)).toBe(runEventId(runId, "run.triage_required"));
  });

  it("gives every later round ids of its own, and a batch row its batch's concurrency key", () => {
    const batchJobId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
    expect(runRequestedEvent({ runId, priority: "high", batchJobId, reviewRound: 2 })).toMatchObject({
      id: `run-${runId}-round-2`,
      data: { runId, executionKey: `${runId}:round-2`, concurrencyKey: batchJobId, priorityBoost: 600 },
    });
    expect(executionKeyOf(runId, 1)).not.toBe(executionKeyOf(runId, 2));
    expect(runOutcomeEvent({ ...outcome, reviewRound: 1 })).toMatchObject({ id: `run.triage_required-${runId}-round-1`, data: { reviewRound: 1 } });
    const ids = [0, 1, 2].map((round) => runEventId(runId, "run.triage_required", round));
    expect(new Set(ids).size).toBe(3);
  });
});
