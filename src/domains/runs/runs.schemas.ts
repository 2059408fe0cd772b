// Request and response contracts of the run endpoints (shared by REST, dashboard, tests).
import { z } from "zod";
import { ZActor } from "../auth/actors.schemas.ts";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZHttpsUrl, ZJsonObject, ZJsonObjectOutput, ZUuid } from "../../foundation/schemas.ts";
import { ZAgentTypeName } from "../agents/agent-types.ts";

export const RUN_STATUSES = ["queued", "running", "completed", "failed", "cancelled", "pending_triage"] as const;
export const TERMINAL_RUN_STATUSES = ["completed", "failed", "cancelled"] as const;
export const ZRunStatus = z.enum(RUN_STATUSES);
export const ZRunPriority = z.enum(["low", "normal", "high"]);
/** How a run's last decision ended it; null while nobody decided (docs/api-conventions.md, "Review rounds"). */
export const RUN_RESOLUTIONS = ["approved", "approved_edited", "changes_requested", "rejected", "cancelled_by_caller"] as const;
export type TRunResolution = (typeof RUN_RESOLUTIONS)[number];
export const ZRunResolution = z.enum(RUN_RESOLUTIONS);

export const ZAgentVersionNumber = z
  .number({ error: "agent_version must be a whole number" })
  .int("agent_version must be a whole number")
  .min(1, "agent_version must be 1 or more")
  .meta({ description: "The agent version to run (GET /v1/agents/{name}); default: the agent's active version. Built-ins have version 1." });

export const ZCreateRunRequest = z.object({
  task: z.string({ error: "task is required" }).trim().min(1, "task must not be empty").max(100_000),
  agent_type: ZAgentTypeName.default("center"),
  // Addition (docs/api-conventions.md, "Agent definitions"): pin a version of a custom agent; default its active one.
  agent_version: ZAgentVersionNumber.optional(),
  data: ZJsonObject.optional(),
  priority: ZRunPriority.default("normal"),
  webhook_url: ZHttpsUrl.optional(),
});
export type TCreateRunRequest = z.infer<typeof ZCreateRunRequest>;

export const ZCreateRunResponse = z.object({
  run_id: z.uuid(),
  status: ZRunStatus,
  agent_type: z.string(),
  estimated_completion: z.literal("async"),
});
export type TCreateRunResponse = z.infer<typeof ZCreateRunResponse>;

const ZRunFields = z.object({
  id: z.uuid(),
  agent_type: z.string(),
  status: ZRunStatus,
  priority: ZRunPriority,
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  confidence_score: z.number().nullable(),
  requires_triage: z.boolean(),
  error_message: z.string().nullable(),
});

export const TASK_PREVIEW_LENGTH = 200;
export const ZRunListItem = ZRunFields.extend({
  task_preview: z.string().describe(`The task's first ${TASK_PREVIEW_LENGTH} characters (the full task is on GET /v1/runs/{id})`),
});

export const ZModelUsage = z
  .object({
    model: z.string().meta({ description: "The model id (AGENT_MODEL) the calls went to." }),
    calls: z.number().int().meta({ description: "Chat Completions requests answered for this run." }),
    input_tokens: z.number().int().meta({ description: "Prompt tokens summed over every call." }),
    output_tokens: z.number().int().meta({ description: "Completion tokens summed over every call." }),
  })
  .meta({ description: "Tokens the run used, summed over its model calls; null for a run that used no model." });

export const ZRun = ZRunFields.extend({
  task: z.string(),
  data: ZJsonObjectOutput.nullable(),
  output: ZJsonObjectOutput.nullable(),
  batch_id: z.uuid().nullable(),
  livemode: z.boolean(),
  // Addition for model-backed agents (docs/api-conventions.md, "Model-backed agents").
  model_usage: ZModelUsage.nullable(),
  // Addition: the version of the agent that does the run (built-ins: 1; "Agent definitions").
  agent_version: z.number().int(),
  // Additions (docs/api-conventions.md, "Review rounds"): how often a reviewer sent it back,
  // how its last decision ended it, and, while it waits, its open item's claim and due time.
  review_round: z.number().int().meta({ description: "How many times a reviewer requested changes (0: never)." }),
  resolution: ZRunResolution.nullable(),
  reason_code: z.string().nullable().optional().meta({ description: "The rejection's reason code, when a reviewer rejected it." }),
  claimed_by: z.string().nullable().optional(),
  // Addition (docs/api-conventions.md, "Actors"): who claimed it, by name.
  claimed_by_actor: ZActor.nullable().optional(),
  claimed_until: z.string().nullable().optional(),
  due_at: z.string().nullable().optional(),
});


