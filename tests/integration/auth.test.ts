// Authentication and authorization as docs/contract.md ("Authentication and tenancy") defines them.
import { beforeAll, describe, expect, inject, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { admin, call, createKey, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { generateApiKey } from "../../src/domains/auth/api-keys.ts";
import { withDatabase } from "../helpers/database.ts";
import { waitUntil, WaitTimeoutError } from "../helpers/waiting.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

// The suite's server caches key principals for the default 5 s.
const PRINCIPAL_CACHE_TTL_MS = 5_000;

/** Calls until the answer is not a 2xx, for at most `boundMs`; returns the last answer. */
async function refusedWithin<T extends { status: number }>(boundMs: number, attempt: () => Promise<T>): Promise<T> {
  return settledWithin(boundMs, attempt, (response) => response.status >= 300);
}

async function admittedWithin<T extends { status: number }>(boundMs: number, attempt: () => Promise<T>): Promise<T> {
  return settledWithin(boundMs, attempt, (response) => response.status < 300);
}

/** The first value `settled` accepts within `boundMs`, else the last one read (the caller's assertion then names it). */
async function settledWithin<T>(boundMs: number, attempt: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
  return waitUntil(attempt, { what: "the answer to settle", done: settled, timeoutMs: boundMs, intervalMs: 100 }).catch((error: unknown) => {
    if (error instanceof WaitTimeoutError) return error.lastSeen as T;
    throw error;
  });
}

describe("authentication", () => {
  it("accepts the key as Authorization: Bearer and as X-Api-Key", async () => {
    const bearer = await call("GET", "/v1/runs", { key: tenant.key });
    const header = await call("GET", "/v1/runs", { headers: { "x-api-key": tenant.key } });
    expect(bearer.status).toBe(200);
    expect(header.status).toBe(200);
  });

  it("answers 401 authentication_error without a key", async () => {
    const response = await call("GET", "/v1/runs");
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: "authentication_error", type: "authentication_error" });
    expect(response.body.message).toEqual(expect.any(String));
  });

  it("answers 401 for a well-formed but unknown key and for garbage", async () => {
    const unknown = await call("GET", "/v1/runs", { key: `svc_live_${"A".repeat(40)}` });
    const garbage = await call("GET", "/v1/runs", { key: "not-a-key" });
    expect(unknown.status).toBe(401);
    expect(garbage.status).toBe(401);
    expect(unknown.body.type).toBe("authentication_error");
  });

  it("answers 401 for a revoked key, also when the server had it cached (revoked by the CLI, another process)", async () => {
    const key = await createKey(tenant, "agents:read");
    expect((await call("GET", "/v1/runs", { key: key.key })).status).toBe(200);
    await admin("revoke-key", "--id", key.id);
    // The CLI's NOTIFY clears the server's cache; a lost one is bounded by PRINCIPAL_CACHE_TTL_MS (5 s).
    const response = await refusedWithin(PRINCIPAL_CACHE_TTL_MS + 1_000, () => call("GET", "/v1/runs", { key: key.key }));
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/revoked/);
  });

  it("answers 401 for an expired key from its expires_at on, though the server has it cached", async () => {
    // Inserted directly (the CLI can take seconds on a loaded machine): live for 3 s.
    const { key, hash, prefix } = generateApiKey("live");
    const expiresAt = await withDatabase(inject("databaseUrl"), async (client) => {
      const inserted = await client.query(
        `INSERT INTO api_keys (id, organization_id, livemode, name, key_hash, prefix, scopes, expires_at)
         VALUES (gen_random_uuid(), $1, true, 'short-lived', $2, $3, '{agents:read}', now() + interval '3 seconds') RETURNING expires_at`,
        [tenant.orgId, hash, prefix],
      );
      return (inserted.rows[0].expires_at as Date).getTime();
    });
    expect((await call("GET", "/v1/runs", { key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 50));
    const response = await call("GET", "/v1/runs", { key });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
  });

  it("answers 401 for a key whose expiry was moved into the past, within the cache's TTL", async () => {
    const key = await createKey(tenant, "agents:read", "live", ["--expires", new Date(Date.now() + 3_600_000).toISOString()]);
    expect((await call("GET", "/v1/runs", { key: key.key })).status).toBe(200);
    // Written behind the service's back (no notification): only the TTL bounds it.
    await withDatabase(inject("databaseUrl"), (client) =>
      client.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [key.id]),
    );
    const response = await refusedWithin(PRINCIPAL_CACHE_TTL_MS + 1_000, () => call("GET", "/v1/runs", { key: key.key }));
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
  });
});

