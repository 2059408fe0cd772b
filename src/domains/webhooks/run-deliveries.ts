// The webhook deliveries made for one run (the dashboard's run page): every attempt, to
// registered webhooks and to the run's own webhook_url, in the caller's tenant and mode.
import { z } from "zod";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";
import { ZDelivery } from "./webhooks.schemas.ts";
import { serializeDelivery } from "./webhooks.service.ts";

const MAX_RUN_DELIVERIES = 100;

export const ZRunDelivery = ZDelivery.extend({ url: z.string(), webhook_id: z.uuid().nullable() });
export const ZListRunDeliveriesResponse = z.object({ data: z.array(ZRunDelivery) });

export async function listRunDeliveries(principal: TPrincipal, runId: string) {
  const run = await db().run.findFirst({ where: { id: runId, ...tenantScope(principal) }, select: { id: true } });
  if (!run) throw notFound("Run");
  const deliveries = await db().webhookDelivery.findMany({
    where: { runId, ...tenantScope(principal) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_RUN_DELIVERIES,
  });
  return {
    data: deliveries.map((delivery) => ({ ...serializeDelivery(delivery), webhook_id: delivery.webhookId, url: delivery.url })),
  };
}
