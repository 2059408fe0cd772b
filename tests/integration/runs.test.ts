// Runs: accepting (POST /v1/run), listing, reading and cancelling, as docs/contract.md
// ("Endpoints", "States and transitions") defines them. The pending_triage state comes
// from a database fixture.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AP_DATA, call, createKey, createTenant, ISO_PATTERN, type TTenant, UUID_PATTERN, waitForRunToSettle } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

const RUN_KEYS = [
  "id", "agent_type", "status", "priority", "created_at", "started_at", "completed_at",
  "confidence_score", "requires_triage", "error_message",
];
const LIST_ITEM_KEYS = [...RUN_KEYS, "task_preview"].sort();
const FULL_RUN_KEYS = [...RUN_KEYS, "task", "data", "output", "batch_id", "livemode", "model_usage", "agent_version", "review_round", "resolution", "reason_code", "claimed_by", "claimed_by_actor", "claimed_until", "due_at"].sort();

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

async function startRun(key: string, body: Record<string, unknown> = { task: "Summarise the quarter" }) {
  const response = await call("POST", "/v1/run", { key, body });
  expect(response.status).toBe(202);
  return response.body.run_id as string;
}

function expectValidationError(response: { status: number; body: any }, path: string) {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    error: "validation_error",
    type: "validation_error",
    message: expect.any(String),
    issues: expect.arrayContaining([{ path, message: expect.any(String) }]),
  });
}

describe("POST /v1/run", () => {
  it("answers 202 with exactly {run_id, status: queued, agent_type, estimated_completion: async}", async () => {
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Draft an RFQ", agent_type: "rfq_generator" } });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      run_id: expect.stringMatching(UUID_PATTERN),
      status: "queued",
      agent_type: "rfq_generator",
      estimated_completion: "async",
    });
  });

  it("defaults agent_type to center and priority to normal", async () => {
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Anything" } });
    expect(response.status).toBe(202);
    expect(response.body.agent_type).toBe("center");
    const run = await call("GET", `/v1/runs/${response.body.run_id}`, { key: tenant.key });
    expect(run.body.run).toMatchObject({ agent_type: "center", priority: "normal", task: "Anything" });
  });

  it.each(["low", "normal", "high"])("accepts priority %s and stores it", async (priority) => {
    const runId = await startRun(tenant.key, { task: "Prioritised", priority });
    const run = await call("GET", `/v1/runs/${runId}`, { key: tenant.key });
    expect(run.body.run.priority).toBe(priority);
  });

  it("accepts every documented agent_type, an https webhook_url and a data object", async () => {
    for (const agentType of ["center", "rfq_generator", "ap_specialist"]) {
      const data = AP_DATA; // fits every built-in: rfq_generator ignores what it does not read
      const runId = await startRun(tenant.key, { task: "t", agent_type: agentType, data, webhook_url: "https://example.com/hook" });
      const run = await call("GET", `/v1/runs/${runId}`, { key: tenant.key });
      expect(run.body.run).toMatchObject({ agent_type: agentType, data });
    }
  });

  it.each([
    ["task is missing", { agent_type: "center" }, "task"],
    ["task is empty", { task: "" }, "task"],
    ["task is only whitespace", { task: "   " }, "task"],
    ["task is not a string", { task: 42 }, "task"],
    ["agent_type is unknown", { task: "t", agent_type: "wizard" }, "agent_type"],
    ["priority is not low/normal/high", { task: "t", priority: "urgent" }, "priority"],
    ["webhook_url is http://", { task: "t", webhook_url: "http://example.com/hook" }, "webhook_url"],
    ["webhook_url is not a URL", { task: "t", webhook_url: "not a url" }, "webhook_url"],
    ["data is a string", { task: "t", data: "text" }, "data"],
    ["data is an array", { task: "t", data: [1, 2] }, "data"],
  ])("answers 400 validation_error naming the field when %s", async (_name, body, path) => {
    expectValidationError(await call("POST", "/v1/run", { key: tenant.key, body }), path);
  });

  it.each([
    ["task", { task: "before\u0000after" }],
    ["data.note", { task: "t", data: { note: "nul\u0000" } }],
  ])("answers 400 validation_error (not 500) for a NUL character in %s", async (path, body) => {
    expectValidationError(await call("POST", "/v1/run", { key: tenant.key, body }), path);
  });

  it("answers 400 validation_error for malformed JSON", async () => {
    const response = await call("POST", "/v1/run", {
      key: tenant.key, rawBody: '{"task": "x",', headers: { "content-type": "application/json" },
    });
    expectValidationError(response, "(body)");
    expect(response.body.message).toMatch(/JSON/);
  });

  it("answers 400 validation_error for a JSON array body", async () => {
    const response = await call("POST", "/v1/run", { key: tenant.key, body: [{ task: "x" }] });
    expectValidationError(response, "(body)");
  });

  it("answers 415 unsupported_media_type for a non-JSON content type", async () => {
    const response = await call("POST", "/v1/run", {
      key: tenant.key, rawBody: "task=hello", headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: "unsupported_media_type", type: "unsupported_media_type", message: expect.any(String) });
  });

  it("creates nothing when validation fails", async () => {
    const other = await createTenant();
    await call("POST", "/v1/run", { key: other.key, body: { task: "" } });
    await call("POST", "/v1/run", { key: other.key, body: { task: "t", agent_type: "wizard" } });
    const list = await call("GET", "/v1/runs", { key: other.key });
    expect(list.body.total).toBe(0);
  });
});

