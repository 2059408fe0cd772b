import { describe, expect, it } from "vitest";
import { priorityFor } from "../../../src/jobs/executor/function-options.ts";
import { inngest } from "../../../src/jobs/client.ts";
import { deliverWebhook } from "../../../src/jobs/functions/deliver-webhook.ts";
import { executeRun } from "../../../src/jobs/functions/execute-run.ts";

const event = (data: Record<string, unknown>) => ({ name: "x", data, id: "e", ts: 0 });

describe("priorityFor", () => {
  it("reads a whole-number literal as the priority of every run of the function", () => {
    const fixed = inngest.createFunction({ id: "t-fixed", triggers: [{ event: "x" }], priority: { run: "-120" } }, async () => null);
    expect(priorityFor(fixed, event({}))).toBe(-120);
  });

  it("reads an event path per run, 0 when the function sets none", () => {
    expect(priorityFor(executeRun, event({ priorityBoost: 600 }))).toBe(600);
    const plain = inngest.createFunction({ id: "t-plain", triggers: [{ event: "x" }] }, async () => null);
    expect(priorityFor(plain, event({}))).toBe(0);
  });

  it("starts webhook deliveries before queued runs of normal priority", () => {
    expect(priorityFor(deliverWebhook, event({}))).toBeGreaterThan(priorityFor(executeRun, event({ priorityBoost: 0 })));
  });
});
