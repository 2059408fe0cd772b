import { describe, expect, it } from "vitest";
import { apSpecialist, type TApOutput } from "../../../src/domains/agents/ap-specialist.ts";
import { AgentInputError, type TAgentResult } from "../../../src/domains/agents/types.ts";

// 100 × 2.50 + 10 × 40.00 = 650.00
const invoice = () => ({
  number: "INV-1001",
  vendor: "Acme Fasteners",
  currency: "USD",
  total: 650,
  lines: [
    { sku: "BOLT-M8", description: "M8 bolts", quantity: 100, unit_price: 2.5 },
    { sku: "BRKT-01", description: "Steel bracket", quantity: 10, unit_price: 40 },
  ],
});
const purchaseOrder = () => ({ ...invoice(), number: "PO-77" });
const receipt = () => ({ lines: [{ sku: "BOLT-M8", quantity: 100 }, { sku: "BRKT-01", quantity: 10 }] });

const run = (data: Record<string, unknown> | null): TAgentResult => apSpecialist({ task: "Check this invoice", data });
const outputOf = (result: TAgentResult) => result.output as TApOutput;
const fieldsOf = (result: TAgentResult) => outputOf(result).discrepancies.map((d) => d.field);

function expectHeld(result: TAgentResult, firstField: string) {
  expect(outputOf(result).decision).toBe("hold");
  expect(outputOf(result).acknowledged_discrepancies).toBeUndefined();
  expect(outputOf(result).discrepancies[0]?.field).toBe(firstField);
  expect(result.confidence_score).toBeLessThanOrEqual(0.6);
  expect(result.triage?.reason).toMatch(new RegExp(`^Payment held: ${escape(firstField)}: `));
}

