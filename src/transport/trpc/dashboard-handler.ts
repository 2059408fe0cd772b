// The dashboard's transport: the same router tree as /v1, over tRPC's fetch adapter at
// /api/trpc. Error statuses and bodies come from the one error table, as on /v1, and
// unexpected errors are logged with their stack (the body carries only the request id).
import { randomUUID } from "node:crypto";
import type { AnyRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isInternal, toErrorResponse } from "../../foundation/errors.ts";
import { logger } from "../../foundation/logger.ts";
import { currentRequestId, runWithRequestId } from "../../foundation/request-context.ts";
import type { TContext } from "./context.ts";

export const DASHBOARD_TRPC_ENDPOINT = "/api/trpc";

export function createDashboardHandler(router: AnyRouter): (req: Request) => Promise<Response> {
  return (req) => {
    // The custom server has already given this request an id (and its X-Request-Id header);
    // under `next start` alone there is none yet.
    const requestId = currentRequestId() ?? randomUUID();
    return runWithRequestId(requestId, () =>
      fetchRequestHandler({
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
      }),
    );
  };
}
