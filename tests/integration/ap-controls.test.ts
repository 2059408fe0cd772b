// The AP agent's controls across invoices (docs/api-conventions.md, "AP controls"), over HTTP
// against the real server: duplicates by number and by vendor + amount + date window (paid or
// waiting for a person; held, rejected and cancelled runs do not count), two concurrent runs
// of one invoice (exactly one pays), PO consumption, billed more than received (payable_now),
// the tolerances of GET/PATCH /v1/settings per mode, and RFQ numbers unique per organization.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, waitForBatchToFinish, waitForRunToSettle, type TTenant } from "../helpers/api.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

/** Each test its own vendor, so the tests' histories do not meet. */
const vendorName = (label: string) => `${label} ${randomUUID().slice(0, 6)} Supplies`;

type TLine = { sku: string; description: string; quantity: number; unit_price: number };
const line = (sku: string, quantity: number, unit_price: number): TLine => ({ sku, description: sku.toLowerCase(), quantity, unit_price });
const sum = (lines: TLine[]) => lines.reduce((total, each) => total + each.quantity * each.unit_price, 0);
const document = (number: string, vendor: string, lines: TLine[], extra: Record<string, unknown> = {}) => ({
  number, vendor, currency: "USD", total: sum(lines), lines, ...extra,
});

async function runAp(data: Record<string, unknown>, key = tenant.key) {
  const created = await call("POST", "/v1/run", { key, body: { agent_type: "ap_specialist", task: "Check this invoice", data } });
  expect(created.status, created.text).toBe(202);
  return (await waitForRunToSettle(key, created.body.run_id)).run;
}

/** The run's open triage item (reason and proposal). */
async function triageItemOf(runId: string, key = tenant.key) {
  for (let offset = 0; ; offset += 100) {
    const page = await call("GET", `/v1/triage?limit=100&offset=${offset}`, { key });
    expect(page.status, page.text).toBe(200);
    const item = page.body.data.find((each: { run_id: string }) => each.run_id === runId);
    if (item) return item;
    if (page.body.data.length < 100) throw new Error(`no triage item for run ${runId}`);
  }
}

const today = () => new Date().toISOString().slice(0, 10);

