// Work keys of review rounds (docs/api-conventions.md, "Review rounds"): round 0 keeps the
// keys every run always had; a later round gets keys of its own, so it is not de-duplicated.
import { describe, expect, it } from "vitest";
import { executeRunWork, executionKeyOf, runOutcomeWork } from "../../../src/domains/runs/run-work.ts";
import type { TDeliveryTarget } from "../../../src/domains/webhooks/delivery-plan.ts";
import { runEventId } from "../../../src/domains/webhooks/run-event-payload.ts";
import { deliveryWork } from "../../../src/domains/webhooks/webhook-work.ts";

const runId = "4b7c3a0e-8f55-4d0e-9f38-0d9a2c1b6e11";
const organizationId = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const outcome = { event: "run.triage_required" as const, runId, organizationId, batchJobId: null, triageItemId: null };

describe("review round keys", () => {
  it("keeps round 0's run request, outcome and webhook keys", () => {
    expect(executeRunWork({ runId, priority: "normal", batchJobId: null })).toEqual({
      job: "execute-run",
      payload: { runId, reviewRound: 0 },
      key: runId,
      concurrencyKey: runId,
      priority: 0,
    });
    expect(executionKeyOf(runId)).toBe(runId);
    expect(executionKeyOf(runId, 0)).toBe(runId);
    expect(runOutcomeWork(outcome)).toEqual({ job: "fan-out-run-event", payload: outcome, key: `run.triage_required-${runId}` });
    expect(runOutcomeWork({ ...outcome, reviewRound: 0 }).key).toBe(`run.triage_required-${runId}`);
    expect(runEventId(runId, "run.triage_required", 0)).toBe(runEventId(runId, "run.triage_required"));
  });

  it("gives every later round keys of its own, and a batch row its batch's concurrency key", () => {
    const batchJobId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
    expect(executeRunWork({ runId, priority: "high", batchJobId, reviewRound: 2 })).toEqual({
      job: "execute-run",
      payload: { runId, reviewRound: 2 },
      key: `${runId}:round-2`,
      concurrencyKey: batchJobId,
      priority: 600,
    });
    expect(executionKeyOf(runId, 1)).not.toBe(executionKeyOf(runId, 2));
    expect(runOutcomeWork({ ...outcome, reviewRound: 1 })).toMatchObject({ key: `run.triage_required-${runId}-round-1`, payload: { reviewRound: 1 } });
    const keys = [0, 1, 2].map((round) => runOutcomeWork({ ...outcome, reviewRound: round }).key);
    expect(new Set(keys).size).toBe(3);
    const ids = [0, 1, 2].map((round) => runEventId(runId, "run.triage_required", round));
    expect(new Set(ids).size).toBe(3);
  });

  it("starts high-priority runs ahead of normal ones, low-priority runs behind them, and webhook deliveries before normal runs", () => {
    const priorityOf = (priority: "low" | "normal" | "high") => executeRunWork({ runId, priority }).priority!;
    expect(priorityOf("high")).toBeGreaterThan(priorityOf("normal"));
    expect(priorityOf("normal")).toBeGreaterThan(priorityOf("low"));
    expect(priorityOf("low")).toBe(-600);
    const delivery = deliveryWork({ deliveryKey: "evt:hook" } as TDeliveryTarget);
    expect(delivery.priority).toBeGreaterThan(priorityOf("normal"));
  });
});
