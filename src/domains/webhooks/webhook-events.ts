// The events a webhook may subscribe to: the spec's three run events, and the opt-in
// triage.overdue (docs/api-conventions.md, "Claims, due times and bulk decisions"), which only
// webhooks that list it receive; a run's or batch's own webhook_url gets the run events only.
import { z } from "zod";
import { RUN_EVENTS } from "../runs/run-events.ts";

export const TRIAGE_OVERDUE_EVENT = "triage.overdue";
export const WEBHOOK_EVENTS = [...RUN_EVENTS, TRIAGE_OVERDUE_EVENT] as const;
export const ZWebhookEventName = z.enum(WEBHOOK_EVENTS, { error: `events must name ${WEBHOOK_EVENTS.join(", ")}` });
export type TWebhookEventName = z.infer<typeof ZWebhookEventName>;
