// The `assistant` agent: a model reads a free-form task and its data and answers with a
// structured result, checked with zod; a person reviews it when the model is unsure. Every
// model call goes through `call`, which the caller makes durable (one step per call), so
// this module decides what to ask and what the answers mean, never how a call is retried.
import { z } from "zod";
import { validationError } from "../../foundation/errors.ts";
import { modelSettings } from "../../foundation/env.ts";
import type { TAgentType } from "./agent-types.ts";
import type { TChatMessage, TChatTool, TModelAnswer, TModelFatal, TModelRequest } from "./model-client.ts";
import type { TAgentInput, TAgentResult } from "./types.ts";

/** What a durable model call answers: the answer, a refusal, or "gave up" after the retries. */
export type TModelCallResult = TModelAnswer | TModelFatal | { kind: "gave_up"; message: string };
/** Makes one model call, named `name` (unique and the same on every replay of the run). */
export type TModelCall = (name: string, request: TModelRequest) => Promise<TModelCallResult>;

export type TModelUsage = { model: string; calls: number; input_tokens: number; output_tokens: number };
export type TToolCallRecord = { id: string; name: string; arguments: unknown; result: unknown };
/**
 * Stored with the run for audit (never logged): the whole conversation and every tool call.
 * `rounds`: where each review round after the first begins in `messages` (docs/api-conventions.md, "Review rounds").
 */
export type TModelTranscript = { messages: TChatMessage[]; tool_calls: TToolCallRecord[]; rounds?: { round: number; first_message: number }[] };

/** A conversation a reviewer sent back: the messages so far and what the reviewer said. */
export type TConversationContinuation = { messages: TChatMessage[]; feedback: string };

/** The reviewer's feedback as the next user message of a conversation sent back. */
export function reviewerMessage(feedback: string): string {
  return `A reviewer sent your answer back with this feedback:\n${feedback}\n\nRevise your answer accordingly and reply again with only the JSON object matching the schema.`;
}

/**
 * Why a model that answered still left the run without a result (docs/api-conventions.md,
 * "Model-backed agents"): `output_schema_mismatch`, a custom agent's answer broke its
 * output_schema (or the envelope around it) after the repair request; `model_answer_malformed`,
 * the same for the service's own answer schema; `model_call_limit`, the model kept asking
 * for tools until the call limit.
 */
export type TUnusableAnswerCode = "output_schema_mismatch" | "model_answer_malformed" | "model_call_limit";

export type TModelAgentOutcome =
  | { kind: "result"; result: TAgentResult }
  /** The model gave no answer (refused, kept failing, timed out): the run fails as a service error (refunded). */
  | { kind: "failed"; message: string }
  /** The model answered, but no answer could be used: the run fails and stays charged (the call was made). */
  | { kind: "unusable_answer"; code: TUnusableAnswerCode; message: string }
  /** The run's own input cannot be used (as with the built-in agents: not refunded). */
  | { kind: "input_error"; message: string };

export type TModelAgentRun = { outcome: TModelAgentOutcome; usage: TModelUsage; transcript: TModelTranscript };

/** A tool the model may call: deterministic, so a replayed run computes the same result. */
export type TModelTool = { definition: TChatTool; run: (args: unknown) => unknown };

export const ZAssistantAnswer = z.object({
  summary: z.string(),
  output: z.record(z.string(), z.unknown()),
  confidence: z.number().min(0).max(1),
  needs_review: z.boolean(),
  review_reason: z.string().nullable(),
});
export type TAssistantAnswer = z.infer<typeof ZAssistantAnswer>;

// Written by hand (not generated) so every server gets the same plain JSON Schema; not
// `strict`, since `output` is a free-form object.
export const ASSISTANT_ANSWER_SCHEMA = {
  type: "object",
  properties: {
    summary: { type: "string", description: "One or two sentences: what was done and the result." },
    output: { type: "object", description: "The result itself, as a JSON object." },
    confidence: { type: "number", minimum: 0, maximum: 1, description: "How sure you are that the output is right." },
    needs_review: { type: "boolean", description: "true when a person should check the result before it is used." },
    review_reason: { type: ["string", "null"], description: "Why a person should check it (or why you are unsure); null otherwise." },
  },
  required: ["summary", "output", "confidence", "needs_review", "review_reason"],
  additionalProperties: false,
} as const;

