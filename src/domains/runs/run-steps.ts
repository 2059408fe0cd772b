// A run's steps, derived when read from what the run already stores: its model transcript
// and usage, its output (or the proposal a person reviews), its triage items (one per review
// round) and the decisions on them. Nothing is logged for the trace, so every run ever made has one. Pure:
// the service reads the rows, this module says what they mean (docs/api-conventions.md,
// "Run steps"). Per-call times and tokens are not stored; see there for what stands in.
import { MAX_MODEL_CALLS, type TModelTranscript, type TModelUsage } from "../agents/assistant.ts";
import { explainRouting } from "../agents/center.ts";
import type { TChatMessage } from "../agents/model-client.ts";
import type { Run, TriageItem } from "../../generated/prisma/client.ts";
import type { TRunStep } from "./runs.schemas.ts";

export type TStepRun = Pick<
  Run,
  "agentType" | "status" | "task" | "data" | "output" | "confidenceScore" | "errorMessage" | "startedAt" | "completedAt" | "modelUsage" | "modelTranscript"
> &
  Partial<Pick<Run, "reviewRound">>;
export type TStepTriageItem = Pick<
  TriageItem,
  "id" | "status" | "triageReason" | "proposedOutput" | "resolutionNote" | "resolvedBy" | "resolvedByName" | "outputEdited" | "resolvedAt" | "createdAt"
> &
  Partial<Pick<TriageItem, "round" | "feedback" | "dataPatch" | "kind" | "verdict" | "correctedOutput" | "confidenceScore">>;

type TStepStatus = TRunStep["status"];
type TAgentStep = Extract<TRunStep, { type: "agent" }>;
type TAgentDetail = TAgentStep["detail"];
type TFinding = TAgentDetail["found"][number];
type TStepMessage = Extract<TRunStep, { type: "model_call" }>["detail"]["messages"][number];
type TSpan = { started_at: string | null; finished_at: string | null; duration_ms: number | null };

type TObject = Record<string, unknown>;
const isObject = (value: unknown): value is TObject => value !== null && typeof value === "object" && !Array.isArray(value);
const asObject = (value: unknown): TObject => (isObject(value) ? value : {});
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const scalar = (value: unknown): number | string | null => (typeof value === "number" || typeof value === "string" ? value : null);
const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

function span(started: Date | null, finished: Date | null): TSpan {
  return {
    started_at: iso(started),
    finished_at: iso(finished),
    duration_ms: started && finished ? Math.max(0, finished.getTime() - started.getTime()) : null,
  };
}

/** When the agent's work ended: the triage item was raised with the outcome, else the run settled. */
function workEnd(run: TStepRun, item: TStepTriageItem | null): Date | null {
  if (item) return item.createdAt;
  return ["completed", "failed", "cancelled"].includes(run.status) ? run.completedAt : null;
}

function agentStatus(run: TStepRun, item: TStepTriageItem | null): TStepStatus {
  if (item) return "completed"; // a proposal was made: the agent finished, whatever came after
  switch (run.status) {
    case "queued":
      return "pending";
    case "running":
      return "running";
    case "failed":
      return "failed";
    case "cancelled":
      return "cancelled";
    default:
      return "completed";
  }
}

// ---- model and tool calls, from the stored transcript --------------------------------

function messageContent(content: unknown): string | null {
  if (content === null || content === undefined) return null;
  if (typeof content === "string") return content;
  // Content parts (not sent by this service today, but a valid message shape).
  return Array.isArray(content) ? content.map((part) => text(asObject(part).text) ?? "").join("") : JSON.stringify(content);
}

function stepMessage(message: TChatMessage): TStepMessage {
  const raw = asObject(message);
  const toolCalls = Array.isArray(raw.tool_calls) ? raw.tool_calls : [];
  return {
    role: text(raw.role) ?? "unknown",
    content: messageContent(raw.content),
    tool_calls: toolCalls.map((call) => {
      const fn = asObject(asObject(call).function);
      return { id: text(asObject(call).id) ?? "", name: text(fn.name) ?? "", arguments: text(fn.arguments) ?? "" };
    }),
    tool_call_id: text(raw.tool_call_id),
  };
}

/** The transcript's conversations: each begins with its system message (center's routing, then an RFQ extraction). */
function conversations(messages: TChatMessage[]): TChatMessage[][] {
  const found: TChatMessage[][] = [];
  for (const message of messages) {
    if (message.role === "system" || found.length === 0) found.push([]);
    found.at(-1)!.push(message);
  }
  return found;
}

