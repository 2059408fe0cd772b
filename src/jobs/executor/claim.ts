// Claiming queued jobs: one statement, safe with any number of executors on one database.
// Rows are taken with FOR UPDATE SKIP LOCKED (no job is claimed twice, claimers never wait
// on each other's candidates); a keyed job takes a slot of its key in the same statement
// through the job_concurrency_take_slot trigger, which skips the row when the key is full,
// so a key's limit holds across processes. The ranking below only avoids offering jobs
// beyond a key's free slots (a snapshot estimate); the trigger is what enforces the limit.
import { sqlQuery } from "../../foundation/db/client.ts";
import type { JobRun } from "../../generated/prisma/client.ts";

/** What executing a job needs of its row. */
export type TClaimedJob = Pick<JobRun, "id" | "functionId" | "event" | "attempt" | "maxAttempts" | "steps" | "stack">;

type TClaimedRow = { id: string; function_id: string; event: JobRun["event"]; attempt: number; max_attempts: number; steps: JobRun["steps"]; stack: string[] };

/** Claims up to `slots` ready jobs, highest priority first, never exceeding a key's limit. */
export async function claimJobs(instanceId: string, slots: number, leaseMs: number): Promise<TClaimedJob[]> {
  // Candidates are updated in key order, so two claimers lock slot rows in the same order.
  const rows = await sqlQuery<TClaimedRow>(
    `
    UPDATE job_runs j SET status = 'running', locked_by = $1,
      locked_until = now() + make_interval(secs => $2::float8), updated_at = now()
    FROM (
      SELECT id FROM (
        SELECT id, function_id, concurrency_key FROM job_runs
        WHERE id IN (
          SELECT id FROM (
            SELECT q.id, q.concurrency_limit, coalesce(s.running, 0) AS running,
              row_number() OVER (PARTITION BY q.function_id, q.concurrency_key ORDER BY q.priority DESC, q.sequence) AS place
            FROM job_runs q
            LEFT JOIN job_concurrency_slots s ON s.function_id = q.function_id AND s.concurrency_key = q.concurrency_key
            WHERE q.status = 'queued' AND q.run_after <= now()) ranked
          WHERE concurrency_limit IS NULL OR place <= concurrency_limit - running)
        AND status = 'queued' AND run_after <= now()
        ORDER BY priority DESC, sequence
        LIMIT $3
        FOR UPDATE SKIP LOCKED) picked
      ORDER BY function_id, concurrency_key) chosen
    WHERE j.id = chosen.id AND j.status = 'queued'
    RETURNING j.id, j.function_id, j.event, j.attempt, j.max_attempts, j.steps, j.stack`,
    [instanceId, leaseMs / 1000, slots],
    "executor-claim",
  );
  return rows.map((row) => ({
    id: row.id,
    functionId: row.function_id,
    event: row.event,
    attempt: row.attempt,
    maxAttempts: row.max_attempts,
    steps: row.steps,
    stack: row.stack,
  }));
}

/** A deadlock between two claimers (rare: each locks slot rows in key order) is retried at once. */
export function isDeadlock(error: unknown): boolean {
  return /deadlock detected|40P01/.test(String((error as { message?: string })?.message ?? error));
}