describe("duplicates", () => {
  it("holds an invoice whose vendor (normalized) and number were already paid, naming the earlier invoice and run", async () => {
    const vendor = vendorName("Dup");
    const lines = [line("PAPER", 10, 25)];
    const first = await runAp({ invoice: document("INV-7", vendor, lines), purchase_order: document("PO-7", vendor, lines) });
    expect(first.status).toBe("completed");
    expect(first.output).toMatchObject({ decision: "approve_payment", amount_due: 250 });

    // The same invoice re-posted, its vendor spelled differently.
    const again = await runAp({ invoice: document("INV-7", `  ${vendor.toUpperCase()} `, lines), purchase_order: document("PO-7", vendor, lines) });
    expect(again.status).toBe("pending_triage");
    const item = await triageItemOf(again.id);
    expect(item.triage_reason).toContain(`possible duplicate of INV-7, paid ${today()} in run ${first.id.slice(0, 8)}`);
    expect(item.proposed_output).toMatchObject({
      decision: "hold",
      duplicate_of: { invoice_number: "INV-7", run_id: first.id, status: "paid", matched_on: "invoice_number" },
    });
  });

  it("applies to the default agent's runs it routes to the AP agent: paid there, a duplicate either way", async () => {
    const vendor = vendorName("Routed");
    const lines = [line("TONER", 2, 40)];
    const data = { invoice: document("INV-31", vendor, lines), purchase_order: document("PO-31", vendor, lines) };
    const routed = async () => {
      const created = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Check this invoice", data } });
      expect(created.status, created.text).toBe(202);
      return (await waitForRunToSettle(tenant.key, created.body.run_id)).run;
    };
    const first = await routed();
    expect(first.status).toBe("completed");
    expect(first.output).toMatchObject({ decision: "approve_payment", amount_due: 80, routed_to: "ap_specialist" });
    // Routed again, and then sent to the AP agent directly: both see the first payment.
    const again = await routed();
    expect(again.status).toBe("pending_triage");
    expect((await triageItemOf(again.id)).proposed_output).toMatchObject({ decision: "hold", routed_to: "ap_specialist", duplicate_of: { run_id: first.id, status: "paid" } });
    const direct = await runAp(data);
    expect(direct.status).toBe("pending_triage");
    expect((await triageItemOf(direct.id)).triage_reason).toContain("possible duplicate of INV-31");
  });

  it("counts an invoice waiting for a person; a rejected one does not count", async () => {
    const vendor = vendorName("Wait");
    const lines = [line("INK", 4, 10)];
    // No purchase order: 0.65, below the threshold, so it waits for a person.
    const waiting = await runAp({ invoice: document("INV-11", vendor, lines) });
    expect(waiting.status).toBe("pending_triage");
    const again = await runAp({ invoice: document("INV-11", vendor, lines) });
    const item = await triageItemOf(again.id);
    expect(item.triage_reason).toContain(`possible duplicate of INV-11, waiting for a person since ${today()} in run ${waiting.id.slice(0, 8)}`);
    expect(item.proposed_output.decision).toBe("hold");

    // Rejecting both: nothing of INV-11 is paid or waiting any more.
    for (const run of [waiting, again]) {
      const pending = await triageItemOf(run.id);
      const rejected = await call("POST", `/v1/triage/${pending.id}/reject`, { key: tenant.key, body: {} });
      expect(rejected.status, rejected.text).toBe(200);
    }
    const third = await runAp({ invoice: document("INV-11", vendor, lines) });
    const thirdItem = await triageItemOf(third.id);
    expect(thirdItem.proposed_output.duplicate_of).toBeUndefined();
    expect(thirdItem.triage_reason).not.toContain("duplicate");
  });

  it("holds the same vendor and amount dated within the window (a setting), and pays one outside it", async () => {
    const vendor = vendorName("Window");
    const lines = [line("TONER", 2, 60)];
    const order = (number: string) => document(number, vendor, lines);
    const first = await runAp({ invoice: document("A-100", vendor, lines, { date: "2026-10-01" }), purchase_order: order("PO-A1") });
    expect(first.status).toBe("completed");

    const close = await runAp({ invoice: document("A-101", vendor, lines, { date: "2026-10-20" }), purchase_order: order("PO-A2") });
    expect(close.status).toBe("pending_triage");
    const item = await triageItemOf(close.id);
    expect(item.triage_reason).toContain(`possible duplicate of A-100, paid ${today()} in run ${first.id.slice(0, 8)}`);
    expect(item.proposed_output.duplicate_of).toMatchObject({ run_id: first.id, matched_on: "amount_and_date" });

    // 45 days after A-100 (and 26 after A-101, which waits): the default window is 30 days.
    const reject = await call("POST", `/v1/triage/${item.id}/reject`, { key: tenant.key, body: {} });
    expect(reject.status).toBe(200);
    const far = await runAp({ invoice: document("A-102", vendor, lines, { date: "2026-11-15" }), purchase_order: order("PO-A3") });
    expect(far.status).toBe("completed");
    expect(far.output.decision).toBe("approve_payment");
  });

  it("two runs of the same invoice at the same moment: both accepted, exactly one pays, the others wait as duplicates", async () => {
    const vendor = vendorName("Race");
    const lines = [line("CHAIR", 3, 100)];
    const data = { invoice: document("INV-900", vendor, lines), purchase_order: document("PO-900", vendor, lines) };
    const posted = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/v1/run", { key: tenant.key, body: { agent_type: "ap_specialist", task: "Pay", data } })),
    );
    expect(posted.map((response) => response.status)).toEqual([202, 202, 202, 202]);
    const runs = await Promise.all(posted.map(async (response) => (await waitForRunToSettle(tenant.key, response.body.run_id)).run));
    const paid = runs.filter((run) => run.status === "completed" && run.output?.decision === "approve_payment");
    expect(paid).toHaveLength(1);
    const waiting = runs.filter((run) => run.status === "pending_triage");
    expect(waiting).toHaveLength(3);
    for (const run of waiting) {
      const item = await triageItemOf(run.id);
      expect(item.proposed_output.decision).toBe("hold");
      expect(item.triage_reason).toContain("possible duplicate of INV-900");
    }
  });
});