/** The review round each message was sent in: rounds after the first are marked where they begin. */
function messageRounds(transcript: TModelTranscript): number[] {
  const marks = Array.isArray(transcript.rounds) ? [...transcript.rounds].sort((a, b) => a.first_message - b.first_message) : [];
  return transcript.messages.map((_, index) => marks.filter((mark) => mark.first_message <= index).at(-1)?.round ?? 0);
}

type TRoundStep = { round: number; step: TRunStep };

/** Every model and tool call of the run, each with its review round; `timesOf` gives a round's span. */
function callSteps(run: TStepRun, timesOf: (round: number) => TSpan): TRoundStep[] {
  const transcript = run.modelTranscript as TModelTranscript | null;
  const usage = run.modelUsage as TModelUsage | null;
  if (!transcript || !Array.isArray(transcript.messages)) return [];
  const model = usage?.model ?? "unknown";
  const toolCalls = Array.isArray(transcript.tool_calls) ? [...transcript.tool_calls] : [];
  const roundOf = messageRounds(transcript);
  const steps: TRoundStep[] = [];
  let offset = 0;
  conversations(transcript.messages).forEach((conversation, index) => {
    let attempt = 0;
    const first = offset;
    offset += conversation.length;
    conversation.forEach((message, position) => {
      if (message.role !== "assistant") return;
      attempt += 1;
      const round = roundOf[first + position] ?? 0;
      const times = { ...timesOf(round), duration_ms: null };
      const answer = stepMessage(message);
      steps.push({
        round,
        step: {
          type: "model_call",
          ...times,
          status: "completed",
          detail: { model, conversation: index + 1, attempt, input_tokens: null, output_tokens: null, messages: conversation.slice(0, position).map(stepMessage), answer, error: null, round },
        },
      });
      // The tools it asked for ran in that order, and were recorded in that order.
      for (const requested of answer.tool_calls) {
        const record = toolCalls[0]?.id === requested.id ? toolCalls.shift() : undefined;
        steps.push({
          round,
          step: {
            type: "tool_call",
            ...times,
            status: "completed",
            detail: { id: requested.id, name: record?.name ?? requested.name, arguments: record?.arguments ?? requested.arguments, result: record?.result ?? null },
          },
        });
      }
    });
    // A conversation that does not end with an answer ends with a call that failed (unless
    // the run stopped at its call limit after a tool round).
    const last = conversation.at(-1);
    if (last && last.role !== "assistant" && attempt < MAX_MODEL_CALLS) {
      const round = roundOf[first + conversation.length - 1] ?? 0;
      const error = run.status === "failed" && run.errorMessage ? run.errorMessage : "The model call failed; the agent's rules decided instead";
      steps.push({
        round,
        step: {
          type: "model_call",
          ...timesOf(round),
          duration_ms: null,
          status: "failed",
          detail: { model, conversation: index + 1, attempt: attempt + 1, input_tokens: null, output_tokens: null, messages: conversation.map(stepMessage), answer: null, error, round },
        },
      });
    }
  });
  // Tokens are stored summed over the run: exact for a run of one call.
  const answered = steps.flatMap(({ step }) => (step.type === "model_call" && step.status === "completed" ? [step] : []));
  const [only] = answered;
  if (usage && usage.calls === 1 && answered.length === 1 && only) {
    only.detail.input_tokens = usage.input_tokens;
    only.detail.output_tokens = usage.output_tokens;
  }
  return steps;
}

// ---- what the agents checked and found, from their output ---------------------------

type TFindings = Pick<TAgentDetail, "summary" | "checked" | "found">;

function apFindings(output: TObject, data: TObject): TFindings {
  const matched = text(output.matched) ?? "none";
  const discrepancies = Array.isArray(output.discrepancies) ? output.discrepancies.map(asObject) : [];
  const checked = ["the invoice's arithmetic: its lines add up to its total"];
  if (matched !== "none") checked.push("the invoice against the purchase order: vendor, currency, quantities, unit prices and total");
  if (isObject(data.receipt)) checked.push("the invoiced quantities against the goods receipt");
  const found: TFinding[] = discrepancies.map((discrepancy) => ({
    message: text(discrepancy.message) ?? "discrepancy",
    field: text(discrepancy.field),
    expected: scalar(discrepancy.expected),
    actual: scalar(discrepancy.actual),
  }));
  const match = matched === "none" ? "Checked" : `${matched} match of`;
  // A payment with acknowledged discrepancies is a proposal until a person approves it.
  const acknowledged = Array.isArray(output.acknowledged_discrepancies) && output.acknowledged_discrepancies.length > 0;
  const verdict = output.decision !== "approve_payment" ? "payment held" : acknowledged ? "payment proposed for a person to approve" : "payment approved";
  const invoice = text(output.invoice_number) ?? "the invoice";
  return {
    summary: `${match} invoice ${invoice}: ${found.length === 0 ? "no discrepancies" : plural(found.length, "discrepancy", "discrepancies")}, ${verdict}`,
    checked,
    found,
  };
}

