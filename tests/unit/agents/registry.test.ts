import { afterEach, describe, expect, it, vi } from "vitest";
import { apSpecialist } from "../../../src/domains/agents/ap-specialist.ts";
import { center } from "../../../src/domains/agents/center.ts";
import { agentRegistry, needsTriage, runAgent } from "../../../src/domains/agents/registry.ts";
import { rfqGenerator } from "../../../src/domains/agents/rfq-generator.ts";
import { AGENT_TYPES } from "../../../src/domains/agents/agent-types.ts";

describe("agentRegistry", () => {
  it("has one agent for every built-in agent type (assistant is model-backed)", () => {
    expect(Object.keys(agentRegistry).sort()).toEqual(AGENT_TYPES.filter((type) => type !== "assistant").sort());
    expect(agentRegistry).toEqual({ center, rfq_generator: rfqGenerator, ap_specialist: apSpecialist });
  });
});

describe("runAgent", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const input = { task: "Summarise the meeting", data: null };

  it("calls the agent for the type", async () => {
    await expect(runAgent("center", input, { latencyMs: 0 })).resolves.toEqual(center(input));
    await expect(runAgent("ap_specialist", input, { latencyMs: 0 })).rejects.toThrow("data.invoice is required");
  });

  it("waits latencyMs before answering", async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = runAgent("center", input, { latencyMs: 250 }).then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(pending).resolves.toMatchObject({ confidence_score: 0.5 });
  });

  it("takes at least latencyMs of real time", async () => {
    const started = performance.now();
    await runAgent("rfq_generator", { task: "Quote 5 chairs", data: null }, { latencyMs: 40 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });
});

describe("needsTriage", () => {
  it("returns the agent's own reason even when confidence is high", () => {
    expect(needsTriage({ output: {}, confidence_score: 0.95, triage: { reason: "items inferred from free text" } }, 0.7)).toBe(
      "items inferred from free text",
    );
  });

  it("explains a confidence below the threshold", () => {
    expect(needsTriage({ output: {}, confidence_score: 0.42 }, 0.7)).toBe("confidence 0.42 is below the review threshold 0.7");
    expect(needsTriage({ output: {}, confidence_score: 0.6999 }, 0.7)).toBe("confidence 0.6999 is below the review threshold 0.7");
  });

  it("returns null at or above the threshold", () => {
    expect(needsTriage({ output: {}, confidence_score: 0.7 }, 0.7)).toBeNull();
    expect(needsTriage({ output: {}, confidence_score: 0.65 }, 0.6)).toBeNull();
  });

  it("lets an organization's threshold decide invoices without a purchase order", () => {
    const result = apSpecialist({
      task: "Pay",
      data: { invoice: { number: 7, vendor: "A", currency: "USD", total: 5, lines: [{ sku: "A", description: "", quantity: 1, unit_price: 5 }] } },
    });
    expect(needsTriage(result, 0.7)).toBe("confidence 0.65 is below the review threshold 0.7");
    expect(needsTriage(result, 0.5)).toBeNull();
  });
});
