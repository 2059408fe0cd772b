// The deliveries the service sends to receivers, as the OpenAPI document's `webhooks`
// (src/transport/rest/openapi.ts renders them; src/api-surface.ts registers them): the
// spec's three run events and the opt-in triage.overdue and agent.rollout.rolled_back, with their payload contracts and
// the headers every delivery is signed with (src/domains/webhooks/).
import { RUN_EVENTS, type TRunEventName } from "../domains/runs/run-events.ts";
import { ROLLOUT_ROLLED_BACK_EVENT, TRIAGE_OVERDUE_EVENT } from "../domains/webhooks/webhook-events.ts";
import {
  WEBHOOK_DELIVERY_HEADERS,
  ZRolloutRolledBackEventPayload,
  ZRunEventPayload,
  ZTriageOverdueEventPayload,
} from "../domains/webhooks/webhook-payloads.schemas.ts";
import type { TWebhookDelivery } from "./rest/openapi.ts";

const RECEIVING = 'Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".';

const RUN_EVENT_TEXT: Record<TRunEventName, { summary: string; description: string }> = {
  "run.completed": {
    summary: "A run completed",
    description: "Sent to the run's (or its batch's) `webhook_url` and to every active webhook of its organization and mode that lists the event; `data.output` is the result.",
  },
  "run.failed": { summary: "A run failed", description: "Sent like run.completed; `data.error` says why." },
  "run.triage_required": {
    summary: "A run awaits review",
    description: "Sent like run.completed when a run needs a person; `data.triage_item_id` is the item to review.",
  },
};

export const webhookDeliveries: TWebhookDelivery[] = [
  ...RUN_EVENTS.map((event) => ({
    event,
    summary: RUN_EVENT_TEXT[event].summary,
    description: `${RUN_EVENT_TEXT[event].description} ${RECEIVING}`,
    payloadName: "RunEvent",
    payload: ZRunEventPayload,
    headers: WEBHOOK_DELIVERY_HEADERS,
  })),
  {
    event: TRIAGE_OVERDUE_EVENT,
    summary: "A review fell due (opt-in)",
    description: `Sent once per item, only to webhooks whose \`events\` list it, when a pending review passes its \`due_at\`. ${RECEIVING}`,
    payloadName: "TriageOverdueEvent",
    payload: ZTriageOverdueEventPayload,
    headers: WEBHOOK_DELIVERY_HEADERS,
  },
  {
    event: ROLLOUT_ROLLED_BACK_EVENT,
    summary: "A canary rollout was rolled back (opt-in)",
    description: `Sent once per rollout, only to webhooks whose \`events\` list it, when the candidate has \`min_judged\` judged runs and its agreement is below \`min_agreement\`: new runs go to the active version again. ${RECEIVING}`,
    payloadName: "RolloutRolledBackEvent",
    payload: ZRolloutRolledBackEventPayload,
    headers: WEBHOOK_DELIVERY_HEADERS,
  },
];
