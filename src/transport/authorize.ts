// Decides, once for every transport, whether an API call may proceed: the key, the
// organization's daily call cap, the scope, and the procedure's rate-limit policy (with
// its RateLimit-* headers). The tRPC middleware and the SSE route both call it.
import { AppError } from "../foundation/errors.ts";
import { authenticate, requireScope, type THeaderReader, type TPrincipal } from "../domains/auth/authenticate.ts";
import type { TScope } from "../domains/auth/scopes.ts";
import { enforceDailyCap } from "../domains/limits/daily-cap.ts";
import { rateLimiter, type TRateLimitPolicy } from "../domains/limits/rate-limiter.ts";

export type TRequirement = { scope: TScope; rateLimit?: TRateLimitPolicy };

export async function authorizeApiCall(
  request: { header: THeaderReader; setHeader: (name: string, value: string) => void },
  requirement: TRequirement,
): Promise<TPrincipal> {
  const principal = await authenticate(request.header);
  await enforceDailyCap(principal);
  requireScope(principal, requirement.scope);
  if (requirement.rateLimit) {
    const decision = await rateLimiter().check(requirement.rateLimit, principal.apiKeyId);
    if (decision) {
      const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - Date.now()) / 1000));
      request.setHeader("RateLimit-Limit", String(decision.limit));
      request.setHeader("RateLimit-Remaining", String(decision.remaining));
      request.setHeader("RateLimit-Reset", String(resetSeconds));
      if (!decision.allowed) {
        throw new AppError("rate_limited", "Rate limit exceeded", { retry_after: Math.max(1, resetSeconds) });
      }
    }
  }
  return principal;
}
