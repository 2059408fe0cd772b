// A custom agent's run (docs/api-conventions.md, "Agent definitions"): the version's
// instructions are the system prompt, the model answers `{output, confidence, needs_review,
// review_reason}` with structured output, and `output` must fit the version's output
// schema (Ajv): one repair request naming the violated path, then the run fails with
// output_schema_mismatch (charged: the model answered). Pure apart from `call`, which the caller makes durable (one step per call).
import { z } from "zod";
import { converse, parseModelJson, userMessageFor, type TConversationContinuation, type TModelAgentRun, type TModelCall } from "./assistant.ts";
import { dataPath, outputIssues, type TJsonSchema } from "./input-schemas.ts";
import { TOOLS_BY_NAME, type TToolName } from "./model-tools.ts";
import type { TAgentInput, TAgentResult } from "./types.ts";

/** What a run needs of one immutable version of a custom agent. */
export type TCustomAgentVersion = {
  name: string;
  version: number;
  instructions: string;
  outputSchema: TJsonSchema;
  tools: string[];
  review: { confidence_threshold?: number | null; always?: boolean | null };
  model: string | null;
};

const ZEnvelope = z.object({
  output: z.record(z.string(), z.unknown()),
  confidence: z.number().min(0).max(1),
  needs_review: z.boolean(),
  review_reason: z.string().nullable(),
});
type TEnvelope = z.infer<typeof ZEnvelope>;

/** The structured-output schema sent to the model: the version's output schema inside the review envelope. */
export function customAnswerSchema(outputSchema: TJsonSchema): TJsonSchema {
  return {
    type: "object",
    properties: {
      output: outputSchema,
      confidence: { type: "number", minimum: 0, maximum: 1, description: "How sure you are that the output is right." },
      needs_review: { type: "boolean", description: "true when a person should check the result before it is used." },
      review_reason: { type: ["string", "null"], description: "Why a person should check it (or why you are unsure); null otherwise." },
    },
    required: ["output", "confidence", "needs_review", "review_reason"],
    additionalProperties: false,
  };
}

const ENVELOPE_RULES = [
  "Answer with one JSON object only, matching the given schema: output (the result, matching its schema exactly),",
  "confidence (0 to 1), needs_review (true when a person should check the result) and review_reason (why, or null).",
  "Do not invent facts that are not in the task or data.",
].join(" ");

/** The envelope parsed, then `output` checked against the version's schema; a problem names the path. */
export function parseCustomAnswer(outputSchema: TJsonSchema) {
  const envelope = parseModelJson(ZEnvelope);
  return (content: string | null): { ok: true; answer: TEnvelope } | { ok: false; problem: string } => {
    if (!content?.trim()) return { ok: false, problem: "the answer was empty" };
    const parsed = envelope(content);
    if (!parsed.ok) return parsed;
    const issues = outputIssues(outputSchema, parsed.answer.output);
    if (issues.length === 0) return parsed;
    const first = issues[0]!;
    return { ok: false, problem: `output does not fit the agent's output_schema at ${dataPath(first, "output")}: ${first.message}` };
  };
}

/** The run's result: the validated output itself, triaged by the version's review policy. */
export function customResultOf(version: TCustomAgentVersion, answer: TEnvelope): TAgentResult {
  const result: TAgentResult = { output: answer.output, confidence_score: answer.confidence };
  if (typeof version.review.confidence_threshold === "number") result.reviewThreshold = version.review.confidence_threshold;
  const reason = answer.review_reason?.trim() || null;
  if (version.review.always) {
    result.triage = { reason: `agent ${version.name} version ${version.version} has every run reviewed (review.always)${reason ? `: ${reason}` : ""}` };
  } else if (answer.needs_review) {
    result.triage = { reason: reason ?? "the model asked for a review" };
  } else if (reason) {
    result.lowConfidenceReason = reason;
  }
  return result;
}

export function runCustomAgent(
  version: TCustomAgentVersion,
  input: TAgentInput,
  call: TModelCall,
  defaultModel: string,
  continueFrom?: TConversationContinuation,
): Promise<TModelAgentRun> {
  const tools = version.tools.flatMap((name) => (name in TOOLS_BY_NAME ? [TOOLS_BY_NAME[name as TToolName]] : []));
  const model = version.model ?? defaultModel;
  return converse({
    continueFrom,
    call,
    model,
    requestModel: version.model ?? undefined,
    system: `${version.instructions}\n\n${ENVELOPE_RULES}`,
    user: userMessageFor(input),
    schemaName: "agent_answer",
    schema: customAnswerSchema(version.outputSchema),
    parse: parseCustomAnswer(version.outputSchema),
    accept: (answer) => ({ kind: "result", result: customResultOf(version, answer) }),
    tools,
    // The customer's instructions and schema: an answer that keeps breaking them is the run's own failure (charged).
    malformedCode: "output_schema_mismatch",
  });
}
