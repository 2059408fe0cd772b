// One contract, two backends: the in-process sliding window and @upstash/ratelimit over a
// real Redis (127.0.0.1:6379) through the ioredis adapter must behave the same. Every test
// uses its own key prefix so runs never share counters in Redis.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimiter, type TManagedRateLimiter, type TRateLimiterSettings } from "../../src/domains/limits/create-rate-limiter.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const L = 10;
const DAILY_CAP = 5;

const base: TRateLimiterSettings = {
  REDIS_URL: undefined,
  UPSTASH_REDIS_REST_URL: undefined,
  UPSTASH_REDIS_REST_TOKEN: undefined,
  RATE_LIMIT_STRICT_PER_MIN: L,
  RATE_LIMIT_STANDARD_PER_MIN: 100,
  DAILY_CALL_CAP_GROWTH: DAILY_CAP,
};

const opened: TManagedRateLimiter[] = [];
afterAll(async () => {
  await Promise.all(opened.map((limiter) => limiter.close()));
});

/** A limiter with a prefix of its own, so no test sees another's (or an earlier run's) counts. */
function limiterFor(settings: Partial<TRateLimiterSettings>): { limiter: TManagedRateLimiter; prefix: string } {
  const prefix = `test:limits:${randomUUID()}`;
  const limiter = createRateLimiter({ ...base, ...settings }, { keyPrefix: prefix });
  opened.push(limiter);
  return { limiter, prefix };
}

/** The window is fixed minutes weighted together; keep a burst from straddling a boundary. */
async function awayFromWindowEdge() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 58_500) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
}

describe.each([
  { backend: "memory", settings: {} },
  { backend: "redis", settings: { REDIS_URL } },
] as const)("rate limiter contract: $backend backend", ({ backend, settings }) => {
  it(`is the ${backend} backend`, () => {
    expect(limiterFor(settings).limiter.backend).toBe(backend);
  });

  it(`admits exactly ${L} of 30 parallel checks`, async () => {
    const { limiter } = limiterFor(settings);
    await awayFromWindowEdge();
    const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.check("strict", "key-a")));
    expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(L);
    expect(decisions.filter((decision) => decision && !decision.allowed)).toHaveLength(30 - L);
    for (const decision of decisions) {
      expect(decision!.limit).toBe(L);
      expect(decision!.remaining).toBeGreaterThanOrEqual(0);
      expect(decision!.remaining).toBeLessThan(L);
    }
    expect(decisions.filter((decision) => decision?.allowed).map((decision) => decision!.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: L }, (_, index) => index),
    );
  });

  it("reports a reset within (0, 60 s] and a Retry-After of at least 1 s", async () => {
    const { limiter } = limiterFor(settings);
    await awayFromWindowEdge();
    const decisions = await Promise.all(Array.from({ length: L + 1 }, () => limiter.check("strict", "key-b")));
    const now = Date.now();
    for (const decision of decisions) {
      expect(decision!.resetAt - now).toBeGreaterThan(0);
      expect(decision!.resetAt - now).toBeLessThanOrEqual(60_000);
    }
    const refused = decisions.find((decision) => !decision!.allowed)!;
    const retryAfter = Math.max(1, Math.ceil((refused.resetAt - now) / 1000));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("gives separate identifiers and separate policies separate budgets", async () => {
    const { limiter } = limiterFor(settings);
    await awayFromWindowEdge();
    await Promise.all(Array.from({ length: L }, () => limiter.check("strict", "key-c")));
    expect((await limiter.check("strict", "key-c"))!.allowed).toBe(false);
    const other = await limiter.check("strict", "key-d");
    expect(other).toMatchObject({ allowed: true, limit: L, remaining: L - 1 });
    const standard = await limiter.check("standard", "key-c");
    expect(standard).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
  });

  it("answers whether one more would be admitted without spending it (consume: false), as sign-in lockouts need", async () => {
    const { limiter } = limiterFor({ ...settings, SIGN_IN_FAILURES_PER_ACCOUNT: 3, SIGN_IN_FAILURES_WINDOW_SECONDS: 900 });
    const peek = () => limiter.check("sign-in-failures", "account:address", { consume: false });
    for (let index = 0; index < 5; index += 1) expect(await peek()).toMatchObject({ allowed: true, limit: 3, remaining: 3 });
    for (let failure = 0; failure < 3; failure += 1) expect((await limiter.check("sign-in-failures", "account:address"))!.allowed).toBe(true);
    const locked = await peek();
    expect(locked).toMatchObject({ allowed: false, remaining: 0 });
    // A 15-minute window: the lockout lasts until that window moves on.
    expect(locked!.resetAt - Date.now()).toBeLessThanOrEqual(900_000);
    expect((await limiter.check("sign-in-failures", "account:elsewhere", { consume: false }))!.allowed).toBe(true);
  });

  it(`counts the daily cap per organization and refuses past ${DAILY_CAP} calls`, async () => {
    const { limiter } = limiterFor(settings);
    const first = await Promise.all(Array.from({ length: DAILY_CAP + 2 }, () => limiter.dailyCap("org-1", "growth")));
    expect(first.filter((decision) => decision!.allowed)).toHaveLength(DAILY_CAP);
    expect(first.filter((decision) => !decision!.allowed)).toHaveLength(2);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    for (const decision of first) {
      expect(decision).toMatchObject({ limit: DAILY_CAP, resetAt: midnight.getTime() });
    }
    expect((await limiter.dailyCap("org-2", "growth"))!).toMatchObject({ allowed: true, remaining: DAILY_CAP - 1 });
    expect(await limiter.dailyCap("org-3", "enterprise")).toBeNull();
  });

  it("decides the daily cap and the window of one call together, spending the window only when the day admits", async () => {
    const { limiter } = limiterFor(settings);
    await awayFromWindowEdge();
    const call = { daily: { organizationId: "org-5", plan: "growth" }, rate: { policy: "strict" as const, identifier: "key-f" } };
    const admitted = [];
    for (let index = 0; index < DAILY_CAP; index += 1) admitted.push(await limiter.admit(call));
    admitted.forEach(({ daily, rate }, index) => {
      expect(daily).toMatchObject({ allowed: true, limit: DAILY_CAP, remaining: DAILY_CAP - index - 1 });
      expect(rate).toMatchObject({ allowed: true, limit: L, remaining: L - index - 1 });
    });
    // Past the day's cap: refused there, and the window is left alone.
    const refused = await limiter.admit(call);
    expect(refused).toEqual({ daily: expect.objectContaining({ allowed: false, remaining: 0 }), rate: null });
    expect(await limiter.check("strict", "key-f")).toMatchObject({ allowed: true, remaining: L - DAILY_CAP - 1 });
    // An uncapped plan and no policy: nothing to decide.
    expect(await limiter.admit({ daily: { organizationId: "org-6", plan: "enterprise" } })).toEqual({ daily: null, rate: null });
    // A window refusal still counts the call against the day.
    const { limiter: strictOnly } = limiterFor({ ...settings, RATE_LIMIT_STRICT_PER_MIN: 1 });
    const first = await strictOnly.admit({ ...call, daily: { organizationId: "org-7", plan: "growth" } });
    const second = await strictOnly.admit({ ...call, daily: { organizationId: "org-7", plan: "growth" } });
    expect(first.rate).toMatchObject({ allowed: true, remaining: 0 });
    expect(second).toMatchObject({ daily: { allowed: true, remaining: DAILY_CAP - 2 }, rate: { allowed: false, remaining: 0 } });
  });
});

