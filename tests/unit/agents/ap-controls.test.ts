// The AP agent's rules across invoices, pure (docs/api-conventions.md, "AP controls"): the
// engine supplies the vendor's earlier invoices and the organization's tolerances.
import { describe, expect, it } from "vitest";
import {
  apSpecialist,
  DEFAULT_AP_SETTINGS,
  normalizeDocumentNumber,
  payableNowCents,
  type TApContext,
  type TApOutput,
  type TEarlierInvoice,
} from "../../../src/domains/agents/ap-specialist.ts";
import { apSettingsFrom, ZApSettingsPatch } from "../../../src/domains/agents/ap-settings.ts";

const line = (sku: string, quantity: number, unit_price: number) => ({ sku, description: sku, quantity, unit_price });
const doc = (number: string, lines: ReturnType<typeof line>[], extra: Record<string, unknown> = {}) => ({
  number, vendor: "Acme", currency: "USD", total: lines.reduce((sum, each) => sum + each.quantity * each.unit_price, 0), lines, ...extra,
});
const earlier = (overrides: Partial<TEarlierInvoice>): TEarlierInvoice => ({
  run_id: "1e614dd2-0000-4000-8000-000000000000",
  invoice_number: "INV-7",
  invoice_date: null,
  currency: "USD",
  total_cents: 25_000,
  po_key: null,
  lines: [],
  status: "paid",
  paid_cents: 25_000,
  at: "2026-11-26T10:00:00.000Z",
  ...overrides,
});
const context = (history: TEarlierInvoice[], settings = {}): TApContext => ({ settings: { ...DEFAULT_AP_SETTINGS, ...settings }, history });
const run = (data: Record<string, unknown>, with_: TApContext) => apSpecialist({ task: "", data }, with_);
const out = (result: ReturnType<typeof run>) => result.output as TApOutput;

describe("duplicates", () => {
  it("the same invoice number (however written) is a possible duplicate: hold, naming the invoice and run", () => {
    const result = run({ invoice: doc("inv 7", [line("A", 10, 25)]) }, context([earlier({})]));
    expect(out(result).decision).toBe("hold");
    expect(out(result).duplicate_of).toEqual({ invoice_number: "INV-7", run_id: earlier({}).run_id, status: "paid", matched_on: "invoice_number" });
    expect(result.triage?.reason).toMatch(/^Payment held: invoice\.duplicate: possible duplicate of INV-7, paid 2026-11-26 in run 1e614dd2/);
  });

  it("the same amount within the window is a duplicate; outside it, or without a date, it is not", () => {
    const history = [earlier({ invoice_number: "X-1", invoice_date: "2026-11-01" })];
    const at = (date?: string) => out(run({ invoice: doc("X-2", [line("A", 10, 25)], date ? { date } : {}) }, context(history))).duplicate_of;
    expect(at("2026-12-01")?.matched_on).toBe("amount_and_date");
    expect(at("2026-12-02")).toBeUndefined();
    expect(at()).toBeUndefined();
    expect(out(run({ invoice: doc("X-2", [line("A", 10, 25)], { date: "2026-12-02" }) }, context(history, { duplicate_window_days: 31 }))).duplicate_of).toBeDefined();
  });

  it("a waiting invoice is named as waiting", () => {
    const result = run({ invoice: doc("INV-7", [line("A", 1, 1)]) }, context([earlier({ status: "pending_review", paid_cents: null })]));
    expect(result.triage?.reason).toContain("possible duplicate of INV-7, waiting for a person since 2026-11-26 in run 1e614dd2");
  });
});

