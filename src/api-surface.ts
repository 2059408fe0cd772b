// The public API surface, composed once: the tRPC router tree (REST /v1 and the dashboard)
// plus the /v1 routes served outside tRPC and the webhook deliveries the document describes.
// The server and `npm run openapi` both use it.
import type { TRestRoute } from "./transport/rest/rest-handler.ts";
import { correctionsExportRoute } from "./transport/stream/corrections-export.ts";
import { runStreamRoute } from "./transport/stream/run-stream.ts";
import { usageLedgerRoute } from "./transport/stream/usage-ledger.ts";
import { appRouter } from "./transport/trpc/root.ts";
import { webhookDeliveries } from "./transport/webhook-deliveries.ts";

export const apiRouter = appRouter;
export const restRoutes: TRestRoute[] = [runStreamRoute, correctionsExportRoute, usageLedgerRoute];
export const apiWebhooks = webhookDeliveries;
