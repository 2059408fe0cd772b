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
    .meta({ scope: "webhooks:read", openapi: { method: "GET", path: "/v1/webhooks", tags: ["webhooks"], summary: "List webhooks", description: "Every webhook of the key's organization and mode (no pagination), with its events, whether it is active, why it was disabled, and when a rotated secret stops signing. Secrets are never shown again." } })
    .input(z.object({}))
    .output(ZListWebhooksResponse)
    .query(({ ctx }) => listWebhooks(ctx.principal)),

  delete: apiProcedure
    .meta({
      scope: "webhooks:write",
      openapi: { method: "DELETE", path: "/v1/webhooks/{id}", tags: ["webhooks"], summary: "Delete a webhook", description: "Deletes the webhook and its delivery log; pending retries to it stop. Takes no body." },
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
        summary: "List delivery attempts, newest first", description: "Every attempt to deliver an event to this webhook, newest first, with the receiver's status, the first 2 KB of its answer, the error and when the next retry is due.",
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
        summary: "Send a signed test event to every active webhook", description: "Sends a `run.completed` sample (`data.output.test = true`, `run_id: null`) signed like any delivery, once (no retries), to every active webhook of the organization in the key's mode, and answers what each receiver said. `orgId` must be the key's organization (another is 404). Takes no body.",
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
        summary: "Re-enable a disabled webhook (clears its failure counters and reason)", description: "Makes the webhook active again and clears its failure counters and `disabled_reason`; `enabled: false` when it already was active (the call is idempotent). Deliveries abandoned while it was disabled are not replayed: resend what matters. Takes no body.",
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
        summary: "Rotate the signing secret (new secret shown once; the old one also signs for 24 h)", description: "Returns a new `whsec_` secret, shown this once. Until `previous_secret_expires_at`, `webhook-signature` carries signatures under both secrets; `X-Service-Signature` uses the new one at once. Takes no body.",
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
        summary: "Resend a delivery: the same event id and body, as a new attempt (queued; 202)", description: "Queues one new attempt of the delivery's event (same id and body, signed anew) and answers 202 without waiting for the receiver. The webhook must be active (`409 conflict` otherwise). Takes no body.",
      },
    })
    .input(ZResendDeliveryInput)
    .output(ZResendDeliveryResponse)
    .mutation(({ ctx, input }) => requestResend(ctx.principal, input.id, input.deliveryId)),
});
