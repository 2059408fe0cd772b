// Dashboard transport: the same router tree as /v1, over tRPC's fetch adapter.
import { randomUUID } from "node:crypto";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { toErrorResponse } from "../../../../src/foundation/errors.ts";
import { currentRequestId, runWithRequestId } from "../../../../src/foundation/request-context.ts";
import { appRouter } from "../../../../src/transport/trpc/root.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function handler(req: Request) {
  // The custom server has already given this request an id (and its X-Request-Id header);
  // under `next start` alone there is none yet.
  const requestId = currentRequestId() ?? randomUUID();
  return runWithRequestId(requestId, () => fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    // Statuses come from the one error table, as on /v1.
    responseMeta: ({ errors }) => (errors[0] ? { status: toErrorResponse(errors[0], requestId).status } : {}),
    createContext: ({ resHeaders }) => {
      resHeaders.set("X-Request-Id", requestId);
      return {
        requestId,
        header: (name: string) => req.headers.get(name) ?? undefined,
        setHeader: (name: string, value: string) => resHeaders.set(name, value),
        setStatus: () => undefined,
      };
    },
  }));
}

export { handler as GET, handler as POST };