describe("GET /v1/runs", () => {
  let lister: TTenant;
  const created: string[] = [];

  beforeAll(async () => {
    lister = await createTenant();
    for (let index = 0; index < 25; index++) {
      // Three kinds of run, so they settle in three different states.
      const kind = [
        { agent_type: "rfq_generator", data: { items: [{ description: "chairs", quantity: 2 }] } }, // completed
        { agent_type: "ap_specialist", data: AP_DATA }, // no purchase order, below the 0.7 threshold: pending_triage
        // Routed to ap_specialist, whose invoice is unusable: failed (checked only at run time,
        // since center accepts any object).
        { agent_type: "center", data: { invoice: { number: "X" } } },
      ][index % 3];
      created.push(await startRun(lister.key, { task: `run ${index}`, priority: index % 2 ? "high" : "low", ...kind }));
    }
  });

  it("lists items with exactly the list-item fields", async () => {
    await waitForRunToSettle(lister.key, created[24]!); // the newest: an RFQ with items, completes
    const response = await call("GET", "/v1/runs?limit=1", { key: lister.key });
    expect(response.status).toBe(200);
    const [item] = response.body.data;
    expect(Object.keys(item).sort()).toEqual(LIST_ITEM_KEYS);
    expect(item).toMatchObject({
      id: created[24], agent_type: "rfq_generator", status: "completed", priority: "low",
      created_at: expect.stringMatching(ISO_PATTERN), started_at: expect.stringMatching(ISO_PATTERN),
      completed_at: expect.stringMatching(ISO_PATTERN), confidence_score: 0.9, requires_triage: false, error_message: null,
      task_preview: "run 24",
    });
  });

  it("cuts task_preview at 200 characters", async () => {
    const other = await createTenant();
    const task = `${"long task ".repeat(30)}end`;
    await startRun(other.key, { task });
    const response = await call("GET", "/v1/runs", { key: other.key });
    expect(response.body.data[0].task_preview).toBe(task.slice(0, 200));
  });

  it("returns newest first with default limit 20, offset 0 and the correct total", async () => {
    const response = await call("GET", "/v1/runs", { key: lister.key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 25, limit: 20, offset: 0, has_more: true, total_exact: true });
    expect(response.body.data.map((run: { id: string }) => run.id)).toEqual([...created].reverse().slice(0, 20));
  });

  it("counts at most 1,000 runs past the offset: total exact below, a lower bound (total_exact false) past it", async () => {
    const deep = await createTenant();
    await withDatabase(inject("databaseUrl"), (client) =>
      client.query(
        `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, created_at, updated_at)
         SELECT gen_random_uuid(), $1, true, 'center', 'completed', 'normal', 'run ' || g, now() - g * interval '1 second', now()
         FROM generate_series(1, 1005) g`,
        [deep.orgId],
      ),
    );
    const first = await call("GET", "/v1/runs", { key: deep.key });
    expect(first.body).toMatchObject({ total: 1000, total_exact: false, has_more: true, limit: 20, offset: 0 });
    expect(first.body.data[0].task_preview).toBe("run 1");
    const near = await call("GET", "/v1/runs?limit=20&offset=990", { key: deep.key });
    expect(near.body).toMatchObject({ total: 1005, total_exact: true, has_more: false });
    expect(near.body.data).toHaveLength(15);
    expect(near.body.data.at(-1).task_preview).toBe("run 1005");
    const past = await call("GET", "/v1/runs?limit=20&offset=5000", { key: deep.key });
    expect(past.body).toMatchObject({ data: [], total: 1005, total_exact: true, has_more: false });
    const filtered = await call("GET", "/v1/runs?status=queued", { key: deep.key });
    expect(filtered.body).toMatchObject({ data: [], total: 0, total_exact: true, has_more: false });
  });

  it("skips with offset and accepts limit=100", async () => {
    const page = await call("GET", "/v1/runs?limit=10&offset=20", { key: lister.key });
    expect(page.body).toMatchObject({ total: 25, limit: 10, offset: 20 });
    expect(page.body.data.map((run: { id: string }) => run.id)).toEqual([...created].reverse().slice(20));
    const all = await call("GET", "/v1/runs?limit=100", { key: lister.key });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(25);
    expect(all.body.limit).toBe(100);
  });

  it.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
    ["status=done", "status"],
    ["agent_type=wizard", "agent_type"],
  ])("answers 400 validation_error for %s", async (query, path) => {
    expectValidationError(await call("GET", `/v1/runs?${query}`, { key: lister.key }), path);
  });

  it("filters by status", async () => {
    // Let every run settle, then each status filter must return exactly the runs in that status.
    const settled = await Promise.all(created.map((id) => waitForRunToSettle(lister.key, id)));
    const statusOf = new Map(settled.map((body: any) => [body.run.id, body.run.status]));
    for (const status of ["completed", "pending_triage", "failed", "cancelled", "queued"]) {
      const filtered = await call("GET", `/v1/runs?status=${status}&limit=100`, { key: lister.key });
      const expected = created.filter((id) => statusOf.get(id) === status);
      expect(filtered.body.total).toBe(expected.length);
      expect(filtered.body.data.map((run: { id: string }) => run.id).sort()).toEqual(expected.sort());
    }
    expect(new Set(statusOf.values())).toEqual(new Set(["completed", "pending_triage", "failed"]));
  });

  it("filters by agent_type, alone and with status", async () => {
    const kindOf = (index: number) => ["rfq_generator", "ap_specialist", "center"][index % 3];
    for (const agentType of ["rfq_generator", "center", "ap_specialist"]) {
      const filtered = await call("GET", `/v1/runs?agent_type=${agentType}&limit=100`, { key: lister.key });
      expect(filtered.status).toBe(200);
      const expected = created.filter((_, index) => kindOf(index) === agentType);
      expect(filtered.body.total).toBe(expected.length);
      expect(filtered.body.data.map((run: { id: string }) => run.id).sort()).toEqual([...expected].sort());
    }
    await Promise.all(created.map((id) => waitForRunToSettle(lister.key, id)));
    const both = await call("GET", "/v1/runs?agent_type=center&status=failed&limit=100", { key: lister.key });
    expect(both.body.total).toBe(created.filter((_, index) => kindOf(index) === "center").length);
    const none = await call("GET", "/v1/runs?agent_type=ap_specialist&status=completed", { key: lister.key });
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it("never lists another organization's runs or the other mode's", async () => {
    const testModeRun = await startRun(lister.testKey, { task: "test mode" });
    const live = await call("GET", "/v1/runs?limit=100", { key: lister.key });
    expect(live.body.data.map((run: { id: string }) => run.id)).not.toContain(testModeRun);
    const test = await call("GET", "/v1/runs?limit=100", { key: lister.testKey });
    expect(test.body.data.map((run: { id: string }) => run.id)).toEqual([testModeRun]);
    const other = await call("GET", "/v1/runs", { key: tenant.key });
    expect(other.body.data.map((run: { id: string }) => run.id)).not.toContain(created[5]);
  });
});

