// Chooses the rate-limiter backend from configuration:
//   UPSTASH_REDIS_REST_URL + _TOKEN → one Lua script (redis-admission.ts) over @upstash/redis (REST);
//   REDIS_URL                       → the same script over ioredis (redis-adapter.ts);
//   neither                         → in-process sliding window (memory-store.ts).
// All three apply the policies of policies.ts with @upstash/ratelimit's sliding-window
// semantics, and decide a call's daily cap and rate-limit policy together (one round trip).
import { Redis as UpstashRedis } from "@upstash/redis";
import type { TEnv } from "../../foundation/env.ts";
import { logger } from "../../foundation/logger.ts";
import { InMemoryExpiringCounters, InMemorySlidingWindow } from "./memory-store.ts";
import { dailyCapsFrom, policiesFrom, utcDay } from "./policies.ts";
import type { TAdmission, TRateLimitDecision, TRateLimiter, TRateLimitPolicy } from "./rate-limiter.ts";
import { admitThroughRedis, type TAdmissionRequest, type TAdmissionResult, type TEvalRedis } from "./redis-admission.ts";
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

export function createRateLimiter(settings: TRateLimiterSettings, options: TRateLimiterOptions = {}): TManagedRateLimiter {
  const prefix = options.keyPrefix ?? "aw:ratelimit";
  const policies = policiesFrom(settings);
  const dailyCaps = dailyCapsFrom(settings);
  const policyNames = Object.keys(policies) as TRateLimitPolicy[];

  let backend: TRateLimiterBackend;
  let admit: (request: TAdmissionRequest & { policy?: TRateLimitPolicy; identifier?: string }) => Promise<TAdmissionResult>;
  let close = async (): Promise<void> => undefined;

  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) {
    backend = "upstash";
    const redis = new UpstashRedis({ url: settings.UPSTASH_REDIS_REST_URL, token: settings.UPSTASH_REDIS_REST_TOKEN });
    admit = (request) => admitThroughRedis(redis as unknown as TEvalRedis, request);
  } else if (settings.REDIS_URL) {
    backend = "redis";
    const adapter = new IORedisAdapter(settings.REDIS_URL);
    admit = (request) => admitThroughRedis(adapter as unknown as TEvalRedis, request);
    close = () => adapter.quit();
  } else {
    backend = "memory";
    const windows = Object.fromEntries(
      policyNames.map((name) => [name, new InMemorySlidingWindow(policies[name].limit, policies[name].windowMs)]),
    ) as Record<TRateLimitPolicy, InMemorySlidingWindow>;
    const counters = new InMemoryExpiringCounters();
    admit = async ({ daily, policy, identifier }) => {
      const dailyCount = daily ? counters.increment(daily.key, daily.expiresAt) : null;
      const refusedForTheDay = daily !== undefined && dailyCount! > daily.cap;
      const window = policy && identifier !== undefined && !refusedForTheDay ? windows[policy].take(identifier) : null;
      return { dailyCount, window };
    };
  }

  // A backend outage must not take the API down with it: admit and log (fail open).
  const failOpen = (what: string) => (error: unknown) => {
    logger.warn(`rate limiter unavailable; admitting the request`, { check: what, backend, error: String(error) });
    return { dailyCount: null, window: null };
  };

  async function decide(call: TAdmission): Promise<{ daily: TRateLimitDecision | null; rate: TRateLimitDecision | null }> {
    const cap = call.daily ? dailyCaps[call.daily.plan] : undefined;
    const day = cap === undefined ? undefined : utcDay();
    const policy = call.rate && policies[call.rate.policy] ? call.rate.policy : undefined;
    if (!day && !policy) return { daily: null, rate: null };
    const result = await admit({
      daily: day && call.daily ? { key: `${prefix}:daily:${call.daily.organizationId}:${day.label}`, cap: cap!, expiresAt: day.endsAt } : undefined,
      window: policy ? { keyPrefix: `${prefix}:${policy}:${call.rate!.identifier}`, tokens: policies[policy].limit, windowMs: policies[policy].windowMs } : undefined,
      policy,
      identifier: call.rate?.identifier,
    }).catch(failOpen(policy ? `${policy}${day ? "+daily" : ""}` : "daily"));
    const daily =
      day && result.dailyCount !== null
        ? { allowed: result.dailyCount <= cap!, limit: cap!, remaining: Math.max(0, cap! - result.dailyCount), resetAt: day.endsAt }
        : null;
    const rate = result.window
      ? { allowed: result.window.success, limit: result.window.limit, remaining: result.window.remaining, resetAt: result.window.reset }
      : null;
    return { daily, rate };
  }

  return {
    backend,
    close,
    admit: decide,
    check: async (policy, identifier) => (await decide({ rate: { policy, identifier } })).rate,
    dailyCap: async (organizationId, plan) => (await decide({ daily: { organizationId, plan } })).daily,
  };
}
