// Claiming queued jobs: one round trip, safe with any number of engines on one database.
// Claims are serialised by a transaction-scoped advisory lock, and the statement after it
// counts each concurrency key's running jobs in its own snapshot (taken once the lock is
// granted), so a key's limit holds across processes. Nothing else takes that lock: a job
// finishing, failing or being requeued never waits for a claim, and no row is shared by
// all the jobs of a key (a counter row was: every claim and every completion queued on it).
import { sqlScript } from "../../foundation/db/client.ts";
import type { JobRun } from "../../generated/prisma/client.ts";

/** The advisory lock every claim takes (tests hold it to pause claims). */
export const CLAIM_LOCK_ID = 72_707_370;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What executing a job needs of its row. */
export type TClaimedJob = Pick<JobRun, "id" | "functionId" | "payload" | "attempt" | "maxAttempts" | "steps" | "waitingFor">;

type TClaimedRow = { id: string; function_id: string; payload: JobRun["payload"]; attempt: number; max_attempts: number; steps: JobRun["steps"]; waiting_for: string | null };

/**
 * Claims up to `slots` ready jobs, highest priority first, never exceeding a key's limit. A
 * job waiting for an event is ready once its timeout (run_after) has passed.
 */
export async function claimJobs(instanceId: string, slots: number, leaseMs: number): Promise<TClaimedJob[]> {
  // A script takes no parameters: every value written into it is checked here.
  if (!UUID.test(instanceId) || !Number.isInteger(slots) || slots < 1 || !Number.isFinite(leaseMs) || leaseMs <= 0) {
    throw new Error("claimJobs: invalid arguments");
  }
  const [, , claimed] = await sqlScript<TClaimedRow>(`
    BEGIN;
    SELECT pg_advisory_xact_lock(${CLAIM_LOCK_ID});
    WITH busy AS (
      SELECT function_id, concurrency_key, count(*) AS running FROM job_runs
      WHERE status = 'running' AND concurrency_key IS NOT NULL GROUP BY function_id, concurrency_key),
    ranked AS (
      SELECT q.id, q.priority, q.sequence, q.concurrency_limit, coalesce(b.running, 0) AS running,
        row_number() OVER (PARTITION BY q.function_id, q.concurrency_key ORDER BY q.priority DESC, q.sequence) AS place
      FROM job_runs q LEFT JOIN busy b ON b.function_id = q.function_id AND b.concurrency_key = q.concurrency_key
      WHERE q.status IN ('queued', 'waiting') AND q.run_after <= now()),
    picked AS (
      SELECT id FROM ranked WHERE concurrency_limit IS NULL OR place <= concurrency_limit - running
      ORDER BY priority DESC, sequence LIMIT ${slots})
    UPDATE job_runs j SET status = 'running', locked_by = '${instanceId}',
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    FROM picked WHERE j.id = picked.id AND j.status IN ('queued', 'waiting')
    RETURNING j.id, j.function_id, j.payload, j.attempt, j.max_attempts, j.steps, j.waiting_for;
    COMMIT;`);
  return (claimed ?? []).map((row) => ({
    id: row.id,
    functionId: row.function_id,
    payload: row.payload,
    attempt: row.attempt,
    maxAttempts: row.max_attempts,
    steps: row.steps,
    waitingFor: row.waiting_for,
  }));
}
