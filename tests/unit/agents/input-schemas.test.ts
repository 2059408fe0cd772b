import { describe, expect, it } from "vitest";
import { BUILT_IN_INPUT_SCHEMAS, inputIssues, customerSchemaProblem } from "../../../src/domains/agents/input-schemas.ts";

const line = { sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 };
const invoice = { number: "INV-7", vendor: "Acme", currency: "USD", total: 250, lines: [line] };

describe("agent input schemas", () => {
  it("accepts the README's AP example and names the path of a line without description", () => {
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.ap_specialist, { invoice, purchase_order: invoice })).toEqual([]);
    const { description: _omitted, ...withoutDescription } = line;
    const issues = inputIssues(BUILT_IN_INPUT_SCHEMAS.ap_specialist, { invoice: { ...invoice, lines: [withoutDescription] } });
    expect(issues[0]).toMatchObject({ path: "/invoice/lines/0/description" });
  });

  it("checks RFQ items and supplier emails", () => {
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.rfq_generator, { items: [{ description: "Laptop", quantity: 20 }] })).toEqual([]);
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.rfq_generator, { items: [{ description: "Laptop", quantity: "many" }] })[0]).toMatchObject({
      path: "/items/0/quantity",
    });
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.rfq_generator, { suppliers: [{ name: "A", email: "not-an-email" }] })[0]).toMatchObject({
      path: "/suppliers/0/email",
    });
  });

  it("names only the specific problem inside an optional field (no 'must be null' / anyOf noise)", () => {
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.rfq_generator, { items: [{ description: "bolts", quantity: "200" }] })).toEqual([
      { path: "/items/0/quantity", message: "must be number" },
    ]);
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.rfq_generator, { items: "bolts" })).toEqual([{ path: "/items", message: "must be array" }]);
  });

  it("accepts a numeric document number, as the agent does", () => {
    expect(inputIssues(BUILT_IN_INPUT_SCHEMAS.ap_specialist, { invoice: { ...invoice, number: 7 } })).toEqual([]);
  });

  it("refuses a schema that is not one and accepts a 2020-12 object schema", () => {
    expect(customerSchemaProblem({ type: 5 })).toMatch(/schema/);
    expect(customerSchemaProblem([])).toBe("must be a JSON Schema object");
    expect(customerSchemaProblem({ type: "object", properties: { category: { enum: ["a", "b"] } }, required: ["category"] })).toBeNull();
  });
});

describe("assertInputsFit", () => {
  it("throws a validation_error naming the data path (and a batch row's prefix)", async () => {
    const { assertInputsFit } = await import("../../../src/domains/agents/input-schemas.ts");
    const bad = { invoice: { ...invoice, total: "lots" } };
    expect(() => assertInputsFit(BUILT_IN_INPUT_SCHEMAS.ap_specialist, [{ data: bad, root: "data" }])).toThrow(/Invalid data\.invoice\.total/);
    try {
      assertInputsFit(BUILT_IN_INPUT_SCHEMAS.ap_specialist, [{ data: { invoice }, root: "rows.2.data" }, { data: bad, root: "rows.3.data" }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ type: "validation_error", details: { issues: [{ path: "rows.3.data.invoice.total" }] } });
    }
  });

  it("shares one validation budget among a request's inputs (a batch's rows)", async () => {
    const { assertInputsFit } = await import("../../../src/domains/agents/input-schemas.ts");
    const codes = Array.from({ length: 250 }, (_, index) => `C${index}`);
    const schema = { type: "object", properties: { items: { type: "array", items: { enum: codes } } } };
    const row = { items: Array.from({ length: 5_000 }, () => "C1") }; // ~1.3 million checks: one row fits
    expect(() => assertInputsFit(schema, [{ data: row, root: "rows.0.data" }])).not.toThrow();
    // Five rows fit one by one, not together.
    const rows = Array.from({ length: 5 }, (_, index) => ({ data: row, root: `rows.${index}.data` }));
    expect(() => assertInputsFit(schema, rows)).toThrow(/Invalid rows\.[34]\.data: is too large to check against this agent's schema/);
  });
});

