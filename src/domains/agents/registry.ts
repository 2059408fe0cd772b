// Which agent handles each agent_type, how a run calls it, and when its result needs a
// person (docs/contract.md, "States and transitions" and "Built-in agents").
import type { TAgentType, TBuiltInAgentType } from "./agent-types.ts";
import { apSpecialist } from "./ap-specialist.ts";
import { center } from "./center.ts";
import { rfqGenerator } from "./rfq-generator.ts";
import type { TAgent, TAgentInput, TAgentResult } from "./types.ts";

export type { TAgent } from "./types.ts";

export const agentRegistry: Record<TBuiltInAgentType, TAgent> = {
  center,
  rfq_generator: rfqGenerator,
  ap_specialist: apSpecialist,
};

export type TRunAgentOptions = {
  /** AGENT_LATENCY_MS: a fixed delay before every call, for load tests and benchmarks. */
  latencyMs: number;
};

// The global setTimeout (not node:timers/promises) so tests can drive it with fake timers.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the built-in agent for `agentType`. Async although the agents are not, so a
 * model-backed agent can take its place without changing callers. Throws whatever the
 * agent throws (AgentInputError for unusable input).
 */
export async function runAgent(
  agentType: TAgentType,
  input: TAgentInput,
  options: TRunAgentOptions,
): Promise<TAgentResult> {
  const agent = agentRegistry[agentType as TBuiltInAgentType];
  // agent_type is validated at the API, but rows written before a type was retired may not be.
  if (!agent) throw new Error(`Unknown agent type: ${String(agentType)}`);
  if (options.latencyMs > 0) await sleep(options.latencyMs);
  return agent(input);
}

// Four decimals: enough that "0.6999 is below 0.7" never prints as "0.7 is below 0.7".
const formatScore = (value: number): string => String(Number(value.toFixed(4)));

/**
 * The human-readable triage_reason when a run must wait for a person, or null. The
 * agent's own reason wins; otherwise a confidence below the organization's threshold.
 */
export function needsTriage(result: TAgentResult, organizationThreshold: number): string | null {
  if (result.triage) return result.triage.reason;
  const threshold = result.reviewThreshold ?? organizationThreshold;
  if (result.confidence_score < threshold) {
    const because = result.lowConfidenceReason ? `: ${result.lowConfidenceReason}` : "";
    return `confidence ${formatScore(result.confidence_score)} is below the review threshold ${formatScore(threshold)}${because}`;
  }
  return null;
}
