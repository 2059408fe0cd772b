// Agent types the service runs and what each costs in credits (decisions.md).
import { z } from "zod";

export const AGENT_TYPES = ["center", "rfq_generator", "ap_specialist"] as const;
export const ZAgentType = z.enum(AGENT_TYPES);
export type TAgentType = z.infer<typeof ZAgentType>;

export const CREDITS_PER_RUN: Record<TAgentType, number> = {
  center: 1,
  rfq_generator: 5,
  ap_specialist: 3,
};
