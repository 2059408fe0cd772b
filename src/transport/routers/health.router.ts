import { z } from "zod";
import { sqlQuery } from "../../foundation/db/client.ts";
import { publicProcedure, router } from "../trpc/init.ts";
import { SERVICE_VERSION } from "../../foundation/version.ts";

// Health answers within this even when the database hangs instead of refusing (a load
// balancer's probe must not time out on it); the query itself is bounded by the pool.
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query in time. Never rejects. */
async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS);
  });
  const probe = sqlQuery("SELECT 1", []).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export const ZHealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  timestamp: z.string(),
});

export const healthRouter = router({
  check: publicProcedure
    .meta({
      alsoAnswers: { status: 503, description: "degraded: the database is unreachable" },
      openapi: { method: "GET", path: "/v1/health", tags: ["health"], summary: "Service health (no key needed)", description: "200 `{status: \"ok\"}` when the service and its database answer; 503 with the same body and `status: \"degraded\"` when the database does not answer within 2 s. Needs no key and counts against no limit: meant for load balancers and uptime probes.", protect: false },
    })
    .input(z.object({}))
    .output(ZHealthResponse)
    .query(async ({ ctx }) => {
      const healthy = await databaseAnswers();
      if (!healthy) ctx.setStatus(503);
      return { status: healthy ? ("ok" as const) : ("degraded" as const), version: SERVICE_VERSION, timestamp: new Date().toISOString() };
    }),
});
