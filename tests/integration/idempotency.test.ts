// Idempotency-Key on POST /v1/run and POST /v1/batches (docs/api-conventions.md
// "Idempotency", Stripe's conventions): the same key and
// body replay the original response without doing the work twice, a different body is 409,
// keys are scoped per organization, mode and endpoint, and only successes are stored.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TTenant, UUID_PATTERN, waitForRunToSettle, signInCookie } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

const newKey = () => `idem-${randomUUID()}`;

function postRun(apiKey: string, idempotencyKey: string | undefined, body: unknown) {
  return call("POST", "/v1/run", { key: apiKey, body, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey } });
}

function postBatch(apiKey: string, idempotencyKey: string | undefined, body: unknown) {
  return call("POST", "/v1/batches", { key: apiKey, body, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey } });
}

async function runTotal(apiKey: string): Promise<number> {
  const response = await call("GET", "/v1/runs?limit=1", { key: apiKey });
  expect(response.status).toBe(200);
  return response.body.total;
}

async function batchTotal(apiKey: string): Promise<number> {
  const response = await call("GET", "/v1/batches?limit=1", { key: apiKey });
  expect(response.status).toBe(200);
  return response.body.total;
}

function expectConflict(response: { status: number; body: any }) {
  expect(response.status).toBe(409);
  expect(response.body).toEqual({ error: "conflict", type: "conflict", message: expect.stringMatching(/Idempotency-Key/) });
}