const SYSTEM_PROMPT = [
  "You are an agent of a company's back office. You receive a task and, optionally, structured data as JSON.",
  "When tools are offered, use them for what they do (invoice matching, drafting requests for quotation) instead of",
  "doing arithmetic or matching yourself, and base your answer on their results.",
  "Do the task. Answer with one JSON object only, matching the given schema: summary, output (an object holding the result),",
  "confidence (0 to 1), needs_review (true when a person should check the result) and review_reason (why, or null).",
  "Do not invent facts that are not in the task or data: when something needed is missing or ambiguous, say so in",
  "review_reason, set needs_review to true and lower your confidence.",
].join(" ");

/** Model calls one run may make (tool rounds and the repair included): never an endless loop. */
export const MAX_MODEL_CALLS = 8;

/** Refuses `assistant` (400 naming the missing settings) when no model is configured; nothing is charged. */
export function assertAgentTypeAvailable(agentType: TAgentType): void {
  if (agentType !== "assistant" || modelSettings()) return;
  const message = "agent_type assistant needs a model: the server has no OPENAI_BASE_URL and AGENT_MODEL configured";
  throw validationError(message, [{ path: "agent_type", message }]);
}

export function userMessageFor(input: TAgentInput): string {
  const data = input.data === null ? "" : `\n\nData (JSON):\n${JSON.stringify(input.data)}`;
  return `Task:\n${input.task}${data}`;
}

/**
 * A model's JSON answer checked against `schema`, or what is wrong with it (for the repair
 * request). Some servers wrap JSON in a code fence even when asked for a schema.
 */
export const parseModelJson =
  <T>(schema: z.ZodType<T, any>) =>
  (content: string | null): { ok: true; answer: T } | { ok: false; problem: string } => {
    let json: unknown;
    try {
      json = JSON.parse((content ?? "").trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, "$1"));
    } catch {
      return { ok: false, problem: "the answer was not valid JSON" };
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, answer: parsed.data };
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `the answer did not match the schema: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}` };
  };

/** The answer's text as a valid answer, or what is wrong with it (for the repair request). */
export function parseAnswer(content: string | null): { ok: true; answer: TAssistantAnswer } | { ok: false; problem: string } {
  if (!content?.trim()) return { ok: false, problem: "the answer was empty" };
  return parseModelJson(ZAssistantAnswer)(content);
}

