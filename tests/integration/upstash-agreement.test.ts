// The admission script's sliding window claims to be @upstash/ratelimit's `slidingWindow`
// to the letter, on the same keys. Checked against the library itself on a real Redis:
// calls answered alternately by the library and by the script share one window and count
// exactly as if one of them answered all of them.
import { randomUUID } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { afterAll, describe, expect, it } from "vitest";
import { IORedisAdapter } from "../../src/domains/limits/redis-adapter.ts";
import { admitThroughRedis } from "../../src/domains/limits/redis-admission.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const TOKENS = 5;
const WINDOW_MS = 60_000;

const redis = new IORedisAdapter(REDIS_URL);
afterAll(() => redis.quit());

describe("admission script vs @upstash/ratelimit slidingWindow", () => {
  it("shares the library's window: alternating answers count as one limiter", async () => {
    // Keep the eight calls inside one fixed window.
    const intoWindow = Date.now() % WINDOW_MS;
    if (intoWindow > WINDOW_MS - 2_000) await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - intoWindow + 50));

    const prefix = `test:agreement:${randomUUID()}`;
    const identifier = "key-1";
    const library = new Ratelimit({
      redis: redis as never,
      limiter: Ratelimit.slidingWindow(TOKENS, `${WINDOW_MS} ms`),
      prefix,
      analytics: false,
    });
    const script = () =>
      admitThroughRedis(redis, { window: { keyPrefix: `${prefix}:${identifier}`, tokens: TOKENS, windowMs: WINDOW_MS } });

    const answers: { by: string; success: boolean; remaining: number }[] = [];
    for (let call = 0; call < 8; call += 1) {
      if (call % 2 === 0) {
        const result = await library.limit(identifier);
        answers.push({ by: "library", success: result.success, remaining: result.remaining });
      } else {
        const { window } = await script();
        answers.push({ by: "script", success: window!.success, remaining: window!.remaining });
      }
    }
    expect(answers.map((answer) => answer.success)).toEqual([true, true, true, true, true, false, false, false]);
    expect(answers.slice(0, 5).map((answer) => answer.remaining)).toEqual([4, 3, 2, 1, 0]);
  });
});