describe("GET /v1/runs/:id", () => {
  it("returns {run, triage_item: null} with the full run fields", async () => {
    const runId = await startRun(tenant.key, {
      task: "Full shape", agent_type: "rfq_generator", data: { items: [{ description: "lamps", quantity: 3 }] }, priority: "high",
    });
    const response = await call("GET", `/v1/runs/${runId}`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["run", "triage_item"]);
    expect(response.body.triage_item).toBeNull();
    expect(Object.keys(response.body.run).sort()).toEqual(FULL_RUN_KEYS);
    expect(response.body.run).toMatchObject({
      id: runId, agent_type: "rfq_generator", priority: "high", task: "Full shape",
      data: { items: [{ description: "lamps", quantity: 3 }] }, batch_id: null, livemode: true, model_usage: null, created_at: expect.stringMatching(ISO_PATTERN),
    });
    const settled = await waitForRunToSettle(tenant.key, runId);
    expect(settled.triage_item).toBeNull();
    expect(settled.run).toMatchObject({ status: "completed", confidence_score: 0.9, output: expect.objectContaining({ rfq_number: expect.any(String) }) });
  });

  it("answers 404 not_found for an unknown id, another tenant's run and the other mode's run", async () => {
    const runId = await startRun(tenant.key);
    const other = await createTenant();
    for (const [key, id] of [[tenant.key, randomUUID()], [other.key, runId], [tenant.testKey, runId]] as const) {
      const response = await call("GET", `/v1/runs/${id}`, { key });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "not_found", type: "not_found", message: expect.any(String) });
    }
  });

  it("includes the linked triage item", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { reason: "Needs a human", confidence: 0.3 });
    const response = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.run).toMatchObject({ id: fixture.runId, status: "pending_triage", requires_triage: true, confidence_score: 0.3 });
    expect(response.body.triage_item).toMatchObject({
      id: fixture.triageItemId, run_id: fixture.runId, status: "pending", triage_reason: "Needs a human",
      created_at: expect.stringMatching(ISO_PATTERN), resolved_at: null,
    });
  });
});

