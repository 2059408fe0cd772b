// Dashboard transport: the same router tree as /v1, over tRPC (src/transport/trpc/dashboard-handler.ts).
import { apiRouter } from "../../../../src/api-surface.ts";
import { createDashboardHandler } from "../../../../src/transport/trpc/dashboard-handler.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handler = createDashboardHandler(apiRouter);

export { handler as GET, handler as POST };
