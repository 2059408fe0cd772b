import { describe, expect, it } from "vitest";
import { extractDueDateFromText, extractItemsFromText, rfqGenerator, type TRfqOutput } from "../../../src/domains/agents/rfq-generator.ts";
import { AgentInputError, type TAgentInput } from "../../../src/domains/agents/types.ts";

const outputOf = (input: TAgentInput) => rfqGenerator(input).output as TRfqOutput;

describe("rfq_generator with items given", () => {
  const input: TAgentInput = {
    task: "Quote for fasteners",
    data: {
      items: [
        { description: "M8 bolts", quantity: 200, unit: "pcs" },
        { description: "Steel | brackets", quantity: 50 },
      ],
      due_date: "2026-03-01",
      suppliers: [{ name: "Acme", email: "sales@acme.example" }, { name: "Bolt Co" }],
      currency: "eur",
    },
  };

  it("builds the RFQ document with confidence 0.9 and no triage", () => {
    const result = rfqGenerator(input);
    expect(result.confidence_score).toBe(0.9);
    expect(result.triage).toBeUndefined();
    const output = result.output as TRfqOutput;
    expect(output.rfq_number).toMatch(/^RFQ-[0-9A-F]{8}$/);
    expect(output.items).toEqual([
      { description: "M8 bolts", quantity: 200, unit: "pcs" },
      { description: "Steel | brackets", quantity: 50, unit: null },
    ]);
    expect(output.due_date).toBe("2026-03-01");
    expect(output.suppliers).toEqual([{ name: "Acme", email: "sales@acme.example" }, { name: "Bolt Co", email: null }]);
    expect(output.currency).toBe("EUR");
    expect(output.title).toBe("Request for quotation: M8 bolts, Steel | brackets");
  });

  it("writes a markdown body with an items table, the due date and the reference", () => {
    const body = outputOf(input).body_markdown;
    expect(body).toContain("| 1 | M8 bolts | 200 | pcs |");
    expect(body).toContain("| 2 | Steel \\| brackets | 50 | — |");
    expect(body).toContain("**Quotes due:** 2026-03-01");
    expect(body).toContain("please quote in EUR");
    expect(body).toContain(outputOf(input).rfq_number);
    expect(body).not.toContain("sales@acme.example");
  });

  it("numbers the RFQ deterministically from the task and items", () => {
    expect(outputOf(input).rfq_number).toBe(outputOf(structuredClone(input)).rfq_number);
    const otherItems = { ...input, data: { ...input.data, items: [{ description: "M8 bolts", quantity: 201 }] } };
    expect(outputOf(otherItems).rfq_number).not.toBe(outputOf(input).rfq_number);
    expect(outputOf({ ...input, task: "Another task" }).rfq_number).not.toBe(outputOf(input).rfq_number);
  });

  it("names the malformed field", () => {
    const bad = (data: Record<string, unknown>) => () => rfqGenerator({ task: "RFQ", data });
    expect(bad({ items: [{ description: "bolts", quantity: "many" }] })).toThrow(
      new AgentInputError("data.items[0].quantity", "data.items[0].quantity must be a number"),
    );
    expect(bad({ items: [{ quantity: 3 }] })).toThrow("data.items[0].description is required");
    expect(bad({ items: [{ description: "bolts", quantity: 0 }] })).toThrow("data.items[0].quantity must be greater than 0");
    expect(bad({ suppliers: [{ name: "A", email: "nope" }] })).toThrow("data.suppliers[0].email must be an email address");
    expect(bad({ items: "bolts" })).toThrow("data.items must be an array");
  });
});

describe("rfq_generator inferring items from the task", () => {
  it("extracts quantities and names from free text, with confidence 0.6 and triage", () => {
    const result = rfqGenerator({ task: "Need 200 M8 bolts and 50 steel brackets by Friday", data: null });
    expect((result.output as TRfqOutput).items).toEqual([
      { description: "M8 bolts", quantity: 200, unit: null },
      { description: "steel brackets", quantity: 50, unit: null },
    ]);
    expect(result.confidence_score).toBe(0.6);
    expect(result.triage).toEqual({ reason: "items inferred from free text" });
  });

  it("treats an empty items array as no items", () => {
    const result = rfqGenerator({ task: "Please quote 12 pallets of copy paper.", data: { items: [] } });
    expect((result.output as TRfqOutput).items).toEqual([{ description: "copy paper", quantity: 12, unit: "pallets" }]);
    expect(result.confidence_score).toBe(0.6);
  });

  it("reads units, thousands separators and 'x' quantities, and skips dates and durations", () => {
    expect(
      extractItemsFromText("Order 1,000 washers, 25x hex nuts; 10 kg of copper wire. Delivery within 3 weeks, by 2026-03-01, at 5 pm."),
    ).toEqual([
      { description: "washers", quantity: 1000, unit: null },
      { description: "hex nuts", quantity: 25, unit: null },
      { description: "copper wire", quantity: 10, unit: "kg" },
    ]);
  });

  it("returns an RFQ with no items, confidence 0.3 and triage when nothing can be extracted", () => {
    const result = rfqGenerator({ task: "Get quotes for the new office fit-out", data: null });
    const output = result.output as TRfqOutput;
    expect(output.items).toEqual([]);
    expect(output.rfq_number).toMatch(/^RFQ-[0-9A-F]{8}$/);
    expect(output.body_markdown).toContain("> Get quotes for the new office fit-out");
    expect(result.confidence_score).toBe(0.3);
    expect(result.triage?.reason).toMatch(/no items/);
  });
});

describe("rfq_generator's due date from the task", () => {
  it("keeps the README's first example's \"due 2026-12-15\" when data.due_date is absent", () => {
    const output = outputOf({
      task: "Request quotes for 20 laptops, due 2026-12-15",
      data: { items: [{ description: "14-inch laptop, 16 GB RAM", quantity: 20 }] },
    });
    expect(output.due_date).toBe("2026-12-15");
    expect(output.body_markdown).toContain("**Quotes due:** 2026-12-15");
    expect(output.items).toEqual([{ description: "14-inch laptop, 16 GB RAM", quantity: 20, unit: null }]);
  });

  it("prefers data.due_date over the task's", () => {
    expect(outputOf({ task: "Quote 5 desks, due 2026-12-15", data: { due_date: "2027-01-10" } }).due_date).toBe("2027-01-10");
  });

  it.each([
    ["Quotes due by 15 December 2026 please", "15 December 2026"],
    ["Due date: 2026-03-01", "2026-03-01"],
    ["due on Dec 15, 2026.", "Dec 15, 2026"],
    ["need 50 chairs due before 3rd March", "3rd March"],
  ])("reads %j", (task, due) => {
    expect(extractDueDateFromText(task)).toBe(due);
  });

  it.each(["due soon", "50 chairs by 2026-12-15", "overdue invoice 2026-12-15x", "due 2026-12-15-A"])("reads no date from %j", (task) => {
    expect(extractDueDateFromText(task)).toBeNull();
  });

  it("does not take the date for an item", () => {
    expect(outputOf({ task: "Quote 200 M8 bolts due 2026-12-15", data: {} }).items).toEqual([{ description: "M8 bolts", quantity: 200, unit: null }]);
  });
});
