import { describe, expect, it } from "vitest";
import { center, chooseSpecialist } from "../../../src/domains/agents/center.ts";
import { AgentInputError } from "../../../src/domains/agents/types.ts";

const invoice = {
  number: "INV-1",
  vendor: "Acme",
  currency: "USD",
  total: 20,
  lines: [{ sku: "A", description: "a", quantity: 2, unit_price: 10 }],
};

describe("center routing", () => {
  it("sends an invoice in data to ap_specialist and adds routed_to", () => {
    const result = center({ task: "Please handle this", data: { invoice, purchase_order: invoice } });
    expect(result.output).toMatchObject({ routed_to: "ap_specialist", decision: "approve_payment", matched: "2-way" });
    expect(result.confidence_score).toBeGreaterThanOrEqual(0.9);
    expect(result.triage).toBeUndefined();
  });

  it("sends items in data to rfq_generator, keeping its confidence and triage", () => {
    const result = center({ task: "Handle this", data: { items: [{ description: "bolts", quantity: 5 }] } });
    expect(result.output).toMatchObject({ routed_to: "rfq_generator", items: [{ description: "bolts", quantity: 5 }] });
    expect(result.confidence_score).toBe(0.9);
  });

  it("routes by the task's wording when data says nothing", () => {
    expect(chooseSpecialist({ task: "Pay the attached invoice", data: null })).toBe("ap_specialist");
    for (const task of ["Get a quote for 5 chairs", "Draft an RFQ", "Ask our suppliers about pricing", "Source these items"]) {
      expect(chooseSpecialist({ task, data: {} })).toBe("rfq_generator");
    }
    expect(chooseSpecialist({ task: "Email the suppliers", data: { suppliers: [] } })).toBe("rfq_generator");
  });

  it("lets data outrank wording", () => {
    expect(chooseSpecialist({ task: "Get a quote", data: { invoice } })).toBe("ap_specialist");
    expect(chooseSpecialist({ task: "Invoice the customer", data: { items: [] } })).toBe("rfq_generator");
  });

  it("passes the specialist's triage through for inferred items", () => {
    const result = center({ task: "Request a quote for 40 office chairs", data: null });
    expect(result.output).toMatchObject({ routed_to: "rfq_generator", items: [{ description: "office chairs", quantity: 40 }] });
    expect(result.triage).toEqual({ reason: "items inferred from free text" });
  });

  it("lets a specialist's input error through when the task only mentions an invoice", () => {
    expect(() => center({ task: "Check invoice 42", data: null })).toThrow(AgentInputError);
    expect(() => center({ task: "Check invoice 42", data: null })).toThrow("data.invoice is required");
  });

  it("returns a plan, confidence 0.5 and triage when nothing matches", () => {
    const result = center({ task: "Summarise last week's meeting", data: { notes: "x" } });
    expect(result.output.routed_to).toBeNull();
    expect(Array.isArray(result.output.plan)).toBe(true);
    expect((result.output.plan as string[]).length).toBeGreaterThan(0);
    expect((result.output.plan as string[])[0]).toContain("Summarise last week's meeting");
    expect(result.confidence_score).toBe(0.5);
    expect(result.triage).toEqual({ reason: "no specialist matched" });
  });
});
