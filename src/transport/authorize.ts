// Decides, once for every transport, whether a call may proceed. The /v1 REST API and its
// SSE stream take API keys: the key, the organization's daily call cap, the scope, and the
// procedure's rate-limit policy (with its RateLimit-* headers). The dashboard takes a
// signed-in member's session: the role's scopes, the role a dashboard-only procedure
// requires, and the same rate-limit policy per member.
import { AppError } from "../foundation/errors.ts";
import { authenticate, requireRole, requireScope, type THeaderReader, type TPrincipal } from "../domains/auth/authenticate.ts";
import type { TScope } from "../domains/auth/scopes.ts";
import { authenticateMember } from "../domains/auth/session-auth.ts";
import { enforceDailyCap } from "../domains/limits/daily-cap.ts";
import { rateLimiter, type TRateLimitPolicy } from "../domains/limits/rate-limiter.ts";
import type { MemberRole } from "../generated/prisma/client.ts";

/** What a procedure needs: a scope (keys and roles alike), or a role (dashboard-only). */
export type TRequirement = { scope?: TScope; role?: MemberRole; rateLimit?: TRateLimitPolicy };

/** How a transport's callers prove who they are. */
export type TCredentials = "api_key" | "session";

type TRequest = { header: THeaderReader; setHeader: (name: string, value: string) => void };

export async function authorizeCall(request: TRequest, requirement: TRequirement, credentials: TCredentials): Promise<TPrincipal> {
  const principal = credentials === "api_key" ? await authenticate(request.header) : await authenticateMember(request.header);
  if (principal.kind === "api_key") await enforceDailyCap(principal);
  if (requirement.role) requireRole(principal, requirement.role);
  if (requirement.scope) requireScope(principal, requirement.scope);
  if (requirement.rateLimit) {
    const subject = principal.apiKeyId ?? principal.actor.id;
    const decision = await rateLimiter().check(requirement.rateLimit, subject);
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

/** The /v1 API: API keys only. */
export function authorizeApiCall(request: TRequest, requirement: TRequirement): Promise<TPrincipal> {
  return authorizeCall(request, requirement, "api_key");
}
