// Chooses the rate-limiter backend from configuration:
//   UPSTASH_REDIS_REST_URL + _TOKEN → @upstash/ratelimit over @upstash/redis (REST);
//   REDIS_URL                       → @upstash/ratelimit over ioredis (redis-adapter.ts);
//   neither                         → in-process sliding window (memory-store.ts).
// All three apply the policies of policies.ts with the same sliding-window semantics.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import type { TEnv } from "../../foundation/env.ts";
import { logger } from "../../foundation/logger.ts";
import { InMemoryExpiringCounters, InMemorySlidingWindow } from "./memory-store.ts";
import { dailyCapsFrom, policiesFrom, utcDay } from "./policies.ts";
import type { TRateLimitDecision, TRateLimiter, TRateLimitPolicy } from "./rate-limiter.ts";
import { IORedisAdapter } from "./redis-adapter.ts";

export type TRateLimiterBackend = "upstash" | "redis" | "memory";

export type TManagedRateLimiter = TRateLimiter & {
  backend: TRateLimiterBackend;
  /** Closes the backend's connection (a no-op in process). */
  close: () => Promise<void>;
};

export type TRateLimiterSettings = Pick<
  TEnv,
  | "REDIS_URL"
  | "UPSTASH_REDIS_REST_URL"
  | "UPSTASH_REDIS_REST_TOKEN"
  | "RATE_LIMIT_STRICT_PER_MIN"
  | "RATE_LIMIT_STANDARD_PER_MIN"
  | "DAILY_CALL_CAP_GROWTH"
>;

export type TRateLimiterOptions = {
  /** Prefix of every Redis key (tests use a unique one per run). */
  keyPrefix?: string;
};

/** The subset of a Redis client both backends share: @upstash/redis has it natively. */
type TEvalRedis = { eval: (script: string, keys: string[], args: (string | number)[]) => Promise<unknown> };

const DAILY_INCREMENT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIREAT", KEYS[1], ARGV[1]) end
return count`;

export function createRateLimiter(settings: TRateLimiterSettings, options: TRateLimiterOptions = {}): TManagedRateLimiter {
  const prefix = options.keyPrefix ?? "aw:ratelimit";
  const policies = policiesFrom(settings);
  const dailyCaps = dailyCapsFrom(settings);
  const policyNames = Object.keys(policies) as TRateLimitPolicy[];

  let backend: TRateLimiterBackend;
  let take: (policy: TRateLimitPolicy, identifier: string) => Promise<{ success: boolean; limit: number; remaining: number; reset: number }>;
  let incrementDaily: (key: string, expiresAt: number) => Promise<number>;
  let close = async (): Promise<void> => undefined;

  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) {
    backend = "upstash";
    const redis = new UpstashRedis({ url: settings.UPSTASH_REDIS_REST_URL, token: settings.UPSTASH_REDIS_REST_TOKEN });
    ({ take, incrementDaily } = overRedis(redis, redis));
  } else if (settings.REDIS_URL) {
    backend = "redis";
    const adapter = new IORedisAdapter(settings.REDIS_URL);
    ({ take, incrementDaily } = overRedis(adapter as unknown as UpstashRedis, adapter));
    close = () => adapter.quit();
  } else {
    backend = "memory";
    const windows = Object.fromEntries(
      policyNames.map((name) => [name, new InMemorySlidingWindow(policies[name].limit, policies[name].windowMs)]),
    ) as Record<TRateLimitPolicy, InMemorySlidingWindow>;
    const counters = new InMemoryExpiringCounters();
    take = async (policy, identifier) => windows[policy].take(identifier);
    incrementDaily = async (key, expiresAt) => counters.increment(key, expiresAt);
  }

  function overRedis(redis: UpstashRedis, evalRedis: TEvalRedis) {
    const limiters = Object.fromEntries(
      policyNames.map((name) => [
        name,
        new Ratelimit({
          redis,
          limiter: Ratelimit.slidingWindow(policies[name].limit, `${policies[name].windowMs} ms`),
          prefix: `${prefix}:${name}`,
          analytics: false,
        }),
      ]),
    ) as Record<TRateLimitPolicy, Ratelimit>;
    return {
      take: (policy: TRateLimitPolicy, identifier: string) => limiters[policy].limit(identifier),
      incrementDaily: async (key: string, expiresAt: number) =>
        Number(await evalRedis.eval(DAILY_INCREMENT_SCRIPT, [key], [expiresAt])),
    };
  }

  // A backend outage must not take the API down with it: admit and log (fail open).
  const failOpen = (what: string) => (error: unknown) => {
    logger.warn(`rate limiter unavailable; admitting the request`, { check: what, backend, error: String(error) });
    return null;
  };

  return {
    backend,
    close,
    async check(policy, identifier): Promise<TRateLimitDecision | null> {
      if (!policies[policy]) return null;
      return take(policy, identifier)
        .then((result) => ({ allowed: result.success, limit: result.limit, remaining: result.remaining, resetAt: result.reset }))
        .catch(failOpen(policy));
    },
    async dailyCap(organizationId, plan): Promise<TRateLimitDecision | null> {
      const cap = dailyCaps[plan];
      if (cap === undefined) return null;
      const day = utcDay();
      return incrementDaily(`${prefix}:daily:${organizationId}:${day.label}`, day.endsAt)
        .then((count) => ({ allowed: count <= cap, limit: cap, remaining: Math.max(0, cap - count), resetAt: day.endsAt }))
        .catch(failOpen("daily"));
    },
  };
}
