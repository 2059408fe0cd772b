// With a model configured, the built-in agents use it where their rules fall short:
// `center` asks it where to send a task the rules cannot place, and `rfq_generator` asks
// it to read the items out of free text. Whenever the model fails (refuses, keeps failing,
// answers malformed JSON twice), the rules' own result stands: these runs never fail
// because of the model.
import { z } from "zod";
import { converse, type TModelAgentRun, type TModelCall } from "./assistant.ts";
import { center, chooseSpecialist, type TSpecialist } from "./center.ts";
import { apSpecialist } from "./ap-specialist.ts";
import { rfqGenerator, ZRfqData, type TRfqItem } from "./rfq-generator.ts";
import { AgentInputError, parseAgentInput, type TAgentInput, type TAgentResult } from "./types.ts";
import { parseModelJson, userMessageFor } from "./assistant.ts";

const ZRoute = z.object({ specialist: z.enum(["ap_specialist", "rfq_generator"]).nullable(), reason: z.string() });
const ROUTE_SCHEMA = {
  type: "object",
  properties: {
    specialist: { type: ["string", "null"], enum: ["ap_specialist", "rfq_generator", null] },
    reason: { type: "string", description: "Why, in one sentence." },
  },
  required: ["specialist", "reason"],
  additionalProperties: false,
};
const ROUTE_PROMPT = [
  "You route back-office tasks to a specialist. ap_specialist checks supplier invoices against purchase orders and",
  "goods receipts (it needs data.invoice). rfq_generator drafts requests for quotation for items to buy.",
  "Answer with JSON only: specialist (ap_specialist, rfq_generator, or null when neither fits) and reason.",
].join(" ");

const ZExtraction = z.object({
  items: z.array(z.object({ description: z.string().trim().min(1), quantity: z.number().positive(), unit: z.string().trim().min(1).nullable() })).max(500),
});
const EXTRACTION_SCHEMA = {
  type: "object",
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        properties: { description: { type: "string" }, quantity: { type: "number" }, unit: { type: ["string", "null"] } },
        required: ["description", "quantity", "unit"],
        additionalProperties: false,
      },
    },
  },
  required: ["items"],
  additionalProperties: false,
};
const EXTRACTION_PROMPT = [
  "You read purchase requests. List every item to buy mentioned in the task, with its quantity (a number) and unit",
  "(e.g. pcs, kg, reams; null when none is given). Do not list dates, prices or references. Answer with JSON only.",
].join(" ");

/** Items the model read out of the text earn this score: better than the rules' 0.6, short of items given in data. */
export const MODEL_EXTRACTED_CONFIDENCE = 0.8;

const hasGivenItems = (input: TAgentInput): boolean => Array.isArray(input.data?.items) && input.data.items.length > 0;

/** Whether a built-in agent would ask the model about this input (only when one is configured). */
export function wantsModel(agentType: string, input: TAgentInput): boolean {
  if (agentType === "center") return chooseSpecialist(input) === null;
  if (agentType === "rfq_generator") return !hasGivenItems(input);
  return false;
}

function merged(first: TModelAgentRun, second: TModelAgentRun, outcome: TModelAgentRun["outcome"]): TModelAgentRun {
  return {
    outcome,
    usage: {
      model: first.usage.model,
      calls: first.usage.calls + second.usage.calls,
      input_tokens: first.usage.input_tokens + second.usage.input_tokens,
      output_tokens: first.usage.output_tokens + second.usage.output_tokens,
    },
    transcript: {
      messages: [...first.transcript.messages, ...second.transcript.messages],
      tool_calls: [...first.transcript.tool_calls, ...second.transcript.tool_calls],
    },
  };
}

/** rfq_generator with the model reading the items; the rules' extraction when the model fails. */
export async function rfqWithModel(input: TAgentInput, call: TModelCall, model: string): Promise<TModelAgentRun> {
  // Unusable data fails the run before anything is asked (AgentInputError, as without a model).
  parseAgentInput(ZRfqData, input.data ?? {}, "data");
  let items: TRfqItem[] | null = null;
  const run = await converse<z.infer<typeof ZExtraction>>({
    call,
    model,
    system: EXTRACTION_PROMPT,
    user: `Task:\n${input.task}`,
    schemaName: "rfq_items",
    schema: EXTRACTION_SCHEMA,
    parse: parseModelJson(ZExtraction),
    accept: (answer) => {
      items = answer.items;
      return { kind: "result", result: { output: {}, confidence_score: 0 } };
    },
    stepPrefix: "extract-call",
  });
  const extracted = items as TRfqItem[] | null;
  if (!extracted || extracted.length === 0) {
    // The model failed or found nothing: the rules decide (their own triage reasons).
    const result = rfqGenerator(input);
    return { ...run, outcome: { kind: "result", result: { ...result, output: { ...result.output, extracted_by: "rules" } } } };
  }
  const result = rfqGenerator({ task: input.task, data: { ...(input.data ?? {}), items: extracted } });
  return { ...run, outcome: { kind: "result", result: { ...result, output: { ...result.output, extracted_by: "model" }, confidence_score: MODEL_EXTRACTED_CONFIDENCE } } };
}

/** center asking the model where a task the rules cannot place should go; "no specialist matched" when it fails too. */
export async function centerWithModel(input: TAgentInput, call: TModelCall, model: string): Promise<TModelAgentRun> {
  let route: z.infer<typeof ZRoute> | null = null;
  const routing = await converse<z.infer<typeof ZRoute>>({
    call,
    model,
    system: ROUTE_PROMPT,
    user: userMessageFor(input),
    schemaName: "route",
    schema: ROUTE_SCHEMA,
    parse: parseModelJson(ZRoute),
    accept: (answer) => {
      route = answer;
      return { kind: "result", result: { output: {}, confidence_score: 0 } };
    },
    stepPrefix: "route-call",
  });
  const chosen = route as z.infer<typeof ZRoute> | null;
  const rules = center(input);
  if (!chosen) return { ...routing, outcome: { kind: "result", result: rules } };
  if (chosen.specialist === null) {
    const result: TAgentResult = { ...rules, output: { ...rules.output, routed_by: "model", routing_reason: chosen.reason }, triage: { reason: `no specialist matched: ${chosen.reason}` } };
    return { ...routing, outcome: { kind: "result", result } };
  }
  const specialist: TSpecialist = chosen.specialist;
  const annotate = (result: TAgentResult): TAgentResult => ({
    ...result,
    output: { ...result.output, routed_to: specialist, routed_by: "model", routing_reason: chosen.reason },
  });
  if (specialist === "rfq_generator" && wantsModel("rfq_generator", input)) {
    const extraction = await rfqWithModel(input, call, model);
    const outcome = extraction.outcome.kind === "result" ? { kind: "result" as const, result: annotate(extraction.outcome.result) } : extraction.outcome;
    return merged(routing, extraction, outcome);
  }
  try {
    const result = specialist === "rfq_generator" ? rfqGenerator(input) : apSpecialist(input);
    return { ...routing, outcome: { kind: "result", result: annotate(result) } };
  } catch (error) {
    // Kept as an outcome, so the routing call's usage is still recorded with the failed run.
    if (error instanceof AgentInputError) return { ...routing, outcome: { kind: "input_error", message: error.message } };
    throw error;
  }
}