/** The run's output: the model's summary and result, and the tool calls it made (with their results). */
export function resultOf(answer: TAssistantAnswer, toolCalls: TToolCallRecord[] = []): TAgentResult {
  const output: Record<string, unknown> = { summary: answer.summary, output: answer.output };
  if (toolCalls.length > 0) output.tool_calls = toolCalls.map(({ name, arguments: args, result }) => ({ name, arguments: args, result }));
  const result: TAgentResult = { output, confidence_score: answer.confidence };
  const reason = answer.review_reason?.trim() || null;
  if (answer.needs_review) result.triage = { reason: reason ?? "the model asked for a review" };
  else if (reason) result.lowConfidenceReason = reason;
  return result;
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A conversation with the model that ends in a valid structured answer: tool calls are run
 * and answered; a malformed answer gets one repair request, then the run fails. `ask`
 * shapes the first request (system prompt, schema); `accept` turns a valid answer into the
 * outcome. Used by `assistant` and by the built-in agents' model paths.
 */
export async function converse<TAnswer>(options: {
  call: TModelCall;
  model: string;
  system: string;
  user: string;
  schemaName: string;
  schema: Record<string, unknown>;
  parse: (content: string | null) => { ok: true; answer: TAnswer } | { ok: false; problem: string };
  accept: (answer: TAnswer, toolCalls: TToolCallRecord[]) => TModelAgentOutcome;
  tools?: TModelTool[];
  /** Prefix of every call's step name (distinct per conversation within one run). */
  stepPrefix?: string;
  /** Ask this model instead of AGENT_MODEL (a custom agent's own `model`). */
  requestModel?: string;
  /** Go on with a conversation a reviewer sent back instead of starting one (system and user are then unused). */
  continueFrom?: TConversationContinuation;
  /** What a second unusable answer is called (a custom agent: its output_schema was broken). */
  malformedCode?: TUnusableAnswerCode;
}): Promise<TModelAgentRun> {
  const messages: TChatMessage[] = options.continueFrom
    ? [...options.continueFrom.messages, { role: "user", content: reviewerMessage(options.continueFrom.feedback) }]
    : [
        { role: "system", content: options.system },
        { role: "user", content: options.user },
      ];
  const usage: TModelUsage = { model: options.model, calls: 0, input_tokens: 0, output_tokens: 0 };
  const transcript: TModelTranscript = { messages, tool_calls: [] };
  const tools = new Map((options.tools ?? []).map((tool) => [tool.definition.function.name, tool]));
  const done = (outcome: TModelAgentOutcome): TModelAgentRun => ({ outcome, usage, transcript });
  let repaired = false;

  for (let index = 1; index <= MAX_MODEL_CALLS; index += 1) {
    const answer = await options.call(`${options.stepPrefix ?? "model-call"}-${index}`, {
      messages: [...messages],
      jsonSchema: { name: options.schemaName, schema: options.schema },
      tools: options.tools?.map((tool) => tool.definition),
      ...(options.requestModel ? { model: options.requestModel } : {}),
    });
    if (answer.kind !== "answer") return done({ kind: "failed", message: `Model call failed: ${answer.message}` });
    usage.calls += 1;
    usage.input_tokens += answer.inputTokens;
    usage.output_tokens += answer.outputTokens;

    if (answer.toolCalls.length > 0) {
      messages.push({
        role: "assistant",
        content: answer.content,
        tool_calls: answer.toolCalls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } })),
      });
      for (const call of answer.toolCalls) {
        const args = parseArguments(call.arguments);
        const tool = tools.get(call.name);
        let result: unknown;
        try {
          result = tool ? tool.run(args) : { error: `unknown tool ${call.name}` };
        } catch (error) {
          result = { error: error instanceof Error ? error.message : String(error) };
        }
        transcript.tool_calls.push({ id: call.id, name: call.name, arguments: args, result });
        messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
      }
      continue;
    }

    messages.push({ role: "assistant", content: answer.content ?? "" });
    const parsed = options.parse(answer.content);
    if (parsed.ok) return done(options.accept(parsed.answer, transcript.tool_calls));
    if (repaired) {
      return done({
        kind: "unusable_answer",
        code: options.malformedCode ?? "model_answer_malformed",
        message: `The model's answer was malformed after one repair attempt: ${parsed.problem}`,
      });
    }
    repaired = true;
    messages.push({
      role: "user",
      content: `Your answer could not be used: ${parsed.problem}. Reply again with only the JSON object matching the schema, nothing else.`,
    });
  }
  return done({ kind: "unusable_answer", code: "model_call_limit", message: `The model did not finish within ${MAX_MODEL_CALLS} calls` });
}

export function runAssistant(
  input: TAgentInput,
  call: TModelCall,
  model: string,
  tools: TModelTool[] = [],
  continueFrom?: TConversationContinuation,
): Promise<TModelAgentRun> {
  return converse({
    continueFrom,
    call,
    model,
    system: SYSTEM_PROMPT,
    user: userMessageFor(input),
    schemaName: "assistant_answer",
    schema: ASSISTANT_ANSWER_SCHEMA,
    parse: parseAnswer,
    accept: (answer, toolCalls) => ({ kind: "result", result: resultOf(answer, toolCalls) }),
    tools,
  });
}
