// Batches: accept up to 500 rows as one pending job, list, read back, cancel
// (docs/contract.md, "Batch jobs and rows"). Rows execute in the background (the test
// server adds AGENT_LATENCY_MS to every agent call, so a 30-row batch is still running
// when a cancel arrives right after creation); execution itself is covered in
// batch-execution.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AP_DATA, call, createTenant, ISO_PATTERN, type TTenant, UUID_PATTERN, waitFor, waitForBatchToFinish } from "../helpers/api.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

// Rows the rfq_generator completes without a person (explicit items).
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ task: `Row task ${index}`, data: { items: [{ description: "bolts", quantity: index + 1 }] } }));

async function createBatch(key: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", "/v1/batches", { key, body: { agent_type: "rfq_generator", rows: rowsOf(2), ...body } });
  expect(response.status).toBe(201);
  return response.body.job as { id: string; status: string };
}

const idsOf = (jobs: { id: string }[]) => jobs.map((job) => job.id);

describe("POST /v1/batches", () => {
  it("answers 201 with a pending job", async () => {
    const response = await call("POST", "/v1/batches", {
      key: tenant.key,
      body: { name: "March invoices", agent_type: "ap_specialist", rows: [{ task: "a", data: AP_DATA }, { task: "b", data: { invoice: { ...AP_DATA.invoice, number: 7 } } }, { task: "c", data: AP_DATA }] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      job: {
        id: expect.stringMatching(UUID_PATTERN),
        name: "March invoices",
        agent_type: "ap_specialist",
        status: "pending",
        total_rows: 3,
        completed_rows: 0,
        failed_rows: 0,
        created_at: expect.stringMatching(ISO_PATTERN),
      },
    });
  });

  it("accepts exactly 500 rows", async () => {
    const response = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "center", rows: rowsOf(500) } });
    expect(response.status).toBe(201);
    expect(response.body.job).toMatchObject({ status: "pending", total_rows: 500 });
  });

  it.each([
    ["501 rows", { agent_type: "center", rows: rowsOf(501) }, "rows"],
    ["empty rows", { agent_type: "center", rows: [] }, "rows"],
    ["missing rows", { agent_type: "center" }, "rows"],
    ["missing agent_type", { rows: rowsOf(1) }, "agent_type"],
    ["an unknown agent_type", { agent_type: "poet", rows: rowsOf(1) }, "agent_type"],
    ["a row without task", { agent_type: "center", rows: [{ task: "ok" }, { data: { x: 1 } }] }, "rows.1.task"],
    ["an http:// webhook_url", { agent_type: "center", rows: rowsOf(1), webhook_url: "http://example.com/hook" }, "webhook_url"],
  ])("answers 400 validation_error for %s", async (_label, body, path) => {
    const response = await call("POST", "/v1/batches", { key: tenant.key, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", type: "validation_error", message: expect.any(String) });
    expect(response.body.issues).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
  });

  it("creates no job when validation fails", async () => {
    const fresh = await createTenant();
    await call("POST", "/v1/batches", { key: fresh.key, body: { agent_type: "center", rows: rowsOf(501) } });
    const list = await call("GET", "/v1/batches", { key: fresh.key });
    expect(list.body.jobs).toEqual([]);
  });
});

describe("GET /v1/batches", () => {
  let fresh: TTenant;
  let created: string[]; // oldest first

  beforeAll(async () => {
    fresh = await createTenant();
    created = [];
    created.push((await createBatch(fresh.key, { name: "job 0" })).id);
    created.push((await createBatch(fresh.key, { name: "job 1", rows: rowsOf(30) })).id);
    const cancel = await call("POST", `/v1/batches/${created[1]}/cancel`, { key: fresh.key });
    expect(cancel.status).toBe(200);
    created.push((await createBatch(fresh.key, { name: "job 2" })).id);
    for (const id of created) await waitForBatchToFinish(fresh.key, id);
  });

  it("lists jobs newest first", async () => {
    const response = await call("GET", "/v1/batches", { key: fresh.key });
    expect(response.status).toBe(200);
    expect(idsOf(response.body.jobs)).toEqual([...created].reverse());
    expect(response.body.jobs[0]).toEqual({
      id: created[2],
      name: "job 2",
      agent_type: "rfq_generator",
      status: "completed",
      total_rows: 2,
      completed_rows: 2,
      failed_rows: 0,
      created_at: expect.stringMatching(ISO_PATTERN),
    });
  });

  it("filters by status", async () => {
    const cancelled = await call("GET", "/v1/batches?status=cancelled", { key: fresh.key });
    const completed = await call("GET", "/v1/batches?status=completed", { key: fresh.key });
    const running = await call("GET", "/v1/batches?status=running", { key: fresh.key });
    expect(idsOf(cancelled.body.jobs)).toEqual([created[1]]);
    expect(idsOf(completed.body.jobs)).toEqual([created[2], created[0]]);
    expect(completed.body.total).toBe(2);
    expect(running.body.jobs).toEqual([]);
  });

  it("answers 400 for an unknown status", async () => {
    const response = await call("GET", "/v1/batches?status=exploded", { key: fresh.key });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe("validation_error");
  });

  it("pages with limit and offset", async () => {
    const first = await call("GET", "/v1/batches?limit=2", { key: fresh.key });
    const second = await call("GET", "/v1/batches?limit=2&offset=2", { key: fresh.key });
    expect(idsOf(first.body.jobs)).toEqual([created[2], created[1]]);
    expect(idsOf(second.body.jobs)).toEqual([created[0]]);
  });

  it.each(["limit=101", "limit=0", "offset=-1", "limit=abc"])("answers 400 validation_error for %s", async (query) => {
    const response = await call("GET", `/v1/batches?${query}`, { key: fresh.key });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe("validation_error");
  });

  it("accepts limit=100", async () => {
    const response = await call("GET", "/v1/batches?limit=100", { key: fresh.key });
    expect(response.status).toBe(200);
    expect(response.body.jobs).toHaveLength(3);
  });
});

