// Contracts of the triage endpoints.
import { z } from "zod";
import { ZActor } from "../auth/actors.schemas.ts";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZJsonObject, ZJsonObjectOutput, ZUuid } from "../../foundation/schemas.ts";
import { ZApprovalsState, ZRejectReasonCode, ZTriageItem } from "../runs/runs.schemas.ts";

export const ZTriageListItem = ZTriageItem.extend({
  agent_runs: z.object({
    id: z.uuid(),
    agent_type: z.string(),
    confidence_score: z.number().nullable(),
    // Additions beyond the spec (optional): what a reviewer reads before deciding.
    task: z.string().optional(),
    data: ZJsonObjectOutput.nullable().optional(),
    // What the run completed with (null until it completes): for an approved item, the approved output.
    output: ZJsonObjectOutput.nullable().optional(),
  }),
});

/** `resolved` = every decided item (approved, rejected, checked), newest decision first. */
export const TRIAGE_LIST_STATUSES = ["pending", "approved", "rejected", "checked", "resolved"] as const;
export type TTriageListStatus = (typeof TRIAGE_LIST_STATUSES)[number];

export const TRIAGE_KINDS = ["review", "spot_check"] as const;
export type TTriageKind = (typeof TRIAGE_KINDS)[number];

export const TRIAGE_CLAIM_FILTERS = ["mine", "none", "others"] as const;
export type TTriageClaimFilter = (typeof TRIAGE_CLAIM_FILTERS)[number];

export const ZListTriageQuery = ZPaginationQuery.extend({
  status: z.enum(TRIAGE_LIST_STATUSES, { error: `status must be one of ${TRIAGE_LIST_STATUSES.join(", ")}` }).optional(),
  // Addition (docs/api-conventions.md, "Spot checks"): default both kinds.
  kind: z
    .enum(TRIAGE_KINDS, { error: `kind must be one of ${TRIAGE_KINDS.join(", ")}` })
    .optional()
    .meta({ description: "`review`: runs waiting for a decision; `spot_check`: completed runs sampled for a verdict. Default: both." }),
  // Additions (docs/api-conventions.md, "Claims and due times"): pending items only.
  claimed: z
    .enum(TRIAGE_CLAIM_FILTERS, { error: `claimed must be one of ${TRIAGE_CLAIM_FILTERS.join(", ")}` })
    .optional()
    .meta({ description: "`mine`: claimed by the caller; `none`: unclaimed (or the claim expired); `others`: claimed by someone else." }),
  overdue: z
    .enum(["true", "false"], { error: "overdue must be true or false" })
    .transform((value) => value === "true")
    .optional()
    .meta({ description: "`true`: only items past their due_at; `false`: only items not yet due." }),
  // Addition (docs/api-conventions.md, "Triage by batch"): the items of one batch's runs.
  batch_id: ZUuid("batch_id").optional().meta({ description: "Only items of runs in this batch (a batch of another organization lists nothing)." }),
});
export const ZListTriageResponse = z.object({ data: z.array(ZTriageListItem), ...ZPageInfo });

const ZNote = z.string().trim().max(5000);

/**
 * Decisions on a claimed item by anyone but its holder are refused (409) unless `force` is true.
 * Literals, not z.boolean(): trpc-to-openapi coerces a body's booleans, so "false" would be true.
 */
const ZForce = z.literal([true, false], { error: "force must be true or false" }).optional().meta({
  description: "Decide although someone else holds the item's claim (their claim ends).",
});

export const ZApproveTriageRequest = z.object({
  id: ZUuid("id"),
  force: ZForce,
  resolution_note: ZNote.optional(),
  // The reviewer's edit of the proposed output (an object); the run completes with it.
  output: ZJsonObject.optional(),
});
export const ZRejectTriageRequest = z.object({
  id: ZUuid("id"),
  reason: ZNote.optional(),
  resolution_note: ZNote.optional(),
  reason_code: ZRejectReasonCode.optional(),
  force: ZForce,
});

