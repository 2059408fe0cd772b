// tRPC is initialised once; every router (REST via trpc-to-openapi and the dashboard) is
// built from these procedures, so auth, scopes and limits are decided in one place.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { authenticate, requireScope } from "../../domains/auth/authenticate.ts";
import type { TScope } from "../../domains/auth/scopes.ts";
import { AppError, toErrorResponse } from "../../foundation/errors.ts";
import { enforceDailyCap } from "../../domains/limits/daily-cap.ts";
import { rateLimiter, type TRateLimitPolicy } from "../../domains/limits/rate-limiter.ts";
import type { TContext } from "./context.ts";

export type TApiMeta = OpenApiMeta<{
  /** Scope the API key must carry; absent only on public procedures. */
  scope?: TScope;
  rateLimit?: TRateLimitPolicy;
  /** HTTP status of a successful REST response (default 200). */
  successStatus?: number;
}>;

const t = initTRPC
  .context<TContext>()
  .meta<TApiMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // The dashboard sees the same typed bodies as the REST API.
      return { ...shape, data: { ...shape.data, body: toErrorResponse(error, ctx?.requestId ?? "").body } };
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;

export const apiProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  if (!meta?.scope) throw new Error("apiProcedure requires meta.scope");
  const principal = await authenticate(ctx.header);
  await enforceDailyCap(principal);
  requireScope(principal, meta.scope);
  if (meta.rateLimit) {
    const decision = await rateLimiter().check(meta.rateLimit, principal.apiKeyId);
    if (decision) {
      const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - Date.now()) / 1000));
      ctx.setHeader("RateLimit-Limit", String(decision.limit));
      ctx.setHeader("RateLimit-Remaining", String(decision.remaining));
      ctx.setHeader("RateLimit-Reset", String(resetSeconds));
      if (!decision.allowed) {
        throw new AppError("rate_limited", "Rate limit exceeded", { retry_after: Math.max(1, resetSeconds) });
      }
    }
  }
  return next({ ctx: { ...ctx, principal } });
});
