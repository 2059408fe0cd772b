// The built-in engines offered to the model as tools (OpenAI `tools` / `tool_calls`): the
// model reads and decides, while arithmetic, matching and RFQ numbering stay deterministic.
// A tool runs in the run's function body (not a step): it is pure, so a replay after a
// crash computes the same result.
import { apSpecialist } from "./ap-specialist.ts";
import type { TModelTool } from "./assistant.ts";
import { rfqGenerator } from "./rfq-generator.ts";
import { AgentInputError } from "./types.ts";

const documentSchema = {
  type: "object",
  properties: {
    number: { type: "string" },
    vendor: { type: "string" },
    currency: { type: "string", description: "ISO 4217 code, e.g. EUR" },
    total: { type: "number" },
    lines: {
      type: "array",
      items: {
        type: "object",
        properties: { sku: { type: "string" }, description: { type: "string" }, quantity: { type: "number" }, unit_price: { type: "number" } },
        required: ["sku", "description", "quantity", "unit_price"],
      },
    },
  },
  required: ["number", "vendor", "currency", "total", "lines"],
};

const asObject = (args: unknown): Record<string, unknown> =>
  args !== null && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

/** Runs a built-in agent; unusable arguments come back as `{error}` for the model to correct. */
function engine(run: () => { output: Record<string, unknown>; confidence_score: number; triage?: { reason: string } }): unknown {
  try {
    const result = run();
    return { output: result.output, confidence_score: result.confidence_score, ...(result.triage ? { needs_review: result.triage.reason } : {}) };
  } catch (error) {
    if (error instanceof AgentInputError) return { error: error.message };
    throw error;
  }
}

export const AP_MATCH_TOOL: TModelTool = {
  definition: {
    type: "function",
    function: {
      name: "ap_match",
      description:
        "Checks an invoice's arithmetic and matches it against a purchase order (2-way) and a goods receipt (3-way). " +
        "Returns the decision (approve_payment or hold), the amount due and every discrepancy; a payment a person must " +
        "approve lists the discrepancies they accept in acknowledged_discrepancies.",
      parameters: {
        type: "object",
        properties: {
          invoice: documentSchema,
          purchase_order: documentSchema,
          receipt: {
            type: "object",
            properties: { lines: { type: "array", items: { type: "object", properties: { sku: { type: "string" }, quantity: { type: "number" } }, required: ["sku", "quantity"] } } },
            required: ["lines"],
          },
        },
        required: ["invoice"],
      },
    },
  },
  run: (args) => engine(() => apSpecialist({ task: "", data: asObject(args) })),
};

export const RFQ_DRAFT_TOOL: TModelTool = {
  definition: {
    type: "function",
    function: {
      name: "rfq_draft",
      description: "Drafts a request for quotation document (number, title, item table, due date) ready to send to suppliers.",
      parameters: {
        type: "object",
        properties: {
          title: { type: "string", description: "What is being bought, in a few words" },
          items: {
            type: "array",
            items: {
              type: "object",
              properties: { description: { type: "string" }, quantity: { type: "number" }, unit: { type: ["string", "null"] } },
              required: ["description", "quantity"],
            },
          },
          due_date: { type: ["string", "null"] },
          currency: { type: ["string", "null"] },
          suppliers: { type: "array", items: { type: "object", properties: { name: { type: "string" }, email: { type: ["string", "null"] } }, required: ["name"] } },
        },
        required: ["items"],
      },
    },
  },
  run: (args) => {
    const { title, ...data } = asObject(args);
    return engine(() => rfqGenerator({ task: typeof title === "string" ? title : "Request for quotation", data }));
  },
};

export const ASSISTANT_TOOLS: TModelTool[] = [AP_MATCH_TOOL, RFQ_DRAFT_TOOL];

/** The tools a custom agent may name (published in GET /v1/agents). */
export const TOOL_NAMES = ["ap_match", "rfq_draft"] as const;
export type TToolName = (typeof TOOL_NAMES)[number];
export const TOOLS_BY_NAME: Record<TToolName, TModelTool> = { ap_match: AP_MATCH_TOOL, rfq_draft: RFQ_DRAFT_TOOL };
