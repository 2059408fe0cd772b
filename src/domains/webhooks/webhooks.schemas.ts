// Contracts of the webhook endpoints.
import { z } from "zod";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZHttpsUrl, ZUuid } from "../../foundation/schemas.ts";
import { ZWebhookEventName } from "./webhook-events.ts";

/** A webhook subscribes to run events (the names the run outcome carries) and, opt-in, triage.overdue and agent.rollout.rolled_back. */
export const ZWebhookEvent = ZWebhookEventName;

export const ZCreateWebhookRequest = z.object({
  url: ZHttpsUrl,
  events: z
    .array(ZWebhookEvent)
    .min(1, "events must name at least one event")
    .transform((events) => [...new Set(events)]),
});

export const ZWebhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  is_active: z.boolean(),
  /** Why the endpoint was disabled (410 Gone, or every delivery failing for 5 days); null while active. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Failed attempts since the last success; a success resets it. */
  consecutive_failures: z.number().int(),
  /** When the current run of failures began (null after a success). */
  failing_since: z.string().nullable(),
  /** After a rotation: until when deliveries are also signed with the previous secret. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});

export const ZCreateWebhookResponse = z.object({ data: ZWebhook.extend({ secret: z.string() }) });
export const ZListWebhooksResponse = z.object({ data: z.array(ZWebhook) });
export const ZWebhookIdInput = z.object({ id: ZUuid("id") });
export const ZDeleteWebhookResponse = z.object({ success: z.literal(true) });

export const ZDelivery = z.object({
  id: z.uuid(),
  event_id: z.string(),
  event: z.string(),
  run_id: z.uuid().nullable(),
  attempt: z.number().int(),
  status: z.enum(["pending", "succeeded", "failed"]),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  /** The first 2 KB of the receiver's answer (null when none came). */
  response_body: z.string().nullable(),
});
export const ZListDeliveriesQuery = ZPaginationQuery.extend({ id: ZUuid("id") });
export const ZListDeliveriesResponse = z.object({ data: z.array(ZDelivery), ...ZPageInfo });

export const ZEnableWebhookResponse = z.object({ data: ZWebhook.extend({ enabled: z.boolean().describe("false when it was already active") }) });
export const ZRotateSecretResponse = z.object({ data: ZWebhook.extend({ secret: z.string() }) });

export const ZResendDeliveryInput = z.object({ id: ZUuid("id"), deliveryId: ZUuid("deliveryId") });
export const ZResendDeliveryResponse = z.object({
  data: z.object({
    webhook_id: z.uuid(),
    /** The attempt resent; the new attempt appears in the delivery log with the same event_id. */
    delivery_id: z.uuid(),
    event_id: z.string(),
    status: z.literal("queued"),
  }),
});

export const ZTestWebhookInput = z.object({ orgId: ZUuid("orgId") });
export const ZTestWebhookResponse = z.object({
  data: z.array(
    z.object({
      webhook_id: z.uuid(),
      status: z.enum(["succeeded", "failed"]),
      response_status: z.number().int().nullable(),
    }),
  ),
});
