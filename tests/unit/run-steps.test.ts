import { describe, expect, it } from "vitest";
import { apSpecialist } from "../../src/domains/agents/ap-specialist.ts";
import { center } from "../../src/domains/agents/center.ts";
import { rfqGenerator } from "../../src/domains/agents/rfq-generator.ts";
import { buildRunSteps, type TStepRun, type TStepTriageItem } from "../../src/domains/runs/run-steps.ts";
import { ZListRunStepsResponse, type TRunStep } from "../../src/domains/runs/runs.schemas.ts";

const started = new Date("2026-11-24T10:00:00.000Z");
const settled = new Date("2026-11-24T10:00:00.250Z");
const reviewed = new Date("2026-11-24T10:05:00.000Z");

const invoice = { number: "INV-9", vendor: "Acme", currency: "EUR", total: 120, lines: [{ sku: "A-1", description: "Bolts", quantity: 10, unit_price: 10 }] };
const order = { ...invoice, number: "PO-9", total: 100, lines: [{ sku: "A-1", description: "Bolts", quantity: 10, unit_price: 10 }] };

function runOf(overrides: Partial<TStepRun>): TStepRun {
  return {
    agentType: "ap_specialist",
    status: "completed",
    task: "Check this invoice",
    data: null,
    output: null,
    confidenceScore: null,
    errorMessage: null,
    startedAt: started,
    completedAt: settled,
    modelUsage: null,
    modelTranscript: null,
    ...overrides,
  };
}

function itemOf(overrides: Partial<TStepTriageItem>): TStepTriageItem {
  return {
    id: "6f1c3a52-3a43-4d2a-9a55-0d5f0f3b1d11",
    status: "pending",
    triageReason: "reason",
    proposedOutput: null,
    resolutionNote: null,
    resolvedBy: null,
    resolvedByName: null,
    outputEdited: false,
    resolvedAt: null,
    createdAt: settled,
    ...overrides,
  };
}

/** Every trace must fit the published response schema. */
function steps(run: TStepRun, item: TStepTriageItem | null = null): TRunStep[] {
  const built = buildRunSteps(run, item ? [item] : []);
  expect(() => ZListRunStepsResponse.parse({ data: built })).not.toThrow();
  return built;
}
const ofType = <T extends TRunStep["type"]>(list: TRunStep[], type: T) => list.filter((step): step is Extract<TRunStep, { type: T }> => step.type === type);

describe("run steps: waiting and failed runs", () => {
  it("a queued run has one pending agent step with no times", () => {
    const list = steps(runOf({ status: "queued", startedAt: null, completedAt: null }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "agent", status: "pending", started_at: null, finished_at: null, duration_ms: null });
    expect(list[0]?.type === "agent" && list[0].detail.summary).toMatch(/queued/);
  });

  it("a running run's agent step is running since the run started", () => {
    const [step] = steps(runOf({ status: "running", completedAt: null }));
    expect(step).toMatchObject({ type: "agent", status: "running", started_at: started.toISOString(), finished_at: null });
  });

  it("a failed run's agent step carries the error", () => {
    const [step] = steps(runOf({ status: "failed", errorMessage: "data.invoice is required" }));
    expect(step).toMatchObject({ type: "agent", status: "failed", duration_ms: 250, detail: { error: "data.invoice is required" } });
  });

  it("a run cancelled while queued has one cancelled step", () => {
    const list = steps(runOf({ status: "cancelled", startedAt: null }));
    expect(list.map((step) => [step.type, step.status])).toEqual([["agent", "cancelled"]]);
  });
});

