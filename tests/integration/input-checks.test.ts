// Input checked before it is paid for (issue 19): POST /v1/run and every batch row are
// checked against the agent's input schema at acceptance. A bad shape is a 400 naming the
// path (a batch row's index too); nothing is charged and nothing is created.
import { beforeAll, describe, expect, it } from "vitest";
import { AP_DATA, call, createTenant, type TTenant, waitForRunToSettle } from "../helpers/api.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

const remaining = async (key: string): Promise<number | null> => (await call("GET", "/v1/usage", { key })).body.credits_remaining;
const runsTotal = async (key: string): Promise<number> => (await call("GET", "/v1/runs?limit=1", { key })).body.total;
const batchesTotal = async (key: string): Promise<number> => (await call("GET", "/v1/batches?limit=1", { key })).body.total;

// The issue's example: a line without its description.
const lineWithoutDescription = {
  invoice: { ...AP_DATA.invoice, lines: [{ sku: "PAPER-A4", quantity: 1, unit_price: 10 }] },
};

describe("POST /v1/run checks data against the agent's input schema", () => {
  it("refuses an AP line without description with 400 naming data.invoice.lines.0.description, charging and creating nothing", async () => {
    const fresh = await createTenant();
    const before = await remaining(fresh.key);
    const response = await call("POST", "/v1/run", { key: fresh.key, body: { task: "Pay INV-1", agent_type: "ap_specialist", data: lineWithoutDescription } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("data.invoice.lines.0.description") });
    expect(response.body.issues).toContainEqual({ path: "data.invoice.lines.0.description", message: expect.stringMatching(/description/) });
    expect(await remaining(fresh.key)).toBe(before);
    expect(await runsTotal(fresh.key)).toBe(0);
    expect((await call("GET", "/v1/usage/history", { key: fresh.key })).body.data).toEqual([]);
  });

  it("names the wrong type and the missing invoice (absent data is checked as {})", async () => {
    const wrongType = await call("POST", "/v1/run", {
      key: tenant.key,
      body: { task: "Pay", agent_type: "ap_specialist", data: { invoice: { ...AP_DATA.invoice, total: "10.00" } } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues).toEqual([{ path: "data.invoice.total", message: expect.any(String) }]);
    const none = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Pay", agent_type: "ap_specialist" } });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: "data.invoice", message: expect.any(String) }]);
  });

  it("checks rfq_generator's items but lets center take any object", async () => {
    const badItems = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "bolts", quantity: "200" }] } } });
    expect(badItems.status).toBe(400);
    expect(badItems.body.issues).toEqual([{ path: "data.items.0.quantity", message: expect.any(String) }]);
    // center routes; what it routes to an agent is checked by that agent when the run runs.
    const routed = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Pay", agent_type: "center", data: lineWithoutDescription } });
    expect(routed.status).toBe(202);
  });

  it("accepts good input as before, and the run completes", async () => {
    const purchaseOrder = { ...AP_DATA.invoice, number: "PO-1" };
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Pay INV-1", agent_type: "ap_specialist", data: { ...AP_DATA, purchase_order: purchaseOrder } } });
    expect(response.status).toBe(202);
    const { run } = await waitForRunToSettle(tenant.key, response.body.run_id);
    expect(run).toMatchObject({ status: "completed", output: { decision: "approve_payment", matched: "2-way" } });
  });
});

describe("POST /v1/batches checks every row", () => {
  it("refuses a batch with one bad row with 400 naming the row index and path; no batch, nothing charged", async () => {
    const fresh = await createTenant();
    const before = await remaining(fresh.key);
    const rows = [0, 1, 2, 3, 4].map((index) => ({ task: `Pay ${index}`, data: index === 3 ? lineWithoutDescription : AP_DATA }));
    const response = await call("POST", "/v1/batches", { key: fresh.key, body: { agent_type: "ap_specialist", rows } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", message: expect.stringContaining("rows.3.data.invoice.lines.0.description") });
    expect(response.body.issues).toEqual([{ path: "rows.3.data.invoice.lines.0.description", message: expect.any(String) }]);
    expect(await batchesTotal(fresh.key)).toBe(0);
    expect(await runsTotal(fresh.key)).toBe(0);
    expect(await remaining(fresh.key)).toBe(before);
    expect((await call("GET", "/v1/usage/history", { key: fresh.key })).body.data).toEqual([]);
  });

  it("lists every bad row, not just the first", async () => {
    const rows = [{ task: "a", data: AP_DATA }, { task: "b" }, { task: "c", data: lineWithoutDescription }];
    const response = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows } });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual(["rows.1.data.invoice", "rows.2.data.invoice.lines.0.description"]);
    expect(response.body.message).toMatch(/and 1 more/);
  });

  it("accepts a batch whose rows all fit", async () => {
    const response = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows: [{ task: "a", data: AP_DATA }] } });
    expect(response.status).toBe(201);
  });
});
