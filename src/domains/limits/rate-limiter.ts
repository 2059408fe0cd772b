// The seam every limited route goes through. Named policies live here; the backend
// (Upstash, Redis, in-process) is chosen by configuration.
import type { TStreamAdmission } from "./stream-slots.ts";

export type TRateLimitPolicy = "strict" | "standard" | "batches" | "webhook_tests" | "sign-in-address" | "sign-in-failures" | "review-link-posts";

/** Who holds an open stream: an API key (/v1 SSE, STREAMS_PER_API_KEY) or a member (dashboard, STREAMS_PER_MEMBER). */
export type TStreamHolder = "api_key" | "member";

export type TRateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix milliseconds at which the window admits the next request. */
  resetAt: number;
};

export interface TRateLimiter {
  /**
   * Takes one request from the policy's window for `identifier`. With `{ consume: false }` it
   * only says whether the next one would be admitted (sign-in lockouts count failures alone).
   */
  check(policy: TRateLimitPolicy, identifier: string, options?: { consume?: boolean }): Promise<TRateLimitDecision | null>;
  /**
   * Counts one authenticated call against the organization's UTC-day cap for its plan;
   * null when the plan has no cap. `resetAt` is the next UTC midnight.
   */
  dailyCap(organizationId: string, plan: string): Promise<TRateLimitDecision | null>;
  /**
   * Both for one call, in one round trip to the backend: the daily cap is counted first and,
   * when it refuses, the rate-limit policy is not consumed (`rate` is then null).
   */
  admit(call: TAdmission): Promise<{ daily: TRateLimitDecision | null; rate: TRateLimitDecision | null }>;
  /**
   * A slot for one more open Server-Sent Events stream of this API key (STREAMS_PER_API_KEY)
   * or dashboard member (STREAMS_PER_MEMBER); the stream releases it when it closes.
   */
  openStream(identifier: string, holder?: TStreamHolder): Promise<TStreamAdmission>;
}

export type TAdmission = {
  daily?: { organizationId: string; plan: string };
  rate?: { policy: TRateLimitPolicy; identifier: string; consume?: boolean };
};

/** Admits everything and reports nothing: the limiter until a backend is configured. */
export const noRateLimits: TRateLimiter = {
  check: async () => null,
  dailyCap: async () => null,
  admit: async () => ({ daily: null, rate: null }),
  openStream: async () => ({ admitted: true, slot: { release: () => undefined } }),
};

// On globalThis: the limiter installed by the server also limits the dashboard's tRPC
// route, which runs in Next's separately bundled copy of this module.
const store = globalThis as unknown as { __agentWorkforceRateLimiter?: TRateLimiter };

export function rateLimiter(): TRateLimiter {
  return store.__agentWorkforceRateLimiter ?? noRateLimits;
}

export function setRateLimiter(limiter: TRateLimiter): void {
  store.__agentWorkforceRateLimiter = limiter;
}
