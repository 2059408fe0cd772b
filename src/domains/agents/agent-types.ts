// The agent types the service runs (docs/contract.md, "Built-in agents"). What each costs lives with
// usage (src/domains/usage/prices.ts).
import { z } from "zod";

export const AGENT_TYPES = ["center", "rfq_generator", "ap_specialist", "assistant"] as const;
export const ZAgentType = z.enum(AGENT_TYPES);
export type TAgentType = z.infer<typeof ZAgentType>;

/** True for the four agent types this service ships (anything else names a custom agent). */
export const isBuiltInAgentType = (name: string): name is TAgentType => (AGENT_TYPES as readonly string[]).includes(name);

/**
 * `agent_type` of a run or batch: a built-in's name or an organization's custom agent
 * (docs/api-conventions.md, "Agent definitions"); which ones exist is checked at acceptance.
 */
export const AGENT_NAME_PATTERN = /^[a-z][a-z0-9_]{2,39}$/;
export const ZAgentTypeName = z
  .string({ error: "agent_type must be a string" })
  .regex(AGENT_NAME_PATTERN, "agent_type must be an agent's name: a lower-case letter, then 2-39 lower-case letters, digits or _")
  .meta({ description: "A built-in agent (center, rfq_generator, ap_specialist, assistant) or one of the organization's own (GET /v1/agents)." });

/** The built-in agents: rules only, no model needed (`assistant` needs one). */
export type TBuiltInAgentType = Exclude<TAgentType, "assistant">;
