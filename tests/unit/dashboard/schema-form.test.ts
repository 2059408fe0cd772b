// The reviewer's forms (src/dashboard/lib/schema-form.ts): JSON Schema + value → field
// descriptors, edits by path, the check before sending; and the built-in output schemas they
// are built from (src/domains/agents/output-schemas.ts) against real outputs of the agents.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  describeForm,
  emptyValue,
  fieldKeys,
  formIssues,
  humanize,
  MAX_FIELDS,
  removeAt,
  setAt,
  singular,
  type TField,
} from "../../../src/dashboard/lib/schema-form.ts";
import { apSpecialist } from "../../../src/domains/agents/ap-specialist.ts";
import { BUILT_IN_INPUT_SCHEMAS } from "../../../src/domains/agents/input-schemas.ts";
import { BUILT_IN_OUTPUT_SCHEMAS } from "../../../src/domains/agents/output-schemas.ts";
import { rfqGenerator } from "../../../src/domains/agents/rfq-generator.ts";

const AP_INPUT = BUILT_IN_INPUT_SCHEMAS.ap_specialist;
const AP_OUTPUT = BUILT_IN_OUTPUT_SCHEMAS.ap_specialist;
const LINE = { sku: "A-1", description: "Widgets", quantity: 10, unit_price: 10 };
const INVOICE = { number: "INV-1", vendor: "Acme", currency: "USD", total: 150, lines: [LINE, { ...LINE, sku: "B-2", quantity: 5 }] };
const AP_DATA = { invoice: INVOICE, purchase_order: { ...INVOICE, number: "PO-1", total: 120 } };

/** Every field of a form by its key. */
function byKey(field: TField, found = new Map<string, TField>()): Map<string, TField> {
  found.set(field.key, field);
  if (field.kind === "object") for (const child of field.fields) byKey(child, found);
  if (field.kind === "array") for (const item of field.items) byKey(item, found);
  return found;
}

function formOf(schema: Record<string, unknown>, value: unknown) {
  const form = describeForm(schema, value);
  if (!form.ok) throw new Error(`no form: ${form.reason}`);
  return { form, fields: byKey(form.root) };
}