describe("PO consumption", () => {
  const order = doc("PO-3", [line("W", 10, 25)]);
  it("billing past the order after earlier paid invoices is a hold with consumed and remaining", () => {
    const history = [earlier({ invoice_number: "INV-1", po_key: "PO3", lines: [{ sku: "W", quantity: 6 }], paid_cents: 15_000 })];
    const result = run({ invoice: doc("INV-2", [line("W", 6, 25)]), purchase_order: order }, context(history));
    expect(out(result).decision).toBe("hold");
    expect(out(result).purchase_order_consumption).toEqual({ earlier_invoices: 1, consumed: 150, remaining: 100 });
    const messages = out(result).discrepancies.map((each) => each.message).join("\n");
    expect(messages).toContain("consumed 150.00 USD of 250.00 USD, 100.00 USD remain, and this invoice bills 150.00 USD");
    expect(messages).toContain("W: earlier invoices billed 6 of the 10 ordered, 4 remain, and this invoice bills 6");
  });

  it("within what remains (and the amount tolerance) there is no consumption discrepancy", () => {
    const history = [earlier({ invoice_number: "INV-1", po_key: "PO3", lines: [{ sku: "W", quantity: 6 }], paid_cents: 15_000 })];
    const fields = (settings = {}) => out(run({ invoice: doc("INV-2", [line("W", 4, 25)]), purchase_order: order }, context(history, settings)))
      .discrepancies.map((each) => each.field);
    expect(fields()).not.toContain("purchase_order.consumed.total");
    const over = [earlier({ invoice_number: "INV-1", po_key: "PO3", lines: [{ sku: "W", quantity: 6 }], paid_cents: 15_500 })];
    const overFields = (settings = {}) => out(run({ invoice: doc("INV-2", [line("W", 4, 25)]), purchase_order: order }, context(over, settings)))
      .discrepancies.map((each) => each.field);
    expect(overFields()).toContain("purchase_order.consumed.total");
    expect(overFields({ amount_tolerance: 5 })).not.toContain("purchase_order.consumed.total");
  });

  it("another PO number or a pending invoice does not consume", () => {
    const history = [
      earlier({ invoice_number: "INV-1", po_key: "PO4", lines: [{ sku: "W", quantity: 10 }] }),
      earlier({ invoice_number: "INV-0", po_key: "PO3", status: "pending_review", paid_cents: null, lines: [{ sku: "W", quantity: 10 }] }),
    ];
    expect(out(run({ invoice: doc("INV-2", [line("W", 10, 25)]), purchase_order: order }, context(history))).purchase_order_consumption).toBeUndefined();
  });
});

describe("received quantities and tolerances", () => {
  it("INV-206: 15 billed, 10 received at 40: payable now 400", () => {
    const invoice = doc("INV-206", [line("BOX", 15, 40)]);
    expect(payableNowCents(invoice, { lines: [{ sku: "box", quantity: 10 }] })).toBe(40_000);
    const result = run({ invoice, purchase_order: doc("PO-206", [line("BOX", 15, 40)]), receipt: { lines: [{ sku: "BOX", quantity: 10 }] } }, context([]));
    expect(out(result)).toMatchObject({ decision: "hold", amount_due: 600, payable_now: 400 });
    expect(result.triage?.reason).toContain("payable now 400.00 USD");
    const tolerated = run({ invoice, purchase_order: doc("PO-206", [line("BOX", 15, 40)]), receipt: { lines: [{ sku: "BOX", quantity: 10 }] } }, context([], { quantity_tolerance: 5 }));
    expect(out(tolerated)).toMatchObject({ decision: "approve_payment", discrepancies: [] });
  });

  it("the price tolerance is a setting", () => {
    const data = { invoice: doc("I", [line("N", 10, 10.2)]), purchase_order: doc("P", [line("N", 10, 10)]) };
    expect(out(run(data, context([]))).discrepancies.map((each) => each.field)).toContain("purchase_order.lines[N].unit_price");
    expect(out(run(data, context([], { price_tolerance_percent: 2 }))).discrepancies).toEqual([]);
  });

  it("settings: stored values over the defaults per mode; patches must set something valid", () => {
    expect(apSettingsFrom({ test: { quantity_tolerance: 2 } }, false)).toEqual({ ...DEFAULT_AP_SETTINGS, quantity_tolerance: 2 });
    expect(apSettingsFrom({ test: { quantity_tolerance: 2 } }, true)).toEqual(DEFAULT_AP_SETTINGS);
    expect(apSettingsFrom({ live: { quantity_tolerance: -3 } }, true)).toEqual(DEFAULT_AP_SETTINGS);
    expect(ZApSettingsPatch.safeParse({}).success).toBe(false);
    expect(ZApSettingsPatch.safeParse({ duplicate_window_days: 2.5 }).success).toBe(false);
    expect(ZApSettingsPatch.safeParse({ amount_tolerance: 1.25 }).success).toBe(true);
  });

  it("document numbers compare without case, spaces or dashes", () => {
    expect(normalizeDocumentNumber(" inv-7 ")).toBe(normalizeDocumentNumber("INV 7"));
  });
});
