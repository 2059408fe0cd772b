// Crash safety: a 200-row batch, the server killed with SIGKILL midway, started again on
// the same database. Every row must end terminal exactly once, with no duplicate runs and
// no function run executed twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { waitForBatch, waitUntil } from "../helpers/waiting.ts";

let service: TOwnService;
// A short lease: the restart takes over the killed process's claims after 3 s, not 15 s.
const settings = { AGENT_LATENCY_MS: "40", EXECUTOR_RETRY_BASE_MS: "50", EXECUTOR_LEASE_MS: "3000" };
const api = (...args: Parameters<TOwnService["api"]>) => service.api(...args);

const batchWhen = (key: string, jobId: string, what: string, done: (job: any) => boolean) =>
  waitForBatch((path) => api("GET", path, key), jobId, { what, done, timeoutMs: 120_000, intervalMs: 25 });

beforeAll(async () => {
  service = await createOwnService("crash");
});

afterAll(async () => {
  await service?.dispose();
});

describe("crash mid-batch", () => {
  it("finishes every row exactly once after a SIGKILL and a restart", async () => {
    await service.start(settings);
    const { key } = await service.createOrgKey("Crash Co");

    const rows = Array.from({ length: 200 }, (_, index) => ({ task: `Quote ${index}`, data: { items: [{ description: "bolt", quantity: index + 1 }] } }));
    const created = await api("POST", "/v1/batches", key, { agent_type: "rfq_generator", rows });
    expect(created.status).toBe(201);
    const jobId = created.body.job.id;

    const before = await batchWhen(key, jobId, "30 rows of the batch done", (job) => job.completed_rows >= 30);
    expect(before.job.completed_rows).toBeLessThan(200);
    expect(await service.server().stop("SIGKILL")).toBeNull(); // killed, no exit code

    await service.start(settings);
    const after = await batchWhen(key, jobId, "the batch to complete", (job) => job.status === "completed");
    expect(after.job).toMatchObject({ total_rows: 200, completed_rows: 200, failed_rows: 0 });
    expect(after.rows.every((row: any, index: number) => row.status === "completed" && row.result.items[0].quantity === index + 1)).toBe(true);

    await withDatabase(service.databaseUrl, async (client) => {
      // A function run that was mid-step at the kill resumes once its lease expires.
      await waitUntil(async () => (await client.query("SELECT count(*)::int AS n FROM job_runs WHERE status IN ('queued', 'running')")).rows[0].n, {
        what: "every function run to close after the batch finished",
        done: (open) => open === 0,
        timeoutMs: 60_000,
        intervalMs: 100,
      });
      const runs = await client.query("SELECT status, count(*)::int AS n FROM runs WHERE batch_job_id = $1 GROUP BY status", [jobId]);
      expect(runs.rows).toEqual([{ status: "completed", n: 200 }]);
      const distinctRuns = await client.query("SELECT count(DISTINCT run_id)::int AS n FROM batch_rows WHERE batch_job_id = $1", [jobId]);
      expect(distinctRuns.rows[0].n).toBe(200);
      // One function run per row run, each finished, none repeated. No webhook listens, so
      // no outcome is announced (no fan-out job finding nothing to do).
      const jobs = await client.query(
        `SELECT function_id, status, count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM job_runs GROUP BY function_id, status ORDER BY function_id`,
      );
      expect(jobs.rows).toEqual([
        { function_id: "execute-run", status: "completed", n: 200, keys: 200 },
        { function_id: "start-batch", status: "completed", n: 1, keys: 1 },
      ]);
      // Each run was carried out by its function body (no steps saved) and its result names its run.
      const results = await client.query(
        `SELECT (SELECT count(*) FROM jsonb_object_keys(steps))::int AS steps, result->>'runId' = payload->>'runId' AS own_run, result->>'event' AS event, count(*)::int AS n
         FROM job_runs WHERE function_id = 'execute-run' GROUP BY 1, 2, 3`,
      );
      expect(results.rows).toEqual([{ steps: 0, own_run: true, event: "run.completed", n: 200 }]);
    });
    // A hang guard, not a speed target: ~25 s alone, over a minute beside the rest of the suite
    // on two cores (the restart waits out the killed process's leases).
  }, 180_000);
});