describe("describeForm", () => {
  it("turns the AP input schema into fieldsets, inputs and repeated lines", () => {
    const { fields } = formOf(AP_INPUT, AP_DATA);
    expect(fields.get("invoice")).toMatchObject({ kind: "object", label: "Invoice", required: true, present: true });
    expect(fields.get("invoice.vendor")).toMatchObject({ kind: "text", inputType: "text", value: "Acme", required: true, label: "Vendor" });
    expect(fields.get("invoice.total")).toMatchObject({ kind: "number", integer: false, value: 150, required: true });
    expect(fields.get("invoice.date")).toMatchObject({ kind: "text", inputType: "date", value: "", required: false });
    // A string-or-number union is one text input.
    expect(fields.get("invoice.number")).toMatchObject({ kind: "text", value: "INV-1", number: true });
    const lines = fields.get("invoice.lines");
    expect(lines).toMatchObject({ kind: "array", itemLabel: "Line", canAdd: true, canRemove: true });
    expect(lines?.kind === "array" && lines.items.map((item) => item.label)).toEqual(["Line 1", "Line 2"]);
    expect(fields.get("invoice.lines.1.quantity")).toMatchObject({ kind: "number", value: 5, required: true, path: ["invoice", "lines", 1, "quantity"] });
    expect(fields.get("invoice.lines.0.unit_price")).toMatchObject({ label: "Unit price" });
    // anyOf [object, null] is an optional object: present here, absent (to add) when not given.
    expect(fields.get("purchase_order")).toMatchObject({ kind: "object", required: false, present: true });
    expect(fields.get("receipt")).toMatchObject({ kind: "object", required: false, present: false, fields: [] });
  });

  it("gives enums a select, booleans a checkbox, integers an integer input, titles as labels", () => {
    const { fields } = formOf(
      {
        type: "object",
        properties: {
          decision: { type: "string", enum: ["approve_payment", "hold"], title: "Decision" },
          urgent: { type: "boolean" },
          count: { type: "integer" },
          when: { type: ["string", "null"], format: "date" },
        },
        required: ["decision"],
      },
      { decision: "hold", urgent: true, count: 3 },
    );
    expect(fields.get("decision")).toMatchObject({
      kind: "select",
      label: "Decision",
      required: true,
      value: '"hold"',
      options: [
        { value: '"approve_payment"', label: "approve_payment" },
        { value: '"hold"', label: "hold" },
      ],
    });
    expect(fields.get("urgent")).toMatchObject({ kind: "checkbox", value: true, required: false });
    expect(fields.get("count")).toMatchObject({ kind: "number", integer: true, value: 3 });
    expect(fields.get("when")).toMatchObject({ kind: "text", inputType: "date", required: false });
  });

  it("keeps a value outside its enum visible rather than replacing it", () => {
    const { fields } = formOf(AP_OUTPUT, { decision: "pay" });
    const decision = fields.get("decision");
    expect(decision?.kind === "select" && decision.options[0]).toEqual({ value: '"pay"', label: "pay" });
  });

  it("falls back to JSON for shapes the form does not model", () => {
    const { fields } = formOf(
      {
        type: "object",
        properties: {
          choice: { oneOf: [{ type: "string" }, { type: "number" }] },
          map: { type: "object", patternProperties: { "^x": { type: "string" } } },
          open: { type: "object" },
          wrong: { type: "number" },
        },
        additionalProperties: true,
      },
      { choice: 1, map: { x1: "a" }, open: { a: 1 }, wrong: "text", extra: [1, 2] },
    );
    expect(fields.get("choice")).toMatchObject({ kind: "json", value: 1 });
    expect(fields.get("map")).toMatchObject({ kind: "json", value: { x1: "a" } });
    expect(fields.get("open")).toMatchObject({ kind: "json", reason: "its schema names no fields" });
    expect(fields.get("wrong")).toMatchObject({ kind: "json", value: "text", reason: "the value does not fit its schema" });
    // A field the schema does not name is kept and shown as JSON.
    expect(fields.get("extra")).toMatchObject({ kind: "json", value: [1, 2], reason: "its schema does not name it" });
  });

  it("edits deep nesting as JSON past the depth limit", () => {
    let schema: Record<string, unknown> = { type: "string" };
    let value: unknown = "deep";
    for (let level = 0; level < 9; level++) {
      schema = { type: "object", properties: { next: schema }, required: ["next"] };
      value = { next: value };
    }
    const { fields } = formOf(schema, value);
    expect(fields.get("next.next.next.next.next")).toMatchObject({ kind: "object" });
    expect(fields.get("next.next.next.next.next.next")).toMatchObject({ kind: "json", reason: "it is nested too deeply for the form" });
  });

  it("builds no form for an open schema or one of more fields than the limit", () => {
    expect(describeForm({ type: "object" }, { a: 1 })).toEqual({ ok: false, reason: "its schema names no fields" });
    const lines = Array.from({ length: 100 }, (_, index) => ({ ...LINE, sku: `S-${index}` }));
    const big = describeForm(AP_INPUT, { invoice: { ...INVOICE, lines } });
    expect(big).toEqual({ ok: false, reason: `it has more than ${MAX_FIELDS} fields` });
    expect(describeForm(AP_INPUT, AP_DATA).ok).toBe(true);
  });

  it("resolves local $refs and counts list bounds", () => {
    const schema = {
      type: "object",
      $defs: { tag: { type: "string", title: "Tag" } },
      properties: { tags: { type: "array", items: { $ref: "#/$defs/tag" }, minItems: 1, maxItems: 2 } },
    };
    const { fields } = formOf(schema, { tags: ["a", "b"] });
    expect(fields.get("tags")).toMatchObject({ kind: "array", canAdd: false, canRemove: true, itemLabel: "Tag" });
    expect(fields.get("tags.1")).toMatchObject({ kind: "text", value: "b", label: "Tag 2" });
    expect(formOf(schema, { tags: ["a"] }).fields.get("tags")).toMatchObject({ canAdd: true, canRemove: false });
  });

  it("lists every field key (where issues are shown)", () => {
    const { form } = formOf(AP_INPUT, AP_DATA);
    expect(fieldKeys(form.root).has("purchase_order.lines.1.sku")).toBe(true);
  });
});

