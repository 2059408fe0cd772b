// How the embedded executor plays an Inngest server's part for `onFailure`: when a run of a
// function that has a failure handler fails for good, an `inngest/function.failed` event
// carrying the original event starts the SDK's "<fn id>-failure" function, once per
// failed run. The executor's failing statements end with `queueFailureHandlerSql`, so the
// failure and its handler's job commit together.
import type { InngestFunction } from "inngest";
import { Prisma } from "../../generated/prisma/client.ts";
import { INNGEST_APP_ID } from "../client.ts";
import { hasFailureHandler } from "./function-options.ts";

/** The SDK's suffix for the function id of an `onFailure` handler. */
const FAILURE_SUFFIX = "-failure";
/** Inngest's event announcing that a function run failed for good. */
const FUNCTION_FAILED_EVENT = "inngest/function.failed";
/** Attempts of an `onFailure` handler run (it settles state; transient errors deserve retries). */
const FAILURE_HANDLER_ATTEMPTS = 4;

/** The function id under which the SDK serves `fn`'s failure handler. */
export const failureHandlerId = (fn: InngestFunction.Any): string => `${fn.id()}${FAILURE_SUFFIX}`;

/** The onFailure run a failing run of `fn` must start, or null when `fn` has no handler. */
export type TFailureHandler = { functionId: string; failedFunctionId: string } | null;

export function failureHandlerOf(fn: InngestFunction.Any | undefined): TFailureHandler {
  if (!fn || !hasFailureHandler(fn)) return null;
  return { functionId: failureHandlerId(fn), failedFunctionId: `${INNGEST_APP_ID}-${fn.id()}` };
}

/**
 * The statement's tail after a CTE `failed` (id, event, status) that failed a job: INSERT …
 * SELECT of its onFailure job when the status is failed, de-duplicated per failed job.
 */
export function queueFailureHandlerSql(failure: TFailureHandler, error: string): Prisma.Sql {
  if (!failure) return Prisma.sql`SELECT 1`;
  return Prisma.sql`
    INSERT INTO job_runs (id, function_id, event_id, event, idempotency_key, max_attempts, updated_at)
    SELECT gen_random_uuid(), ${failure.functionId}, 'failed-' || failed.id::text,
      jsonb_build_object(
        'name', ${FUNCTION_FAILED_EVENT}::text, 'id', 'failed-' || failed.id::text,
        'ts', (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
        'data', jsonb_build_object(
          'function_id', ${failure.failedFunctionId}::text, 'run_id', failed.id::text,
          'error', jsonb_build_object('name', 'Error', 'message', ${error}::text),
          'event', failed.event)),
      'failed:' || failed.id::text, ${FAILURE_HANDLER_ATTEMPTS}, now()
    FROM failed WHERE failed.status = 'failed'
    ON CONFLICT (function_id, idempotency_key) DO NOTHING`;
}

/** Fails a job this executor holds for good (its steps untouched) and queues its onFailure run. */
export function failJobSql(jobId: string, instanceId: string, error: string, failure: TFailureHandler): Prisma.Sql {
  return Prisma.sql`
    WITH failed AS (
      UPDATE job_runs SET status = 'failed', error = ${error}, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${jobId}::uuid AND locked_by = ${instanceId} AND status = 'running'
      RETURNING id, event, status)
    ${queueFailureHandlerSql(failure, error)}`;
}

/**
 * Counts a failed attempt of a job this executor holds, writing nothing of its state but
 * the counter: queued again with backoff, or failed for good (and its onFailure run
 * queued) when its attempts are used up.
 */
export function countFailedAttemptSql(
  jobId: string,
  instanceId: string,
  error: string,
  failure: TFailureHandler,
  backoff: { retryBaseMs: number; maxBackoffMs: number },
): Prisma.Sql {
  return Prisma.sql`
    WITH failed AS (
      UPDATE job_runs SET attempt = attempt + 1,
        status = (CASE WHEN attempt + 1 >= max_attempts THEN 'failed' ELSE 'queued' END)::"JobStatus",
        run_after = now() + make_interval(secs => LEAST(${backoff.retryBaseMs}::float8 * power(2, attempt), ${backoff.maxBackoffMs}) / 1000),
        error = ${error}, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ${jobId}::uuid AND locked_by = ${instanceId} AND status = 'running'
      RETURNING id, event, status)
    ${queueFailureHandlerSql(failure, error)}`;
}
