// Calling a run's agent: a built-in's rules in one call, or whether the run talks to the
// model instead (model-rounds.ts carries those out, one durable step per model call).
import { runAgent } from "../agents/registry.ts";
import { wantsModel } from "../agents/model-assisted.ts";
import { AgentInputError, type TAgentResult } from "../agents/types.ts";
import { isBuiltInAgentType, type TAgentType } from "../agents/agent-types.ts";
import { env, modelSettings } from "../../foundation/env.ts";
import type { TStartedRun } from "./run-start.ts";

/**
 * `input_error`: the run's own input cannot be used; `unusable_answer`: the model answered
 * but no answer could be used (its message starts with the reason's code). Both fail the
 * run and keep its charge; only a service error is refunded.
 */
export type TAgentOutcome =
  | { kind: "result"; result: TAgentResult }
  | { kind: "input_error"; message: string }
  | { kind: "unusable_answer"; message: string };

export type TServiceErrorOutcome = { kind: "service_error"; message: string };

/** Calls the agent. Input problems are an outcome (the run fails); anything else throws and is retried. */
export async function callAgent(run: TStartedRun): Promise<TAgentOutcome> {
  try {
    const result = await runAgent(run.agentType as TAgentType, { task: run.task, data: run.data }, { latencyMs: env().AGENT_LATENCY_MS });
    return { kind: "result", result };
  } catch (error) {
    if (error instanceof AgentInputError) return { kind: "input_error", message: error.message };
    throw error;
  }
}

/**
 * Whether this run talks to the model (so it is carried out in steps, one per call):
 * `assistant` always; with a model configured, `center` for a task its rules cannot place
 * and `rfq_generator` for items in free text.
 */
export function usesModel(run: Pick<TStartedRun, "agentType" | "task" | "data">): boolean {
  if (run.agentType === "assistant" || !isBuiltInAgentType(run.agentType)) return true;
  return modelSettings() !== null && wantsModel(run.agentType, { task: run.task, data: run.data });
}
