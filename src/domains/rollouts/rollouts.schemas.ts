// Contracts of the rollout endpoints (docs/api-conventions.md, "Rollouts"): a canary of one
// version on a share of the unpinned runs, rolled back when people disagree with it.
import { z } from "zod";

export const ROLLOUT_STATUSES = ["running", "promoted", "rolled_back", "cancelled"] as const;
export const DEFAULT_MIN_JUDGED = 20;
export const DEFAULT_ROLLOUT_SPOT_CHECK_RATE = 0.2;
/** min_agreement without an active version's agreement to start from. */
export const DEFAULT_MIN_AGREEMENT = 0.9;

export const ZStartRolloutRequest = z
  .object({
    name: z.string().min(1).max(100),
    version: z.number({ error: "version must be a whole number" }).int("version must be a whole number").min(1, "version must be a whole number from 1"),
    percent: z
      .number({ error: "percent must be a whole number between 1 and 99" })
      .int("percent must be a whole number between 1 and 99")
      .min(1, "percent must be a whole number between 1 and 99")
      .max(99, "percent must be a whole number between 1 and 99")
      .meta({ description: "Share of the unpinned runs sent to the candidate: exactly floor(n × percent / 100) of n." }),
    min_judged: z
      .number({ error: "min_judged must be a whole number between 1 and 10000" })
      .int("min_judged must be a whole number between 1 and 10000")
      .min(1, "min_judged must be a whole number between 1 and 10000")
      .max(10_000, "min_judged must be a whole number between 1 and 10000")
      .optional()
      .meta({ description: `Judged candidate runs before the guard acts (default ${DEFAULT_MIN_JUDGED}).` }),
    min_agreement: z
      .number({ error: "min_agreement must be a number between 0 and 1" })
      .min(0, "min_agreement must be a number between 0 and 1")
      .max(1, "min_agreement must be a number between 0 and 1")
      .optional()
      .meta({ description: `Agreement below which it rolls back; default: the active version's agreement − max_regression, or ${DEFAULT_MIN_AGREEMENT} without one.` }),
    spot_check_rate: z
      .number({ error: "spot_check_rate must be a number between 0 and 1" })
      .min(0, "spot_check_rate must be a number between 0 and 1")
      .max(1, "spot_check_rate must be a number between 0 and 1")
      .optional()
      .meta({ description: `Share of the candidate's runs that completed on their own sent to a spot check (default ${DEFAULT_ROLLOUT_SPOT_CHECK_RATE}).` }),
  })
  .strict();
export type TStartRolloutRequest = z.infer<typeof ZStartRolloutRequest>;

export const ZRollout = z.object({
  id: z.string(),
  agent: z.string(),
  version: z.number().int(),
  baseline_version: z.number().int(),
  percent: z.number().int(),
  min_judged: z.number().int(),
  min_agreement: z.number(),
  spot_check_rate: z.number(),
  status: z.enum(ROLLOUT_STATUSES),
  runs: z.number().int().meta({ description: "Runs sent to the candidate." }),
  judged: z.number().int().meta({ description: "Candidate runs people judged." }),
  agreed: z.number().int(),
  agreement_rate: z.number().nullable(),
  baseline: z.object({ runs: z.number().int(), judged: z.number().int(), agreement_rate: z.number().nullable() }),
  gate: z.object({ passed: z.boolean(), reasons: z.array(z.string()) }).meta({ description: "Whether promoting now passes the candidate's release gate." }),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TRollout = z.infer<typeof ZRollout>;
export const ZRolloutResponse = z.object({ rollout: ZRollout });
export const ZRolloutNameInput = z.object({ name: z.string().min(1).max(100) });
export const ZPromoteRolloutRequest = z
  .object({ name: z.string().min(1).max(100), force: z.boolean().optional().meta({ description: "Promote without a passed evaluation (recorded on the version)." }) })
  .strict();
