// Batches run: one run per row, at most 10 rows of a batch in flight, one failed row
// never stops the others, counters rise as rows settle, the job completes at the end.
// Against a server of this file's own (200 ms agents): what runs in flight is measured, so
// other files' runs must not take the executor's slots (on the shared server they did, and
// two batches could not be seen running at once).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { waitForBatch } from "../helpers/waiting.ts";
import { peakOverlap } from "../../scripts/peak-overlap.mjs";

let service: TOwnService;
let key: string;

beforeAll(async () => {
  service = await createOwnService("batchexec");
  await service.start({ AGENT_LATENCY_MS: "200" });
  ({ key } = await service.createOrgKey("Batch Co"));
});

afterAll(async () => {
  await service?.dispose();
});

const call = (method: string, route: string, body?: unknown) => service.api(method, route, key, body);

const get = (path: string) => call("GET", path);
const waitForBatchToFinish = (batchId: string) => waitForBatch(get, batchId, { timeoutMs: 60_000 });

const rfqRow = (index: number) => ({ task: `Quote ${index}`, data: { items: [{ description: "cable", quantity: index + 1 }] } });

describe("batch execution", () => {
  it("runs 30 rows with one failing row: 29 completed, 1 failed, job completed", async () => {
    // center, since a row the agent cannot use is refused at acceptance when the batch names
    // that agent (input-checks.test.ts); center accepts it, routes row 7 to ap_specialist, and
    // that run fails. The others go to rfq_generator and complete.
    const rows = Array.from({ length: 30 }, (_, index) => (index === 7 ? { task: "broken", data: { invoice: { number: "X" } } } : rfqRow(index)));
    const created = await call("POST", "/v1/batches", { agent_type: "center", name: "thirty", rows });
    expect(created.status).toBe(201);
    const jobId = created.body.job.id;

    // Counters rise while rows settle.
    const midway = await waitForBatch(get, jobId, { what: "a first row done", done: (job) => job.completed_rows > 0, timeoutMs: 60_000 });
    expect(midway.job.status).toMatch(/^(running|completed)$/);

    const { job, rows: settledRows } = await waitForBatchToFinish(jobId);
    expect(job).toMatchObject({ status: "completed", total_rows: 30, completed_rows: 29, failed_rows: 1 });
    expect(settledRows[7]).toMatchObject({ row_index: 7, status: "failed", result: null, error_message: expect.stringMatching(/data\.invoice/) });
    expect(settledRows.filter((row: any) => row.status === "completed")).toHaveLength(29);
    for (const row of settledRows.filter((row: any) => row.status === "completed")) {
      expect(row.result.items[0].quantity).toBe(row.row_index + 1);
    }
    const failedRun = await call("GET", `/v1/runs/${settledRows[7].run_id}`);
    expect(failedRun.body.run).toMatchObject({ status: "failed", batch_id: jobId });
  });

  it("never has more than 10 rows of one batch in flight, and does use all 10", async () => {
    const rows = Array.from({ length: 40 }, (_, index) => rfqRow(index));
    const created = await call("POST", "/v1/batches", { agent_type: "rfq_generator", rows });
    const { rows: settledRows } = await waitForBatchToFinish(created.body.job.id);
    const runs = await Promise.all(settledRows.map((row: any) => call("GET", `/v1/runs/${row.run_id}`)));
    const intervals = runs.map(({ body }) => ({ start: Date.parse(body.run.started_at), end: Date.parse(body.run.completed_at) }));
    expect(intervals.every(({ start, end }) => Number.isFinite(start) && Number.isFinite(end))).toBe(true);
    expect(peakOverlap(intervals)).toBe(10);
  });

  it("keeps two batches' limits separate: both make progress at once", async () => {
    const [first, second] = await Promise.all(
      // 40 rows each: at 10 in flight and 200 ms per agent call, each batch runs for ≥ 0.8 s,
      // so their runs overlap even when one batch's fan-out starts a little later.
      [0, 1].map(() => call("POST", "/v1/batches", { agent_type: "rfq_generator", rows: Array.from({ length: 40 }, (_, i) => rfqRow(i)) })),
    );
    const [a, b] = await Promise.all([first!, second!].map((response) => waitForBatchToFinish(response.body.job.id)));
    const intervalsOf = async (batch: any) =>
      Promise.all(batch.rows.map(async (row: any) => {
        const { run } = (await call("GET", `/v1/runs/${row.run_id}`)).body;
        return { start: Date.parse(run.started_at), end: Date.parse(run.completed_at) };
      }));
    const [intervalsA, intervalsB] = await Promise.all([intervalsOf(a), intervalsOf(b)]);
    expect(peakOverlap(intervalsA)).toBeLessThanOrEqual(10);
    expect(peakOverlap(intervalsB)).toBeLessThanOrEqual(10);
    expect(peakOverlap([...intervalsA, ...intervalsB])).toBeGreaterThan(10);
  });
});