export const ZRequestChangesRequest = z.object({
  id: ZUuid("id"),
  feedback: z
    .string({ error: "feedback is required" })
    .trim()
    .min(1, "feedback must not be empty")
    .max(4000, "feedback must be at most 4000 characters"),
  data_patch: ZJsonObject.optional().meta({
    description: "A JSON Merge Patch (RFC 7386) for the run's data, applied before a built-in agent runs again (null deletes a key).",
  }),
  force: ZForce,
});
export const ZRequestChangesResponse = z.object({
  data: z.object({ id: z.uuid(), status: z.literal("changes_requested"), resolved_at: z.string(), run_id: z.uuid(), review_round: z.number().int() }),
});

export const ZClaimRequest = z.object({ id: ZUuid("id") });
export const ZClaimResponse = z.object({
  data: z.object({
    id: z.uuid(),
    claimed_by: z.string().nullable(),
    claimed_by_name: z.string().nullable().optional(),
    claimed_by_actor: ZActor.nullable().optional(),
    claimed_until: z.string().nullable(),
  }),
});

export const BULK_DECISIONS = ["approve", "reject"] as const;
export const ZBulkDecisionRequest = z.object({
  decision: z.enum(BULK_DECISIONS, { error: "decision must be approve or reject" }),
  ids: z
    .array(ZUuid("ids[]"), { error: "ids must be an array of triage item ids" })
    .min(1, "ids must name at least one item")
    .max(100, "ids must name at most 100 items"),
  resolution_note: ZNote.optional(),
  reason_code: ZRejectReasonCode.optional(),
  force: ZForce,
});
export type TBulkDecision = z.infer<typeof ZBulkDecisionRequest>;
export const ZBulkDecisionResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      status: z.enum(["approved", "rejected", "pending", "error"]).meta({ description: "`pending`: an approval was added and the item needs more (\"Two approvers\")." }),
      error: z.object({ type: z.string(), message: z.string() }).optional(),
    }),
  ),
});

export const ZResolveTriageResponse = z.object({
  data: z.object({
    id: z.uuid(),
    status: z.enum(["approved", "rejected", "pending"]).meta({
      description: "`pending` only for an item whose review route requires more approvals than it has now (docs/api-conventions.md, \"Two approvers\"); then resolved_at and resolved_by are null and `approvals` says who approved.",
    }),
    resolved_at: z.string().nullable(),
    resolution_note: z.string().nullable(),
    resolved_by: z.string().nullable(),
    run_id: z.uuid(),
    resolved_by_name: z.string().nullable().optional(),
    resolved_by_actor: ZActor.optional(),
    output_edited: z.boolean().optional(),
    reason_code: ZRejectReasonCode.nullable().optional(),
    approvals: ZApprovalsState.optional(),
  }),
});

export const SPOT_CHECK_VERDICTS = ["correct", "incorrect"] as const;
export const ZVerdictRequest = z.object({
  id: ZUuid("id"),
  verdict: z.enum(SPOT_CHECK_VERDICTS, { error: "verdict must be correct or incorrect" }),
  corrected_output: ZJsonObject.optional().meta({
    description: "incorrect: the output that would have been right (an object), kept with the item for evaluations.",
  }),
  note: ZNote.optional(),
  force: ZForce,
});
export type TVerdictRequest = z.infer<typeof ZVerdictRequest>;
export const ZVerdictResponse = z.object({
  data: z.object({
    id: z.uuid(),
    status: z.literal("checked"),
    verdict: z.enum(SPOT_CHECK_VERDICTS),
    resolved_at: z.string(),
    resolved_by: z.string(),
    resolved_by_name: z.string().nullable(),
    resolved_by_actor: ZActor.optional(),
    run_id: z.uuid(),
  }),
});

// Dashboard only (triage.schemas): what the reviewer's forms are built from.
export const ZReviewSchemasQuery = z.object({ id: ZUuid("id") });
export const ZReviewSchemasResponse = z.object({
  agent_type: z.string(),
  agent_version: z.number().int(),
  /** The run's input schema; null when the agent has none (a custom agent without input_schema). */
  input_schema: z.record(z.string(), z.unknown()).nullable(),
  /** What the agent answers; `{ type: "object" }` when it answers any object. */
  output_schema: z.record(z.string(), z.unknown()),
  /** Whether a request for changes may carry a `data_patch` (built-in agents' data only). */
  data_patch: z.boolean(),
});
