// The log of review messages per triage item (docs/api-conventions.md, "Review routes").
import { z } from "zod";
import { ZUuid } from "../../foundation/schemas.ts";

export const NOTIFICATION_KINDS = ["opened", "escalated"] as const;
export const NOTIFICATION_STATUSES = ["queued", "sent", "retrying", "gave_up"] as const;
export const CHANNELS = ["email", "chat"] as const;
export type TChannel = (typeof CHANNELS)[number];

export const ZTriageNotification = z
  .object({
    id: z.uuid(),
    channel: z.enum(CHANNELS),
    recipient: z.string().meta({ description: "The address, or the chat webhook URL masked (`https://hooks.slack.com/…/••••3xQz`)." }),
    kind: z.enum(NOTIFICATION_KINDS).meta({ description: "`opened`: sent when the item opened; `escalated`: an escalation step." }),
    step: z.number().int().meta({ description: "0 for opened; n for the route's n-th escalation step." }),
    status: z.enum(NOTIFICATION_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "TriageNotification" });
export type TTriageNotification = z.infer<typeof ZTriageNotification>;

export const ZTriageNotificationsInput = z.object({ id: ZUuid("id") });
export const ZTriageNotificationsResponse = z.object({ data: z.array(ZTriageNotification) });
