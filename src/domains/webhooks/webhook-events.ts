// The events a webhook may subscribe to: the spec's three run events, and the opt-in
// triage.overdue (docs/api-conventions.md, "Claims, due times and bulk decisions") and
// agent.rollout.rolled_back ("Rollouts"), which only webhooks that list them receive; a run's
// or batch's own webhook_url gets the run events only.
import { z } from "zod";
import { RUN_EVENTS } from "../runs/run-events.ts";

export const TRIAGE_OVERDUE_EVENT = "triage.overdue";
/** Opt-in too: a canary rolled back because people disagreed with its candidate (docs/api-conventions.md, "Rollouts"). */
export const ROLLOUT_ROLLED_BACK_EVENT = "agent.rollout.rolled_back";
/** The events only webhooks that list them receive (never a run's or batch's own webhook_url). */
export const OPT_IN_EVENTS = [TRIAGE_OVERDUE_EVENT, ROLLOUT_ROLLED_BACK_EVENT] as const;
export const WEBHOOK_EVENTS = [...RUN_EVENTS, ...OPT_IN_EVENTS] as const;
export const ZWebhookEventName = z.enum(WEBHOOK_EVENTS, { error: `events must name ${WEBHOOK_EVENTS.join(", ")}` });
export type TWebhookEventName = z.infer<typeof ZWebhookEventName>;
