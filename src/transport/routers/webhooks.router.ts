import { apiProcedure, router } from "../trpc/init.ts";
import {
  ZCreateWebhookRequest,
  ZCreateWebhookResponse,
  ZDeleteWebhookResponse,
  ZListDeliveriesQuery,
  ZListDeliveriesResponse,
  ZListWebhooksResponse,
  ZTestWebhookInput,
  ZTestWebhookResponse,
  ZResendDeliveryInput,
  ZResendDeliveryResponse,
  ZWebhookIdInput,
  ZEnableWebhookResponse,
  ZRotateSecretResponse,
} from "../../domains/webhooks/webhooks.schemas.ts";
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
} from "../../domains/webhooks/webhooks.service.ts";
import { requestResend } from "../../domains/webhooks/resend.service.ts";
import { z } from "zod";

export const webhooksRouter = router({
  create: apiProcedure
    .meta({
      scope: "webhooks:write",
      successStatus: 201,
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/webhooks",
        tags: ["webhooks"],
        summary: "Register a webhook (secret shown once)",
        description: "An organization has at most 20 webhooks per mode (the server's `WEBHOOKS_PER_ORGANIZATION`): `409 conflict` beyond.",
      },
    })
    .input(ZCreateWebhookRequest)
    .output(ZCreateWebhookResponse)
    .mutation(({ ctx, input }) => createWebhook(ctx.principal, input)),

  list: apiProcedure
    .meta({ scope: "webhooks:read", openapi: { method: "GET", path: "/v1/webhooks", tags: ["webhooks"], summary: "List webhooks" } })
    .input(z.object({}))
    .output(ZListWebhooksResponse)
    .query(({ ctx }) => listWebhooks(ctx.principal)),

  delete: apiProcedure
    .meta({
      scope: "webhooks:write",
      openapi: { method: "DELETE", path: "/v1/webhooks/{id}", tags: ["webhooks"], summary: "Delete a webhook" },
    })
    .input(ZWebhookIdInput)
    .output(ZDeleteWebhookResponse)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.principal, input.id)),

  deliveries: apiProcedure
    .meta({
      scope: "webhooks:read",
      openapi: {
        method: "GET",
        path: "/v1/webhooks/{id}/deliveries",
        tags: ["webhooks"],
        summary: "List delivery attempts, newest first",
      },
    })
    .input(ZListDeliveriesQuery)
    .output(ZListDeliveriesResponse)
    .query(({ ctx, input }) => listDeliveries(ctx.principal, input.id, input)),

  test: apiProcedure
    .meta({
      scope: "webhooks:write",
      rateLimit: "webhook_tests",
      openapi: {
        method: "POST",
        path: "/v1/webhooks/test/{orgId}",
        tags: ["webhooks"],
        summary: "Send a signed test event to every active webhook",
      },
    })
    .input(ZTestWebhookInput)
    .output(ZTestWebhookResponse)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.principal, input.orgId)),

  enable: apiProcedure
    .meta({
      scope: "webhooks:write",
      openapi: {
        method: "POST",
        path: "/v1/webhooks/{id}/enable",
        tags: ["webhooks"],
        summary: "Re-enable a disabled webhook (clears its failure counters and reason)",
      },
    })
    .input(ZWebhookIdInput)
    .output(ZEnableWebhookResponse)
    .mutation(({ ctx, input }) => enableWebhook(ctx.principal, input.id)),

  rotateSecret: apiProcedure
    .meta({
      scope: "webhooks:write",
      openapi: {
        method: "POST",
        path: "/v1/webhooks/{id}/rotate-secret",
        tags: ["webhooks"],
        summary: "Rotate the signing secret (new secret shown once; the old one also signs for 24 h)",
      },
    })
    .input(ZWebhookIdInput)
    .output(ZRotateSecretResponse)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.principal, input.id)),

  resend: apiProcedure
    .meta({
      scope: "webhooks:write",
      rateLimit: "standard",
      successStatus: 202,
      openapi: {
        method: "POST",
        path: "/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
        tags: ["webhooks"],
        summary: "Resend a delivery: the same event id and body, as a new attempt (queued; 202)",
      },
    })
    .input(ZResendDeliveryInput)
    .output(ZResendDeliveryResponse)
    .mutation(({ ctx, input }) => requestResend(ctx.principal, input.id, input.deliveryId)),
});
