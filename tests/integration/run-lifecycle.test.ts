// Runs actually run: every outcome end to end over HTTP on the embedded executor, the
// triage decisions on runs the agents sent to a person, and the stream watched as a
// client would watch it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, type TTenant, waitForRunToSettle } from "../helpers/api.ts";
import { openStream } from "../helpers/sse.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

// Each run bills its own invoice against its own order: the AP agent holds a second invoice
// with the same number, or one billing an order already paid ("AP controls").
let sequence = 0;
const invoice = (total: number) => ({
  number: `INV-${1000 + ++sequence}`,
  vendor: "Acme Fasteners",
  currency: "USD",
  total,
  lines: [{ sku: "M8", description: "M8 bolts", quantity: 100, unit_price: 0.5 }],
});
const purchaseOrder = () => ({ ...invoice(50), number: `PO-${77 + ++sequence}` });

async function startRun(body: Record<string, unknown>) {
  const response = await call("POST", "/v1/run", { key: tenant.key, body });
  expect(response.status).toBe(202);
  return response.body.run_id as string;
}

describe("run outcomes", () => {
  it("completes a clean 2-way invoice match with the agent's output and confidence", async () => {
    const runId = await startRun({ task: "Pay INV-1001", agent_type: "ap_specialist", data: { invoice: invoice(50), purchase_order: purchaseOrder() } });
    const { run, triage_item } = await waitForRunToSettle(tenant.key, runId);
    expect(triage_item).toBeNull();
    expect(run).toMatchObject({
      status: "completed",
      requires_triage: false,
      error_message: null,
      output: { decision: "approve_payment", amount_due: 50, matched: "2-way", discrepancies: [] },
    });
    expect(run.confidence_score).toBeGreaterThanOrEqual(0.9);
    expect(Date.parse(run.started_at)).toBeLessThanOrEqual(Date.parse(run.completed_at));
  });

  it("sends a mismatched invoice to a person: pending_triage, a triage item naming the discrepancy", async () => {
    const runId = await startRun({ task: "Pay INV-1001", agent_type: "ap_specialist", data: { invoice: invoice(50), purchase_order: { ...purchaseOrder(), vendor: "Other Corp" } } });
    const { run, triage_item } = await waitForRunToSettle(tenant.key, runId);
    expect(run).toMatchObject({ status: "pending_triage", requires_triage: true, output: null, completed_at: null });
    expect(run.confidence_score).toBeLessThanOrEqual(0.6);
    expect(triage_item).toMatchObject({ run_id: runId, status: "pending", resolved_at: null });
    expect(triage_item.triage_reason).toMatch(/vendor/i);
    const queue = await call("GET", "/v1/triage?limit=100", { key: tenant.key });
    expect(queue.body.data.map((item: { id: string }) => item.id)).toContain(triage_item.id);
  });

  it("fails a run whose input the agent it was routed to cannot use, naming the field", async () => {
    // ap_specialist itself refuses this at acceptance (input-checks.test.ts); center accepts
    // any object and routes it there, so the agent's own check still names the field.
    const runId = await startRun({ task: "Pay it", data: { invoice: { number: "X" } } });
    const { run } = await waitForRunToSettle(tenant.key, runId);
    expect(run.status).toBe("failed");
    expect(run.error_message).toMatch(/data\.invoice\./);
    expect(run.output).toBeNull();
  });

  it("routes center runs to a specialist and says where", async () => {
    const runId = await startRun({ task: "Quote please", data: { items: [{ description: "pallets", quantity: 4 }] } });
    const { run } = await waitForRunToSettle(tenant.key, runId);
    expect(run).toMatchObject({ agent_type: "center", status: "completed", output: { routed_to: "rfq_generator" } });
  });

  it("applies the organization's triage threshold to confident-enough results", async () => {
    // An invoice with no purchase order is arithmetic-only: below the default 0.7 threshold.
    const runId = await startRun({ task: "Pay", agent_type: "ap_specialist", data: { invoice: invoice(50) } });
    const { run, triage_item } = await waitForRunToSettle(tenant.key, runId);
    expect(run.status).toBe("pending_triage");
    expect(triage_item.triage_reason).toMatch(/below the review threshold 0\.7/);
  });
});

