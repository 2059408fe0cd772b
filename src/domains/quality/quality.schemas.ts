// Contracts of the quality report and the corrections export (docs/api-conventions.md, "Quality").
import { z } from "zod";
import { optionalWholeNumber } from "../../foundation/pagination.ts";

export const DEFAULT_TARGET_AGREEMENT = 0.95;
/** Judged runs a recommendation needs at and above its threshold. */
export const MIN_JUDGED_FOR_RECOMMENDATION = 20;
/** The report's default period: the last 30 days. */
export const DEFAULT_PERIOD_DAYS = 30;

/** A date-time with an offset, or a calendar date (midnight UTC). */
const ZInstant = (name: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `${name} must be an ISO 8601 date-time (2026-01-31T00:00:00Z) or a date (2026-01-31)` })
    .optional()
    .meta({ description: `An ISO 8601 date-time with offset or a date (midnight UTC).` });

/**
 * A decimal 0–1 query parameter, strictly ("0.9", "1", ".95"): the REST transport passes
 * strings, the dashboard numbers. Not z.coerce (see src/foundation/pagination.ts).
 */
const ZShare = (name: string) =>
  z.preprocess(
    (value, ctx) => {
      if (Array.isArray(value)) {
        ctx.addIssue({ code: "custom", message: `${name} must be given once` });
        return value;
      }
      if (typeof value === "string" && /^(0|1)?(\.[0-9]{1,6})?$/.test(value) && value !== "" && value !== ".") return Number(value);
      return value;
    },
    z
      .number({ error: `${name} must be a number between 0 and 1` })
      .min(0, { error: `${name} must be a number between 0 and 1` })
      .max(1, { error: `${name} must be a number between 0 and 1` })
      .optional(),
  );

export const ZCorrectionsQuery = z.object({
  name: z.string().min(1).max(100),
  from: ZInstant("from"),
  to: ZInstant("to"),
});
export type TCorrectionsQuery = z.infer<typeof ZCorrectionsQuery>;

export const ZQualityQuery = ZCorrectionsQuery.extend({
  version: optionalWholeNumber("version", { min: 1 }, "version must be a whole number, 1 or more"),
  target_agreement: ZShare("target_agreement").meta({ description: "The agreement the recommended threshold must reach (0–1, default 0.95)." }),
});
export type TQualityQuery = z.infer<typeof ZQualityQuery>;

export const QUALITY_DECISIONS = ["approved", "approved_edited", "changes_requested", "rejected", "spot_correct", "spot_incorrect"] as const;
export type TQualityDecision = (typeof QUALITY_DECISIONS)[number];

const ZRate = z.number().min(0).max(1).nullable();

export const ZQualityBucket = z.object({
  min: z.number(),
  max: z.number(),
  runs: z.number().int().meta({ description: "Runs of the period whose confidence (their last round's) falls in [min, max) (the last band includes 1.0)." }),
  judged: z.number().int().meta({
    description: "Decisions people made on proposals whose confidence falls in [min, max): each decided review round and spot check, at that round's own confidence.",
  }),
  agreed: z.number().int().meta({ description: "Of the judged, decisions that agreed with the agent." }),
  agreement_rate: ZRate.meta({ description: "agreed / judged; null when nothing was judged." }),
});

const ZRolloutArm = z.object({
  version: z.number().int(),
  runs: z.number().int().meta({ description: "Runs the rollout sent to this version." }),
  judged: z.number().int(),
  agreement_rate: ZRate,
});

export const ZQualityResponse = z.object({
  agent: z.string(),
  version: z.number().int(),
  period: z.object({ from: z.string(), to: z.string() }),
  runs: z.number().int(),
  completed_on_own: z.number().int(),
  sent_to_review: z.number().int(),
  outcomes: z.object(Object.fromEntries(QUALITY_DECISIONS.map((decision) => [decision, z.number().int()])) as Record<TQualityDecision, z.ZodNumber>),
  buckets: z.array(ZQualityBucket),
  threshold: z.object({
    current: z.number(),
    recommended: z.number().nullable(),
    target_agreement: z.number(),
    review_rate_now: ZRate,
    review_rate_at_recommended: ZRate,
    reason: z.string().optional().meta({ description: "Why there is no recommendation (too little evidence, or no threshold reaches the target)." }),
  }),
  rollout: z
    .object({
      percent: z.number().int(),
      candidate: ZRolloutArm,
      baseline: ZRolloutArm,
    })
    .optional()
    .meta({ description: "Only while a canary rollout of the agent runs: both versions side by side, over the runs the rollout split (docs/api-conventions.md, \"Rollouts\")." }),
});
export type TQualityResponse = z.infer<typeof ZQualityResponse>;

/** One line of the corrections export (application/x-ndjson). */
export type TCorrectionLine = {
  run_id: string;
  agent_version: number;
  task: string;
  data: unknown;
  proposed_output: unknown;
  final_output: unknown;
  decision: TQualityDecision;
  feedback: string | null;
  reason_code: string | null;
  judged_at: string;
};
