// Limits that bound abuse: webhooks per organization and mode (WEBHOOKS_PER_ORGANIZATION, 20,
// race-safe), rate limits on the calls that fan out (POST /v1/batches, POST
// /v1/webhooks/test/:orgId) with RateLimit-* headers, procedures per dashboard tRPC batch
// (TRPC_MAX_BATCH_SIZE, 10), and a malformed organization cookie that is ignored.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

const WEBHOOKS_PER_ORGANIZATION = 20;
const TRPC_MAX_BATCH_SIZE = 10;
// A server of this file's own with low limits, so a burst reaches them in a few calls.
const LIMITS = { RATE_LIMIT_BATCHES_PER_MIN: "2", RATE_LIMIT_WEBHOOK_TESTS_PER_MIN: "3" };

let tenant: TTenant;
let cookie: string;
let limited: TOwnService;

beforeAll(async () => {
  limited = await createOwnService("abuse_limits");
  [tenant] = await Promise.all([createTenant(), limited.start(LIMITS)]);
  cookie = await signInCookie(tenant.memberEmail, "correct horse battery");
});

afterAll(async () => {
  await limited?.dispose();
});

const hookUrl = (index: number) => `https://127.0.0.1:9/hooks/${index}`;

describe(`webhooks per organization and mode (at most ${WEBHOOKS_PER_ORGANIZATION})`, () => {
  it("admits exactly the cap out of a concurrent burst and answers the rest 409 conflict; the other mode has its own", async () => {
    const burst = await Promise.all(
      Array.from({ length: WEBHOOKS_PER_ORGANIZATION + 5 }, (_, index) =>
        call("POST", "/v1/webhooks", { key: tenant.key, body: { url: hookUrl(index), events: ["run.completed"] } }),
      ),
    );
    expect(burst.filter((reply) => reply.status === 201)).toHaveLength(WEBHOOKS_PER_ORGANIZATION);
    const refused = burst.filter((reply) => reply.status !== 201);
    expect(refused).toHaveLength(5);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: "conflict", type: "conflict", message: expect.stringMatching(/at most 20 webhooks/) });
    }
    const listed = await call("GET", "/v1/webhooks", { key: tenant.key });
    expect(listed.body.data).toHaveLength(WEBHOOKS_PER_ORGANIZATION);

    // Test mode counts apart from live mode.
    expect((await call("POST", "/v1/webhooks", { key: tenant.testKey, body: { url: hookUrl(99), events: ["run.failed"] } })).status).toBe(201);
    // Deleting one makes room for one.
    expect((await call("DELETE", `/v1/webhooks/${listed.body.data[0].id}`, { key: tenant.key })).status).toBe(200);
    expect((await call("POST", "/v1/webhooks", { key: tenant.key, body: { url: hookUrl(100), events: ["run.failed"] } })).status).toBe(201);
    expect((await call("POST", "/v1/webhooks", { key: tenant.key, body: { url: hookUrl(101), events: ["run.failed"] } })).status).toBe(409);
  });

  it("documents the 409 on POST /v1/webhooks", async () => {
    const document = await call("GET", "/v1/openapi.json");
    expect(document.body.paths["/v1/webhooks"].post.responses["409"].description).toContain("conflict");
  });
});

type TReply = { status: number; headers: Headers; body: any };

async function limitedCall(method: string, route: string, key: string, body?: unknown): Promise<TReply> {
  const response = await fetch(`${limited.server().baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The sliding window weighs fixed minutes together; keep a burst from straddling a boundary. */
async function awayFromWindowEdge() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 57_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 100));
}

describe.each([
  { route: "POST /v1/batches", limit: 2, success: 201, send: (key: string) => limitedCall("POST", "/v1/batches", key, { agent_type: "center", rows: [{ task: "one row" }] }) },
  { route: "POST /v1/webhooks/test/:orgId", limit: 3, success: 200, send: (key: string, orgId: string) => limitedCall("POST", `/v1/webhooks/test/${orgId}`, key) },
])("rate limit on $route", ({ limit, success, send }) => {
  it(`admits ${limit} calls a minute per key with RateLimit-* headers, then answers 429 rate_limited with Retry-After`, async () => {
    const { orgId, key } = await limited.createOrgKey("Fan-out Co");
    await awayFromWindowEdge();
    const replies: TReply[] = [];
    for (let index = 0; index <= limit; index += 1) replies.push(await send(key, orgId));
    expect(replies.map((reply) => reply.status)).toEqual([...Array(limit).fill(success), 429]);
    replies.forEach((reply, index) => {
      expect(reply.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(reply.headers.get("ratelimit-remaining")).toBe(String(Math.max(0, limit - index - 1)));
      expect(Number(reply.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    });
    const refused = replies.at(-1)!;
    expect(refused.body).toEqual({ error: "Rate limit exceeded", type: "rate_limited", message: expect.any(String), retry_after: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBe(refused.body.retry_after);

    // Another key of the same organization has a budget of its own.
    const second = await limited.cli("create-key", "--org", orgId, "--name", "second", "--scopes", "all", "--mode", "live");
    expect((await send(second.key, orgId)).status).toBe(success);
  });
});

describe("dashboard tRPC batches", () => {
  const batchOf = (count: number) => {
    const paths = Array.from({ length: count }, () => "session.me").join(",");
    const input = Object.fromEntries(Array.from({ length: count }, (_, index) => [String(index), {}]));
    return fetch(`${inject("baseUrl")}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
  };

  it(`answers a batch of up to ${TRPC_MAX_BATCH_SIZE} procedures`, async () => {
    const response = await batchOf(TRPC_MAX_BATCH_SIZE);
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown[]).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });

  it("refuses a larger batch with a typed 400 before any procedure runs", async () => {
    const response = await batchOf(TRPC_MAX_BATCH_SIZE + 1);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.data.httpStatus).toBe(400);
    expect(body.error.data.body).toMatchObject({ type: "validation_error", message: expect.stringMatching(/at most 10 procedures/) });
  });
});

describe("a malformed organization cookie", () => {
  it("is ignored: the member's own organization answers, on tRPC and on dashboard pages", async () => {
    for (const bad of ["%", "%E0%A4%A", "%zz"]) {
      const me = await fetch(`${inject("baseUrl")}/api/trpc/session.me`, { headers: { cookie: `${cookie}; aw_org=${bad}` } });
      expect(me.status).toBe(200);
      expect((await me.json()).result.data.current).toMatchObject({ organization_id: tenant.orgId });
      const runs = await fetch(`${inject("baseUrl")}/api/trpc/runs.list?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`, { headers: { cookie: `${cookie}; aw_org=${bad}` } });
      expect(runs.status).toBe(200);
      const page = await fetch(`${inject("baseUrl")}/runs`, { headers: { cookie: `${cookie}; aw_org=${bad}` } });
      expect(page.status).toBe(200);
    }
  });
});