function rfqFindings(output: TObject, data: TObject): TFindings {
  const items = Array.isArray(output.items) ? output.items.map(asObject) : [];
  const suppliers = Array.isArray(output.suppliers) ? output.suppliers.length : 0;
  const fromData = Array.isArray(data.items) && data.items.length > 0;
  const source = fromData ? "the items given in data.items" : output.extracted_by === "model" ? "the items the model read out of the task" : "the items read out of the task text";
  const dueDate = text(output.due_date);
  const found: TFinding[] = items.map((line, index) => ({
    message: [scalar(line.quantity), text(line.unit), text(line.description)].filter((part) => part !== null).join(" "),
    field: `items[${index}]`,
    expected: null,
    actual: text(line.description),
  }));
  const forSuppliers = suppliers > 0 ? ` for ${plural(suppliers, "supplier")}` : "";
  return {
    summary: `Drafted ${text(output.rfq_number) ?? "an RFQ"} with ${plural(found.length, "item")}${forSuppliers}, quotes due ${dueDate ?? "as soon as possible"}`,
    checked: [source, suppliers > 0 ? "the suppliers given in data.suppliers" : "suppliers: none given", dueDate ? "the due date" : "due date: none given"],
    found,
  };
}

function routingFindings(run: TStepRun, output: TObject): TFindings {
  const routedTo = text(output.routed_to);
  const byModel = output.routed_by === "model";
  const reason = byModel ? (text(output.routing_reason) ?? "the model chose") : explainRouting({ task: run.task, data: asObject(run.data) }).rule;
  const checked = ["data.invoice, data.items and data.suppliers", "the task's wording"];
  if (byModel) checked.push("the model's routing answer (the rules matched nothing)");
  const found: TFinding[] = [{ message: routedTo ? `routed to ${routedTo}: ${reason}` : `no specialist matched: ${reason}`, field: "routed_to", expected: null, actual: routedTo }];
  const plan = Array.isArray(output.plan) ? output.plan : [];
  plan.forEach((line, index) => found.push({ message: String(line), field: `plan[${index}]`, expected: null, actual: null }));
  return {
    summary: routedTo ? `Routed the task to ${routedTo} (${byModel ? "by the model" : "by the rules"}): ${reason}` : `No specialist fits the task: ${reason}`,
    checked,
    found,
  };
}

/** What a built-in specialist found (center's output carries its specialist's); null for any other agent. */
function specialistFindings(agent: string, output: TObject, data: TObject): TFindings | null {
  if (agent === "ap_specialist") return apFindings(output, data);
  if (agent === "rfq_generator") return rfqFindings(output, data);
  return null;
}

function pendingSummary(run: TStepRun): string {
  if (run.status === "queued") return "Waiting to start: the run is queued";
  if (run.status === "running") return "Working on the task";
  if (run.status === "failed") return `The run failed: ${run.errorMessage ?? "no reason recorded"}`;
  return "Cancelled before the agent finished";
}

/**
 * The confidence of one round's proposal: the one recorded with its item; the run's (the
 * last recorded round's) for the current round, or an item that predates the column.
 * Earlier rounds never show a later round's score.
 */
function roundConfidence(run: TStepRun, item: TStepTriageItem | null, isLastRound: boolean): number | null {
  if (item && item.confidenceScore !== undefined && item.confidenceScore !== null) return item.confidenceScore;
  // A round still under way (or cancelled before it recorded anything) has no score yet.
  if (!item && ["queued", "running", "cancelled"].includes(run.status)) return null;
  return isLastRound || item?.confidenceScore === undefined ? run.confidenceScore : null;
}

