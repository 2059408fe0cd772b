// The named rate-limit policies and the daily call cap, in one place (docs/contract.md,
// "Rate limits and the daily cap"). `strict` and `standard` are sliding windows of one minute, keyed per API key
// id (or signed-in member); `batches` and `webhook_tests` bound the calls that fan out (500
// runs, a signed request to every webhook) so one caller cannot turn them into a flood; the
// two sign-in policies are keyed per client address and per account + address
// (docs/api-conventions.md, "Sign-in"); the daily cap counts every authenticated call of an
// organization per UTC day.
import type { TEnv } from "../../foundation/env.ts";
import type { TRateLimitPolicy } from "./rate-limiter.ts";

export const RATE_LIMIT_WINDOW_MS = 60_000;

export type TPolicy = {
  name: TRateLimitPolicy;
  /** Requests admitted per sliding window, per identifier (API key, address, account + address). */
  limit: number;
  windowMs: number;
};

export type TPolicies = Record<TRateLimitPolicy, TPolicy>;

export type TSignInPolicySettings = Partial<
  Pick<TEnv, "SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN" | "SIGN_IN_FAILURES_PER_ACCOUNT" | "SIGN_IN_FAILURES_WINDOW_SECONDS" | "REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN">
>;

/** Defaults of the policies added after the first two, for callers that pass only those. */
const BATCHES_PER_MIN = 20;
const WEBHOOK_TESTS_PER_MIN = 10;

export function policiesFrom(
  settings: Pick<TEnv, "RATE_LIMIT_STRICT_PER_MIN" | "RATE_LIMIT_STANDARD_PER_MIN"> &
    Partial<Pick<TEnv, "RATE_LIMIT_BATCHES_PER_MIN" | "RATE_LIMIT_WEBHOOK_TESTS_PER_MIN">> &
    TSignInPolicySettings,
): TPolicies {
  return {
    strict: { name: "strict", limit: settings.RATE_LIMIT_STRICT_PER_MIN, windowMs: RATE_LIMIT_WINDOW_MS },
    standard: { name: "standard", limit: settings.RATE_LIMIT_STANDARD_PER_MIN, windowMs: RATE_LIMIT_WINDOW_MS },
    batches: { name: "batches", limit: settings.RATE_LIMIT_BATCHES_PER_MIN ?? BATCHES_PER_MIN, windowMs: RATE_LIMIT_WINDOW_MS },
    webhook_tests: { name: "webhook_tests", limit: settings.RATE_LIMIT_WEBHOOK_TESTS_PER_MIN ?? WEBHOOK_TESTS_PER_MIN, windowMs: RATE_LIMIT_WINDOW_MS },
    // Every sign-in attempt from one client address (an office shares one).
    "sign-in-address": { name: "sign-in-address", limit: settings.SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN ?? 100, windowMs: RATE_LIMIT_WINDOW_MS },
    // Decisions posted through signed review links from one client address (no sign-in to limit by).
    "review-link-posts": { name: "review-link-posts", limit: settings.REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN ?? 60, windowMs: RATE_LIMIT_WINDOW_MS },
    // Failed sign-ins of one account from one address (credential stuffing): taken on failure only.
    "sign-in-failures": {
      name: "sign-in-failures",
      limit: settings.SIGN_IN_FAILURES_PER_ACCOUNT ?? 5,
      windowMs: (settings.SIGN_IN_FAILURES_WINDOW_SECONDS ?? 900) * 1000,
    },
  };
}

/** Calls per UTC day by plan; a plan absent here (Enterprise) has no cap. */
export function dailyCapsFrom(settings: Pick<TEnv, "DAILY_CALL_CAP_GROWTH">): Record<string, number> {
  return { growth: settings.DAILY_CALL_CAP_GROWTH };
}

/** The UTC day a moment falls in ("YYYY-MM-DD") and the Unix ms of the next UTC midnight. */
export function utcDay(now = Date.now()): { label: string; endsAt: number } {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { label: new Date(start).toISOString().slice(0, 10), endsAt: start + 86_400_000 };
}
