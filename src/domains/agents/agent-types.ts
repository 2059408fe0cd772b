// The agent types the service runs (decisions.md, "Runs"). What each costs lives with
// usage (src/domains/usage/prices.ts).
import { z } from "zod";

export const AGENT_TYPES = ["center", "rfq_generator", "ap_specialist", "assistant"] as const;
export const ZAgentType = z.enum(AGENT_TYPES);
export type TAgentType = z.infer<typeof ZAgentType>;

/** The built-in agents: rules only, no model needed (`assistant` needs one). */
export type TBuiltInAgentType = Exclude<TAgentType, "assistant">;