describe("run steps: built-in agents", () => {
  it("an AP match with discrepancies lists each one, then the triage step, then the review", () => {
    const data = { invoice, purchase_order: order };
    const result = apSpecialist({ task: "Check", data });
    const item = itemOf({
      status: "approved",
      triageReason: result.triage!.reason,
      proposedOutput: result.output as never,
      resolvedAt: reviewed,
      resolvedBy: "user-1",
      resolvedByName: "Rita Reviewer",
      resolutionNote: "agreed with supplier",
      outputEdited: true,
    });
    // The reviewer's edit is the run's output now; the trace shows the agent's own proposal.
    const list = steps(runOf({ data, status: "completed", output: { edited: true }, confidenceScore: result.confidence_score, completedAt: reviewed }), item);
    expect(list.map((step) => step.type)).toEqual(["agent", "triage", "review"]);
    const [agent] = ofType(list, "agent");
    expect(agent?.detail.agent).toBe("ap_specialist");
    expect(agent?.detail.checked.join(" ")).toMatch(/purchase order/);
    expect(agent?.detail.found.map((finding) => finding.field)).toEqual(["invoice.total", "purchase_order.total"]);
    expect(agent?.detail.found[1]).toMatchObject({ expected: 100, actual: 120 });
    expect(agent?.detail.summary).toMatch(/2-way match of invoice INV-9: 2 discrepancies, payment held/);
    // The agent finished when the item was raised, not when the person decided.
    expect(agent).toMatchObject({ status: "completed", finished_at: settled.toISOString(), duration_ms: 250 });
    expect(ofType(list, "triage")[0]).toMatchObject({ status: "completed", started_at: settled.toISOString(), finished_at: reviewed.toISOString(), detail: { reason: result.triage!.reason, item_status: "approved" } });
    expect(ofType(list, "review")[0]?.detail).toEqual({
      decision: "approved",
      resolved_by: "user-1",
      resolved_by_name: "Rita Reviewer",
      note: "agreed with supplier",
      edited: true,
      round: 0,
      feedback: null,
      data_patch: null,
      proposed_output: result.output,
    });
  });

  it("a pending triage item has a pending triage step and no review yet", () => {
    const result = apSpecialist({ task: "Check", data: { invoice, purchase_order: order } });
    const list = steps(runOf({ status: "pending_triage", completedAt: null }), itemOf({ proposedOutput: result.output as never }));
    expect(list.map((step) => [step.type, step.status])).toEqual([["agent", "completed"], ["triage", "pending"]]);
  });

  it("a payment proposed despite discrepancies reads as a proposal, not as approved", () => {
    const data = { invoice: { ...invoice, total: 100 }, purchase_order: { ...order, total: 90 } };
    const result = apSpecialist({ task: "Check", data });
    expect(result.output).toMatchObject({ decision: "approve_payment", acknowledged_discrepancies: ["purchase_order.total"] });
    const list = steps(runOf({ data, status: "pending_triage", completedAt: null }), itemOf({ proposedOutput: result.output as never }));
    expect(ofType(list, "agent")[0]?.detail.summary).toMatch(/2-way match of invoice INV-9: 1 discrepancy, payment proposed for a person to approve/);
  });

  it("center shows its routing decision, then the specialist's findings", () => {
    const data = { invoice: { ...invoice, total: 100 } };
    const result = center({ task: "Pay this", data });
    const list = steps(runOf({ agentType: "center", data, output: result.output as never, confidenceScore: result.confidence_score }));
    const agents = ofType(list, "agent");
    expect(agents.map((step) => step.detail.agent)).toEqual(["center", "ap_specialist"]);
    expect(agents[0]?.detail.found[0]).toMatchObject({ field: "routed_to", actual: "ap_specialist", message: "routed to ap_specialist: data.invoice is present" });
    expect(agents[1]?.detail.summary).toMatch(/no discrepancies, payment approved/);
  });

  it("center with no specialist says so and lists its plan", () => {
    const result = center({ task: "Write a poem", data: null });
    const list = steps(runOf({ agentType: "center", status: "pending_triage", completedAt: null }), itemOf({ proposedOutput: result.output as never, triageReason: "no specialist matched" }));
    const [agent] = ofType(list, "agent");
    expect(agent?.detail.summary).toMatch(/No specialist fits the task/);
    expect(agent?.detail.found.filter((finding) => finding.field?.startsWith("plan["))).toHaveLength(4);
  });

  it("an RFQ lists the items it drafted", () => {
    const data = { items: [{ description: "A4 paper", quantity: 20, unit: "reams" }], due_date: "2026-12-15", suppliers: [{ name: "Papeterie" }] };
    const result = rfqGenerator({ task: "Quote paper", data });
    const [agent] = ofType(steps(runOf({ agentType: "rfq_generator", data, output: result.output as never })), "agent");
    expect(agent?.detail.found).toEqual([{ message: "20 reams A4 paper", field: "items[0]", expected: null, actual: "A4 paper" }]);
    expect(agent?.detail.summary).toMatch(/1 item for 1 supplier, quotes due 2026-12-15/);
  });
});

