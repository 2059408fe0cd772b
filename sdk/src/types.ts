// Names for the request and response types of the /v1 OpenAPI document (generated/openapi.ts).
// Every method returns the JSON body of its endpoint as the document describes it.
import type { components, operations } from "./generated/openapi.js";

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type OperationId = keyof operations;

/** The JSON body of an operation's success answer (`status`: 200, 201, 202). */
export type ResponseOf<Id extends OperationId, Status extends keyof operations[Id]["responses"]> = JsonContent<operations[Id]["responses"][Status]>;
/** The JSON request body of an operation. */
export type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : never;
/** The query parameters of an operation. */
export type QueryOf<Id extends OperationId> = NonNullable<operations[Id]["parameters"]["query"]>;

/**
 * The generated type when the document has the operation, else the hand-written one: the
 * issue-20 triage decisions (request changes, claim, release, bulk) are written against their
 * contracts in src/domains/triage/triage.schemas.ts until the document on this branch has them.
 */
type GeneratedOr<Id extends string, Kind extends "body" | "response", Fallback> = Id extends OperationId
  ? Kind extends "body"
    ? BodyOf<Id>
    : ResponseOf<Id, 200 extends keyof operations[Id]["responses"] ? 200 : never>
  : Fallback;

// Runs
export type RunStatus = Run["status"];
export type CreateRunParams = BodyOf<"runs-create">;
export type CreateRunResponse = ResponseOf<"runs-create", 202>;
export type ListRunsParams = QueryOf<"runs-list">;
export type ListRunsResponse = ResponseOf<"runs-list", 200>;
export type RunListItem = ListRunsResponse["data"][number];
export type GetRunResponse = ResponseOf<"runs-get", 200>;
export type Run = GetRunResponse["run"];
export type RunSteps = ResponseOf<"runs-steps", 200>;
export type CancelRunResponse = ResponseOf<"runs-cancel", 200>;

/** One update of `GET /v1/runs/{id}/stream`: its `data:` line (the document's RunStreamEvent) and its `id:`. */
export type RunUpdate = {
  /** The event's `id:` (`<last change in ms>-<status>`): resume from it with Last-Event-ID. */
  id: string | undefined;
} & components["schemas"]["RunStreamEvent"];

// Triage
export type ListTriageParams = QueryOf<"triage-list">;
export type ListTriageResponse = ResponseOf<"triage-list", 200>;
export type TriageItem = ListTriageResponse["data"][number];
export type ApproveTriageParams = BodyOf<"triage-approve">;
export type RejectTriageParams = BodyOf<"triage-reject">;
/**
 * `data.status` is `pending` when the item's review route asks more approvals than it has now
 * (docs/api-conventions.md, "Two approvers"): `data.approvals` says who approved so far.
 */
export type ResolveTriageResponse = ResponseOf<"triage-approve", 200>;
/** Who approved an item and how many approvals it needs (`null` until its quorum is fixed). */
export type TriageApprovals = TriageItem["approvals"];
export type ListTriageNotificationsResponse = ResponseOf<"triage-notifications", 200>;
/** One message sent (or being sent) for a triage item: email or chat, on open or on escalation. */
export type TriageNotification = components["schemas"]["TriageNotification"];
export type RejectReasonCode = NonNullable<RejectTriageParams["reason_code"]>;

export type RequestChangesParams = GeneratedOr<
  "triage-requestChanges",
  "body",
  {
    /** What the agent should change (1–4000 characters). */
    feedback: string;
    /** A JSON Merge Patch (RFC 7386) for the run's data, applied before a built-in agent runs again. */
    data_patch?: Record<string, unknown>;
    force?: boolean;
  }
>;
export type RequestChangesResponse = GeneratedOr<
  "triage-requestChanges",
  "response",
  { data: { id: string; status: "changes_requested"; resolved_at: string; run_id: string; review_round: number } }
>;
export type ClaimResponse = GeneratedOr<
  "triage-claim",
  "response",
  { data: { id: string; claimed_by: string | null; claimed_by_name?: string | null; claimed_until: string | null } }
