// GET /v1/runs/:id/stream read as a real SSE client reads it (docs/contract.md, "Run status
// stream"): fetch, then parse `id:`/`data:` lines off the body.
import { randomUUID } from "node:crypto";
import { EventSource } from "eventsource";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { openStream, type TSseStream } from "../helpers/sse.ts";
import { until } from "../helpers/waiting.ts";

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

  it("answers 204 No Content to a client whose Last-Event-ID is a finished run's final update", async () => {
    const runId = await startRun();
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const firstConnection = await stream(runId);
    const seen = await firstConnection.nextData(2_000);
    expect(seen!.json.status).toBe("cancelled");
    expect(seen!.id).toMatch(/\S/);
    expect(await firstConnection.nextData(5_000)).toBeNull();

    const reconnect = await call("GET", `/v1/runs/${runId}/stream`, { key: tenant.key, headers: { "last-event-id": seen!.id! } });
    expect(reconnect.status).toBe(204);
    expect(reconnect.text).toBe("");
    expect(reconnect.headers.get("content-type")).toBeNull();
  });

  it("sends a finished run's final state to a client without Last-Event-ID or with another id", async () => {
    const runId = await startRun();
    const live = await stream(runId);
    const earlier = await live.nextData(2_000);
    await live.close();
    expect((await call("POST", `/v1/runs/${runId}/cancel`, { key: tenant.key })).status).toBe(200);
    const variants: Record<string, string>[] = [{}, { "last-event-id": earlier!.id! }, { "last-event-id": "not-an-id" }];
    for (const headers of variants) {
      const reconnect = await stream(runId, { headers });
      expect(reconnect.response.status).toBe(200);
      expect((await reconnect.nextData(2_000))!.json.status).toBe("cancelled");
      expect(await reconnect.next(5_000)).toBeNull();
    }
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

describe("a standard EventSource client", () => {
  it("receives a run's updates, reconnects once with the final id, gets 204 and stops", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { confidence: 0.4, proposedOutput: { decision: "ship" } });
    // Every request the client makes, with the Last-Event-ID it sent and the status it got.
    const requests: { lastEventId: string | null; status?: number }[] = [];
    const source = new EventSource(`${inject("baseUrl")}/v1/runs/${fixture.runId}/stream`, {
      fetch: async (url, init) => {
        const headers = new Headers(init?.headers);
        const request: { lastEventId: string | null; status?: number } = { lastEventId: headers.get("last-event-id") };
        requests.push(request);
        headers.set("authorization", `Bearer ${tenant.key}`);
        const response = await fetch(url, { ...init, headers });
        request.status = response.status;
        return response;
      },
    });
    const updates: { id: string; data: any }[] = [];
    source.addEventListener("message", (event) => updates.push({ id: event.lastEventId, data: JSON.parse(event.data) }));
    try {
      await until("the first update", () => updates.length >= 1, 10_000);
      expect(updates[0]!.data.status).toBe("pending_triage");
      expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key })).status).toBe(200);
      await until("the completed update", () => updates.find((update) => update.data.status === "completed"), 10_000);

      // The server ends the response; the client reconnects (after `retry`) with the final id and is told to stop.
      await until("the client to give up", () => source.readyState === EventSource.CLOSED, 15_000);
      const final = updates.at(-1)!;
      expect(final.data).toEqual({ status: "completed", confidence: 0.4, result: { decision: "ship" }, error: null });
      expect(requests).toEqual([
        { lastEventId: null, status: 200 },
        { lastEventId: final.id, status: 204 },
      ]);

      // Closed for good: no further reconnects over more than two retry intervals.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(requests).toHaveLength(2);
      expect(updates.filter((update) => update.data.status === "completed")).toHaveLength(1);
    } finally {
      source.close();
    }
  }, 40_000);
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
