// The engines the model may call as tools: deterministic results, input errors as {error}.
import { describe, expect, it } from "vitest";
import { AP_MATCH_TOOL, ASSISTANT_TOOLS, RFQ_DRAFT_TOOL } from "../../../src/domains/agents/model-tools.ts";

const invoice = { number: "INV-1", vendor: "Acme", currency: "eur", total: 100, lines: [{ sku: "A", description: "a", quantity: 10, unit_price: 10 }] };

describe("model tools", () => {
  it("are offered as function tools with JSON Schema parameters", () => {
    expect(ASSISTANT_TOOLS.map((tool) => tool.definition.function.name)).toEqual(["ap_match", "rfq_draft"]);
    for (const tool of ASSISTANT_TOOLS) expect(tool.definition.function.parameters).toMatchObject({ type: "object", required: expect.any(Array) });
  });

  it("ap_match runs the 2/3-way match and answers the same every time", () => {
    const first = AP_MATCH_TOOL.run({ invoice, purchase_order: invoice, receipt: { lines: [{ sku: "A", quantity: 10 }] } });
    expect(first).toMatchObject({ output: { decision: "approve_payment", matched: "3-way", currency: "EUR", discrepancies: [] }, confidence_score: 0.95 });
    expect(AP_MATCH_TOOL.run({ invoice, purchase_order: invoice, receipt: { lines: [{ sku: "A", quantity: 10 }] } })).toEqual(first);
    expect(AP_MATCH_TOOL.run({ invoice: { ...invoice, total: 90 } })).toMatchObject({ output: { decision: "hold" }, needs_review: expect.stringContaining("invoice.total") });
  });

  it("answers unusable arguments with the error instead of throwing", () => {
    expect(AP_MATCH_TOOL.run({})).toEqual({ error: "data.invoice is required" });
    expect(AP_MATCH_TOOL.run("not an object")).toEqual({ error: "data.invoice is required" });
    expect(RFQ_DRAFT_TOOL.run({ items: [{ description: "bolts", quantity: -1 }] })).toEqual({ error: "data.items[0].quantity must be greater than 0" });
  });

  it("rfq_draft drafts the document from the items", () => {
    expect(RFQ_DRAFT_TOOL.run({ title: "bolts", items: [{ description: "M8 bolts", quantity: 200, unit: "pcs" }], currency: "usd" })).toMatchObject({
      output: { rfq_number: expect.stringMatching(/^RFQ-/), currency: "USD", items: [{ description: "M8 bolts", quantity: 200, unit: "pcs" }] },
      confidence_score: 0.9,
    });
  });
});
