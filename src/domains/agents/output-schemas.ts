// What the built-in agents answer, as JSON Schema (draft 2020-12), for the dashboard's
// "edit and approve" form (triage.schemas). Written out by hand from TApOutput and TRfqOutput
// (the agents build plain objects, not zod schemas); a unit test checks real outputs fit.
// Not a contract: GET /v1/agents keeps publishing `{ type: "object" }` for the built-ins,
// and an approved edit is not checked against these (the reviewer's word stands).
import type { TAgentType } from "./agent-types.ts";
import type { TJsonSchema } from "./input-schemas.ts";

const ANY_OBJECT: TJsonSchema = { type: "object" };
const text = { type: "string" };
const nullableText = { type: ["string", "null"] };

const AP_OUTPUT: TJsonSchema = {
  type: "object",
  properties: {
    decision: { type: "string", enum: ["approve_payment", "hold"], title: "Decision", description: "What happens when the output stands." },
    amount_due: { type: "number", minimum: 0, title: "Amount due" },
    currency: { type: "string", pattern: "^[A-Za-z]{3}$", title: "Currency" },
    invoice_number: { ...text, title: "Invoice number" },
    matched: { type: "string", enum: ["none", "2-way", "3-way"], title: "Match performed" },
    payable_now: { type: "number", minimum: 0, title: "Payable now", description: "What may be paid now (a line billed above what was received)." },
    acknowledged_discrepancies: { type: "array", items: text, title: "Acknowledged discrepancies" },
    discrepancies: {
      type: "array",
      title: "Discrepancies",
      items: {
        type: "object",
        properties: {
          field: text,
          expected: { type: ["number", "string", "null"] },
          actual: { type: ["number", "string", "null"] },
          message: text,
        },
        required: ["field", "message"],
      },
    },
    duplicate_of: {
      type: "object",
      title: "Duplicate of",
      readOnly: true,
      properties: {
        invoice_number: text,
        run_id: text,
        status: { type: "string", enum: ["paid", "pending_review"] },
        matched_on: { type: "string", enum: ["invoice_number", "amount_and_date"] },
      },
      required: ["invoice_number", "run_id", "status", "matched_on"],
    },
    purchase_order_consumption: {
      type: "object",
      title: "Purchase order consumption",
      readOnly: true,
      properties: { earlier_invoices: { type: "integer", minimum: 0 }, consumed: { type: "number" }, remaining: { type: "number" } },
      required: ["earlier_invoices", "consumed", "remaining"],
    },
  },
  required: ["decision", "amount_due", "currency", "invoice_number", "matched", "discrepancies"],
};

const RFQ_OUTPUT: TJsonSchema = {
  type: "object",
  properties: {
    rfq_number: { ...text, title: "RFQ number" },
    title: { ...text, title: "Title" },
    due_date: { type: ["string", "null"], format: "date", title: "Due date" },
    currency: { ...nullableText, title: "Currency" },
    items: {
      type: "array",
      title: "Items",
      items: {
        type: "object",
        properties: { description: text, quantity: { type: "number", exclusiveMinimum: 0 }, unit: nullableText },
        required: ["description", "quantity"],
      },
    },
    suppliers: {
      type: "array",
      title: "Suppliers",
      items: { type: "object", properties: { name: text, email: { ...nullableText, format: "email" } }, required: ["name"] },
    },
    body_markdown: { ...text, title: "Body (Markdown)" },
  },
  required: ["rfq_number", "title", "items", "suppliers", "body_markdown"],
};

/** The output of each built-in agent (center and assistant answer any object: edited as JSON). */
export const BUILT_IN_OUTPUT_SCHEMAS: Record<TAgentType, TJsonSchema> = {
  center: ANY_OBJECT,
  assistant: ANY_OBJECT,
  ap_specialist: AP_OUTPUT,
  rfq_generator: RFQ_OUTPUT,
};