describe("PO consumption", () => {
  it("counts what earlier paid invoices billed against the vendor's PO: billing past it waits, with consumed and remaining", async () => {
    const vendor = vendorName("Po");
    const lines = [line("WIDGET", 10, 25)];
    const order = document("PO-3", vendor, lines);
    const first = await runAp({ invoice: document("INV-31", vendor, lines), purchase_order: order });
    expect(first.status).toBe("completed");

    const second = await runAp({ invoice: document("INV-32", vendor, lines), purchase_order: order });
    expect(second.status).toBe("pending_triage");
    const item = await triageItemOf(second.id);
    expect(item.proposed_output).toMatchObject({
      decision: "hold",
      purchase_order_consumption: { earlier_invoices: 1, consumed: 250, remaining: 0 },
    });
    const discrepancies = item.proposed_output.discrepancies as { field: string; message: string }[];
    expect(discrepancies.find((each) => each.field === "purchase_order.consumed.total")?.message)
      .toContain("consumed 250.00 USD of 250.00 USD, 0.00 USD remain");
    expect(discrepancies.find((each) => each.field === "purchase_order.consumed.lines[WIDGET].quantity")?.message)
      .toContain("earlier invoices billed 10 of the 10 ordered, 0 remain");
    expect(item.triage_reason).toContain("Payment held");
  });
});