describe("authorization", () => {
  it("answers 403 with the exact scope body when the key lacks the scope", async () => {
    const key = await createKey(tenant, "agents:read,triage:read");
    const response = await call("POST", "/v1/run", { key: key.key, body: { task: "x" } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: "Insufficient scope",
      type: "insufficient_scope",
      message: expect.any(String),
      required: "agents:run",
      provided: ["agents:read", "triage:read"],
    });
  });

  it.each([
    ["POST", "/v1/run", "agents:run"],
    ["GET", "/v1/runs", "agents:read"],
    ["GET", "/v1/triage", "triage:read"],
    ["POST", "/v1/webhooks", "webhooks:write"],
    ["GET", "/v1/webhooks", "webhooks:read"],
    ["POST", "/v1/batches", "batch:run"],
    ["GET", "/v1/batches", "batch:read"],
    ["GET", "/v1/usage", "agents:read"],
    ["GET", "/v1/usage/history", "agents:read"],
    ["GET", "/v1/usage/members", "agents:read"],
  ])("%s %s requires %s", async (method, path, scope) => {
    const key = await createKey(tenant, scope === "batch:read" ? "agents:read" : "batch:read");
    const response = await call(method, path, { key: key.key, body: method === "POST" ? {} : undefined });
    expect(response.status).toBe(403);
    expect(response.body.required).toBe(scope);
  });

  it.each(["starter", "pro", "team"])("answers 403 plan_required on the %s plan", async (plan) => {
    const other = await createTenant({ plan });
    const response = await call("GET", "/v1/runs", { key: other.key });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: "plan_required", type: "plan_required", plan });
  });

  it("lets an organization in again after set-plan growth", async () => {
    const other = await createTenant({ plan: "starter" });
    expect((await call("GET", "/v1/runs", { key: other.key })).status).toBe(403);
    await admin("set-plan", "--org", other.orgId, "--plan", "enterprise");
    expect((await admittedWithin(PRINCIPAL_CACHE_TTL_MS + 1_000, () => call("GET", "/v1/runs", { key: other.key }))).status).toBe(200);
  });

  it("answers 403 plan_required after a downgrade, though the server had the key cached", async () => {
    const other = await createTenant({ plan: "enterprise" });
    expect((await call("GET", "/v1/runs", { key: other.key })).status).toBe(200);
    await admin("set-plan", "--org", other.orgId, "--plan", "starter");
    const response = await refusedWithin(PRINCIPAL_CACHE_TTL_MS + 1_000, () => call("GET", "/v1/runs", { key: other.key }));
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ type: "plan_required", plan: "starter" });
  });
});

describe("request ids and public routes", () => {
  it("puts X-Request-Id on successes, errors and unknown routes", async () => {
    const responses = await Promise.all([
      call("GET", "/v1/health"),
      call("GET", "/v1/runs"),
      call("GET", "/v1/no-such-route", { key: tenant.key }),
      call("POST", "/v1/run", { key: tenant.key, body: {} }),
    ]);
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("serves GET /v1/health without a key", async () => {
    const response = await call("GET", "/v1/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", version: packageJson.version, timestamp: expect.any(String) });
  });
});