/** The agent's work in one round: from `startedAt` (the run's start, or the request for changes) until its proposal or outcome. */
function agentSteps(run: TStepRun, item: TStepTriageItem | null, startedAt: Date | null = run.startedAt, confidence = run.confidenceScore): TAgentStep[] {
  const status = agentStatus(run, item);
  const base = { ...span(startedAt, status === "pending" || status === "running" ? null : workEnd(run, item)), status };
  const error = status === "failed" ? run.errorMessage : null;
  const step = (agent: string, findings: TFindings): TAgentStep => ({ type: "agent", ...base, detail: { agent, ...findings, confidence_score: confidence, error } });
  // The agent's own proposal: a reviewer's edit replaces the run's output, never this.
  const proposal = item ? item.proposedOutput : run.output;
  if (status !== "completed" || !isObject(proposal)) {
    return [step(run.agentType, { summary: pendingSummary(run), checked: [], found: [] })];
  }
  const data = asObject(run.data);
  if (run.agentType === "center") {
    const routedTo = text(proposal.routed_to);
    const specialist = routedTo ? specialistFindings(routedTo, proposal, data) : null;
    return [step("center", routingFindings(run, proposal)), ...(routedTo && specialist ? [step(routedTo, specialist)] : [])];
  }
  const specialist = specialistFindings(run.agentType, proposal, data);
  if (specialist) return [step(run.agentType, specialist)];
  const transcript = run.modelTranscript as TModelTranscript | null;
  const tools = [...new Set((transcript?.tool_calls ?? []).map((call) => call.name))];
  const summary = text(proposal.summary) ?? `${run.agentType} answered`;
  return [step(run.agentType, { summary, checked: ["the task and its data", ...tools.map((name) => `the ${name} tool's result`)], found: [] })];
}

// ---- the person's part -------------------------------------------------------------

function triageSteps(item: TStepTriageItem | null): TRunStep[] {
  if (!item) return [];
  const round = item.round ?? 0;
  // The triage step lasts from the item being raised until a person decided.
  const steps: TRunStep[] = [
    {
      type: "triage",
      ...span(item.createdAt, item.resolvedAt),
      status: item.status === "pending" ? "pending" : "completed",
      detail: { triage_item_id: item.id, reason: item.triageReason, item_status: item.status, round },
    },
  ];
  if (item.status !== "pending") {
    steps.push({
      type: "review",
      ...span(item.resolvedAt, item.resolvedAt),
      status: "completed",
      detail: {
        decision: item.status,
        resolved_by: item.resolvedBy,
        resolved_by_name: item.resolvedByName,
        note: item.resolutionNote,
        edited: item.outputEdited,
        round,
        feedback: item.feedback ?? null,
        data_patch: isObject(item.dataPatch) ? item.dataPatch : null,
        proposed_output: isObject(item.proposedOutput) ? item.proposedOutput : null,
        ...(item.kind === "spot_check"
          ? {
              verdict: (item.verdict ?? null) as "correct" | "incorrect" | null,
              corrected_output: isObject(item.correctedOutput) ? item.correctedOutput : null,
            }
          : {}),
      },
    });
  }
  return steps;
}

/**
 * A run's steps in order, round by round (docs/api-conventions.md, "Review rounds"): each
 * round's model and tool calls, what its agent(s) found, its triage and the review. Earlier
 * rounds show the proposal their item kept; the run's data is the latest (patched) one. Never empty.
 */
export function buildRunSteps(run: TStepRun, allItems: TStepTriageItem[]): TRunStep[] {
  // A spot check comes after the run completed on its own: it closes the steps (docs/api-conventions.md, "Spot checks").
  const items = allItems.filter((item) => (item.kind ?? "review") === "review");
  const spotChecks = allItems.filter((item) => item.kind === "spot_check");
  const byRound = new Map(items.map((item) => [item.round ?? 0, item]));
  const lastRound = Math.max(run.reviewRound ?? 0, ...byRound.keys());
  // Round n begins when the reviewer sent round n - 1 back.
  const roundStart = (round: number): Date | null => (round === 0 ? run.startedAt : (byRound.get(round - 1)?.resolvedAt ?? null));
  const roundEnd = (round: number): Date | null => {
    const item = byRound.get(round) ?? null;
    return item || round === lastRound ? workEnd(run, item) : null;
  };
  const calls = callSteps(run, (round) => span(roundStart(round), roundEnd(round)));
  const steps: TRunStep[] = [];
  for (let round = 0; round <= lastRound; round += 1) {
    const item = byRound.get(round) ?? null;
    steps.push(...calls.filter((call) => call.round === round).map((call) => call.step));
    // A round that never reached a person is the current one, or one whose item is missing.
    if (item || round === lastRound) steps.push(...agentSteps(run, item, roundStart(round), roundConfidence(run, item, round === lastRound)));
    steps.push(...triageSteps(item));
  }
  for (const spotCheck of spotChecks) steps.push(...triageSteps(spotCheck));
  return steps;
}