export const REJECT_REASON_CODES = ["incorrect_output", "incomplete_input", "duplicate", "suspected_fraud", "policy", "other"] as const;
export type TRejectReasonCode = (typeof REJECT_REASON_CODES)[number];
export const ZRejectReasonCode = z.enum(REJECT_REASON_CODES, { error: `reason_code must be one of ${REJECT_REASON_CODES.join(", ")}` });

/** One approval of an item that needs several (docs/api-conventions.md, "Two approvers"). */
export const ZApprovalGiven = z.object({
  by: z.string().meta({ description: "Who approved: an actor id as in resolved_by (`member:<id>`, `api_key:<id>`, `link:<id>`)." }),
  by_actor: ZActor.nullable().optional(),
  at: z.string(),
  output_edited: z.boolean().meta({ description: "This approver changed the proposal; every later approver saw their edit." }),
});

export const ZApprovalsState = z
  .object({
    required: z.number().int().meta({ description: "Distinct people who must approve; 1 unless the item's review route asks for more." }),
    given: z.array(ZApprovalGiven),
  })
  .meta({ description: "Approvals so far. The item stays pending until `required` distinct people approved; one rejection or request for changes decides at once." });

export const ZTriageItem = z.object({
  id: z.uuid(),
  run_id: z.uuid(),
  status: z.enum(["pending", "approved", "rejected", "changes_requested", "checked"]),
  triage_reason: z.string(),
  // What the agent proposed: the run's output stays null until a person approves it.
  proposed_output: ZJsonObject.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
  resolved_by: z.string().nullable(),
  // Additions beyond the spec (optional): who decided, by name, and whether the approved
  // output was a reviewer's edit of the proposal.
  resolved_by_name: z.string().nullable().optional(),
  // Addition (docs/api-conventions.md, "Actors"): who decided, by name.
  resolved_by_actor: ZActor.nullable().optional(),
  output_edited: z.boolean().optional(),
  // Addition: the version of the agent whose proposal this is (built-ins: 1).
  agent_version: z.number().int().optional(),
  // Additions (docs/api-conventions.md, "Review rounds", "Claims and due times").
  round: z.number().int().optional().meta({ description: "The run's review round this item was opened in (0: the first proposal)." }),
  review_round: z.number().int().optional().meta({ description: "The same as round (the run record's name for it)." }),
  claimed_by: z.string().nullable().optional().meta({ description: "Who holds the claim (an actor id, as in resolved_by); null when unclaimed or expired." }),
  claimed_by_name: z.string().nullable().optional(),
  claimed_by_actor: ZActor.nullable().optional(),
  claimed_until: z.string().nullable().optional(),
  due_at: z.string().optional().meta({ description: "When the item is overdue (created_at + the SLA)." }),
  reason_code: ZRejectReasonCode.nullable().optional(),
  feedback: z.string().nullable().optional().meta({ description: "A request for changes: what the reviewer told the agent." }),
  data_patch: ZJsonObjectOutput.nullable().optional().meta({ description: "A request for changes: the JSON Merge Patch applied to the run's data." }),
  // Additions (docs/api-conventions.md, "Spot checks").
  kind: z.enum(["review", "spot_check"]).optional().meta({
    description: "`review`: the run waits for this decision; `spot_check`: a run that completed on its own, sampled for a verdict.",
  }),
  verdict: z.enum(["correct", "incorrect"]).nullable().optional(),
  corrected_output: ZJsonObjectOutput.nullable().optional(),
  // Addition (docs/api-conventions.md, "Quality").
  confidence_score: z.number().nullable().optional().meta({
    description: "The agent's confidence in this round's proposal, recorded when the item was opened (the run's confidence_score is its last round's); null for an earlier round migrated without one.",
  }),
  // Addition (docs/api-conventions.md, "Two approvers").
  approvals: ZApprovalsState.optional(),
});

