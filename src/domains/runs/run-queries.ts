// The two hottest reads of the API, GET /v1/runs/{id} and GET /v1/runs, as one SQL
// statement each on the shared pool: Prisma compiles every query call anew (a third of a
// GET's CPU, docs/performance.md) and an `include` is a second round trip. Rows come back
// in Prisma's shapes (camelCase, Date, parsed JSON), so the serializers stay the same.
import { sqlQuery } from "../../foundation/db/client.ts";
import type { Run, RunStatus, TriageItem } from "../../generated/prisma/client.ts";

type TTenant = { organizationId: string; livemode: boolean };

const RUN_COLUMNS = `
  r.id, r.organization_id AS "organizationId", r.livemode, r.agent_type AS "agentType", r.status::text AS status,
  r.priority::text AS priority, r.task, r.data, r.webhook_url AS "webhookUrl", r.output,
  r.confidence_score AS "confidenceScore", r.requires_triage AS "requiresTriage", r.error_message AS "errorMessage",
  r.api_key_id AS "apiKeyId", r.batch_job_id AS "batchJobId", r.created_at AS "createdAt", r.started_at AS "startedAt",
  r.completed_at AS "completedAt", r.updated_at AS "updatedAt", r.model_usage AS "modelUsage", r.agent_version AS "agentVersion",
  r.review_round AS "reviewRound", r.resolution`;

// The list serializes a preview of the task only: no need to ship whole tasks and payloads.
const RUN_LIST_COLUMNS = `
  r.id, r.organization_id AS "organizationId", r.livemode, r.agent_type AS "agentType", r.status::text AS status,
  r.priority::text AS priority, left(r.task, $TASK_PREVIEW) AS task, NULL::jsonb AS data, r.webhook_url AS "webhookUrl",
  NULL::jsonb AS output, r.confidence_score AS "confidenceScore", r.requires_triage AS "requiresTriage",
  r.error_message AS "errorMessage", r.api_key_id AS "apiKeyId", r.batch_job_id AS "batchJobId",
  r.created_at AS "createdAt", r.started_at AS "startedAt", r.completed_at AS "completedAt", r.updated_at AS "updatedAt"`;

const TRIAGE_COLUMNS = `
  t.id AS "t_id", t.organization_id AS "t_organizationId", t.livemode AS "t_livemode", t.run_id AS "t_runId",
  t.status::text AS "t_status", t.triage_reason AS "t_triageReason", t.proposed_output AS "t_proposedOutput",
  t.resolution_note AS "t_resolutionNote", t.resolved_by AS "t_resolvedBy", t.resolved_by_name AS "t_resolvedByName",
  t.output_edited AS "t_outputEdited", t.resolved_at AS "t_resolvedAt", t.created_at AS "t_createdAt",
  t.agent_version AS "t_agentVersion", t.round AS "t_round", t.reason_code AS "t_reasonCode", t.feedback AS "t_feedback",
  t.data_patch AS "t_dataPatch", t.claimed_by AS "t_claimedBy", t.claimed_by_name AS "t_claimedByName",
  t.claimed_until AS "t_claimedUntil", t.due_at AS "t_dueAt", t.overdue_notified_at AS "t_overdueNotifiedAt",
  t.kind AS "t_kind", t.verdict AS "t_verdict", t.corrected_output AS "t_correctedOutput", t.confidence_score AS "t_confidenceScore",
  t.approvals_required AS "t_approvalsRequired"`;

type TTriageColumns = { [K in keyof TriageItem as `t_${K & string}`]: TriageItem[K] | null };

/** A run of the tenant with its triage item (if any), or undefined. */
export async function findRunWithTriage(tenant: TTenant, runId: string): Promise<{ run: Run; triageItem: TriageItem | null } | undefined> {
  const [row] = await sqlQuery<Run & TTriageColumns>(
    `SELECT ${RUN_COLUMNS}, ${TRIAGE_COLUMNS}
     FROM runs r LEFT JOIN LATERAL (
       SELECT * FROM triage_items WHERE run_id = r.id ORDER BY round DESC LIMIT 1) t ON true
     WHERE r.id = $1 AND r.organization_id = $2 AND r.livemode = $3`,
    [runId, tenant.organizationId, tenant.livemode],
    "run-with-triage",
  );
  if (!row) return undefined;
  const run = {} as Record<string, unknown>;
  const triage = {} as Record<string, unknown>;
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith("t_")) triage[column.slice(2)] = value;
    else run[column] = value;
  }
  return { run: run as Run, triageItem: triage.id ? (triage as TriageItem) : null };
}

