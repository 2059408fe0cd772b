// The contract of review routes (docs/api-conventions.md, "Review routes"): who hears of an
// agent type's review items, who is told next if nobody decides, and how many approvals an
// item needs. Bounded: at most 10 recipients per list and 5 escalation steps.
import { z } from "zod";
import { ZHttpsUrl } from "../../foundation/schemas.ts";

export const MAX_RECIPIENTS = 10;
export const MAX_ESCALATION_STEPS = 5;
export const MAX_APPROVALS = 5;
/** A week: an escalation later than that is a different process. */
export const MAX_AFTER_MINUTES = 7 * 24 * 60;

export const ZEmailRecipient = z.object({ email: z.email({ error: "must be an email address" }).max(254) }).strict();
export const ZChatRecipient = z
  .object({
    chat_webhook_url: ZHttpsUrl.meta({
      description: "An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.",
    }),
  })
  .strict();
export const ZRecipient = z
  .union([ZEmailRecipient, ZChatRecipient], { error: "a recipient is {email} or {chat_webhook_url}, one field" })
  .meta({ description: "`{email}` or `{chat_webhook_url}`." });
export type TRecipient = z.infer<typeof ZRecipient>;

const ZRecipients = z.array(ZRecipient).max(MAX_RECIPIENTS, { error: `at most ${MAX_RECIPIENTS} recipients` });

export const ZEscalationStep = z
  .object({
    after_minutes: z.int().min(1).max(MAX_AFTER_MINUTES).meta({ description: "Minutes after the item opened; sent once, if the item is still open then." }),
    notify: ZRecipients.min(1, { error: "an escalation step needs at least one recipient" }),
  })
  .strict();
export type TEscalationStep = z.infer<typeof ZEscalationStep>;

export const ZApprovalCondition = z
  .object({
    path: z
      .string()
      .max(512)
      .regex(/^(\/([^~/]|~[01])*)+$/, { error: "must be a JSON Pointer such as /invoice/total" })
      .meta({ description: "A JSON Pointer into the run's input data." }),
    gt: z.number().meta({ description: "The quorum applies when the number at `path` is greater than this." }),
  })
  .strict();
export type TApprovalCondition = z.infer<typeof ZApprovalCondition>;

export const ZApprovals = z
  .object({
    required: z.int().min(1, { error: "at least 1 approval" }).max(MAX_APPROVALS, { error: `at most ${MAX_APPROVALS} approvals` }).default(1).meta({ description: "Distinct people who must approve (1–5)." }),
    when: ZApprovalCondition.optional().meta({ description: "Without it the quorum applies to every review item of the agent type; with it, only where the condition holds (else one approval decides)." }),
  })
  .strict();

export const ZReviewRouteBody = z
  .object({
    notify: ZRecipients.default([]).meta({ description: "Told when an item opens (every kind, every round)." }),
    escalation: z
      .array(ZEscalationStep)
      .max(MAX_ESCALATION_STEPS, { error: `at most ${MAX_ESCALATION_STEPS} escalation steps` })
      .default([])
      .superRefine((steps, context) => {
        // Named at the step that breaks the order, so a form can point at it.
        const index = steps.findIndex((step, at) => at > 0 && step.after_minutes <= steps[at - 1]!.after_minutes);
        if (index > 0) {
          context.addIssue({ code: "custom", path: [index, "after_minutes"], message: "escalation steps must have increasing after_minutes" });
        }
      }),
    approvals: ZApprovals.default({ required: 1 }),
  })
  .strict();

export const ZAgentTypeParam = z.object({
  agent_type: z.string().min(1).max(64).meta({ description: "A built-in agent type or a custom agent's name." }),
});

export const ZPutReviewRouteInput = ZAgentTypeParam.extend(ZReviewRouteBody.shape).strict();
export type TPutReviewRouteInput = z.infer<typeof ZPutReviewRouteInput>;

export const ZReviewRoute = z
  .object({
    agent_type: z.string(),
    notify: z.array(ZRecipient),
    escalation: z.array(ZEscalationStep),
    approvals: z.object({ required: z.int(), when: ZApprovalCondition.nullable() }),
    updated_at: z.string(),
  })
  .meta({ id: "ReviewRoute", description: "Where an agent type's review items reach people." });
export type TReviewRoute = z.infer<typeof ZReviewRoute>;

export const ZReviewRouteResponse = z.object({ route: ZReviewRoute });
export const ZReviewRouteList = z.object({ data: z.array(ZReviewRoute) });
export const ZReviewRouteDeleted = z.object({ deleted: z.literal(true) });

/** A test message to one recipient, as the routing page's button sends it. */
export const ZTestMessageInput = ZAgentTypeParam.extend({ recipient: ZRecipient }).strict();
export const ZTestMessageResponse = z.object({
  sent: z.literal(true),
  channel: z.enum(["email", "chat"]),
  recipient: z.string().meta({ description: "The address, or the chat URL masked." }),
});