describe("POST /v1/runs/:id/cancel", () => {
  it("cancels a queued run: 200 {run} with status cancelled and completed_at", async () => {
    const runId = await startRun(tenant.key);
    const response = await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["run"]);
    expect(response.body.run).toMatchObject({ id: runId, status: "cancelled", completed_at: expect.stringMatching(ISO_PATTERN) });
    const fetched = await call("GET", `/v1/runs/${runId}`, { key: tenant.key });
    expect(fetched.body.run.status).toBe("cancelled");
  });

  it("answers 409 conflict when the run is already cancelled", async () => {
    const runId = await startRun(tenant.key);
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const again = await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", type: "conflict", message: expect.any(String) });
  });

  it("answers 404 for an unknown run and requires agents:run", async () => {
    expect((await call("POST", `/v1/runs/${randomUUID()}/cancel`, { key: tenant.key })).status).toBe(404);
    const readOnly = await createKey(tenant, "agents:read");
    const runId = await startRun(tenant.key);
    const response = await call("POST", `/v1/runs/${runId}/cancel`, { key: readOnly.key });
    expect(response.status).toBe(403);
    expect(response.body.required).toBe("agents:run");
  });

  it("cancels a pending_triage run and resolves its triage item as rejected", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/runs/${fixture.runId}/cancel`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.run.status).toBe("cancelled");
    const fetched = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(fetched.body.triage_item).toMatchObject({
      id: fixture.triageItemId, status: "rejected", resolved_at: expect.stringMatching(ISO_PATTERN), resolved_by: expect.any(String),
    });
    const pending = await call("GET", "/v1/triage?limit=100", { key: tenant.key });
    expect(pending.body.data.map((item: { id: string }) => item.id)).not.toContain(fixture.triageItemId);
  });
});
