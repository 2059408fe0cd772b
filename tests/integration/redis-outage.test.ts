// Redis taken away from one real server (a fault proxy between it and 127.0.0.1:6379),
// refused ("down") and then silent ("hang"): calls are still answered promptly, the rate
// limit still refuses the 6th call per instance, the daily cap is skipped (fail open), one
// warning is logged per outage and one line when Redis answers again, after which the
// limits are shared through Redis again — proven by a second server on the same Redis and
// database, and by the daily counter in Redis. A server whose REDIS_URL points at a closed
// port starts and serves. Limits: 5 calls per minute per key (standard), 12 calls a day,
// 2 open event streams per key.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type TFaultProxy } from "../helpers/fault-proxy.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { startServer, type TRunningServer } from "../helpers/processes.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const LIMIT = 5;
const DAILY_CAP = 12;
const SETTINGS = {
  RATE_LIMIT_STANDARD_PER_MIN: String(LIMIT),
  DAILY_CALL_CAP_GROWTH: String(DAILY_CAP),
  RATE_LIMIT_BACKEND_PROBE_MS: "250",
  STREAMS_PER_API_KEY: "2",
  // Runs stay in progress, so their event streams stay open until closed.
  AGENT_LATENCY_MS: "600000",
  LOG_LEVEL: "info",
};
const OUTAGE_LINE = "rate limiter backend unavailable; falling back to per-instance limits";
const RECOVERY_LINE = "rate limiter backend recovered";
/** Far above the limiter's bounded wait (500 ms), far below a request stuck on Redis. */
const PROMPT_MS = 5_000;

let proxy: TFaultProxy;
let service: TOwnService;
/** A second instance on the same database, straight on Redis (never behind the proxy). */
let twin: TRunningServer;
let twinDataDir: string;
let redis: Redis;
/** An organization that spent its daily cap through Redis before the outages. */
let capped: { orgId: string; key: string };

beforeAll(async () => {
  const redisAddress = new URL(REDIS_URL);
  proxy = await startFaultProxy({ host: redisAddress.hostname, port: Number(redisAddress.port || 6379) });
  service = await createOwnService("redis_outage");
  await service.start({ ...SETTINGS, REDIS_URL: proxy.url(REDIS_URL) });
  twinDataDir = mkdtempSync(path.join(os.tmpdir(), "aw-redis-outage-twin-"));
  twin = await startServer({ ...SETTINGS, DATABASE_URL: service.databaseUrl, DATA_DIR: twinDataDir, REDIS_URL });
  redis = new Redis(REDIS_URL);
}, 180_000);

afterAll(async () => {
  redis?.disconnect();
  await twin?.stop("SIGKILL");
  if (twinDataDir) rmSync(twinDataDir, { recursive: true, force: true });
  await service?.dispose();
  await proxy?.close();
});

type TReply = { status: number; body: any; headers: Headers; ms: number };

async function call(server: TRunningServer, route: string, key: string): Promise<TReply> {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}${route}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json(), headers: response.headers, ms: Date.now() - started };
}

/** The sliding window weighs fixed minutes together; keep a burst from straddling a boundary. */
async function awayFromWindowEdge() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 100));
}

const count = (text: string, line: string) => text.split("\n").filter((entry) => entry.includes(`"message":"${line}"`)).length;
const outages = () => count(service.server().output(), OUTAGE_LINE);
const recoveries = () => count(service.server().output(), RECOVERY_LINE);

function expectRateLimited(reply: TReply, message: RegExp) {
  expect(reply.status).toBe(429);
  expect(reply.body).toMatchObject({ type: "rate_limited", error: "Rate limit exceeded", retry_after: expect.any(Number) });
  expect(reply.body.message).toMatch(message);
  expect(reply.headers.get("retry-after")).toBe(String(reply.body.retry_after));
}

/** The day's call count Redis holds for an organization (null: no key). */
async function dailyCount(orgId: string): Promise<number | null> {
  const keys = await redis.keys(`aw:ratelimit:daily:${orgId}:*`);
  if (keys.length === 0) return null;
  return Number(await redis.get(keys[0]!));
}

/** Six calls of one key, three on each instance, in turn: the 6th is refused only if they share one budget. */
async function sharedBurst(key: string): Promise<number[]> {
  await awayFromWindowEdge();
  const statuses: number[] = [];
  for (let index = 0; index < LIMIT + 1; index += 1) {
    statuses.push((await call(index % 2 ? twin : service.server(), "/v1/runs?limit=1", key)).status);
  }
  return statuses;
}

/** During an outage: one instance limits alone (5 admitted, the 6th refused), promptly; the daily cap is not applied. */
async function expectPerInstanceLimits(label: string) {
  const { key } = await service.createOrgKey(`${label} Co`);
  await awayFromWindowEdge();
  const replies: TReply[] = [];
  for (let index = 0; index < LIMIT + 1; index += 1) replies.push(await call(service.server(), "/v1/runs?limit=1", key));
  expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 429]);
  expectRateLimited(replies[LIMIT]!, /rate limit/i);
  // The capped organization is let through: the cap fails open. Many calls, each prompt.
  const capSkipped = await Promise.all(Array.from({ length: 20 }, () => call(service.server(), "/v1/usage", capped.key)));
  expect(capSkipped.map((reply) => reply.status)).toEqual(Array(20).fill(200));
  for (const reply of [...replies, ...capSkipped]) expect(reply.ms).toBeLessThan(PROMPT_MS);
}

