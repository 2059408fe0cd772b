// The daily call cap (decisions.md, "Limits"): checked right after authentication, on
// every authenticated call, REST and SSE alike. Refusal is the ordinary 429 body with
// Retry-After = seconds until the next UTC midnight.
import { AppError } from "../../foundation/errors.ts";
import { rateLimiter } from "./rate-limiter.ts";

export async function enforceDailyCap(principal: { organizationId: string; plan: string }): Promise<void> {
  const decision = await rateLimiter().dailyCap(principal.organizationId, principal.plan);
  if (decision && !decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt - Date.now()) / 1000));
    throw new AppError("rate_limited", "Daily call cap exceeded", { retry_after: retryAfter });
  }
}
