// tRPC is initialised once; every router (REST via trpc-to-openapi and the dashboard) is
// built from these procedures, so auth, scopes and limits are decided in one place.
import { initTRPC, type AnyRouter } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import { AppError, toErrorResponse, type TErrorType } from "../../foundation/errors.ts";
import { findJsonInputProblem, jsonInputError, MAX_JSON_DEPTH } from "../../foundation/json-input.ts";
import type { TScope } from "../../domains/auth/scopes.ts";
import { signedInUser } from "../../domains/auth/session-auth.ts";
import type { TRateLimitPolicy } from "../../domains/limits/rate-limiter.ts";
import type { MemberRole } from "../../generated/prisma/client.ts";
import { authorizeCall } from "../authorize.ts";
import type { TContext } from "./context.ts";

export type TApiMeta = OpenApiMeta<{
  /** Scope the API key (or the signed-in member's role) must carry. */
  scope?: TScope;
  /** Dashboard-only procedures (keys, members, plan): the role the signed-in member needs. */
  role?: MemberRole;
  /** Needs only a caller, whatever their scopes (the dashboard's "who am I"). */
  signedIn?: boolean;
  rateLimit?: TRateLimitPolicy;
  /** HTTP status of a successful REST response (default 200). */
  successStatus?: number;
  /** A body limit lower than the server's MAX_BODY_BYTES (413 beyond it, before the body is parsed). */
  maxBodyBytes?: number;
  /**
   * Domain errors this procedure can answer beyond those every call can (validation,
   * authentication, scope, plan, daily cap, not found for path ids, body size and type):
   * they document its error responses in /v1/openapi.json.
   */
  errors?: TErrorType[];
  /** Another status answered with the success body (health: 503 when degraded). */
  alsoAnswers?: { status: number; description: string };
}>;

/** tRPC's own code for each status of the error table, so tRPC clients read it right too. */
const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  408: "TIMEOUT",
  409: "CONFLICT",
  // tRPC has no code for 410 Gone (an expired invitation): the nearest is "not found".
  410: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  431: "BAD_REQUEST",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const t = initTRPC
  .context<TContext>()
  .meta<TApiMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // The dashboard sees the same typed bodies and statuses as the REST API.
      const { status, body } = toErrorResponse(error, ctx?.requestId ?? "");
      const code = TRPC_CODE_BY_STATUS[status] ?? shape.data.code;
      // The top-level JSON-RPC code follows too: tRPC's subscription client reconnects on
      // INTERNAL_SERVER_ERROR (what a domain error thrown in a stream starts as), never on a 4xx.
      return { ...shape, code: TRPC_ERROR_CODES_BY_KEY[code], data: { ...shape.data, code, httpStatus: status, body } };
    },
  });

export const router = t.router;
export const publicProcedure = t.procedure;

/** Whether a procedure's meta asks for a caller (public procedures, like health, do not). */
export function requiresCaller(meta: TApiMeta | undefined): meta is TApiMeta {
  return Boolean(meta?.scope || meta?.role || meta?.signedIn);
}

/**
 * Authentication (an API key on /v1, a session on the dashboard: `ctx.credentials`), plan,
 * daily cap, role, scope and rate limit, once per request: a transport that
 * authorized this very procedure before reading the body (the REST handler) hands its
 * principal over in `ctx.preauthorized`; otherwise (the dashboard) it is decided here.
 * Then the raw input is bounded and checked like a /v1 body (depth, storable strings),
 * unless the transport already did so, before any input schema sees it.
 */
export const apiProcedure = t.procedure.use(async ({ ctx, meta, path, getRawInput, next }) => {
  if (!requiresCaller(meta)) throw new Error("apiProcedure requires meta.scope, meta.role or meta.signedIn");
  const principal =
    ctx.preauthorized?.procedurePath === path
      ? ctx.preauthorized.principal
      : await authorizeCall(ctx, { scope: meta.scope, role: meta.role, rateLimit: meta.rateLimit }, ctx.credentials);
  if (!ctx.inputChecked) {
    const problem = findJsonInputProblem(await getRawInput(), { maxDepth: MAX_JSON_DEPTH });
    if (problem) throw jsonInputError(problem);
  }
  return next({ ctx: { ...ctx, principal } });
});

/**
 * Dashboard only: a signed-in person, whether or not they belong to an organization yet (the
 * invitations addressed to them). `ctx.user`, no membership, role or scopes.
 */
export const accountProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  const user = ctx.credentials === "session" ? await signedInUser(ctx.header) : null;
  if (!user) throw new AppError("authentication_error", "Sign in to continue: your session is missing or has expired");
  const problem = findJsonInputProblem(await getRawInput(), { maxDepth: MAX_JSON_DEPTH });
  if (problem) throw jsonInputError(problem);
  return next({ ctx: { ...ctx, user } });
});

/** Dashboard only, no caller: the input carries its own credential (an invitation token). */
export const tokenProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  if (ctx.credentials !== "session") throw new AppError("not_found", "No such route");
  const problem = findJsonInputProblem(await getRawInput(), { maxDepth: MAX_JSON_DEPTH });
  if (problem) throw jsonInputError(problem);
  return next();
});

/** Each procedure's meta by its router path ("runs.create"), for status and docs lookups. */
export function procedureMetaByPath(router: AnyRouter): ReadonlyMap<string, TApiMeta | undefined> {
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: TApiMeta } }>;
  return new Map(Object.entries(procedures).map(([path, procedure]) => [path, procedure._def.meta]));
}