describe("billed more than received", () => {
  const inv206 = (vendor: string) => {
    const billed = [line("BOX", 15, 40)];
    return {
      invoice: document("INV-206", vendor, billed),
      purchase_order: document("PO-206", vendor, billed),
      receipt: { lines: [{ sku: "BOX", quantity: 10 }] },
    };
  };

  it("is a quantity hold: the proposal is hold and payable_now is the value received (10 × 40)", async () => {
    const run = await runAp(inv206(vendorName("Recv")));
    expect(run.status).toBe("pending_triage");
    const item = await triageItemOf(run.id);
    expect(item.proposed_output).toMatchObject({ decision: "hold", amount_due: 600, payable_now: 400 });
    expect(item.triage_reason).toContain("payable now 400.00 USD");
  });

  it("tolerances are settings per mode: a quantity tolerance of 5 in test mode pays INV-206, live mode still holds", async () => {
    const own = await createTenant();
    const defaults = await call("GET", "/v1/settings", { key: own.testKey });
    expect(defaults.status, defaults.text).toBe(200);
    expect(defaults.body).toEqual({
      livemode: false,
      ap: { price_tolerance_percent: 0.5, quantity_tolerance: 0, amount_tolerance: 0, duplicate_window_days: 30 },
    });
    const patched = await call("PATCH", "/v1/settings", { key: own.testKey, body: { ap: { quantity_tolerance: 5 } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.ap).toEqual({ price_tolerance_percent: 0.5, quantity_tolerance: 5, amount_tolerance: 0, duplicate_window_days: 30 });
    expect((await call("GET", "/v1/settings", { key: own.key })).body.ap.quantity_tolerance).toBe(0);

    const test = await runAp(inv206(vendorName("Tol")), own.testKey);
    expect(test.status).toBe("completed");
    expect(test.output).toMatchObject({ decision: "approve_payment", matched: "3-way" });
    const live = await runAp(inv206(vendorName("Tol")), own.key);
    expect(live.status).toBe("pending_triage");
  });
});

describe("settings", () => {
  it("a price tolerance and a duplicate window change the outcome", async () => {
    const own = await createTenant();
    const vendor = vendorName("Price");
    // 2 % above the order's price: beyond the default 0.5 %.
    const run = (number: string, date: string) => runAp({
      invoice: document(number, vendor, [line("NUT", 10, 10.2)], { date }),
      purchase_order: document(`PO-${number}`, vendor, [line("NUT", 10, 10)]),
    }, own.key);
    expect((await run("P-1", "2026-01-01")).status).toBe("pending_triage");
    const set = await call("PATCH", "/v1/settings", { key: own.key, body: { ap: { price_tolerance_percent: 2.5, duplicate_window_days: 0 } } });
    expect(set.status, set.text).toBe(200);
    const paid = await run("P-2", "2026-02-01");
    expect(paid.status).toBe("completed");
    // Same amount a day later: outside a 0-day window, so not a duplicate.
    expect((await run("P-3", "2026-02-02")).status).toBe("completed");
    await call("PATCH", "/v1/settings", { key: own.key, body: { ap: { duplicate_window_days: 30 } } });
    const duplicate = await run("P-4", "2026-02-03");
    expect(duplicate.status).toBe("pending_triage");
    expect((await triageItemOf(duplicate.id, own.key)).proposed_output.duplicate_of.matched_on).toBe("amount_and_date");
  });

  it("modes are separate: an invoice paid in test mode is not a duplicate in live mode", async () => {
    const own = await createTenant();
    const vendor = vendorName("Mode");
    const lines = [line("DESK", 1, 300)];
    const data = { invoice: document("INV-M", vendor, lines), purchase_order: document("PO-M", vendor, lines) };
    expect((await runAp(data, own.testKey)).status).toBe("completed");
    expect((await runAp(data, own.key)).status).toBe("completed");
    expect((await runAp(data, own.key)).status).toBe("pending_triage");
  });

  it("answers typed 400s for bad settings and 403 without agents:write", async () => {
    for (const body of [
      { ap: { price_tolerance_percent: -1 } },
      { ap: { duplicate_window_days: 1.5 } },
      { ap: { quantity_tolerance: "5" } },
      { ap: {} },
      { ap: { unknown: 1 } },
      {},
    ]) {
      const response = await call("PATCH", "/v1/settings", { key: tenant.testKey, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.type).toBe("validation_error");
      expect(response.body.message).toMatch(/ap|body|field|unrecognized/i);
    }
    const readOnly = await createKey(tenant, "agents:read");
    expect((await call("GET", "/v1/settings", { key: readOnly.key })).status).toBe(200);
    const refused = await call("PATCH", "/v1/settings", { key: readOnly.key, body: { ap: { quantity_tolerance: 1 } } });
    expect(refused.status).toBe(403);
  });
});

describe("RFQ numbers", () => {
  it("are unique per organization, even for the same request twice", async () => {
    const body = { agent_type: "rfq_generator", task: "Quote 200 M8 bolts", data: { items: [{ description: "M8 bolts", quantity: 200 }] } };
    const numbers: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const created = await call("POST", "/v1/run", { key: tenant.key, body });
      expect(created.status, created.text).toBe(202);
      const { run } = await waitForRunToSettle(tenant.key, created.body.run_id);
      expect(run.status).toBe("completed");
      expect(run.output.rfq_number).toMatch(/^RFQ-\d{6}$/);
      expect(run.output.body_markdown).toContain(run.output.rfq_number);
      numbers.push(run.output.rfq_number);
    }
    expect(new Set(numbers).size).toBe(2);
    // Consecutive: each run took the organization's next number, and the drafted one is gone.
    expect(Number(numbers[1]!.slice(4))).toBe(Number(numbers[0]!.slice(4)) + 1);
  });

  it("a run waiting for a person proposes a numbered RFQ, and a batch's rows each take their own number", async () => {
    const own = await createTenant();
    // Items read from the task: the agent asks for a person (its own triage reason).
    const waiting = await call("POST", "/v1/run", { key: own.key, body: { agent_type: "rfq_generator", task: "Quote 200 M8 bolts and 50 washers" } });
    expect(waiting.status, waiting.text).toBe(202);
    const settled = await waitForRunToSettle(own.key, waiting.body.run_id);
    expect(settled.run.status).toBe("pending_triage");
    expect(settled.triage_item.proposed_output.rfq_number).toBe("RFQ-000001");
    expect(settled.triage_item.proposed_output.body_markdown).toContain("RFQ-000001");

    const rows = Array.from({ length: 20 }, (_, index) => ({ task: `Quote ${index + 1} bolts`, data: { items: [{ description: "bolt", quantity: index + 1 }] } }));
    const batch = await call("POST", "/v1/batches", { key: own.key, body: { agent_type: "rfq_generator", rows } });
    expect(batch.status, batch.text).toBe(201);
    await waitForBatchToFinish(own.key, batch.body.job.id);
    const listed = await call("GET", `/v1/batches/${batch.body.job.id}?rows_limit=100`, { key: own.key });
    const numbered = listed.body.rows.map((row: { result: { rfq_number: string; body_markdown: string } }) => {
      expect(row.result.body_markdown).toContain(row.result.rfq_number);
      return row.result.rfq_number;
    });
    // 2 … 21: the waiting run took 1, and every row its own.
    expect([...numbered].sort()).toEqual(Array.from({ length: 20 }, (_, index) => `RFQ-${String(index + 2).padStart(6, "0")}`));
  });
});
