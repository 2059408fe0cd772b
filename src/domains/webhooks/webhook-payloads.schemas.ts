// The bodies and headers of webhook deliveries as contracts, for the OpenAPI document's
// `webhooks` (so receivers can generate their types). The bodies themselves are built by
// run-event-payload.ts, triage-overdue.ts and rollout-rolled-back.ts; tests/unit/webhook-payloads.test.ts parses
// what those build with these strict schemas, so the two cannot drift apart.
import { z } from "zod";
import { RUN_EVENTS } from "../runs/run-events.ts";
import { ROLLOUT_ROLLED_BACK_EVENT, TRIAGE_OVERDUE_EVENT } from "./webhook-events.ts";

const ZEventId = z.string().regex(/^evt_[0-9a-f]{32}$/).meta({
  description: "The event's id, the same on every attempt and resend: de-duplicate by it (also sent as `webhook-id`).",
});
const ZTimestamp = z.iso.datetime().meta({ description: "When the event happened (ISO 8601, UTC)." });

export const ZRunEventPayload = z
  .strictObject({
    id: ZEventId,
    event: z.enum(RUN_EVENTS),
    run_id: z.uuid().nullable().meta({ description: "The run; null only in the sample sent by `POST /v1/webhooks/test/{orgId}`." }),
    agent_type: z.string(),
    organization_id: z.uuid(),
    timestamp: ZTimestamp,
    data: z.strictObject({
      output: z.record(z.string(), z.unknown()).nullable().meta({ description: "The run's result (run.completed); null otherwise." }),
      confidence_score: z.number().min(0).max(1).nullable(),
      requires_triage: z.boolean(),
      triage_item_id: z.uuid().nullable().meta({ description: "The item to review (run.triage_required); null otherwise." }),
      error: z.string().nullable().meta({ description: "Why the run failed (run.failed); null otherwise." }),
      agent_version: z.number().int().min(1),
      review_round: z.number().int().min(0).meta({ description: "How many times a reviewer sent the run back before this event." }),
    }),
  })
  .meta({ description: "The body of a run event delivery: run.completed, run.failed or run.triage_required." });

export const ZTriageOverdueEventPayload = z
  .strictObject({
    id: ZEventId,
    event: z.literal(TRIAGE_OVERDUE_EVENT),
    run_id: z.uuid(),
    agent_type: z.string(),
    organization_id: z.uuid(),
    timestamp: ZTimestamp.meta({ description: "When the item fell due (its due_at)." }),
    data: z.strictObject({
      triage_item_id: z.uuid(),
      run_id: z.uuid(),
      agent_type: z.string(),
      agent_version: z.number().int().min(1),
      round: z.number().int().min(0),
      due_at: z.iso.datetime(),
      claimed_by: z.string().nullable().meta({ description: "The member holding the item's claim as it is sent; null: nobody." }),
    }),
  })
  .meta({
    description: "The body of a triage.overdue delivery (opt-in: only webhooks that list the event receive it), sent once when a pending review passes its due_at.",
  });

export const ZRolloutRolledBackEventPayload = z
  .strictObject({
    id: ZEventId,
    event: z.literal(ROLLOUT_ROLLED_BACK_EVENT),
    organization_id: z.uuid(),
    timestamp: ZTimestamp.meta({ description: "When the rollout ended." }),
    data: z.strictObject({
      agent: z.string(),
      version: z.number().int().min(1).meta({ description: "The candidate version rolled back." }),
      baseline_version: z.number().int().min(1).meta({ description: "The active version the runs go to again." }),
      judged: z.number().int().min(0).meta({ description: "Decisions people made on the candidate's runs when it was rolled back." }),
      agreement_rate: z.number().min(0).max(1).nullable(),
      min_agreement: z.number().min(0).max(1),
    }),
  })
  .meta({
    description:
      "The body of an agent.rollout.rolled_back delivery (opt-in: only webhooks that list the event receive it), sent once when a canary's candidate fell below min_agreement after min_judged judged runs.",
  });

/** The headers every delivery carries (src/domains/webhooks/signing.ts). */
export const WEBHOOK_DELIVERY_HEADERS: { name: string; description: string; example: string }[] = [
  { name: "webhook-id", description: "Standard Webhooks: the event id (the body's `id`).", example: "evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f" },
  { name: "webhook-timestamp", description: "Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.", example: "1767225600" },
  {
    name: "webhook-signature",
    description:
      "Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
  {
    name: "X-Service-Signature",
    description: "`sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.",
    example: "sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e",
  },
  { name: "X-Service-Event", description: "The event name (the body's `event`).", example: "run.completed" },
  { name: "X-Service-Event-Id", description: "The event id (the body's `id`).", example: "evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f" },
  { name: "X-Service-Timestamp", description: "When this attempt was signed (ISO 8601).", example: "2026-01-01T00:00:00.000Z" },
];