describe("run steps: other agents and cancels", () => {
  it("an agent this module does not know (e.g. a customer's own) gets a generic agent step", () => {
    const list = steps(runOf({ agentType: "classify_email", output: { label: "invoice" }, confidenceScore: 0.8 }));
    expect(list).toEqual([
      expect.objectContaining({ type: "agent", status: "completed", detail: { agent: "classify_email", summary: "classify_email answered", checked: ["the task and its data"], found: [], confidence_score: 0.8, error: null } }),
    ]);
  });

  it("a run cancelled while it waited for a person: the agent finished, the item was rejected by the cancel", () => {
    const result = apSpecialist({ task: "Check", data: { invoice, purchase_order: order } });
    const item = itemOf({ status: "rejected", proposedOutput: result.output as never, resolutionNote: "run cancelled", resolvedBy: "key-1", resolvedByName: "live", resolvedAt: reviewed });
    const list = steps(runOf({ status: "cancelled", completedAt: reviewed }), item);
    expect(list.map((step) => [step.type, step.status])).toEqual([["agent", "completed"], ["triage", "completed"], ["review", "completed"]]);
    expect(ofType(list, "review")[0]?.detail).toMatchObject({ decision: "rejected", note: "run cancelled", edited: false });
  });
});

describe("run steps: model and tool calls", () => {
  const tool = { id: "call_1", name: "ap_match", arguments: { invoice }, result: { output: { decision: "hold" } } };
  const messages = [
    { role: "system", content: "You are an agent" },
    { role: "user", content: "Task:\nCheck" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "ap_match", arguments: JSON.stringify({ invoice }) } }] },
    { role: "tool", tool_call_id: "call_1", content: JSON.stringify(tool.result) },
    { role: "assistant", content: '{"summary":"Held"}' },
  ];

  it("each call shows what was sent and answered, with the tool call between them", () => {
    const list = steps(
      runOf({
        agentType: "assistant",
        output: { summary: "Held: totals differ", output: {} },
        modelUsage: { model: "test-model", calls: 2, input_tokens: 300, output_tokens: 40 },
        modelTranscript: { messages, tool_calls: [tool] },
      }),
    );
    expect(list.map((step) => step.type)).toEqual(["model_call", "tool_call", "model_call", "agent"]);
    const calls = ofType(list, "model_call");
    expect(calls[0]?.detail).toMatchObject({ model: "test-model", attempt: 1, messages: [{ role: "system" }, { role: "user" }], answer: { tool_calls: [{ name: "ap_match" }] } });
    expect(calls[1]?.detail.messages).toHaveLength(4);
    expect(calls[1]?.detail.answer?.content).toBe('{"summary":"Held"}');
    // Tokens are stored summed: per call only when there was one.
    expect(calls[0]?.detail.input_tokens).toBeNull();
    expect(calls[0]).toMatchObject({ started_at: started.toISOString(), duration_ms: null });
    expect(ofType(list, "tool_call")[0]?.detail).toEqual(tool);
    expect(ofType(list, "agent")[0]?.detail).toMatchObject({ agent: "assistant", summary: "Held: totals differ", checked: ["the task and its data", "the ap_match tool's result"] });
  });

  it("a single call carries the run's tokens", () => {
    const list = steps(
      runOf({
        agentType: "assistant",
        output: { summary: "Done", output: {} },
        modelUsage: { model: "m", calls: 1, input_tokens: 12, output_tokens: 5 },
        modelTranscript: { messages: [messages[0], messages[1], messages[4]], tool_calls: [] } as never,
      }),
    );
    expect(ofType(list, "model_call")[0]?.detail).toMatchObject({ input_tokens: 12, output_tokens: 5 });
  });

  it("a call that failed shows as a failed step with the run's error", () => {
    const list = steps(
      runOf({
        agentType: "assistant",
        status: "failed",
        errorMessage: "Model call failed: 401 bad key",
        modelUsage: { model: "m", calls: 0, input_tokens: 0, output_tokens: 0 },
        modelTranscript: { messages: [messages[0], messages[1]], tool_calls: [] } as never,
      }),
    );
    expect(list.map((step) => [step.type, step.status])).toEqual([["model_call", "failed"], ["agent", "failed"]]);
    expect(ofType(list, "model_call")[0]?.detail).toMatchObject({ answer: null, error: "Model call failed: 401 bad key", messages: [{ role: "system" }, { role: "user" }] });
  });

  it("center's routing conversation and an RFQ extraction are numbered apart", () => {
    const list = steps(
      runOf({
        agentType: "center",
        modelUsage: { model: "m", calls: 2, input_tokens: 1, output_tokens: 1 },
        modelTranscript: {
          messages: [messages[0], messages[1], { role: "assistant", content: "{}" }, messages[0], messages[1], { role: "assistant", content: "{}" }],
          tool_calls: [],
        } as never,
      }),
    );
    expect(ofType(list, "model_call").map((step) => [step.detail.conversation, step.detail.attempt])).toEqual([[1, 1], [2, 1]]);
  });
});