/** A reviewable mismatch proposes the payment a person approves: approve pays, reject holds. */
function expectPaymentProposed(result: TAgentResult, firstField: string) {
  expect(outputOf(result).decision).toBe("approve_payment");
  expect(outputOf(result).discrepancies[0]?.field).toBe(firstField);
  expect(outputOf(result).acknowledged_discrepancies).toEqual(fieldsOf(result));
  expect(result.confidence_score).toBeLessThanOrEqual(0.6);
  expect(result.triage?.reason).toMatch(new RegExp(`^Approve to pay [0-9.]+ [A-Z]{3} despite: ${escape(firstField)}: `));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("ap_specialist: clean matches", () => {
  it("approves a clean 2-way match with high confidence and no triage", () => {
    const result = run({ invoice: invoice(), purchase_order: purchaseOrder() });
    expect(result.output).toEqual({
      decision: "approve_payment",
      amount_due: 650,
      currency: "USD",
      invoice_number: "INV-1001",
      matched: "2-way",
      discrepancies: [],
    });
    expect(result.confidence_score).toBeGreaterThanOrEqual(0.9);
    expect(result.triage).toBeUndefined();
  });

  it("approves a clean 3-way match", () => {
    const result = run({ invoice: invoice(), purchase_order: purchaseOrder(), receipt: receipt() });
    expect(outputOf(result)).toMatchObject({ decision: "approve_payment", matched: "3-way", discrepancies: [] });
    expect(result.confidence_score).toBeGreaterThanOrEqual(0.9);
    expect(result.triage).toBeUndefined();
  });

  it("treats vendor names and SKUs case- and space-insensitively", () => {
    const order = { ...purchaseOrder(), vendor: "  ACME   fasteners " };
    order.lines = order.lines.map((line) => ({ ...line, sku: line.sku.toLowerCase() }));
    expect(outputOf(run({ invoice: invoice(), purchase_order: order })).discrepancies).toEqual([]);
  });

  it("checks only the arithmetic of an invoice without a purchase order, below the default threshold", () => {
    const result = run({ invoice: invoice() });
    expect(outputOf(result)).toMatchObject({ decision: "approve_payment", matched: "none", discrepancies: [] });
    expect(result.confidence_score).toBe(0.65);
    expect(result.triage).toBeUndefined();
  });

  it("passes a price inside the 0.5 % tolerance (and the total it moves)", () => {
    const inv = invoice();
    inv.lines[0]!.unit_price = 2.51; // +0.4 %
    inv.total = 651;
    const result = run({ invoice: inv, purchase_order: purchaseOrder() });
    expect(outputOf(result).discrepancies).toEqual([]);
    expect(outputOf(result).amount_due).toBe(651);
  });

  it("rounds to cents before comparing the arithmetic", () => {
    const inv = { ...invoice(), total: 3, lines: [{ sku: "A", description: "a", quantity: 3, unit_price: 0.999999 }] };
    expect(outputOf(run({ invoice: inv })).discrepancies).toEqual([]);
  });
});

describe("ap_specialist: discrepancies", () => {
  it("holds an invoice whose total is not the sum of its lines", () => {
    const result = run({ invoice: { ...invoice(), total: 700 } });
    expectHeld(result, "invoice.total");
    expect(outputOf(result).discrepancies[0]).toMatchObject({ expected: 650, actual: 700 });
    expect(result.triage?.reason).toContain("does not equal the sum of its lines");
  });

  it("holds an invoice from another vendor than the order's", () => {
    const result = run({ invoice: invoice(), purchase_order: { ...purchaseOrder(), vendor: "Other Supplies" } });
    expectHeld(result, "purchase_order.vendor");
    expect(outputOf(result).discrepancies[0]).toMatchObject({ expected: "Other Supplies", actual: "Acme Fasteners" });
  });

  it("holds an invoice in another currency than the order's", () => {
    const result = run({ invoice: invoice(), purchase_order: { ...purchaseOrder(), currency: "eur" } });
    expectHeld(result, "purchase_order.currency");
  });

  it("proposes to pay despite a quantity that differs from the purchase order", () => {
    const order = purchaseOrder();
    order.lines[1]!.quantity = 8;
    order.total = 570;
    const result = run({ invoice: invoice(), purchase_order: order });
    expectPaymentProposed(result, "purchase_order.lines[BRKT-01].quantity");
    expect(outputOf(result).discrepancies[0]).toMatchObject({ expected: 8, actual: 10 });
  });

  it("proposes to pay despite a price outside the 0.5 % tolerance", () => {
    const inv = invoice();
    inv.lines[1]!.unit_price = 40.25; // +0.625 %
    inv.total = 652.5;
    const result = run({ invoice: inv, purchase_order: purchaseOrder() });
    expectPaymentProposed(result, "purchase_order.lines[BRKT-01].unit_price");
    expect(fieldsOf(result)).toEqual(["purchase_order.lines[BRKT-01].unit_price"]);
    expect(outputOf(result).discrepancies[0]).toMatchObject({ expected: 40, actual: 40.25 });
  });

  it("proposes to pay despite a line that is not on the purchase order", () => {
    const order = purchaseOrder();
    order.lines = order.lines.slice(0, 1);
    const result = run({ invoice: invoice(), purchase_order: order });
    expect(fieldsOf(result)).toContain("purchase_order.lines[BRKT-01]");
    expect(outputOf(result)).toMatchObject({ decision: "approve_payment", amount_due: 650 });
  });

  it("proposes to pay despite a total that differs from the purchase order even when the lines agree", () => {
    const result = run({ invoice: invoice(), purchase_order: { ...purchaseOrder(), total: 600 } });
    expectPaymentProposed(result, "purchase_order.total");
    expect(fieldsOf(result)).toEqual(["purchase_order.total"]);
  });

  it("holds an invoice billing more than was received, with payable_now the value received", () => {
    const result = run({
      invoice: invoice(),
      purchase_order: purchaseOrder(),
      receipt: { lines: [{ sku: "BOLT-M8", quantity: 80 }, { sku: "BRKT-01", quantity: 10 }] },
    });
    expectHeld(result, "receipt.lines[BOLT-M8].over_received");
    expect(outputOf(result).matched).toBe("3-way");
    expect(outputOf(result).discrepancies[0]).toMatchObject({ expected: 80, actual: 100 });
    // 80 × 2.50 + 10 × 40.00
    expect(outputOf(result).payable_now).toBe(600);
    expect(result.triage?.reason).toContain("payable now 600.00 USD (the value received), not 650.00 USD");
  });

  it("proposes to pay despite fewer billed than received (an everyday variance)", () => {
    const result = run({
      invoice: invoice(),
      purchase_order: purchaseOrder(),
      receipt: { lines: [{ sku: "BOLT-M8", quantity: 120 }, { sku: "BRKT-01", quantity: 10 }] },
    });
    expectPaymentProposed(result, "receipt.lines[BOLT-M8].quantity");
    expect(outputOf(result).payable_now).toBeUndefined();
  });

  it("names the first discrepancy and counts the rest, lowering confidence per discrepancy", () => {
    const result = run({ invoice: { ...invoice(), total: 700 }, purchase_order: { ...purchaseOrder(), vendor: "Other" } });
    expect(fieldsOf(result).slice(0, 2)).toEqual(["invoice.total", "purchase_order.vendor"]);
    expect(result.triage?.reason).toMatch(/^Payment held: invoice\.total: .* \(and \d+ more discrepanc(y|ies)\)$/);
    expect(result.confidence_score).toBeLessThan(0.6);
  });

  it("holds when one discrepancy blocks the payment, whatever the others", () => {
    const order = purchaseOrder();
    order.lines[1]!.quantity = 8;
    const result = run({ invoice: invoice(), purchase_order: { ...order, total: 570, currency: "EUR" } });
    expect(fieldsOf(result)).toContain("purchase_order.lines[BRKT-01].quantity");
    expectHeld(result, "purchase_order.currency");
  });

  it("proposes the README's INV-8 payment: 12 boxes billed, 10 ordered", () => {
    const line = { sku: "PAPER-A4", description: "A4 paper, box", unit_price: 25 };
    const result = run({
      invoice: { number: "INV-8", vendor: "Acme Supplies", currency: "USD", total: 300, lines: [{ ...line, quantity: 12 }] },
      purchase_order: { number: "PO-3", vendor: "Acme Supplies", currency: "USD", total: 250, lines: [{ ...line, quantity: 10 }] },
    });
    expect(result.output).toMatchObject({
      decision: "approve_payment",
      amount_due: 300,
      acknowledged_discrepancies: ["purchase_order.lines[PAPER-A4].quantity", "purchase_order.total"],
    });
    expect(result.triage?.reason).toMatch(/^Approve to pay 300\.00 USD despite: purchase_order\.lines\[PAPER-A4\]\.quantity: .* \(and 1 more discrepancy\)$/);
  });
});

describe("ap_specialist: unusable input", () => {
  const inputErrorOf = (data: Record<string, unknown> | null): AgentInputError => {
    try {
      run(data);
    } catch (error) {
      expect(error).toBeInstanceOf(AgentInputError);
      return error as AgentInputError;
    }
    throw new Error("expected an AgentInputError");
  };

  it("requires data.invoice", () => {
    expect(inputErrorOf(null).message).toBe("data.invoice is required");
    expect(inputErrorOf({ purchase_order: purchaseOrder() }).field).toBe("data.invoice");
  });

  it("names the malformed field by path", () => {
    const inv = invoice() as { lines: Record<string, unknown>[] };
    inv.lines.push({ sku: "X", description: "x", quantity: "3", unit_price: 1 });
    const error = inputErrorOf({ invoice: inv });
    expect(error.field).toBe("data.invoice.lines[2].quantity");
    expect(error.message).toBe("data.invoice.lines[2].quantity must be a number");
  });

  it("rejects an invoice without lines and a malformed purchase order or receipt", () => {
    expect(inputErrorOf({ invoice: { ...invoice(), lines: [] } }).message).toBe("data.invoice.lines must have at least 1 item(s)");
    expect(inputErrorOf({ invoice: { ...invoice(), vendor: "" } }).message).toBe("data.invoice.vendor must not be empty");
    expect(inputErrorOf({ invoice: invoice(), purchase_order: { ...purchaseOrder(), total: "650" } }).field).toBe(
      "data.purchase_order.total",
    );
    expect(inputErrorOf({ invoice: invoice(), receipt: { lines: [{ sku: "A" }] } }).message).toBe(
      "data.receipt.lines[0].quantity is required",
    );
  });
});
