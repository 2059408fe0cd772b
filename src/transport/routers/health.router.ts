import { z } from "zod";
import { db } from "../../foundation/db/client.ts";
import { publicProcedure, router } from "../trpc/init.ts";
import { SERVICE_VERSION } from "../../foundation/version.ts";

export const ZHealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  timestamp: z.string(),
});

export const healthRouter = router({
  check: publicProcedure
    .meta({
      alsoAnswers: { status: 503, description: "degraded: the database is unreachable" },
      openapi: { method: "GET", path: "/v1/health", tags: ["health"], summary: "Service health (no key needed)", protect: false },
    })
    .input(z.object({}))
    .output(ZHealthResponse)
    .query(async ({ ctx }) => {
      const healthy = await db()
        .$queryRaw`SELECT 1`.then(() => true)
        .catch(() => false);
      if (!healthy) ctx.setStatus(503);
      return { status: healthy ? ("ok" as const) : ("degraded" as const), version: SERVICE_VERSION, timestamp: new Date().toISOString() };
    }),
});