/** Opens a run's event stream; `close` ends it from the client's side. */
async function openStream(server: TRunningServer, key: string, runId: string): Promise<{ status: number; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/v1/runs/${runId}/stream`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
  if (response.status === 200) await response.body!.getReader().read();
  else await response.body?.cancel();
  return { status: response.status, close: () => controller.abort() };
}

/** An organization with a key and a run in progress to stream. */
async function streamable(name: string): Promise<{ key: string; runId: string }> {
  const { key } = await service.createOrgKey(name);
  const created = await service.api("POST", "/v1/run", key, { task: "Stream me" });
  expect(created.status).toBe(202);
  return { key, runId: created.body.run_id };
}

describe.sequential("limits while Redis comes and goes", () => {
  it("before any outage: one rate budget and one stream cap through Redis across both instances, and the daily cap holds", async () => {
    const { key } = await service.createOrgKey("Shared Co");
    expect(await sharedBurst(key)).toEqual([200, 200, 200, 200, 200, 429]);

    capped = await service.createOrgKey("Capped Co");
    const spent = await Promise.all(Array.from({ length: DAILY_CAP }, () => call(service.server(), "/v1/usage", capped.key)));
    expect(spent.map((reply) => reply.status)).toEqual(Array(DAILY_CAP).fill(200));
    expectRateLimited(await call(twin, "/v1/usage", capped.key), /daily/i);
    expect(await dailyCount(capped.orgId)).toBe(DAILY_CAP + 1);

    // The stream cap (2) is one budget across both instances.
    const { key: streamKey, runId } = await streamable("Streaming Co");
    const streams = [await openStream(service.server(), streamKey, runId), await openStream(twin, streamKey, runId)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    const third = await openStream(service.server(), streamKey, runId);
    expect(third.status).toBe(429);
    for (const stream of streams) stream.close();
    expect(outages()).toBe(0);
  });

  it("Redis refusing connections: answers promptly, limits rates and streams per instance, skips the cap, warns once", async () => {
    await proxy.down();
    await expectPerInstanceLimits("Refused");
    await expectPerInstanceLimits("Refused Again");
    // Streams are capped per instance.
    const { key: streamKey, runId } = await streamable("Streaming While Down Co");
    const streams = [await openStream(service.server(), streamKey, runId), await openStream(service.server(), streamKey, runId)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    expect((await openStream(service.server(), streamKey, runId)).status).toBe(429);
    for (const stream of streams) stream.close();
    expect(outages()).toBe(1);
    // The instance that still reaches Redis still applies the cap.
    expectRateLimited(await call(twin, "/v1/usage", capped.key), /daily/i);
  });

  it("Redis back: one recovery line, and the budget is shared through Redis again", async () => {
    const countBefore = await dailyCount(capped.orgId);
    await proxy.up();
    await expect.poll(recoveries, { timeout: 20_000, interval: 200 }).toBe(1);
    const { key } = await service.createOrgKey("Shared Again Co");
    expect(await sharedBurst(key)).toEqual([200, 200, 200, 200, 200, 429]);
    // The cap is back too: counted in Redis again, and refused there.
    expectRateLimited(await call(service.server(), "/v1/usage", capped.key), /daily/i);
    expect(await dailyCount(capped.orgId)).toBe(countBefore! + 1);
    expect(outages()).toBe(1);
  });

  it("Redis silent (accepts, never answers): the same, and one more warning and recovery", async () => {
    await proxy.hang();
    await expectPerInstanceLimits("Silent");
    await expectPerInstanceLimits("Silent Again");
    expect(outages()).toBe(2);
    await proxy.up();
    await expect.poll(recoveries, { timeout: 20_000, interval: 200 }).toBe(2);
    const { key } = await service.createOrgKey("Shared Once More Co");
    expect(await sharedBurst(key)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(outages()).toBe(2);
  });
});

describe("a server whose REDIS_URL points at a closed port", () => {
  it("starts, serves, limits in process and warns once", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-redis-closed-"));
    const server = await startServer({ ...SETTINGS, DATABASE_URL: service.databaseUrl, DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    try {
      const { key } = await service.createOrgKey("Closed Port Co");
      await awayFromWindowEdge();
      const replies: TReply[] = [];
      for (let index = 0; index < LIMIT + 1; index += 1) replies.push(await call(server, "/v1/runs?limit=1", key));
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 429]);
      for (const reply of replies) expect(reply.ms).toBeLessThan(PROMPT_MS);
      expect(count(server.output(), OUTAGE_LINE)).toBe(1);
    } finally {
      await server.stop("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
