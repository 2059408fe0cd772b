// Contracts of the evaluation endpoints (docs/api-conventions.md, "Evaluations"): a version
// replayed over the agent's judged runs, compared with what people decided.
import { z } from "zod";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";

export const EVALUATION_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const ZEvaluationStatus = z.enum(EVALUATION_STATUSES);
export const CASE_OUTCOMES = ["agreed", "disagreed", "sent_to_review"] as const;
export const ZCaseOutcome = z.enum(CASE_OUTCOMES);

/** Most cases one evaluation replays, and the default. */
export const MAX_EVALUATION_CASES = 500;
export const DEFAULT_EVALUATION_CASES = 200;

const ZInstant = (field: string) =>
  z
    .string({ error: `${field} must be an ISO 8601 date-time` })
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time with an offset` })
    .optional();

export const ZStartEvaluationRequest = z
  .object({
    name: z.string().min(1).max(100),
    version: z.number({ error: "version must be a whole number" }).int("version must be a whole number").min(1, "version must be a whole number from 1"),
    from: ZInstant("from").meta({ description: "Judged runs created at or after this instant; default: 30 days before `to`." }),
    to: ZInstant("to").meta({ description: "Judged runs created before this instant; default: now." }),
    limit: z
      .number({ error: `limit must be a whole number between 1 and ${MAX_EVALUATION_CASES}` })
      .int(`limit must be a whole number between 1 and ${MAX_EVALUATION_CASES}`)
      .min(1, `limit must be a whole number between 1 and ${MAX_EVALUATION_CASES}`)
      .max(MAX_EVALUATION_CASES, `limit must be a whole number between 1 and ${MAX_EVALUATION_CASES}`)
      .optional()
      .meta({ description: `How many judged runs to replay, newest first (default ${DEFAULT_EVALUATION_CASES}).` }),
    dry_run: z.boolean().optional().meta({ description: "Answer 200 `{cases, credits}` and start nothing." }),
  })
  .strict();
export type TStartEvaluationRequest = z.infer<typeof ZStartEvaluationRequest>;

const ZRate = z.number().nullable();

export const ZEvaluationBand = z.object({
  min: z.number(),
  max: z.number(),
  cases: z.number().int(),
  agreed: z.number().int(),
  disagreed: z.number().int(),
  sent_to_review: z.number().int(),
});

export const ZGate = z
  .object({ passed: z.boolean(), reasons: z.array(z.string()) })
  .meta({ description: "Whether this evaluation passes the version's release gate, and why not." });

export const ZEvaluation = z.object({
  id: z.string(),
  agent: z.string(),
  version: z.number().int(),
  baseline_version: z.number().int(),
  status: ZEvaluationStatus,
  cases: z.number().int(),
  completed_cases: z.number().int(),
  agreed: z.number().int(),
  disagreed: z.number().int(),
  sent_to_review: z.number().int(),
  failed_cases: z.number().int(),
  agreement_rate: ZRate.meta({ description: "agreed ÷ (agreed + disagreed); null without any." }),
  review_rate: ZRate.meta({ description: "sent_to_review ÷ cases that finished; null before any finished." }),
  by_band: z.array(ZEvaluationBand).meta({ description: "0.1-wide bands of the version's own confidence on each case." }),
  baseline: z.object({ version: z.number().int(), agreement_rate: ZRate, review_rate: ZRate }),
  gate: ZGate,
  credits: z.number().int().meta({ description: "Credits charged when it started less what was refunded." }),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TEvaluation = z.infer<typeof ZEvaluation>;

export const ZEvaluationResponse = z.object({ evaluation: ZEvaluation });
export const ZEvaluationEstimate = z.object({
  cases: z.number().int().meta({ description: "Judged runs the evaluation would replay." }),
  credits: z.number().int().meta({ description: "What it would charge (0 in test mode)." }),
});
export const ZStartEvaluationResponse = z.union([ZEvaluationResponse, ZEvaluationEstimate]);

export const ZEvaluationIdInput = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });
export const ZListEvaluationsQuery = ZPaginationQuery.extend({
  name: z.string().min(1).max(100),
  version: z.coerce.number().int().min(1).optional().meta({ description: "Only evaluations of this version." }),
});
export const ZListEvaluationsResponse = z.object({ data: z.array(ZEvaluation), ...ZPageInfo });

export const ZEvaluationCase = z.object({
  run_id: z.string(),
  outcome: ZCaseOutcome.nullable().meta({ description: "null while the case has not finished, or when the service failed it." }),
  status: z.enum(["pending", "running", "done", "failed", "cancelled"]),
  expected: z
    .union([z.object({ output: z.record(z.string(), z.unknown()) }), z.object({ review: z.literal(true) })])
    .meta({ description: "What people decided: the output it should be, or that a person should review it." }),
  output: z.record(z.string(), z.unknown()).nullable(),
  confidence: z.number().nullable(),
  sent_to_review: z.boolean().meta({ description: "The version routed the case to a person." }),
  differences: z.array(z.string()).meta({ description: "JSON Pointers (from the output's root) where the output and the expected one differ." }),
  error: z.string().nullable(),
});
export const ZListEvaluationCasesQuery = ZPaginationQuery.extend({
  name: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  outcome: ZCaseOutcome.optional(),
});
export const ZListEvaluationCasesResponse = z.object({ data: z.array(ZEvaluationCase), ...ZPageInfo });
