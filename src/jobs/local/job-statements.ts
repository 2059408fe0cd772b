// Every statement that changes a local job's state while an engine holds it. Each is guarded
// by the lease (`locked_by` = this engine, status running): whatever an engine still does for
// a job it no longer holds (released at shutdown, reclaimed after a stall) cannot be saved.
import { Prisma } from "../../generated/prisma/client.ts";
import { sqlQuery } from "../../foundation/db/client.ts";

const HELD = "id = $1::uuid AND locked_by = $2 AND status = 'running'";

export type TStepRecord = { type: "data"; data: unknown } | { type: "error"; error: { message: string } };

/** Saves one finished step (success or failure for good) and extends the lease. */
export function saveStep(jobId: string, engineId: string, stepId: string, record: TStepRecord, leaseUntil: Date) {
  return sqlQuery(
    `UPDATE job_runs SET steps = steps || jsonb_build_object($3::text, $4::jsonb), attempt = 0, locked_until = $5, updated_at = now() WHERE ${HELD}`,
    [jobId, engineId, stepId, JSON.stringify(record), leaseUntil],
    "job-save-step",
  );
}

export function completeJob(jobId: string, engineId: string, resultJson: string) {
  return sqlQuery(
    `UPDATE job_runs SET status = 'completed', result = $3::jsonb, locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${HELD}`,
    [jobId, engineId, resultJson],
    "job-complete",
  );
}

/** Queued again at `runAfter` (a retry's backoff, a sleep, a shutdown's hand-back), with `steps` merged in. */
export function requeueJob(jobId: string, engineId: string, runAfter: Date, attempt: number, steps: Record<string, TStepRecord> = {}) {
  return sqlQuery(
    `UPDATE job_runs SET status = 'queued', run_after = $3, attempt = $4, steps = steps || $5::jsonb,
       locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${HELD}`,
    [jobId, engineId, runAfter, attempt, JSON.stringify(steps)],
    "job-requeue",
  );
}

/**
 * Suspends the job in waitForEvent: it waits for an event of `event` matching `key`
 * (src/domains/work-queue/enqueue.ts, publishWaitEvent) or until `timeout`.
 */
export function waitForEventJob(jobId: string, engineId: string, wait: { stepId: string; event: string; key: string; timeout: Date }) {
  return sqlQuery(
    `UPDATE job_runs SET status = 'waiting', waiting_for = $3, wait_event = $4, wait_key = $5, run_after = $6, attempt = 0,
       locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${HELD}`,
    [jobId, engineId, wait.stepId, wait.event, wait.key, wait.timeout],
    "job-wait-for-event",
  );
}

const FAILURE_HANDLER_ATTEMPTS = 4;

/**
 * The statement's tail after a CTE `failed` (id, function_id, payload, status) that failed a
 * job: queues its failure handler's job when it failed for good, once per failed job.
 */
function queueFailureHandlerSql(hasFailureHandler: boolean, error: string): Prisma.Sql {
  if (!hasFailureHandler) return Prisma.sql`SELECT 1`;
  return Prisma.sql`
    INSERT INTO job_runs (id, function_id, payload, idempotency_key, max_attempts, updated_at)
    SELECT gen_random_uuid(), failed.function_id || '-failure', jsonb_build_object('payload', failed.payload, 'error', ${error}::text),
      'failed:' || failed.id::text, ${FAILURE_HANDLER_ATTEMPTS}, now()
    FROM failed WHERE failed.status = 'failed'
    ON CONFLICT (function_id, idempotency_key) DO NOTHING`;
}

/** Fails a held job for good (its steps untouched) and queues its failure handler. */
export function failJobSql(jobId: string, engineId: string, error: string, hasFailureHandler: boolean): Prisma.Sql {
  return Prisma.sql`
    WITH failed AS (
      UPDATE job_runs SET status = 'failed', error = ${error}, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${jobId}::uuid AND locked_by = ${engineId} AND status = 'running'
      RETURNING id, function_id, payload, status)
    ${queueFailureHandlerSql(hasFailureHandler, error)}`;
}

/**
 * Counts a failed attempt of a held job, writing nothing of its state but the counter:
 * queued again with backoff (or at `retryAt`), or failed for good (and its failure handler
 * queued) when its attempts are used up.
 */
export function countFailedAttemptSql(
  jobId: string,
  engineId: string,
  error: string,
  hasFailureHandler: boolean,
  backoff: { retryBaseMs: number; maxBackoffMs: number; retryAt: Date | null },
): Prisma.Sql {
  return Prisma.sql`
    WITH failed AS (
      UPDATE job_runs SET attempt = attempt + 1,
        status = (CASE WHEN attempt + 1 >= max_attempts THEN 'failed' ELSE 'queued' END)::"JobStatus",
        run_after = coalesce(${backoff.retryAt}::timestamptz,
          now() + make_interval(secs => LEAST(${backoff.retryBaseMs}::float8 * power(2, attempt), ${backoff.maxBackoffMs}) / 1000)),
        error = ${error}, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${jobId}::uuid AND locked_by = ${engineId} AND status = 'running'
      RETURNING id, function_id, payload, status)
    ${queueFailureHandlerSql(hasFailureHandler, error)}`;
}
