// A batch's results CSV in flat columns (src/dashboard/batches/csv-results.ts).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { buildResultsCsv, flattenFields } from "../../src/dashboard/batches/csv-results.ts";

const read = (csv: string) => Papa.parse<string[]>(csv.trim()).data;

describe("buildResultsCsv", () => {
  it("gives AP rows decision, amount, currency, discrepancy count and reason, with no JSON in any cell", () => {
    const csv = buildResultsCsv(
      [
        {
          row_index: 0,
          task: "Invoice Number INV-1",
          status: "completed",
          data: { invoice: { number: "INV-1", lines: [{ sku: "A4" }] } },
          result: {
            decision: "approve_payment",
            amount_due: 70,
            currency: "USD",
            invoice_number: "INV-1",
            matched: "2-way",
            discrepancies: [
              { field: "invoice.lines.0.quantity", expected: 2, actual: 3, message: "quantity 3 differs from the order's 2" },
              { field: "invoice.lines.1.unit_price", expected: 1, actual: 2, message: "price differs" },
            ],
          },
          error_message: null,
          run_id: "r0",
        },
        { row_index: 1, task: "Invoice Number INV-2", status: "pending_triage", data: { invoice: { number: "INV-2" } }, result: null, error_message: null, run_id: "r1" },
        { row_index: 2, task: "=cmd()", status: "failed", data: null, result: null, error_message: "data.invoice is required", run_id: null },
      ],
      "ap_specialist",
    );
    expect(read(csv)).toEqual([
      ["row_index", "task", "status", "run_id", "invoice_number", "decision", "amount", "currency", "discrepancy_count", "reason", "error_message"],
      ["0", "Invoice Number INV-1", "completed", "r0", "INV-1", "approve_payment", "70", "USD", "2", "invoice.lines.0.quantity: quantity 3 differs from the order's 2 (and 1 more)", ""],
      ["1", "Invoice Number INV-2", "pending_triage", "r1", "INV-2", "", "", "", "", "", ""],
      ["2", "'=cmd()", "failed", "", "", "", "", "", "", "", "data.invoice is required"],
    ]);
  });

  it("flattens other agents' output with dotted names, data after it, and leaves negative numbers alone", () => {
    const csv = buildResultsCsv(
      [
        { row_index: 0, task: "Quote bolts", status: "completed", data: { supplier: "Acme", items: [{ q: 1 }] }, result: { quote: { total: -5, lines: ["a", "b"] }, status: "sent", items: [{}, {}] }, error_message: null, run_id: "r0" },
        { row_index: 1, task: "+1", status: "failed", data: null, result: null, error_message: "@oops", run_id: "r1" },
      ],
      "rfq_generator",
    );
    expect(read(csv)).toEqual([
      ["row_index", "task", "status", "run_id", "items.count", "quote.lines", "quote.total", "result.status", "data.items.count", "data.supplier", "error_message"],
      ["0", "Quote bolts", "completed", "r0", "2", "a; b", "-5", "sent", "1", "Acme", ""],
      ["1", "'+1", "failed", "r1", "", "", "", "", "", "", "'@oops"],
    ]);
  });

  it("flattenFields stops at a bounded depth", () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 10; level++) deep = { next: deep };
    const flat = flattenFields(deep);
    expect(Object.keys(flat)).toHaveLength(1);
    expect(Object.values(flat)[0]).toMatch(/^\{"next"/);
  });
});
