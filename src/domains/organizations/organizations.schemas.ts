// Contracts of the dashboard's organization procedures.
import { z } from "zod";

export const PLANS = ["starter", "pro", "team", "growth", "enterprise"] as const;
export const ZPlan = z.enum(PLANS);

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: ZPlan,
  triage_threshold: z.number(),
});