>;
export type ReleaseResponse = GeneratedOr<"triage-release", "response", ClaimResponse>;
/** A spot check's verdict (docs/api-conventions.md, "Spot checks"). */
export type VerdictParams = BodyOf<"triage-verdict">;
export type VerdictResponse = ResponseOf<"triage-verdict", 200>;
export type BulkDecisionParams = GeneratedOr<
  "triage-bulk",
  "body",
  {
    decision: "approve" | "reject";
    /** 1–100 triage item ids; each is decided on its own. */
    ids: string[];
    resolution_note?: string;
    reason_code?: RejectReasonCode;
    force?: boolean;
  }
>;
export type BulkDecisionResponse = GeneratedOr<
  "triage-bulk",
  "response",
  { results: { id: string; status: "approved" | "rejected" | "error"; error?: { type: string; message: string } }[] }
>;

// Batches
export type CreateBatchParams = BodyOf<"batches-create">;
export type CreateBatchResponse = ResponseOf<"batches-create", 201>;
export type ListBatchesParams = QueryOf<"batches-list">;
export type ListBatchesResponse = ResponseOf<"batches-list", 200>;
export type GetBatchParams = QueryOf<"batches-get">;
export type GetBatchResponse = ResponseOf<"batches-get", 200>;
export type BatchJob = GetBatchResponse["job"];
export type BatchRow = GetBatchResponse["rows"][number];
export type CancelBatchResponse = ResponseOf<"batches-cancel", 200>;

// Webhooks
export type CreateWebhookParams = BodyOf<"webhooks-create">;
export type CreateWebhookResponse = ResponseOf<"webhooks-create", 201>;
export type ListWebhooksResponse = ResponseOf<"webhooks-list", 200>;
export type Webhook = ListWebhooksResponse["data"][number];
export type DeleteWebhookResponse = ResponseOf<"webhooks-delete", 200>;
export type ListDeliveriesParams = QueryOf<"webhooks-deliveries">;
export type ListDeliveriesResponse = ResponseOf<"webhooks-deliveries", 200>;
export type WebhookDelivery = ListDeliveriesResponse["data"][number];
export type TestWebhookResponse = ResponseOf<"webhooks-test", 200>;
export type EnableWebhookResponse = ResponseOf<"webhooks-enable", 200>;
export type RotateSecretResponse = ResponseOf<"webhooks-rotateSecret", 200>;
export type ResendDeliveryResponse = ResponseOf<"webhooks-resend", 202>;
export type WebhookEventName = Webhook["events"][number];

/**
 * The body of a webhook delivery (docs/api-conventions.md, "Webhooks"; the document's
 * `webhooks` describe each event exactly: RunEvent, TriageOverdueEvent). Kept open here so a
 * receiver built with this SDK accepts events and fields added later.
 */
export type WebhookEvent = {
  /** The event id (also `webhook-id`): the same on every attempt, so de-duplicate on it. */
  id: string;
  event: WebhookEventName | (string & {});
  /** null only in test events. */
  run_id: string | null;
  agent_type: string;
  organization_id: string;
  timestamp: string;
  data: {
    output: Record<string, unknown> | null;
    confidence_score: number | null;
    requires_triage: boolean;
    triage_item_id: string | null;
    error: string | null;
    agent_version?: number;
    [key: string]: unknown;
  };
};

// Usage
export type UsageSummary = ResponseOf<"usage-summary", 200>;
export type UsageHistory = ResponseOf<"usage-history", 200>;
export type UsageMembers = ResponseOf<"usage-members", 200>;
export type UsageLedgerPage = ResponseOf<"usage-ledger", 200>;
export type UsageLedgerParams = Omit<QueryOf<"usage-ledger">, "format">;