describe("POST /v1/run with Idempotency-Key", () => {
  it("replays the original status and body, marked Idempotent-Replayed, and creates one run", async () => {
    const fresh = await createTenant();
    const key = newKey();
    const body = { task: "Summarise the quarter", agent_type: "rfq_generator", data: { items: [{ description: "desks", quantity: 3 }] } };

    const first = await postRun(fresh.key, key, body);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ run_id: expect.stringMatching(UUID_PATTERN), status: "queued", agent_type: "rfq_generator", estimated_completion: "async" });
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // The run moves on; the replay is still the response that was sent, as Stripe does.
    await waitForRunToSettle(fresh.key, first.body.run_id);
    const second = await postRun(fresh.key, key, body);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("x-request-id")).toMatch(UUID_PATTERN);

    expect(await runTotal(fresh.key)).toBe(1);
  });

  it("treats bodies that differ only in key order (at any depth) as the same request", async () => {
    const key = newKey();
    const first = await postRun(tenant.key, key, { task: "Order", priority: "high", data: { a: 1, nested: { x: [1, { p: 1, q: 2 }], y: "z" } } });
    expect(first.status).toBe(202);
    const before = await runTotal(tenant.key);
    const second = await postRun(tenant.key, key, { data: { nested: { y: "z", x: [1, { q: 2, p: 1 }] }, a: 1 }, priority: "high", task: "Order" });
    expect(second.status).toBe(202);
    expect(second.body.run_id).toBe(first.body.run_id);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await runTotal(tenant.key)).toBe(before);
  });

  it("answers 409 conflict for the same key with a different body, and creates nothing", async () => {
    const key = newKey();
    const first = await postRun(tenant.key, key, { task: "Original task" });
    expect(first.status).toBe(202);
    const before = await runTotal(tenant.key);
    for (const body of [{ task: "Another task" }, { task: "Original task", priority: "high" }, { task: "Original task", data: { extra: true } }]) {
      const response = await postRun(tenant.key, key, body);
      expectConflict(response);
      expect(response.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await runTotal(tenant.key)).toBe(before);
    // The original request still replays.
    const again = await postRun(tenant.key, key, { task: "Original task" });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
  });

  it("leaves requests without a key unchanged: each creates a run", async () => {
    const before = await runTotal(tenant.key);
    const first = await postRun(tenant.key, undefined, { task: "No key" });
    const second = await postRun(tenant.key, undefined, { task: "No key" });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body.run_id).not.toBe(first.body.run_id);
    expect(await runTotal(tenant.key)).toBe(before + 2);
  });

  it("scopes keys per organization, mode and endpoint, but not per API key", async () => {
    const key = newKey();
    const body = { task: "Scoped" };
    const live = await postRun(tenant.key, key, body);
    expect(live.status).toBe(202);

    // Another live key of the same organization replays: the key belongs to the organization.
    const sibling = await createKey(tenant, "agents:run,agents:read");
    const replay = await postRun(sibling.key, key, body);
    expect(replay.status).toBe(202);
    expect(replay.body.run_id).toBe(live.body.run_id);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");

    // Test mode is independent, even with a different body.
    const testMode = await postRun(tenant.testKey, key, { task: "Scoped, in test mode" });
    expect(testMode.status).toBe(202);
    expect(testMode.body.run_id).not.toBe(live.body.run_id);
    expect(testMode.headers.get("idempotent-replayed")).toBeNull();

    // Another organization is independent.
    const other = await createTenant();
    const foreign = await postRun(other.key, key, body);
    expect(foreign.status).toBe(202);
    expect(foreign.body.run_id).not.toBe(live.body.run_id);
    expect(foreign.headers.get("idempotent-replayed")).toBeNull();

    // The other endpoint is independent.
    const batch = await postBatch(tenant.key, key, { agent_type: "center", rows: [{ task: "Scoped" }] });
    expect(batch.status).toBe(201);
    expect(batch.headers.get("idempotent-replayed")).toBeNull();
  });

  it("creates exactly one run for 20 concurrent identical requests, all answering its run_id", async () => {
    const apiKey = (await createKey(tenant, "all")).key; // its own rate-limit budget
    const key = newKey();
    const body = { task: "Concurrent", priority: "low" };
    const before = await runTotal(apiKey);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postRun(apiKey, key, body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(202));
    const runIds = new Set(responses.map((response) => response.body.run_id));
    expect(runIds.size).toBe(1);
    expect(responses.filter((response) => response.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await runTotal(apiKey)).toBe(before + 1);
  });

  it("creates one run when concurrent requests race with different bodies; the others get 409", async () => {
    const apiKey = (await createKey(tenant, "all")).key;
    const key = newKey();
    const before = await runTotal(apiKey);
    const bodies = Array.from({ length: 10 }, (_, index) => ({ task: index % 2 ? "Body A" : "Body B" }));
    const responses = await Promise.all(bodies.map((body) => postRun(apiKey, key, body)));
    const accepted = responses.filter((response) => response.status === 202);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(accepted.length + conflicts.length).toBe(10);
    expect(accepted).toHaveLength(5); // every request with the winner's body
    expect(new Set(accepted.map((response) => response.body.run_id)).size).toBe(1);
    conflicts.forEach(expectConflict);
    expect(await runTotal(apiKey)).toBe(before + 1);
  });

  it("stores only successes: a request that failed validation can be retried with its key", async () => {
    const key = newKey();
    const before = await runTotal(tenant.key);
    const invalid = await postRun(tenant.key, key, { task: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.type).toBe("validation_error");
    const invalidAgain = await postRun(tenant.key, key, { task: "t", agent_type: "wizard" });
    expect(invalidAgain.status).toBe(400);

    const valid = await postRun(tenant.key, key, { task: "Now valid" });
    expect(valid.status).toBe(202);
    expect(valid.headers.get("idempotent-replayed")).toBeNull();
    expect(await runTotal(tenant.key)).toBe(before + 1);
  });

  it("answers 400 validation_error naming Idempotency-Key when the key is longer than 255 characters", async () => {
    const before = await runTotal(tenant.key);
    const response = await postRun(tenant.key, "k".repeat(256), { task: "Long key" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "validation_error",
      type: "validation_error",
      message: expect.stringContaining("Idempotency-Key"),
      issues: [{ path: "Idempotency-Key", message: expect.any(String) }],
    });
    expect(await runTotal(tenant.key)).toBe(before);

    const longest = `${randomUUID()}${"k".repeat(255 - 36)}`;
    const accepted = await postRun(tenant.key, longest, { task: "Longest key" });
    expect(accepted.status).toBe(202);
    const replayed = await postRun(tenant.key, longest, { task: "Longest key" });
    expect(replayed.body.run_id).toBe(accepted.body.run_id);
  });

  it("ignores and replaces a record older than 24 hours", async () => {
    const key = newKey();
    const first = await postRun(tenant.key, key, { task: "Yesterday" });
    expect(first.status).toBe(202);
    await withDatabase(inject("databaseUrl"), (client) =>
      client.query(
        "UPDATE idempotency_records SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE organization_id = $1 AND key = $2",
        [tenant.orgId, key],
      ),
    );
    // Expired: a different body is a new request, not a conflict...
    const second = await postRun(tenant.key, key, { task: "Today" });
    expect(second.status).toBe(202);
    expect(second.body.run_id).not.toBe(first.body.run_id);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    // ...and the key now remembers the new request.
    const third = await postRun(tenant.key, key, { task: "Today" });
    expect(third.body.run_id).toBe(second.body.run_id);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expectConflict(await postRun(tenant.key, key, { task: "Yesterday" }));
  });

  it("applies to the dashboard's tRPC transport too (same procedure, same records)", async () => {
    const key = newKey();
    const rest = await postRun(tenant.key, key, { task: "Both transports" });
    expect(rest.status).toBe(202);
    // A member of the same organization, in live mode, signed in to the dashboard.
    const cookie = await signInCookie(tenant.memberEmail, "correct horse battery");
    const response = await fetch(`${inject("baseUrl")}/api/trpc/runs.create`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ task: "Both transports" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    const body = await response.json();
    expect(body.result.data).toEqual(rest.body);
  });
});

describe("POST /v1/batches with Idempotency-Key", () => {
  const batchBody = {
    name: "Idempotent batch",
    agent_type: "rfq_generator",
    rows: [
      { task: "Row one", data: { items: [{ description: "bolts", quantity: 1 }] } },
      { task: "Row two", data: { items: [{ description: "nuts", quantity: 2 }] } },
      { task: "Row three" },
    ],
  };

  it("replays 201 and the original body, and creates one batch with its rows once", async () => {
    const fresh = await createTenant();
    const key = newKey();
    const first = await postBatch(fresh.key, key, batchBody);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const second = await postBatch(fresh.key, key, { rows: batchBody.rows, agent_type: "rfq_generator", name: "Idempotent batch" });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");

    expect(await batchTotal(fresh.key)).toBe(1);
    const job = await call("GET", `/v1/batches/${first.body.job.id}`, { key: fresh.key });
    expect(job.body.rows.map((row: { row_index: number }) => row.row_index)).toEqual([0, 1, 2]);
    expect(await runTotal(fresh.key)).toBe(3); // one run per row, created once
  });

  it("answers 409 for a different body and creates nothing", async () => {
    const key = newKey();
    const first = await postBatch(tenant.key, key, batchBody);
    expect(first.status).toBe(201);
    const [batchesBefore, runsBefore] = [await batchTotal(tenant.key), await runTotal(tenant.key)];
    expectConflict(await postBatch(tenant.key, key, { ...batchBody, rows: batchBody.rows.slice(0, 2) }));
    expectConflict(await postBatch(tenant.key, key, { ...batchBody, name: "Renamed" }));
    expect(await batchTotal(tenant.key)).toBe(batchesBefore);
    expect(await runTotal(tenant.key)).toBe(runsBefore);
  });

  it("creates exactly one batch for 20 concurrent identical requests", async () => {
    const fresh = await createTenant();
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => postBatch(fresh.key, key, batchBody)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((response) => response.body.job.id)).size).toBe(1);
    expect(await batchTotal(fresh.key)).toBe(1);
    expect(await runTotal(fresh.key)).toBe(3);
  });

  it("stores only successes and rejects an over-long key", async () => {
    const key = newKey();
    const invalid = await postBatch(tenant.key, key, { agent_type: "rfq_generator", rows: [] });
    expect(invalid.status).toBe(400);
    const valid = await postBatch(tenant.key, key, batchBody);
    expect(valid.status).toBe(201);
    expect(valid.headers.get("idempotent-replayed")).toBeNull();

    const tooLong = await postBatch(tenant.key, "b".repeat(256), batchBody);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
  });
});