describe("triage decisions on executed runs", () => {
  async function runAwaitingTriage() {
    const runId = await startRun({ task: "Pay", agent_type: "ap_specialist", data: { invoice: invoice(50), purchase_order: { ...purchaseOrder(), total: 60 } } });
    const settled = await waitForRunToSettle(tenant.key, runId);
    expect(settled.run.status).toBe("pending_triage");
    return { runId, itemId: settled.triage_item.id as string };
  }

  it("approve completes the run with the agent's proposed output (the note stays on the item); a second decision is 409", async () => {
    const { runId, itemId } = await runAwaitingTriage();
    const approved = await call("POST", `/v1/triage/${itemId}/approve`, { key: tenant.key, body: { resolution_note: "PO was amended" } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: itemId, status: "approved", resolution_note: "PO was amended" });
    const { run } = (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;
    // Approve means the proposed action goes ahead: the mismatch proposed the payment.
    expect(run).toMatchObject({
      status: "completed",
      output: { decision: "approve_payment", amount_due: 50, acknowledged_discrepancies: ["purchase_order.total"] },
    });
    expect(run.output).not.toHaveProperty("resolution_note");
    expect((await call("POST", `/v1/triage/${itemId}/reject`, { key: tenant.key })).status).toBe(409);
  });

  it("shows API reviewers the agent's proposed output in the queue and on the run; approving makes it the run's output", async () => {
    const { runId, itemId } = await runAwaitingTriage();
    const { run, triage_item } = (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;
    expect(run.output).toBeNull();
    const proposed = triage_item.proposed_output;
    expect(proposed).toMatchObject({ decision: "approve_payment", matched: "2-way", acknowledged_discrepancies: ["purchase_order.total"] });
    expect(proposed.discrepancies).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/total/) })]));

    const queue = await call("GET", "/v1/triage?limit=100", { key: tenant.key });
    const queued = queue.body.data.find((item: { id: string }) => item.id === itemId);
    expect(queued.proposed_output).toEqual(proposed);

    expect((await call("POST", `/v1/triage/${itemId}/approve`, { key: tenant.key })).status).toBe(200);
    const approved = (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;
    expect(approved.run).toMatchObject({ status: "completed" });
    expect(approved.run.output).toEqual(proposed);
    expect(approved.triage_item).toMatchObject({ status: "approved", proposed_output: proposed });
  });

  it("reject cancels the run", async () => {
    const { runId, itemId } = await runAwaitingTriage();
    const rejected = await call("POST", `/v1/triage/${itemId}/reject`, { key: tenant.key, body: { reason: "Duplicate invoice" } });
    expect(rejected.body.data).toMatchObject({ status: "rejected", resolution_note: "Duplicate invoice" });
    // Reject holds the payment: the proposal stays on the item and never becomes the run's output.
    const { run, triage_item } = (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;
    expect(run).toMatchObject({ status: "cancelled", output: null });
    expect(triage_item.proposed_output).toMatchObject({ decision: "approve_payment" });
  });

  it("cancel of a finished run is 409 and changes nothing", async () => {
    const runId = await startRun({ task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "tape", quantity: 9 }] } });
    const { run } = await waitForRunToSettle(tenant.key, runId);
    expect(run.status).toBe("completed");
    const response = await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key });
    expect(response.status).toBe(409);
    expect((await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body.run).toEqual(run);
  });
});

describe("watching a run over the stream", () => {
  it("sees the run move on and complete, then the server closes the stream", async () => {
    const runId = await startRun({ task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "rope", quantity: 2 }] } });
    const stream = await openStream(`/v1/runs/${runId}/stream`, { key: tenant.key });
    const statuses: string[] = [];
    let last: any;
    for (;;) {
      const event = await stream.nextData(10_000);
      if (!event) break;
      statuses.push(event.json.status);
      last = event.json;
    }
    expect(statuses.at(-1)).toBe("completed");
    expect(new Set(statuses).size).toBe(statuses.length); // no duplicate updates
    expect(last).toMatchObject({ status: "completed", confidence: 0.9, error: null, result: { items: [{ description: "rope", quantity: 2 }] } });
  });
});
