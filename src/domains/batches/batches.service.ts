// Batches: accept up to 500 rows as one pending job, read them back, cancel.
import { randomUUID } from "node:crypto";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import type { BatchJob, BatchRow, Prisma } from "../../generated/prisma/client.ts";
import { notFound, validationError } from "../../foundation/errors.ts";
import type { TRecordResponse } from "../idempotency/idempotency.ts";
import { iso, type TPagination } from "../../foundation/schemas.ts";
import { workDispatcher } from "../runs/dispatcher.ts";
import { debitForRuns } from "../usage/credits.ts";
import { assertDeliverableUrl } from "../../foundation/ssrf-guard.ts";
import { countSettledRows } from "../runs/batch-row-settlement.ts";
import type { TCreateBatchRequest, TCreateBatchResponse } from "./batches.schemas.ts";

type TJsonObject = Record<string, unknown>;

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
    status: row.status,
    result: (row.result as TJsonObject | null) ?? null,
    error_message: row.errorMessage,
    run_id: row.runId,
  };
}

/**
 * Accepts a batch. `record` (the idempotency record) is written in the same transaction as
 * the job and its rows; work is dispatched only once that transaction has committed.
 */
export async function createBatch(
  principal: TPrincipal,
  request: TCreateBatchRequest,
  record?: TRecordResponse<TCreateBatchResponse>,
): Promise<TCreateBatchResponse> {
  if (request.webhook_url) await assertDeliverableUrl(request.webhook_url, { path: "webhook_url" });
  const { job, response } = await db().$transaction(async (tx) => {
    const created = await tx.batchJob.create({
      data: {
        ...tenantScope(principal),
        name: request.name,
        agentType: request.agent_type,
        totalRows: request.rows.length,
        webhookUrl: request.webhook_url,
        apiKeyId: principal.apiKeyId,
      },
    });
    // Each row is its own run, created with the batch so nothing accepted can be lost.
    const runIds = request.rows.map(() => randomUUID());
    await tx.run.createMany({
      data: request.rows.map((row, rowIndex) => ({
        id: runIds[rowIndex],
        ...tenantScope(principal),
        agentType: request.agent_type,
        task: row.task,
        data: (row.data ?? undefined) as Prisma.InputJsonValue | undefined,
        apiKeyId: principal.apiKeyId,
        batchJobId: created.id,
      })),
    });
    await tx.batchRow.createMany({
      data: request.rows.map((row, rowIndex) => ({
        ...tenantScope(principal),
        batchJobId: created.id,
        rowIndex,
        task: row.task,
        data: (row.data ?? undefined) as Prisma.InputJsonValue | undefined,
        runId: runIds[rowIndex],
      })),
    });
    // All or nothing: every row is charged here, or the whole batch is refused (402).
    await debitForRuns(tx, principal, runIds.map((runId) => ({ runId, agentType: request.agent_type })));
    const accepted: TCreateBatchResponse = { job: serializeJob(created) };
    await record?.(tx, accepted);
    return { job: created, response: accepted };
  });
  await workDispatcher().batchAccepted(job.id);
  return response;
}

export async function listBatches(principal: TPrincipal, query: TPagination & { status?: BatchJob["status"] }) {
  const where = { ...tenantScope(principal), ...(query.status ? { status: query.status } : {}) };
  const [jobs, total] = await db().$transaction([
    db().batchJob.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db().batchJob.count({ where }),
  ]);
  return { jobs: jobs.map(serializeJob), total, limit: query.limit, offset: query.offset };
}

export async function getBatch(principal: TPrincipal, batchJobId: string) {
  const job = await db().batchJob.findFirst({
    where: { id: batchJobId, ...tenantScope(principal) },
    include: { rows: { orderBy: { rowIndex: "asc" } } },
  });
  if (!job) throw notFound("Batch job");
  return { job: serializeJob(job), rows: job.rows.map(serializeRow) };
}

export async function cancelBatch(principal: TPrincipal, batchJobId: string) {
  await db().$transaction(async (tx) => {
    const job = await tx.batchJob.findFirst({ where: { id: batchJobId, ...tenantScope(principal) } });
    if (!job) throw notFound("Batch job");
    const { count } = await tx.batchJob.updateMany({
      where: { id: batchJobId, status: { in: ["pending", "running"] } },
      data: { status: "cancelled" },
    });
    if (count === 0) {
      throw validationError(`Batch job is ${job.status}; only pending or running jobs can be cancelled`, [
        { path: "id", message: `batch job is ${job.status}` },
      ]);
    }
    // Rows not yet started never start; rows already running finish on their own.
    const now = new Date();
    await tx.run.updateMany({ where: { batchJobId, status: "queued" }, data: { status: "cancelled", completedAt: now } });
    const { count: cancelledRows } = await tx.batchRow.updateMany({ where: { batchJobId, status: "pending" }, data: { status: "cancelled" } });
    await countSettledRows(tx, batchJobId, { settled: cancelledRows, completed: 0, failed: 0 });
  });
  return { cancelled: true as const };
}
