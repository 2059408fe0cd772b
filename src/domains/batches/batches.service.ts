// Batches: accept up to 500 rows as one pending job, read them back, cancel.
import { randomUUID } from "node:crypto";
import type { TPrincipal } from "../auth/authenticate.ts";
import { pinAgentVersion } from "../agent-definitions/run-agent.ts";
import { splitBatchRuns } from "../runs/rollout-split.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import type { BatchJob, BatchRow } from "../../generated/prisma/client.ts";
import { notFound, validationError } from "../../foundation/errors.ts";
import { readPage, type TPagination } from "../../foundation/pagination.ts";
import { asJsonObject, iso } from "../../foundation/schemas.ts";
import { isBuiltInAgentType, type TAgentType } from "../agents/agent-types.ts";
import { BUILT_IN_INPUT_SCHEMAS } from "../agents/input-schemas.ts";
import { acceptWork, assertInputsFit, type TRecordAccepted } from "../runs/accept-work.ts";
import { startBatchWork } from "./batch-work.ts";
import { usesModel } from "../runs/agent-calls.ts";
import { cancelRowsNotStarted, markJobCancelled } from "./batch-statements.ts";
import type { TCreateBatchRequest, TCreateBatchResponse } from "./batches.schemas.ts";

function serializeJob(job: BatchJob) {
  return {
    id: job.id,
    name: job.name,
    agent_type: job.agentType,
    status: job.status,
    total_rows: job.totalRows,
    completed_rows: job.completedRows,
    failed_rows: job.failedRows,
    created_at: iso(job.createdAt),
  };
}

function serializeRow(row: BatchRow) {
  return {
    id: row.id,
    row_index: row.rowIndex,
    task: row.task,
    data: asJsonObject(row.data),
    status: row.status,
    result: asJsonObject(row.result),
    error_message: row.errorMessage,
    run_id: row.runId,
  };
}

/**
 * Accepts a batch. `recordAccepted` (the idempotency record) is written in the same
 * transaction as the job and its rows; work is dispatched only once that transaction has
 * committed.
 */
export async function createBatch(
  principal: TPrincipal,
  request: TCreateBatchRequest,
  recordAccepted?: TRecordAccepted<TCreateBatchResponse>,
): Promise<TCreateBatchResponse> {
  // Every row runs the same version; a custom agent's input_schema is checked on each row.
  const { version: agentVersion, split } = await pinAgentVersion(principal, {
    agentType: request.agent_type,
    agentVersion: request.agent_version,
    inputs: request.rows.map((row, index) => ({ data: row.data, root: `rows.${index}.data` })),
  });
  if (isBuiltInAgentType(request.agent_type)) {
    assertInputsFit(request.agent_type, request.rows.map((row, index) => ({ data: row.data, root: `rows.${index}.data` })));
  }
  // Each row is an unpinned run of a running canary: split in row order once charged.
  let runIds: string[] = [];
  return acceptWork({
    principal,
    webhookUrl: request.webhook_url,
    recordAccepted,
    afterCharge: split ? async (tx) => void (await splitBatchRuns(tx, split, runIds)) : undefined,
    create: async (tx) => {
      const job = await tx.batchJob.create({
        data: {
          ...tenantScope(principal),
          name: request.name,
          agentType: request.agent_type,
          totalRows: request.rows.length,
          webhookUrl: request.webhook_url,
          apiKeyId: principal.apiKeyId,
        },
      });
      // Each row is its own run, created with the batch so nothing accepted can be lost:
      // one statement for all of them (500 rows through Prisma's createMany cost ~0.3 s of
      // query building; docs/performance.md).
      runIds = request.rows.map(() => randomUUID());
      const tasks = request.rows.map((row) => row.task);
      const data = request.rows.map((row) => (row.data === undefined || row.data === null ? null : JSON.stringify(row.data)));
      const scope = tenantScope(principal);
      await tx.$executeRaw`
        WITH input AS (
          SELECT * FROM unnest(${runIds}::uuid[], ${tasks}::text[], ${data}::jsonb[]) WITH ORDINALITY AS row(run_id, task, data, position)),
        created_runs AS (
          INSERT INTO runs (id, organization_id, livemode, agent_type, agent_version, task, data, api_key_id, batch_job_id, created_at, updated_at)
          SELECT run_id, ${scope.organizationId}::uuid, ${scope.livemode}, ${request.agent_type}, ${agentVersion}::int, task, data,
                 ${principal.apiKeyId}::uuid, ${job.id}::uuid, ${job.createdAt}, ${job.createdAt}
          FROM input ORDER BY position)
        INSERT INTO batch_rows (id, batch_job_id, organization_id, livemode, row_index, task, data, run_id, created_at, updated_at)
        SELECT gen_random_uuid(), ${job.id}::uuid, ${scope.organizationId}::uuid, ${scope.livemode}, position - 1, task, data, run_id,
               ${job.createdAt}, ${job.createdAt}
        FROM input ORDER BY position`;
      // All or nothing: every row is charged, or the whole batch is refused (402); in test
      // mode every model-backed row counts against the day's allowance, or none does (429).
      const chargedRuns = runIds.map((runId, index) => ({
        runId,
        agentType: request.agent_type,
        modelBacked: !principal.livemode && usesModel({ agentType: request.agent_type, task: tasks[index]!, data: request.rows[index]!.data ?? null }),
      }));
      return { chargedRuns, works: [startBatchWork(job.id)], response: { job: serializeJob(job) } };
    },
  });
}

/** The input schema every row's `data` is checked against (assertInputsFit in runs/accept-work.ts). */
export function batchInputSchema(agentType: TAgentType) {
  return { agent_type: agentType, input_schema: BUILT_IN_INPUT_SCHEMAS[agentType] };
}

export async function listBatches(principal: TPrincipal, query: TPagination & { status?: BatchJob["status"] }) {
  const where = { ...tenantScope(principal), ...(query.status ? { status: query.status } : {}) };
  const { items, ...page } = await readPage(
    query,
    (window) => db().batchJob.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window }),
    () => db().batchJob.count({ where }),
  );
  return { jobs: items.map(serializeJob), ...page };
}

/** A job and its rows in row order: all of them, or the window `rows` asks for. */
export async function getBatch(principal: TPrincipal, batchJobId: string, rows: { limit?: number; offset?: number } = {}) {
  const job = await db().batchJob.findFirst({
    where: { id: batchJobId, ...tenantScope(principal) },
    include: { rows: { orderBy: { rowIndex: "asc" }, take: rows.limit, skip: rows.offset } },
  });
  if (!job) throw notFound("Batch job");
  return { job: serializeJob(job), rows: job.rows.map(serializeRow) };
}

export async function cancelBatch(principal: TPrincipal, batchJobId: string) {
  await db().$transaction(async (tx) => {
    const job = await tx.batchJob.findFirst({ where: { id: batchJobId, ...tenantScope(principal) } });
    if (!job) throw notFound("Batch job");
    if (!(await markJobCancelled(tx, batchJobId))) {
      throw validationError(`Batch job is ${job.status}; only pending or running jobs can be cancelled`, [
        { path: "id", message: `batch job is ${job.status}` },
      ]);
    }
    await cancelRowsNotStarted(tx, batchJobId, new Date());
  });
  return { cancelled: true as const };
}