/** Longest `q` a run search takes: a number or a phrase, not a document. */
export const RUN_SEARCH_MAX_LENGTH = 100;

/** A date-time with an offset ("2026-11-26T09:30:00Z") or a calendar date (midnight UTC), given once. */
const ZListInstant = (name: string, description: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: `${name} must be an ISO 8601 date-time with an offset (2026-11-26T09:30:00Z) or a date (2026-11-26)`,
    })
    // On the inner schema: the document generator reads a parameter's description there.
    .meta({ description })
    .optional();

export const ZListRunsQuery = ZPaginationQuery.extend({
  status: ZRunStatus.optional(),
  agent_type: ZAgentTypeName.optional(),
  q: z
    .string({ error: "q must be given once" })
    .trim()
    .min(1, { error: "q must not be empty" })
    .max(RUN_SEARCH_MAX_LENGTH, { error: `q must be at most ${RUN_SEARCH_MAX_LENGTH} characters` })
    .meta({
      description: `Case-insensitive text (at most ${RUN_SEARCH_MAX_LENGTH} characters) found in the task, the invoice number (data.invoice.number), the purchase order number (data.purchase_order.number) or the RFQ number (the output's rfq_number). % and _ match themselves.`,
    })
    .optional(),
  created_from: ZListInstant("created_from", "Runs created at or after this instant (inclusive): an ISO 8601 date-time with an offset, or a date (midnight UTC)."),
  created_to: ZListInstant("created_to", "Runs created before this instant (exclusive): an ISO 8601 date-time with an offset, or a date (midnight UTC)."),
});
export const ZListRunsResponse = z.object({
  data: z.array(ZRunListItem),
  ...ZPageInfo,
  // Additions beyond the spec: counting stops 1,000 runs past the offset (docs/api-conventions.md, "Lists").
  has_more: z.boolean().optional().meta({ description: "More runs match after this page." }),
  total_exact: z
    .boolean()
    .optional()
    .meta({ description: "false when counting stopped at offset + 1,000: `total` is then a lower bound." }),
});
export const ZRunIdInput = z.object({ id: ZUuid("id") });
export const ZGetRunResponse = z.object({ run: ZRun, triage_item: ZTriageItem.nullable() });
export const ZCancelRunResponse = z.object({ run: ZRun });

// The step trace of a run (docs/api-conventions.md, "Run steps"): derived when read from
// what the run already stores (src/domains/runs/run-steps.ts), nothing is logged for it.
export const STEP_STATUSES = ["pending", "running", "completed", "failed", "cancelled"] as const;
const ZStepStatus = z.enum(STEP_STATUSES);
const ZStepTimes = z.object({
  started_at: z.string().nullable().meta({ description: "null while the step has not begun (a queued run)." }),
  finished_at: z.string().nullable().meta({ description: "null while the step is pending or running." }),
  duration_ms: z
    .number()
    .int()
    .nullable()
    .meta({ description: "finished_at − started_at; null when the step's own times are not stored (model and tool calls)." }),
  status: ZStepStatus,
});

export const ZStepMessage = z.object({
  role: z.string(),
  content: z.string().nullable(),
  tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  tool_call_id: z.string().nullable(),
});

const ZScalar = z.union([z.number(), z.string(), z.null()]);
export const ZStepFinding = z.object({
  message: z.string(),
  field: z.string().nullable(),
  expected: ZScalar,
  actual: ZScalar,
});

const ZStepRound = z.number().int().min(0).optional().meta({ description: "The review round this step belongs to (0: before any request for changes)." });

export const ZModelCallStep = ZStepTimes.extend({
  type: z.literal("model_call"),
  detail: z.object({
    model: z.string(),
    conversation: z.number().int().meta({ description: "Which conversation of the run (center's routing, then the RFQ extraction, …), from 1." }),
    attempt: z.number().int().meta({ description: "The call's number within its conversation, from 1 (a repair request is the next attempt)." }),
    input_tokens: z.number().int().nullable().meta({ description: "Known when the run made one call; otherwise null (the run's model_usage has the totals)." }),
    output_tokens: z.number().int().nullable(),
    messages: z.array(ZStepMessage).meta({ description: "The messages sent with this call." }),
    answer: ZStepMessage.nullable().meta({ description: "The model's answer; null when the call failed." }),
    error: z.string().nullable(),
    round: ZStepRound,
  }),
});

