// Queuing jobs: every event the app sends becomes one row per function it triggers, in
// one statement on the shared pool (this runs on the request path of every accepted run).
import { sqlQuery } from "../../foundation/db/client.ts";
import { batchPerTurn } from "../../foundation/turn-batch.ts";

export type TNewJob = {
  functionId: string;
  eventId: string;
  /** The event, as JSON text. */
  event: string;
  idempotencyKey: string;
  concurrencyKey: string | null;
  concurrencyLimit: number | null;
  priority: number;
  maxAttempts: number;
};

/**
 * Inserts the jobs, together with every other caller's of this turn of the event loop:
 * twenty API calls accepting runs at once make one INSERT, not twenty. Resolves once the
 * rows are committed (a caller answers 202 only after that), rejects if they are not.
 */
export const queueJobs = batchPerTurn<TNewJob>((jobs) => insertJobs(jobs));

/** Inserts the jobs in order (their sequence follows), skipping any whose idempotency key already has a job. */
async function insertJobs(jobs: TNewJob[]): Promise<void> {
  const column = <T>(pick: (job: TNewJob) => T) => jobs.map(pick);
  await sqlQuery(
    `INSERT INTO job_runs (id, function_id, event_id, event, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, updated_at)
     SELECT gen_random_uuid(), function_id, event_id, event, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, now()
     FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[])
       WITH ORDINALITY AS job(function_id, event_id, event, idempotency_key, concurrency_key, concurrency_limit, priority, max_attempts, position)
     ORDER BY position
     ON CONFLICT (function_id, idempotency_key) DO NOTHING`,
    [
      column((job) => job.functionId),
      column((job) => job.eventId),
      column((job) => job.event),
      column((job) => job.idempotencyKey),
      column((job) => job.concurrencyKey),
      column((job) => job.concurrencyLimit),
      column((job) => job.priority),
      column((job) => job.maxAttempts),
    ],
    "executor-insert-jobs",
  );
}
