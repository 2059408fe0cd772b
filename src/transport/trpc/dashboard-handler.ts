// The dashboard's transport: the same router tree as /v1, over tRPC's fetch adapter at
// /api/trpc. Error statuses and bodies come from the one error table, as on /v1, and
// unexpected errors are logged with their stack (the body carries only the request id).
// Callers are signed-in members (session cookie, SameSite=Lax, so another site cannot
// post with it); bodies are bounded like /v1's (a procedure's own lower limit included, e.g.
// the agent definitions' 1 MB), batches to TRPC_MAX_BATCH_SIZE procedures.
import { randomUUID } from "node:crypto";
import type { AnyRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { env } from "../../foundation/env.ts";
import { readBoundedBody } from "../../foundation/bounded-body.ts";
import { AppError, isInternal, toErrorResponse, validationError } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";
import { currentRequestId, runWithRequestId } from "../../foundation/request-context.ts";
import type { TContext } from "./context.ts";
import { procedureMetaByPath } from "./init.ts";

export const DASHBOARD_TRPC_ENDPOINT = "/api/trpc";

/**
 * The request with its body read under the size limit /v1 applies (MAX_BODY_BYTES), so a
 * huge or endless upload is refused before tRPC buffers it.
 */
async function boundedRequest(req: Request, limit: number): Promise<Request> {
  if (!req.body) return req;
  const body = await readBoundedBody(req.body, req.headers.get("content-length"), limit);
  return new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal });
}

/** An error answered before tRPC runs, in tRPC's error shape with our typed body. */
function errorResponse(error: unknown, requestId: string): Response {
  const { status, body } = toErrorResponse(error, requestId);
  return Response.json(
    { error: { message: body.message, code: -32600, data: { httpStatus: status, body } } },
    { status, headers: { "X-Request-Id": requestId } },
  );
}

/** The procedure paths a request names: one, or a batch's comma-separated list. */
function procedurePaths(url: string): string[] {
  let paths = new URL(url).pathname.slice(DASHBOARD_TRPC_ENDPOINT.length + 1);
  try {
    paths = decodeURIComponent(paths);
  } catch {
    // tRPC answers an undecodable path itself.
  }
  return paths.split(",");
}

/** The lowest body limit among the procedures a request names (as /v1 applies per route). */
function bodyLimitFor(paths: string[], limits: ReadonlyMap<string, number>, serverLimit: number): number {
  return paths.reduce((limit, path) => Math.min(limit, limits.get(path) ?? serverLimit), serverLimit);
}

/**
 * A batch request (`/api/trpc/a,b,c?batch=1`) naming more procedures than TRPC_MAX_BATCH_SIZE
 * is refused before any of them runs: each would authenticate and query on its own.
 */
function oversizedBatch(url: string, limit: number): AppError | undefined {
  if (new URL(url).searchParams.get("batch") !== "1") return undefined;
  const count = procedurePaths(url).length;
  if (count <= limit) return undefined;
  return validationError(`A batch may call at most ${limit} procedures; this one calls ${count}`, [
    { path: "(batch)", message: `at most ${limit} procedures per request` },
  ]);
}

export function createDashboardHandler(router: AnyRouter): (req: Request) => Promise<Response> {
  const bodyLimits = new Map<string, number>();
  for (const [path, meta] of procedureMetaByPath(router)) if (meta?.maxBodyBytes !== undefined) bodyLimits.set(path, meta.maxBodyBytes);
  return (incoming) => {
    // The custom server has already given this request an id (and its X-Request-Id header);
    // under `next start` alone there is none yet.
    const requestId = currentRequestId() ?? randomUUID();
    return runWithRequestId(requestId, async () => {
      const tooMany = oversizedBatch(incoming.url, env().TRPC_MAX_BATCH_SIZE);
      if (tooMany) return errorResponse(tooMany, requestId);
      let req: Request;
      try {
        req = await boundedRequest(incoming, bodyLimitFor(procedurePaths(incoming.url), bodyLimits, env().MAX_BODY_BYTES));
      } catch (error) {
        return errorResponse(error, requestId);
      }
      return fetchRequestHandler({
        endpoint: DASHBOARD_TRPC_ENDPOINT,
        req,
        router,
        responseMeta: ({ errors }) => (errors[0] ? { status: toErrorResponse(errors[0], requestId).status } : {}),
        onError: ({ error, path }) => {
          if (!isInternal(error)) return;
          const cause = error.cause ?? error;
          logger.error("unhandled error", { path, error: (cause as Error).stack ?? String(cause) });
        },
        createContext: ({ resHeaders }): TContext => {
          resHeaders.set("X-Request-Id", requestId);
          return {
            requestId,
            credentials: "session",
            header: (name: string) => req.headers.get(name) ?? undefined,
            setHeader: (name: string, value: string) => resHeaders.set(name, value),
            setStatus: () => undefined,
          };
        },
      });
    });
  };
}
