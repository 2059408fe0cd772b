// What a run costs in credits, by agent type (docs/contract.md, "Plans and credits").
import type { TAgentType } from "../agents/agent-types.ts";

export const CREDITS_PER_RUN: Record<TAgentType, number> = {
  center: 1,
  rfq_generator: 5,
  ap_specialist: 3,
  // Per run whatever the tokens: model_usage records them so pricing by tokens can follow.
  assistant: 10,
};

/** A run of an organization's own agent (docs/api-conventions.md, "Agent definitions"): a model run, like assistant. */
export const CUSTOM_AGENT_CREDITS = 10;

/** Credits one run of `agentType` costs: a built-in's price, else (a custom agent's name) CUSTOM_AGENT_CREDITS. */
export const costOfRun = (agentType: TAgentType | string): number =>
  Object.hasOwn(CREDITS_PER_RUN, agentType) ? CREDITS_PER_RUN[agentType as TAgentType] : CUSTOM_AGENT_CREDITS;