export const ZToolCallStep = ZStepTimes.extend({
  type: z.literal("tool_call"),
  detail: z.object({ id: z.string(), name: z.string(), arguments: z.unknown(), result: z.unknown() }),
});

export const ZAgentStep = ZStepTimes.extend({
  type: z.literal("agent"),
  detail: z.object({
    agent: z.string(),
    summary: z.string().meta({ description: "One sentence: what the agent did and concluded." }),
    checked: z.array(z.string()).meta({ description: "What the agent checked (e.g. the invoice's arithmetic, the purchase order)." }),
    found: z.array(ZStepFinding).meta({ description: "What it found: each discrepancy, each RFQ item, the routing decision." }),
    confidence_score: z.number().nullable(),
    error: z.string().nullable(),
  }),
});

export const ZTriageStep = ZStepTimes.extend({
  type: z.literal("triage"),
  detail: z.object({
    triage_item_id: z.uuid(),
    reason: z.string(),
    item_status: z.enum(["pending", "approved", "rejected", "changes_requested", "checked"]),
    round: ZStepRound,
  }),
});

export const ZReviewStep = ZStepTimes.extend({
  type: z.literal("review"),
  detail: z.object({
    decision: z.enum(["approved", "rejected", "changes_requested", "checked"]),
    resolved_by: z.string().nullable().meta({ description: "Who decided (the triage item's resolved_by: a member's or an API key's id)." }),
    resolved_by_name: z.string().nullable(),
    resolved_by_actor: ZActor.nullable().optional(),
    note: z.string().nullable(),
    edited: z.boolean().meta({ description: "The approved output is a reviewer's edit of the proposal." }),
    round: ZStepRound,
    feedback: z.string().nullable().optional().meta({ description: "changes_requested: what the reviewer asked the agent to change." }),
    data_patch: ZJsonObjectOutput.nullable().optional().meta({ description: "changes_requested: the JSON Merge Patch applied to the run's data." }),
    proposed_output: ZJsonObjectOutput.nullable().optional().meta({ description: "The agent's proposal this decision was about (that round's)." }),
    verdict: z.enum(["correct", "incorrect"]).nullable().optional().meta({ description: "checked (a spot check): the person's verdict on the output." }),
    corrected_output: ZJsonObjectOutput.nullable().optional().meta({ description: "checked: the output the person says was right, when given." }),
  }),
});

/** A review message about one of the run's items (docs/api-conventions.md, "Review routes"). */
export const ZNotificationStep = ZStepTimes.extend({
  type: z.literal("notification"),
  detail: z.object({
    triage_item_id: z.uuid(),
    kind: z.enum(["opened", "escalated"]),
    channel: z.enum(["email", "chat"]),
    recipient: z.string().meta({ description: "The address, or the chat webhook URL masked." }),
    delivery: z.enum(["queued", "sent", "retrying", "gave_up"]),
    attempts: z.number().int(),
    round: ZStepRound,
  }),
});

/** One approval of an item that needs several, before the item is decided. */
export const ZApprovalStep = ZStepTimes.extend({
  type: z.literal("approval"),
  detail: z.object({
    triage_item_id: z.uuid(),
    by: z.string(),
    by_actor: ZActor.nullable().optional(),
    output_edited: z.boolean(),
    required: z.number().int(),
    position: z.number().int().min(1).meta({ description: "Which of the item's approvals this is, from 1 (\"approved by Ada, 1 of 2\")." }),
    round: ZStepRound,
  }),
});

export const ZRunStep = z.discriminatedUnion("type", [ZModelCallStep, ZToolCallStep, ZAgentStep, ZTriageStep, ZReviewStep, ZNotificationStep, ZApprovalStep]);
export type TRunStep = z.infer<typeof ZRunStep>;
export const ZListRunStepsResponse = z.object({ data: z.array(ZRunStep) });
