// GET /v1/runs/:id/stream read as a real SSE client reads it (api-spec.md "Run status
// stream", decisions.md "Stream"): fetch, then parse `id:`/`data:` lines off the body.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { openStream, type TSseStream } from "../helpers/sse.ts";

let tenant: TTenant;
const open: TSseStream[] = [];

beforeAll(async () => {
  tenant = await createTenant();
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

async function stream(runId: string, options: { key?: string; headers?: Record<string, string> } = {}) {
  const opened = await openStream(`/v1/runs/${runId}/stream`, { key: tenant.key, ...options });
  open.push(opened);
  return opened;
}

async function startRun(): Promise<string> {
  const response = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Stream me" } });
  expect(response.status).toBe(202);
  return response.body.run_id;
}

describe("GET /v1/runs/:id/stream", () => {
  it("answers 200 text/event-stream and sends the first update at once, with an id", async () => {
    const runId = await startRun();
    const startedAt = Date.now();
    const sse = await stream(runId);
    expect(sse.response.status).toBe(200);
    expect(sse.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const first = await sse.nextData(1_500);
    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(first).not.toBeNull();
    expect(first!.id).toMatch(/\S/);
    // A fresh run is still waiting or being worked on (agents take AGENT_LATENCY_MS).
    expect(first!.json).toEqual({ status: expect.stringMatching(/^(queued|running)$/), confidence: null, result: null, error: null });
  });

  it("pushes a cancelled update when the run is cancelled, then the server closes the stream", async () => {
    const runId = await startRun();
    const sse = await stream(runId);
    const first = await sse.nextData(2_000);
    expect(first!.json.status).toMatch(/^(queued|running)$/);

    const cancel = await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key });
    expect(cancel.status).toBe(200);
    const update = await sse.nextData(5_000);
    expect(update).not.toBeNull();
    expect(update!.json).toEqual({ status: "cancelled", confidence: null, result: null, error: null });
    expect(update!.id).toMatch(/\S/);
    expect(update!.id).not.toBe(first!.id);
    expect(await sse.next(5_000)).toBeNull();
  });

  it("carries confidence and result once a triage decision completes the run", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { confidence: 0.45, proposedOutput: { decision: "hold" } });
    const sse = await stream(fixture.runId);
    expect((await sse.nextData(2_000))!.json).toEqual({ status: "pending_triage", confidence: 0.45, result: null, error: null });
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key })).status).toBe(200);
    const update = await sse.nextData(5_000);
    expect(update!.json).toEqual({ status: "completed", confidence: 0.45, result: { decision: "hold" }, error: null });
    expect(await sse.next(5_000)).toBeNull();
  });

  it("sends exactly one update for a run that is already terminal, then closes", async () => {
    const runId = await startRun();
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const sse = await stream(runId);
    expect(sse.response.status).toBe(200);
    const only = await sse.nextData(2_000);
    expect(only!.json.status).toBe("cancelled");
    expect(await sse.nextData(5_000)).toBeNull();
  });

  it("skips the update a reconnecting client already has (Last-Event-ID) and closes without data", async () => {
    const runId = await startRun();
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const firstConnection = await stream(runId);
    const seen = await firstConnection.nextData(2_000);
    expect(seen!.id).toMatch(/\S/);
    expect(await firstConnection.nextData(5_000)).toBeNull();

    const reconnect = await stream(runId, { headers: { "last-event-id": seen!.id! } });
    expect(reconnect.response.status).toBe(200);
    expect(await reconnect.nextData(5_000)).toBeNull();
  });

  it("still sends the current state when Last-Event-ID is stale", async () => {
    const runId = await startRun();
    const live = await stream(runId);
    const queued = await live.nextData(2_000);
    await live.close();
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const reconnect = await stream(runId, { headers: { "last-event-id": queued!.id! } });
    expect((await reconnect.nextData(2_000))!.json.status).toBe("cancelled");
  });
});

describe("stream errors are JSON, not streams", () => {
  it("answers 401 authentication_error without a key", async () => {
    const runId = await startRun();
    const response = await call("GET", `/v1/runs/${runId}/stream`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: "authentication_error", type: "authentication_error", message: expect.any(String) });
    expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
  });

  it("answers 400 validation_error for a non-UUID id, like every other id route", async () => {
    const response = await call("GET", "/v1/runs/nope/stream", { key: tenant.key });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "validation_error", issues: [{ path: "id", message: expect.any(String) }] });
  });

  it("answers 404 not_found for another tenant's run and an unknown run", async () => {
    const runId = await startRun();
    const other = await createTenant();
    for (const [key, id] of [[other.key, runId], [tenant.testKey, runId], [tenant.key, randomUUID()]]) {
      const response = await call("GET", `/v1/runs/${id}/stream`, { key });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.body).toEqual({ error: "not_found", type: "not_found", message: expect.any(String) });
    }
  });

  it("answers 403 insufficient_scope without agents:read", async () => {
    const runId = await startRun();
    const key = await createKey(tenant, "agents:run");
    const response = await call("GET", `/v1/runs/${runId}/stream`, { key: key.key });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ type: "insufficient_scope", required: "agents:read" });
  });
});
