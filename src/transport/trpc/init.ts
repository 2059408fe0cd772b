// tRPC is initialised once; every router (REST via trpc-to-openapi and the dashboard) is
// built from these procedures, so auth, scopes and limits are decided in one place.
import { initTRPC, type AnyRouter } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { toErrorResponse, type TErrorType } from "../../foundation/errors.ts";
import { findJsonInputProblem, jsonInputError, MAX_JSON_DEPTH } from "../../foundation/json-input.ts";
import type { TScope } from "../../domains/auth/scopes.ts";
import type { TRateLimitPolicy } from "../../domains/limits/rate-limiter.ts";
import { authorizeApiCall } from "../authorize.ts";
import type { TContext } from "./context.ts";

export type TApiMeta = OpenApiMeta<{
  /** Scope the API key must carry; absent only on public procedures. */
  scope?: TScope;
  rateLimit?: TRateLimitPolicy;
  /** HTTP status of a successful REST response (default 200). */
  successStatus?: number;
  /**
   * Domain errors this procedure can answer beyond those every call can (validation,
   * authentication, scope, plan, daily cap, not found for path ids, body size and type):
   * they document its error responses in /v1/openapi.json.
   */
  errors?: TErrorType[];
  /** Another status answered with the success body (health: 503 when degraded). */
  alsoAnswers?: { status: number; description: string };
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

/**
 * Authentication, plan, daily cap, scope and rate limit, once per request: a transport that
 * authorized this very procedure before reading the body (the REST handler) hands its
 * principal over in `ctx.preauthorized`; otherwise (the dashboard) it is decided here.
 * Then the raw input is bounded and checked like a /v1 body (depth, storable strings),
 * unless the transport already did so, before any input schema sees it.
 */
export const apiProcedure = t.procedure.use(async ({ ctx, meta, path, getRawInput, next }) => {
  if (!meta?.scope) throw new Error("apiProcedure requires meta.scope");
  const principal =
    ctx.preauthorized?.procedurePath === path
      ? ctx.preauthorized.principal
      : await authorizeApiCall(ctx, { scope: meta.scope, rateLimit: meta.rateLimit });
  if (!ctx.inputChecked) {
    const problem = findJsonInputProblem(await getRawInput(), { maxDepth: MAX_JSON_DEPTH });
    if (problem) throw jsonInputError(problem);
  }
  return next({ ctx: { ...ctx, principal } });
});

/** Each procedure's meta by its router path ("runs.create"), for status and docs lookups. */
export function procedureMetaByPath(router: AnyRouter): ReadonlyMap<string, TApiMeta | undefined> {
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: TApiMeta } }>;
  return new Map(Object.entries(procedures).map(([path, procedure]) => [path, procedure._def.meta]));
}
