// Decides, once for every transport, whether a call may proceed. The /v1 REST API and its
// SSE stream take API keys: the key, the organization's daily call cap, the scope, and the
// procedure's rate-limit policy (with its RateLimit-* headers). The dashboard takes a
// signed-in member's session: the role's scopes, the role a dashboard-only procedure
// requires, and the same rate-limit policy per member.
import { AppError } from "../foundation/errors.ts";
import { authenticate, requireRole, requireScope, type THeaderReader, type TPrincipal } from "../domains/auth/authenticate.ts";
import type { TScope } from "../domains/auth/scopes.ts";
import { authenticateMember } from "../domains/auth/session-auth.ts";
import { rateLimiter, type TRateLimitPolicy } from "../domains/limits/rate-limiter.ts";
import type { MemberRole } from "../generated/prisma/client.ts";

/** What a procedure needs: a scope (keys and roles alike), or a role (dashboard-only). */
export type TRequirement = { scope?: TScope; role?: MemberRole; rateLimit?: TRateLimitPolicy };

/** How a transport's callers prove who they are. */
export type TCredentials = "api_key" | "session";

type TRequest = { header: THeaderReader; setHeader: (name: string, value: string) => void };

export async function authorizeCall(request: TRequest, requirement: TRequirement, credentials: TCredentials): Promise<TPrincipal> {
  const principal = credentials === "api_key" ? await authenticate(request.header) : await authenticateMember(request.header);
  // Every authenticated key call counts against the daily cap, even one refused below for
  // its scope; the rate-limit policy is spent only by calls that pass the checks. Both are
  // one round trip to the limiter.
  const refusal = denial(principal, requirement);
  const { daily, rate } = await rateLimiter().admit({
    daily: principal.kind === "api_key" ? principal : undefined,
    rate: requirement.rateLimit && !refusal ? { policy: requirement.rateLimit, identifier: principal.apiKeyId ?? principal.actor.id } : undefined,
  });
  if (daily && !daily.allowed) {
    const retryAfter = Math.max(1, Math.ceil((daily.resetAt - Date.now()) / 1000));
    throw new AppError("rate_limited", "Daily call cap exceeded", { retry_after: retryAfter });
  }
  if (refusal) throw refusal;
  if (rate) {
    const resetSeconds = Math.max(0, Math.ceil((rate.resetAt - Date.now()) / 1000));
    request.setHeader("RateLimit-Limit", String(rate.limit));
    request.setHeader("RateLimit-Remaining", String(rate.remaining));
    request.setHeader("RateLimit-Reset", String(resetSeconds));
    if (!rate.allowed) {
      throw new AppError("rate_limited", "Rate limit exceeded", { retry_after: Math.max(1, resetSeconds) });
    }
  }
  return principal;
}

/** The role or scope error a call would get, decided without I/O. */
function denial(principal: TPrincipal, requirement: TRequirement): AppError | undefined {
  try {
    if (requirement.role) requireRole(principal, requirement.role);
    if (requirement.scope) requireScope(principal, requirement.scope);
    return undefined;
  } catch (error) {
    // Both checks refuse with an AppError; anything else is a bug, thrown as it is.
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** The /v1 API: API keys only. */
export function authorizeApiCall(request: TRequest, requirement: TRequirement): Promise<TPrincipal> {
  return authorizeCall(request, requirement, "api_key");
}