// Agents
export type ListAgentsResponse = ResponseOf<"agents-list", 200>;
export type CreateAgentParams = BodyOf<"agents-create">;
export type AgentResponse = ResponseOf<"agents-create", 201>;
export type Agent = AgentResponse["agent"];
export type GetAgentResponse = ResponseOf<"agents-get", 200>;
export type AgentVersion = GetAgentResponse["versions"][number];
/** The version's content, and `activate` (default true) and `force` (past the release gate). */
export type AddAgentVersionParams = BodyOf<"agents-addVersion">;
export type RollbackAgentParams = Omit<BodyOf<"agents-rollback">, "version">;
export type ArchiveAgentResponse = ResponseOf<"agents-archive", 200>;
export type AgentQualityParams = QueryOf<"agents-quality">;
export type AgentQuality = ResponseOf<"agents-quality", 200>;
export type QualityBucket = AgentQuality["buckets"][number];
export type AgentCorrectionsParams = QueryOf<"agents-corrections">;
/** One line of `GET /v1/agents/{name}/corrections` (the document types the NDJSON body as text). */
export type Correction = {
  run_id: string;
  agent_version: number;
  task: string;
  data: unknown;
  /** The agent's first proposal. */
  proposed_output: unknown;
  /** What the output should have been: the approved (maybe edited) or corrected output; null for a rejection. */
  final_output: unknown;
  decision: keyof AgentQuality["outcomes"];
  feedback: string | null;
  reason_code: string | null;
  judged_at: string;
};

// Releases (issue 29): evaluations and canary rollouts of a custom agent's versions
export type StartEvaluationParams = BodyOf<"evaluations-start">;
type StartEvaluationAnswer = ResponseOf<"evaluations-start", 202> | ResponseOf<"evaluations-start", 200>;
/** `{ evaluation }`: an evaluation that started (202), or as `get` and `cancel` answer it. */
export type EvaluationResponse = ResponseOf<"evaluations-get", 200>;
/** A dry run's answer (200): how many judged runs it would replay and what it would charge. */
export type EvaluationEstimate = Exclude<StartEvaluationAnswer, { evaluation: unknown }>;
export type Evaluation = EvaluationResponse["evaluation"];
export type EvaluationStatus = Evaluation["status"];
export type EvaluationBand = Evaluation["by_band"][number];
export type ListEvaluationsParams = QueryOf<"evaluations-list">;
export type ListEvaluationsResponse = ResponseOf<"evaluations-list", 200>;
export type ListEvaluationCasesParams = QueryOf<"evaluations-cases">;
export type ListEvaluationCasesResponse = ResponseOf<"evaluations-cases", 200>;
export type EvaluationCase = ListEvaluationCasesResponse["data"][number];
export type StartRolloutParams = BodyOf<"rollouts-start">;
export type PromoteRolloutParams = BodyOf<"rollouts-promote">;
export type RolloutResponse = ResponseOf<"rollouts-get", 200>;
export type Rollout = RolloutResponse["rollout"];
export type RolloutStatus = Rollout["status"];
/** A version's release gate settings (`agent.release`). */
export type ReleaseSettings = NonNullable<Agent["release"]>;

// Review routes (issue 30): where an agent type's review items reach people
export type ReviewRoute = components["schemas"]["ReviewRoute"];
export type ReviewRouteResponse = ResponseOf<"reviewRoutes-get", 200>;
export type ListReviewRoutesResponse = ResponseOf<"reviewRoutes-list", 200>;
/** The whole route: `notify`, `escalation` and `approvals` (each defaults to nobody, none, one approval). */
export type ReviewRouteParams = BodyOf<"reviewRoutes-put">;
export type DeleteReviewRouteResponse = ResponseOf<"reviewRoutes-delete", 200>;
/** `{ email }` or `{ chat_webhook_url }` (https, Slack-compatible incoming webhook). */
export type Recipient = ReviewRoute["notify"][number];
export type EscalationStep = ReviewRoute["escalation"][number];
/** The quorum applies when the number at `path` (a JSON Pointer into the run's data) is greater than `gt`. */
export type ApprovalCondition = NonNullable<ReviewRoute["approvals"]["when"]>;
export type TestMessageResponse = ResponseOf<"reviewRoutes-testMessage", 200>;