describe("edits by path", () => {
  it("sets, removes and adds without touching the original", () => {
    const changed = setAt(AP_DATA, ["invoice", "lines", 0, "quantity"], 12) as typeof AP_DATA;
    expect(changed.invoice.lines[0]!.quantity).toBe(12);
    expect(AP_DATA.invoice.lines[0]!.quantity).toBe(10);
    expect(changed.purchase_order).toBe(AP_DATA.purchase_order);

    const removed = removeAt(AP_DATA, ["invoice", "lines", 0]) as typeof AP_DATA;
    expect(removed.invoice.lines.map((line) => line.sku)).toEqual(["B-2"]);

    const withoutPo = setAt(AP_DATA, ["purchase_order"], undefined) as Record<string, unknown>;
    expect("purchase_order" in withoutPo).toBe(false);
  });

  it("starts a new element with its required fields empty (numbers left for the reviewer)", () => {
    const lineSchema = (AP_INPUT.properties as any).invoice.properties.lines.items;
    expect(emptyValue(lineSchema)).toEqual({ sku: "", description: "" });
    const receipt = (AP_INPUT.properties as any).receipt;
    expect(emptyValue(receipt)).toEqual({ lines: [] });
  });
});

describe("formIssues", () => {
  it("names each problem by the field's key", () => {
    const edited = setAt(setAt(AP_DATA, ["invoice", "lines", 1, "quantity"], undefined), ["invoice", "vendor"], "");
    expect(formIssues(AP_INPUT, edited)).toEqual([
      { key: "invoice.vendor", message: "must not be empty" },
      { key: "invoice.lines.1.quantity", message: "is required" },
    ]);
    expect(formIssues(AP_INPUT, setAt(AP_DATA, ["invoice", "lines", 0, "quantity"], 0))).toEqual([
      { key: "invoice.lines.0.quantity", message: "must be > 0" },
    ]);
    expect(formIssues(AP_INPUT, removeAt(removeAt(AP_DATA, ["invoice", "lines", 0]), ["invoice", "lines", 0]))).toEqual([
      { key: "invoice.lines", message: "must not have fewer than 1 items" },
    ]);
    expect(formIssues(AP_INPUT, AP_DATA)).toEqual([]);
  });
});

describe("labels", () => {
  it("reads names as words and names one element of a list", () => {
    expect(humanize("unit_price")).toBe("Unit price");
    expect(humanize("purchaseOrder")).toBe("Purchase order");
    expect(singular("Lines")).toBe("Line");
    expect(singular("Discrepancies")).toBe("Discrepancy");
    expect(singular("Data")).toBe("Item");
  });
});

describe("built-in output schemas", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule)(ajv);
  const fits = (schema: Record<string, unknown>, output: unknown) => {
    const validate = ajv.compile(schema);
    return validate(output) ? [] : validate.errors;
  };

  it("fit what the AP agent answers: a match, a mismatch, arithmetic only", () => {
    const outputs = [
      apSpecialist({ task: "Pay", data: { invoice: { ...INVOICE, total: 150 }, purchase_order: { ...INVOICE, total: 150 } } }).output,
      apSpecialist({ task: "Pay", data: AP_DATA }).output,
      apSpecialist({ task: "Pay", data: { invoice: { ...INVOICE, total: 999 } } }).output,
      apSpecialist({ task: "Pay", data: { ...AP_DATA, receipt: { lines: [{ sku: "A-1", quantity: 4 }] } } }).output,
    ];
    for (const output of outputs) {
      expect(fits(AP_OUTPUT, output)).toEqual([]);
      expect(formIssues(AP_OUTPUT, output)).toEqual([]);
      expect(describeForm(AP_OUTPUT, output).ok).toBe(true);
    }
    const { fields } = formOf(AP_OUTPUT, outputs[1]);
    expect(fields.get("decision")).toMatchObject({ kind: "select", required: true });
    // What only the agent reports (readOnly) is not offered to add; shown when it is there.
    expect(fields.has("duplicate_of")).toBe(false);
    const duplicate = { invoice_number: "INV-1", run_id: "r", status: "paid", matched_on: "invoice_number" };
    expect(formOf(AP_OUTPUT, { ...outputs[1], duplicate_of: duplicate }).fields.get("duplicate_of.status")).toMatchObject({ kind: "select", value: '"paid"' });
    expect(fields.get("amount_due")).toMatchObject({ kind: "number", value: 150 });
  });

  it("fit what the RFQ agent answers", () => {
    const output = rfqGenerator({ task: "Quote 200 M8 bolts by 2026-03-01", data: { suppliers: [{ name: "Bolt Co", email: "sales@bolt.test" }] } }).output;
    expect(fits(BUILT_IN_OUTPUT_SCHEMAS.rfq_generator, output)).toEqual([]);
    expect(formIssues(BUILT_IN_OUTPUT_SCHEMAS.rfq_generator, output)).toEqual([]);
    expect(describeForm(BUILT_IN_OUTPUT_SCHEMAS.rfq_generator, output).ok).toBe(true);
  });
});
