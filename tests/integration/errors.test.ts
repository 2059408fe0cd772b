// The error contract across the REST surface (docs/contract.md, "Errors"): typed JSON bodies,
// 404 for unknown routes, 413 for oversized bodies, never a stack trace, always an
// X-Request-Id.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, type TResponse, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const STACK_TRACE = /\bat [^\n]*[(\s][^\n]*:\d+:\d+|\.(m?js|ts):\d+|"stack"/;

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

function expectErrorBody(response: TResponse, status: number, type: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ type, message: expect.any(String) });
  expect(response.body.error).toEqual(expect.any(String));
}

describe("unknown routes", () => {
  it.each([
    ["GET", "/v1/no-such-route"],
    ["GET", "/v1"],
    ["POST", "/v1/nothing/here"],
    ["GET", "/v1/runs/a/b/c"],
    ["DELETE", "/v1/teapot"],
  ])("%s %s answers 404 not_found JSON", async (method, path) => {
    const response = await call(method, path, { key: tenant.key });
    expectErrorBody(response, 404, "not_found");
    expect(response.body.error).toBe("not_found");
  });

  it("answers 404 not_found JSON for unknown routes without a key too (not a Next.js page)", async () => {
    const response = await call("GET", "/v1/no-such-route");
    expectErrorBody(response, 404, "not_found");
  });
});

describe("request bodies", () => {
  it("answers 413 payload_too_large for a body over MAX_BODY_BYTES", async () => {
    const task = "x".repeat(MAX_BODY_BYTES + 1024);
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task } });
    expectErrorBody(response, 413, "payload_too_large");
    expect(response.body.error).toBe("payload_too_large");
    expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
  });

  it("accepts a body just under MAX_BODY_BYTES past the size check", async () => {
    const task = "x".repeat(MAX_BODY_BYTES - 1024);
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task } });
    expect(response.status).not.toBe(413);
    expect(response.body.type).toBe("validation_error");
    expect(response.body.issues).toEqual([{ path: "task", message: expect.any(String) }]);
  });

  it("accepts a bodiless POST /v1/runs/:id/cancel without Content-Type", async () => {
    const created = await call("POST", "/v1/run", { key: tenant.key, body: { task: "to cancel" } });
    const cancel = await call("POST", `/v1/runs/${created.body.run_id}/cancel`, { key: tenant.key });
    expect(cancel.status).toBe(200);
    expect(cancel.body.run.status).toBe("cancelled");
  });

  it("accepts a bodiless POST /v1/triage/:id/approve without Content-Type", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe("approved");
  });
});

describe("every error", () => {
  async function errorResponses(): Promise<[string, TResponse][]> {
    const readOnly = await createKey(tenant, "agents:read");
    const created = await call("POST", "/v1/run", { key: tenant.key, body: { task: "x" } });
    await call("POST", `/v1/runs/${created.body.run_id}/cancel`, { key: tenant.key });
    return Promise.all(
      ([
        ["400 validation", call("POST", "/v1/run", { key: tenant.key, body: { task: "" } })],
        ["400 malformed JSON", call("POST", "/v1/run", { key: tenant.key, rawBody: "{", headers: { "content-type": "application/json" } })],
        ["401", call("GET", "/v1/runs")],
        ["403", call("POST", "/v1/run", { key: readOnly.key, body: { task: "x" } })],
        ["404 route", call("GET", "/v1/nope", { key: tenant.key })],
        ["404 run", call("GET", `/v1/runs/${randomUUID()}`, { key: tenant.key })],
        ["404 stream", call("GET", `/v1/runs/${randomUUID()}/stream`, { key: tenant.key })],
        ["409", call("POST", `/v1/runs/${created.body.run_id}/cancel`, { key: tenant.key })],
        ["413", call("POST", "/v1/run", { key: tenant.key, rawBody: "x".repeat(MAX_BODY_BYTES + 1), headers: { "content-type": "application/json" } })],
        ["415", call("POST", "/v1/run", { key: tenant.key, rawBody: "task=x", headers: { "content-type": "text/plain" } })],
      ] as const).map(async ([name, pending]) => [name, await pending] as [string, TResponse]),
    );
  }

  it("is JSON with error, type and message and never contains a stack trace", async () => {
    for (const [name, response] of await errorResponses()) {
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(response.body, name).toMatchObject({ error: expect.any(String), type: expect.any(String), message: expect.any(String) });
      expect(response.body.stack, name).toBeUndefined();
      expect(response.text, name).not.toMatch(STACK_TRACE);
    }
  });

  it("carries a unique X-Request-Id", async () => {
    const responses = await errorResponses();
    const ids = responses.map(([name, response]) => {
      expect(response.headers.get("x-request-id"), name).toMatch(UUID_PATTERN);
      return response.headers.get("x-request-id");
    });
    expect(new Set(ids).size).toBe(ids.length);
  });
});