export type TRunFilter = TTenant & {
  status?: RunStatus;
  agentType?: string;
  /** Text searched case-insensitively in the task and the invoice, PO and RFQ numbers. */
  search?: string;
  /** created_at ≥ createdFrom (inclusive) and created_at < createdTo (exclusive). */
  createdFrom?: Date;
  createdTo?: Date;
};

/** `text` as a LIKE pattern matching it anywhere, its own %, _ and \ matching themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

// Where a run's numbers live: the AP agent's data (invoice, purchase order) and the RFQ
// generator's output, or, while a person decides, the proposal of its newest round. ILIKE on
// a few rows of one tenant's index range: no trigram extension needed (PGlite has none).
const SEARCH_CLAUSE = (at: number) => `(
    r.task ILIKE $${at} ESCAPE '\\'
    OR r.data->'invoice'->>'number' ILIKE $${at} ESCAPE '\\'
    OR r.data->'purchase_order'->>'number' ILIKE $${at} ESCAPE '\\'
    OR r.output->>'rfq_number' ILIKE $${at} ESCAPE '\\'
    OR (r.output IS NULL AND EXISTS (
      SELECT 1 FROM triage_items s WHERE s.run_id = r.id AND s.proposed_output->>'rfq_number' ILIKE $${at} ESCAPE '\\')))`;

function filterClause(filter: TRunFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [filter.organizationId, filter.livemode];
  let where = "r.organization_id = $1 AND r.livemode = $2";
  if (filter.status) {
    values.push(filter.status);
    where += ` AND r.status = $${values.length}::"RunStatus"`;
  }
  if (filter.agentType) {
    values.push(filter.agentType);
    where += ` AND r.agent_type = $${values.length}`;
  }
  if (filter.search !== undefined) {
    values.push(containsPattern(filter.search));
    where += ` AND ${SEARCH_CLAUSE(values.length)}`;
  }
  if (filter.createdFrom) {
    values.push(filter.createdFrom);
    where += ` AND r.created_at >= $${values.length}::timestamptz`;
  }
  if (filter.createdTo) {
    values.push(filter.createdTo);
    where += ` AND r.created_at < $${values.length}::timestamptz`;
  }
  return { where, values };
}

/**
 * One page of runs, newest first, with tasks cut to `taskPreviewLength`, and how many
 * runs match counted up to `offset + countCap` only: the count stops there, so a page
 * costs about the same in a tenant of 50 runs and of a million (docs/api-conventions.md).
 */
export async function findRunPage(
  filter: TRunFilter,
  page: { limit: number; offset: number; countCap: number; taskPreviewLength: number },
): Promise<{ runs: Run[]; countedUpTo: number; counted: number }> {
  const { where, values } = filterClause(filter);
  const at = values.length;
  const countedUpTo = page.offset + page.countCap;
  const columns = RUN_LIST_COLUMNS.replace("$TASK_PREVIEW", `$${at + 4}`);
  // The window and the capped count in one statement (one snapshot), so they agree.
  const rows = await sqlQuery<Run & { counted: number }>(
    `WITH counted AS (
       SELECT count(*)::int AS counted FROM (SELECT 1 FROM runs r WHERE ${where} LIMIT $${at + 3}) capped
     )
     SELECT counted.counted, page.* FROM counted LEFT JOIN LATERAL (
       SELECT ${columns} FROM runs r WHERE ${where}
       ORDER BY r.created_at DESC, r.id DESC LIMIT $${at + 1} OFFSET $${at + 2}
     ) page ON true`,
    [...values, page.limit, page.offset, countedUpTo, page.taskPreviewLength],
    // The statement's name follows its shape: each combination of filters is one prepared statement.
    `run-page${filter.status ? "-status" : ""}${filter.agentType ? "-agent" : ""}${filter.search !== undefined ? "-q" : ""}${filter.createdFrom ? "-from" : ""}${filter.createdTo ? "-to" : ""}`,
  );
  const counted = rows[0]?.counted ?? 0;
  const runs = rows.filter((row) => row.id !== null).map(({ counted: _counted, ...run }) => run);
  return { runs, countedUpTo, counted };
}
