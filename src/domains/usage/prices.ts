// What a run costs in credits, by agent type (decisions.md, "Usage and credits").
import type { TAgentType } from "../agents/agent-types.ts";

export const CREDITS_PER_RUN: Record<TAgentType, number> = {
  center: 1,
  rfq_generator: 5,
  ap_specialist: 3,
  // Per run whatever the tokens: model_usage records them so pricing by tokens can follow.
  assistant: 10,
};

/** Credits one run of `agentType` costs; 0 for a type no longer sold. */
export const costOfRun = (agentType: TAgentType | string): number => CREDITS_PER_RUN[agentType as TAgentType] ?? 0;