describe("redis backend", () => {
  it("when Redis is unreachable, skips the daily cap and limits in process, promptly", async () => {
    const { limiter } = limiterFor({ REDIS_URL: "redis://127.0.0.1:1", RATE_LIMIT_BACKEND_TIMEOUT_MS: 300 });
    await awayFromWindowEdge();
    const started = Date.now();
    const decisions = [];
    for (let call = 0; call < L + 2; call += 1) {
      decisions.push(await limiter.admit({ daily: { organizationId: "org-8", plan: "growth" }, rate: { policy: "strict", identifier: "key-g" } }));
    }
    // The first call waits for Redis at most the timeout; the others do not wait at all.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(decisions.every((decision) => decision.daily === null)).toBe(true);
    expect(decisions.map((decision) => decision.rate?.allowed)).toEqual([...Array(L).fill(true), false, false]);
  });

  it("keeps its counters in Redis under its prefix, with expiries", async () => {
    const { limiter, prefix } = limiterFor({ REDIS_URL });
    await limiter.check("strict", "key-e");
    await limiter.dailyCap("org-4", "growth");
    const redis = new Redis(REDIS_URL);
    try {
      const keys = (await redis.keys(`${prefix}:*`)).sort();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}:daily:org-4:\\d{4}-\\d{2}-\\d{2}$`));
      expect(keys[1]).toMatch(new RegExp(`^${prefix}:strict:key-e:\\d+$`));
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
      // Two limiters over the same Redis and prefix share one budget (several instances).
      const twin = createRateLimiter({ ...base, REDIS_URL }, { keyPrefix: prefix });
      opened.push(twin);
      expect((await twin.check("strict", "key-e"))!.remaining).toBe(L - 2);
    } finally {
      redis.disconnect();
    }
  });
});

describe.each([
  { backend: "memory", settings: {} },
  { backend: "redis", settings: { REDIS_URL } },
] as const)("stream slots: $backend backend", ({ settings }) => {
  it("admits STREAMS_PER_API_KEY streams per key, refuses the next, and frees a slot on release", async () => {
    const { limiter } = limiterFor({ ...settings, STREAMS_PER_API_KEY: 3 });
    const held = await Promise.all(Array.from({ length: 3 }, () => limiter.openStream("key-s")));
    expect(held.every((admission) => admission.admitted)).toBe(true);
    expect(await limiter.openStream("key-s")).toMatchObject({ admitted: false, limit: 3, retryAfterSeconds: expect.any(Number) });
    expect((await limiter.openStream("key-t")).admitted).toBe(true);
    const first = held[0]!;
    if (!first.admitted) throw new Error("unreachable");
    first.slot.release();
    first.slot.release(); // twice: still one slot
    expect((await limiter.openStream("key-s")).admitted).toBe(true);
    expect((await limiter.openStream("key-s")).admitted).toBe(false);
  });
});

describe("stream slots across instances", () => {
  it("two limiters on one Redis and prefix share one key's slots", async () => {
    const { limiter, prefix } = limiterFor({ REDIS_URL, STREAMS_PER_API_KEY: 2 });
    const twin = createRateLimiter({ ...base, REDIS_URL, STREAMS_PER_API_KEY: 2 }, { keyPrefix: prefix });
    opened.push(twin);
    const one = await limiter.openStream("key-u");
    expect((await twin.openStream("key-u")).admitted).toBe(true);
    expect((await twin.openStream("key-u")).admitted).toBe(false);
    if (one.admitted) one.slot.release();
    await expect.poll(async () => (await twin.openStream("key-u")).admitted).toBe(true);
  });
});