describe("run steps: each review round at its own confidence", () => {
  const proposal = apSpecialist({ task: "t", data: { invoice, purchase_order: order } }).output as TStepRun["output"] & object;
  const sentBack = itemOf({ round: 0, status: "changes_requested", proposedOutput: proposal, resolvedAt: reviewed, confidenceScore: 0.5 });

  it("shows an earlier round at the confidence recorded with its item, not the run's (the last round's)", () => {
    const run = runOf({ reviewRound: 1, confidenceScore: 0.9, output: proposal });
    const approved = itemOf({ round: 1, status: "approved", proposedOutput: proposal, createdAt: reviewed, resolvedAt: reviewed, confidenceScore: 0.9 });
    const built = buildRunSteps(run, [sentBack, approved]);
    expect(ofType(built, "agent").map((step) => step.detail.confidence_score)).toEqual([0.5, 0.9]);
    // Completed on its own in round 1 (no item): that round shows the run's score.
    expect(ofType(buildRunSteps(run, [sentBack]), "agent").map((step) => step.detail.confidence_score)).toEqual([0.5, 0.9]);
  });

  it("a round still under way has no confidence yet; an earlier round migrated without one shows none", () => {
    const queued = runOf({ status: "queued", reviewRound: 1, confidenceScore: 0.5, completedAt: null });
    expect(ofType(buildRunSteps(queued, [sentBack]), "agent").map((step) => step.detail.confidence_score)).toEqual([0.5, null]);
    const migrated = runOf({ reviewRound: 1, confidenceScore: 0.9, output: proposal });
    expect(ofType(buildRunSteps(migrated, [{ ...sentBack, confidenceScore: null }]), "agent").map((step) => step.detail.confidence_score)).toEqual([null, 0.9]);
  });
});
