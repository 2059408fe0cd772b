// Rate limits over HTTP, on servers of this file's own: one with REDIS_URL (the
// @upstash/ratelimit algorithms on the local Redis), one without (the in-process backend).
// Strict limit 5/min per key, daily cap 40 calls per Growth organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SETTINGS = { RATE_LIMIT_STRICT_PER_MIN: "5", DAILY_CALL_CAP_GROWTH: "40" };

let withRedis: TOwnService;
let inProcess: TOwnService;

beforeAll(async () => {
  [withRedis, inProcess] = await Promise.all([createOwnService("ratelimit_redis"), createOwnService("ratelimit_memory")]);
  await Promise.all([withRedis.start({ ...SETTINGS, REDIS_URL }), inProcess.start(SETTINGS)]);
});

afterAll(async () => {
  await Promise.all([withRedis?.dispose(), inProcess?.dispose()]);
});

type TReply = { status: number; headers: Headers; body: any };

async function request(service: TOwnService, method: string, route: string, key: string, body?: unknown): Promise<TReply> {
  const response = await fetch(`${service.server().baseUrl}${route}`, {
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

const secondsUntilUtcMidnight = () => {
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  return Math.ceil((midnight.getTime() - Date.now()) / 1000);
};

function expectRateLimitHeaders(reply: TReply) {
  expect(reply.headers.get("ratelimit-limit")).toBe("5");
  expect(Number(reply.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
  expect(Number(reply.headers.get("ratelimit-remaining"))).toBeLessThan(5);
  const reset = Number(reply.headers.get("ratelimit-reset"));
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(60);
}

function expectRateLimited(reply: TReply) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({ error: "Rate limit exceeded", type: "rate_limited", message: expect.any(String), retry_after: expect.any(Number) });
  expect(reply.body.retry_after).toBeGreaterThanOrEqual(1);
  expect(Number(reply.headers.get("retry-after"))).toBe(reply.body.retry_after);
}

async function burstOfRuns(service: TOwnService, key: string, count: number): Promise<TReply[]> {
  await awayFromWindowEdge();
  return Promise.all(Array.from({ length: count }, (_, index) => request(service, "POST", "/v1/run", key, { task: `Burst ${index}` })));
}

describe.each([
  { backend: "Redis", service: () => withRedis },
  { backend: "in-process", service: () => inProcess },
])("strict limiter on POST /v1/run ($backend backend)", ({ service }) => {
  it("admits exactly 5 of 8 parallel requests and answers the other 3 with 429", async () => {
    const { key } = await service().createOrgKey("Burst Co");
    const replies = await burstOfRuns(service(), key, 8);
    // Statuses first, so a failure shows what came back instead of a bare count.
    expect(replies.map((reply) => reply.status).sort()).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    const accepted = replies.filter((reply) => reply.status === 202);
    const limited = replies.filter((reply) => reply.status !== 202);
    expect(accepted).toHaveLength(5);
    expect(limited).toHaveLength(3);
    for (const reply of limited) {
      expectRateLimited(reply);
      expect(reply.body.retry_after).toBeLessThanOrEqual(60);
      expect(reply.headers.get("ratelimit-remaining")).toBe("0");
    }
    for (const reply of replies) expectRateLimitHeaders(reply);
    expect(accepted.map((reply) => Number(reply.headers.get("ratelimit-remaining"))).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("gives a second API key of the same organization a budget of its own", async () => {
    const { orgId, key } = await service().createOrgKey("Two Keys Co");
    const { key: second } = await service().cli("create-key", "--org", orgId, "--name", "second", "--scopes", "all", "--mode", "live");
    const first = await burstOfRuns(service(), key, 6);
    expect(first.map((reply) => reply.status).sort()).toEqual([202, 202, 202, 202, 202, 429]);
    const other = await request(service(), "POST", "/v1/run", second, { task: "Own budget" });
    expect(other.status).toBe(202);
    expect(other.headers.get("ratelimit-remaining")).toBe("4");
  });

  it("leaves standard-limited routes their own (larger) budget", async () => {
    const { key } = await service().createOrgKey("Standard Co");
    await burstOfRuns(service(), key, 6);
    const listed = await request(service(), "GET", "/v1/runs", key);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("ratelimit-limit")).toBe("600");
  });
});

describe.each([
  { backend: "Redis", service: () => withRedis },
  { backend: "in-process", service: () => inProcess },
])("daily call cap ($backend backend)", ({ service }) => {
  it("refuses a Growth organization's 41st call of the UTC day until midnight", async () => {
    const { orgId, key } = await service().createOrgKey("Capped Co");
    const { key: second } = await service().cli("create-key", "--org", orgId, "--name", "second", "--scopes", "all", "--mode", "live");
    // 40 calls spread over two keys and several routes: the cap is the organization's.
    const calls = await Promise.all(
      Array.from({ length: 40 }, (_, index) => request(service(), "GET", index % 3 === 0 ? "/v1/usage" : "/v1/runs", index % 2 ? key : second)),
    );
    expect(calls.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);

    const refused = await request(service(), "GET", "/v1/runs", second);
    expectRateLimited(refused);
    expect(Math.abs(refused.body.retry_after - secondsUntilUtcMidnight())).toBeLessThanOrEqual(5);
    expect(refused.body.retry_after).toBeLessThanOrEqual(86_400);
    const alsoRefused = await request(service(), "POST", "/v1/run", key, { task: "Over the cap" });
    expectRateLimited(alsoRefused);

    // Another Growth organization is unaffected.
    const { key: neighbour } = await service().createOrgKey("Neighbour Co");
    expect((await request(service(), "GET", "/v1/runs", neighbour)).status).toBe(200);
  });

  it("does not cap an Enterprise organization", async () => {
    const org = await service().cli("create-org", "--name", "Big Co", "--plan", "enterprise");
    const { key } = await service().cli("create-key", "--org", org.id, "--name", "k", "--scopes", "all", "--mode", "live");
    const calls = await Promise.all(Array.from({ length: 45 }, () => request(service(), "GET", "/v1/runs", key)));
    expect(calls.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
  });
});
