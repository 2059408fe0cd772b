// The default agent: picks a specialist by what the task and data hold, runs it, and
// says where it sent the work (docs/contract.md, "Built-in agents").
import { apSpecialist } from "./ap-specialist.ts";
import { rfqGenerator } from "./rfq-generator.ts";
import type { TAgent, TAgentInput, TAgentResult } from "./types.ts";

export type TSpecialist = "ap_specialist" | "rfq_generator";

const SPECIALISTS: Record<TSpecialist, TAgent> = {
  ap_specialist: apSpecialist,
  rfq_generator: rfqGenerator,
};

const INVOICE_WORDS = /\binvoices?\b/i;
const RFQ_WORDS = /\b(?:quotes?|quotations?|rfqs?|suppliers?|items?)\b/i;

const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Structured data beats wording: an invoice in data wins, then items or suppliers in
 * data, and only then keywords in the task (invoice first, as docs/contract.md lists it).
 * A task that only mentions an invoice still goes to ap_specialist, whose failure
 * ("data.invoice is required") tells the caller what to send. `rule` says which of these
 * decided (shown in a run's steps, src/domains/runs/run-steps.ts).
 */
export function explainRouting(input: TAgentInput): { specialist: TSpecialist | null; rule: string } {
  const data = input.data ?? {};
  if (present(data.invoice)) return { specialist: "ap_specialist", rule: "data.invoice is present" };
  if (present(data.items)) return { specialist: "rfq_generator", rule: "data.items is present" };
  if (present(data.suppliers)) return { specialist: "rfq_generator", rule: "data.suppliers is present" };
  if (INVOICE_WORDS.test(input.task)) return { specialist: "ap_specialist", rule: "the task mentions an invoice" };
  if (RFQ_WORDS.test(input.task)) return { specialist: "rfq_generator", rule: "the task mentions quotes, suppliers or items" };
  return { specialist: null, rule: "neither the data nor the task's wording names a specialist" };
}

export function chooseSpecialist(input: TAgentInput): TSpecialist | null {
  return explainRouting(input).specialist;
}

function planFor(task: string): string[] {
  const summary = task.replace(/\s+/g, " ").trim();
  return [
    `Clarify the goal of the task: "${summary.length > 120 ? `${summary.slice(0, 119)}…` : summary}"`,
    "Decide whether it is an accounts-payable check (send data.invoice, optionally data.purchase_order and data.receipt) or a request for quotation (send data.items or name the items in the task)",
    "Re-submit with that data, or with agent_type set to the matching specialist",
    "Otherwise hand the task to a person: no built-in specialist covers it",
  ];
}

export function center(input: TAgentInput): TAgentResult {
  const routedTo = chooseSpecialist(input);
  if (routedTo === null) {
    return {
      output: { routed_to: null, plan: planFor(input.task) },
      confidence_score: 0.5,
      triage: { reason: "no specialist matched" },
    };
  }
  const result = SPECIALISTS[routedTo](input);
  return { ...result, output: { ...result.output, routed_to: routedTo } };
}
