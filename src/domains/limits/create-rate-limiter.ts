// Chooses the rate-limiter backend from configuration:
//   UPSTASH_REDIS_REST_URL + _TOKEN → one Lua script (redis-admission.ts) over @upstash/redis (REST);
//   REDIS_URL                       → the same script over ioredis (redis-adapter.ts);
//   neither                         → in-process sliding window (memory-store.ts).
// All three apply the policies of policies.ts with @upstash/ratelimit's sliding-window
// semantics, and decide a call's daily cap and rate-limit policy together (one round trip).
// While a Redis/Upstash backend is down (backend-health.ts) the rate limit falls back to the
// in-process window, each instance enforcing the policy alone (with N instances a key gets at
// most N× its limit, never unlimited), and the daily cap is not counted (fails open): it is
// a day-long count no instance can rebuild, and credits, in PostgreSQL, still bound spending.
import { Redis as UpstashRedis } from "@upstash/redis";
import type { TEnv } from "../../foundation/env.ts";
import { BackendHealth } from "./backend-health.ts";
import { InMemoryExpiringCounters, InMemorySlidingWindow } from "./memory-store.ts";
import { dailyCapsFrom, policiesFrom, utcDay, type TSignInPolicySettings } from "./policies.ts";
import type { TAdmission, TRateLimitDecision, TRateLimiter, TRateLimitPolicy } from "./rate-limiter.ts";
import { admitThroughRedis, type TAdmissionRequest, type TAdmissionResult, type TEvalRedis } from "./redis-admission.ts";
import { IORedisAdapter } from "./redis-adapter.ts";
import { StreamSlots } from "./stream-slots.ts";

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
> &
  Partial<
    Pick<
      TEnv,
      | "RATE_LIMIT_BACKEND_TIMEOUT_MS"
      | "RATE_LIMIT_BACKEND_PROBE_MS"
      | "STREAMS_PER_API_KEY"
      | "STREAMS_PER_MEMBER"
      | "RATE_LIMIT_BATCHES_PER_MIN"
      | "RATE_LIMIT_WEBHOOK_TESTS_PER_MIN"
    >
  > &
  TSignInPolicySettings;

export type TRateLimiterOptions = {
  /** Prefix of every Redis key (tests use a unique one per run). */
  keyPrefix?: string;
};

export function createRateLimiter(settings: TRateLimiterSettings, options: TRateLimiterOptions = {}): TManagedRateLimiter {
  const prefix = options.keyPrefix ?? "aw:ratelimit";
  const policies = policiesFrom(settings);
  const dailyCaps = dailyCapsFrom(settings);
  const policyNames = Object.keys(policies) as TRateLimitPolicy[];

  const windows = Object.fromEntries(
    policyNames.map((name) => [name, new InMemorySlidingWindow(policies[name].limit, policies[name].windowMs)]),
  ) as Record<TRateLimitPolicy, InMemorySlidingWindow>;
  const counters = new InMemoryExpiringCounters();
  type TRequest = TAdmissionRequest & { policy?: TRateLimitPolicy; identifier?: string };
  const takeInProcess = ({ policy, identifier, window }: TRequest) =>
    policy && identifier !== undefined ? windows[policy].take(identifier, Date.now(), window?.consume !== false) : null;
  const admitInProcess = async (request: TRequest): Promise<TAdmissionResult> => {
    const { daily } = request;
    const dailyCount = daily ? counters.increment(daily.key, daily.expiresAt) : null;
    const refusedForTheDay = daily !== undefined && dailyCount! > daily.cap;
    return { dailyCount, window: refusedForTheDay ? null : takeInProcess(request) };
  };

  const shared = sharedBackend(settings);
  const backend: TRateLimiterBackend = shared?.backend ?? "memory";
  const health =
    shared &&
    new BackendHealth({
      backend,
      probe: shared.ping,
      timeoutMs: settings.RATE_LIMIT_BACKEND_TIMEOUT_MS ?? 500,
      probeIntervalMs: settings.RATE_LIMIT_BACKEND_PROBE_MS ?? 1_000,
    });
  const admit = (request: TRequest): Promise<TAdmissionResult> =>
    shared && health
      ? health.attempt(
          () => admitThroughRedis(shared.redis, request),
          // The window in process; the daily cap skipped (the module's header says why).
          () => ({ dailyCount: null, window: takeInProcess(request) }),
        )
      : admitInProcess(request);
  const streams = {
    api_key: new StreamSlots(settings.STREAMS_PER_API_KEY ?? 20, shared && health && { redis: shared.redis, health, keyPrefix: prefix }),
    member: new StreamSlots(settings.STREAMS_PER_MEMBER ?? 10, shared && health && { redis: shared.redis, health, keyPrefix: `${prefix}:member` }),
  };

  async function decide(call: TAdmission): Promise<{ daily: TRateLimitDecision | null; rate: TRateLimitDecision | null }> {
    const cap = call.daily ? dailyCaps[call.daily.plan] : undefined;
    const day = cap === undefined ? undefined : utcDay();
    const policy = call.rate && policies[call.rate.policy] ? call.rate.policy : undefined;
    if (!day && !policy) return { daily: null, rate: null };
    const result = await admit({
      daily: day && call.daily ? { key: `${prefix}:daily:${call.daily.organizationId}:${day.label}`, cap: cap!, expiresAt: day.endsAt } : undefined,
      window: policy
        ? { keyPrefix: `${prefix}:${policy}:${call.rate!.identifier}`, tokens: policies[policy].limit, windowMs: policies[policy].windowMs, consume: call.rate!.consume }
        : undefined,
      policy,
      identifier: call.rate?.identifier,
    });
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
    close: async () => {
      health?.close();
      await shared?.close();
    },
    openStream: (identifier, holder = "api_key") => streams[holder].acquire(identifier),
    admit: decide,
    check: async (policy, identifier, options) => (await decide({ rate: { policy, identifier, consume: options?.consume } })).rate,
    dailyCap: async (organizationId, plan) => (await decide({ daily: { organizationId, plan } })).daily,
  };
}

type TSharedBackend = { backend: "upstash" | "redis"; redis: TEvalRedis; ping: () => Promise<unknown>; close: () => Promise<void> };

/** The configured Redis or Upstash client, every call bounded by the backend timeout; undefined: none. */
function sharedBackend(settings: TRateLimiterSettings): TSharedBackend | undefined {
  const timeoutMs = settings.RATE_LIMIT_BACKEND_TIMEOUT_MS ?? 500;
  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new UpstashRedis({
      url: settings.UPSTASH_REDIS_REST_URL,
      token: settings.UPSTASH_REDIS_REST_TOKEN,
      // One attempt per call, abandoned after the timeout (a fresh signal per request).
      retry: false,
      signal: () => AbortSignal.timeout(timeoutMs),
    });
    return { backend: "upstash", redis: redis as unknown as TEvalRedis, ping: () => redis.ping(), close: async () => undefined };
  }
  if (settings.REDIS_URL) {
    const adapter = new IORedisAdapter(settings.REDIS_URL, { commandTimeoutMs: timeoutMs });
    return { backend: "redis", redis: adapter as unknown as TEvalRedis, ping: () => adapter.ping(), close: () => adapter.quit() };
  }
  return undefined;
}
