// Carrying out one case of an evaluation (docs/api-conventions.md, "Evaluations"): the version
// answers the case's task and data through the same code path as a custom agent's run
// (runCustomAgent, each model call a durable step of the caller's), is routed as a run would be
// (needsTriage with the version's review policy, else the organization's threshold), and is
// compared with what people decided. It is not a run: no run, triage item, webhook or spot check.
import { runCustomAgent, type TCustomAgentVersion } from "../agents/custom-agent.ts";
import type { TModelCall } from "../agents/assistant.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { needsTriage } from "../agents/registry.ts";
import type { TJsonSchema } from "../agents/input-schemas.ts";
import { modelSettings } from "../../foundation/env.ts";
import { recordCaseDone, recordCaseFailed, type TCaseResult, type TStartedCase } from "./evaluation-statements.ts";

export { startCase } from "./evaluation-statements.ts";
export type { TStartedCase } from "./evaluation-statements.ts";

/** What replaying a case came to: a result to compare, or a failure of the service (refunded). */
export type TCaseReplay = { kind: "done"; result: TCaseResult } | { kind: "failed"; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * The JSON Pointers (RFC 6901, from the output's root) where two JSON values differ: a key
 * present in one only, an array of another length, a value of another type or another scalar.
 * Equal values (object key order aside) give none.
 */
export function jsonDifferences(actual: unknown, expected: unknown, pointer = ""): string[] {
  if (isObject(actual) && isObject(expected)) {
    const keys = [...new Set([...Object.keys(actual), ...Object.keys(expected)])].sort();
    return keys.flatMap((key) => {
      const at = `${pointer}/${escapePointer(key)}`;
      if (!Object.hasOwn(actual, key) || !Object.hasOwn(expected, key)) return [at];
      return jsonDifferences(actual[key], expected[key], at);
    });
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return [pointer];
    return actual.flatMap((item, index) => jsonDifferences(item, expected[index], `${pointer}/${index}`));
  }
  return actual === expected ? [] : [pointer];
}

/**
 * The outcome of a case: with an expected output, agreed when the version completes on its own
 * with an output deep-equal to it, disagreed when it completes with another, sent_to_review
 * when it routes to review; with "a person should review it", agreed when it routes to review
 * and disagreed when it completes on its own.
 */
export function caseOutcome(expected: TStartedCase["expected"], routedToReview: boolean, output: Record<string, unknown>): { outcome: TCaseResult["outcome"]; differences: string[] } {
  const differences = expected === null ? [] : jsonDifferences(output, expected);
  if (expected === null) return { outcome: routedToReview ? "agreed" : "disagreed", differences };
  if (routedToReview) return { outcome: "sent_to_review", differences };
  return { outcome: differences.length === 0 ? "agreed" : "disagreed", differences };
}

/**
 * Runs the version on the case. The model giving no answer (it kept failing, refused, no
 * model configured, a model the server no longer allows) is the service's failure; an answer
 * that could not be used (output_schema_mismatch, the call limit) or input the version could
 * not use is the version's own: the case is disagreed, with the reason as its error.
 */
export async function replayCase(started: TStartedCase, call: TModelCall): Promise<TCaseReplay> {
  const settings = modelSettings();
  if (!settings) return { kind: "failed", message: "No model is configured (OPENAI_BASE_URL and AGENT_MODEL)" };
  // What customAgentVersionOf gives a run, read with the case.
  const version: TCustomAgentVersion = {
    name: started.agent_name,
    version: started.version,
    instructions: started.instructions,
    outputSchema: started.output_schema as TJsonSchema,
    tools: started.tools,
    review: started.review ?? {},
    model: started.model,
  };
  const modelProblem = modelNotAllowedProblem(version.model);
  if (modelProblem) return { kind: "failed", message: `Agent ${started.agent_name} version ${started.version} cannot run: ${modelProblem}` };
  const done = await runCustomAgent(version, { task: started.task, data: (started.data ?? null) as Record<string, unknown> | null }, call, settings.model);
  const outcome = done.outcome;
  if (outcome.kind === "failed") return { kind: "failed", message: outcome.message };
  if (outcome.kind !== "result") {
    const error = outcome.kind === "unusable_answer" ? `${outcome.code}: ${outcome.message}` : `input_error: ${outcome.message}`;
    return { kind: "done", result: { outcome: "disagreed", output: null, confidence: null, differences: [""], error } };
  }
  const result = outcome.result;
  const output = result.output;
  const routedToReview = needsTriage(result, started.triage_threshold) !== null;
  const { outcome: verdict, differences } = caseOutcome(started.expected, routedToReview, output);
  return { kind: "done", result: { outcome: verdict, output, confidence: result.confidence_score, differences, error: null } };
}

/** Records what the replay came to; safe to repeat (only a case still pending or running changes). */
export async function recordCaseReplay(evaluationId: string, position: number, replay: TCaseReplay): Promise<boolean> {
  if (replay.kind === "failed") return recordCaseFailed(evaluationId, position, replay.message);
  return recordCaseDone(evaluationId, position, replay.result);
}

/** A case whose job failed for good (its attempts used up): failed by the service, refunded. */
export function failCaseAsServiceError(evaluationId: string, position: number, message: string): Promise<boolean> {
  return recordCaseFailed(evaluationId, position, message);
}