describe("GET /v1/batches/:id", () => {
  it("returns the job and its rows ordered by row_index", async () => {
    const tasks = Array.from({ length: 12 }, (_, index) => `Quote ${index} for ${randomUUID().slice(0, 4)}`);
    const job = await createBatch(tenant.key, { rows: tasks.map((task) => ({ task, data: { items: [{ description: "desk", quantity: 1 }] } })) });
    const response = await waitForBatchToFinish(tenant.key, job.id);
    expect(Object.keys(response).sort()).toEqual(["job", "rows"]);
    expect(response.job).toMatchObject({ id: job.id, status: "completed", total_rows: 12, completed_rows: 12, failed_rows: 0 });
    expect(response.rows).toEqual(
      tasks.map((task, index) => ({
        id: expect.stringMatching(UUID_PATTERN),
        row_index: index,
        task,
        data: { items: [{ description: "desk", quantity: 1 }] },
        status: "completed",
        result: expect.objectContaining({ rfq_number: expect.stringMatching(/^RFQ-/) }),
        error_message: null,
        run_id: expect.stringMatching(UUID_PATTERN),
      })),
    );
    // Each row is its own run.
    const runs = await Promise.all(response.rows.map((row: any) => call("GET", `/v1/runs/${row.run_id}`, { key: tenant.key })));
    expect(runs.map((run) => [run.body.run.batch_id, run.body.run.task])).toEqual(tasks.map((task) => [job.id, task]));
  });

  it("pages the rows on request: rows_limit=0 for the counts alone, rows_limit/rows_offset for a window", async () => {
    const job = await createBatch(tenant.key, { rows: rowsOf(5) });
    const all = await call("GET", `/v1/batches/${job.id}`, { key: tenant.key });
    expect(all.body.rows.map((row: { row_index: number }) => row.row_index)).toEqual([0, 1, 2, 3, 4]);
    const countsOnly = await call("GET", `/v1/batches/${job.id}?rows_limit=0`, { key: tenant.key });
    expect(countsOnly.status).toBe(200);
    expect(countsOnly.body).toEqual({ job: expect.objectContaining({ id: job.id, total_rows: 5 }), rows: [] });
    const window = await call("GET", `/v1/batches/${job.id}?rows_limit=2&rows_offset=3`, { key: tenant.key });
    expect(window.body.rows.map((row: { row_index: number }) => row.row_index)).toEqual([3, 4]);
    const from = await call("GET", `/v1/batches/${job.id}?rows_offset=4`, { key: tenant.key });
    expect(from.body.rows.map((row: { row_index: number }) => row.row_index)).toEqual([4]);
    for (const query of ["rows_limit=-1", "rows_limit=0x2", "rows_offset=a", "rows_limit=10001"]) {
      const refused = await call("GET", `/v1/batches/${job.id}?${query}`, { key: tenant.key });
      expect(refused.status).toBe(400);
      expect(refused.body.type).toBe("validation_error");
    }
  });

  it("answers 404 not_found for an unknown id", async () => {
    const response = await call("GET", `/v1/batches/${randomUUID()}`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: "not_found", type: "not_found", message: expect.any(String) });
  });
});

describe("POST /v1/batches/:id/cancel", () => {
  it("cancels a running job: rows not yet started are cancelled, started rows finish", async () => {
    const job = await createBatch(tenant.key, { rows: rowsOf(30) });
    const response = await call("POST", `/v1/batches/${job.id}/cancel`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ cancelled: true });

    const after = await waitFor(`/v1/batches/${job.id}`, tenant.key, (body: any) =>
      body.rows.every((row: { status: string }) => ["completed", "cancelled"].includes(row.status)),
    );
    expect(after.job.status).toBe("cancelled");
    const statuses = after.rows.map((row: { status: string }) => row.status);
    const cancelledRows = statuses.filter((status: string) => status === "cancelled").length;
    expect(cancelledRows).toBeGreaterThanOrEqual(10); // at most 10 rows can have started
    expect(after.job.completed_rows).toBe(30 - cancelledRows);
    // The cancelled rows' runs are cancelled too and never ran.
    const cancelledRun = after.rows.find((row: { status: string }) => row.status === "cancelled");
    const run = await call("GET", `/v1/runs/${cancelledRun.run_id}`, { key: tenant.key });
    expect(run.body.run).toMatchObject({ status: "cancelled", started_at: null, output: null });
  });

  it("answers 400 validation_error when the job is already cancelled", async () => {
    const job = await createBatch(tenant.key, { rows: rowsOf(30) });
    expect((await call("POST", `/v1/batches/${job.id}/cancel`, { key: tenant.key })).status).toBe(200);
    const again = await call("POST", `/v1/batches/${job.id}/cancel`, { key: tenant.key });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: "validation_error", type: "validation_error", message: expect.any(String) });
    const after = await call("GET", `/v1/batches/${job.id}`, { key: tenant.key });
    expect(after.body.job.status).toBe("cancelled");
  });

  it("answers 404 not_found for an unknown id", async () => {
    const response = await call("POST", `/v1/batches/${randomUUID()}/cancel`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body.type).toBe("not_found");
  });
});
