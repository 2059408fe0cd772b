// The review messages of a triage item as its log, and a test message to one recipient
// (docs/api-conventions.md, "Review messages and escalation").
import { db } from "../../foundation/db/client.ts";
import { AppError, notFound } from "../../foundation/errors.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import type { TRecipient } from "../review-routes/review-routes.schemas.ts";
import { assertAgentExists, assertRecipientsUsable, maskChatUrl } from "../review-routes/review-routes.service.ts";
import { composeChatMessage } from "./chat-message.ts";
import { composeEmail } from "./email-message.ts";
import { messageContent } from "./message-content.ts";
import { postChatMessage, sendEmail } from "./message-senders.ts";
import { reviewLinkUrl } from "./review-links.ts";
import type { TChannel, TTriageNotification } from "./review-reach.schemas.ts";

/** Oldest first; the recipient as stored (an address, or the chat URL masked). 404 for another tenant's item. */
export async function listTriageNotifications(principal: TPrincipal, triageItemId: string): Promise<{ data: TTriageNotification[] }> {
  const item = await db().triageItem.findFirst({ where: { id: triageItemId, ...tenantScope(principal) }, select: { id: true } });
  if (!item) throw notFound("Triage item");
  const rows = await db().triageNotification.findMany({
    where: { triageItemId, ...tenantScope(principal) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      channel: row.channel as TChannel,
      recipient: row.recipient,
      kind: row.kind as TTriageNotification["kind"],
      step: row.step,
      status: row.status as TTriageNotification["status"],
      attempts: row.attempts,
      last_error: row.lastError,
      sent_at: row.sentAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** A made-up item of `agentType`: what its route's messages look like, with AP's key fields for AP. */
function sampleItem(agentType: string) {
  const ap = agentType === "ap_specialist";
  return {
    kind: "review",
    round: 0,
    task: ap ? "Check invoice INV-1001 against its purchase order" : "A sample task",
    agentType,
    agentVersion: 1,
    triageReason: "This is a test message from the review routing page",
    proposedOutput: ap ? { decision: "approve_payment", amount_due: 12400, discrepancies: [] } : { sample: true },
    data: ap ? { invoice: { number: "INV-1001", vendor: "Acme Supplies", total: 12400, currency: "USD" } } : { sample: "value" },
    dueAt: new Date(Date.now() + 4 * 3_600_000),
  };
}

/**
 * Sends a sample message to one recipient now and answers when it was accepted. Its links
 * open the sample page (`/review/sample`), which decides nothing. Email needs SMTP_URL (400);
 * a refusal or an unreachable server is a 502 `message_not_delivered` with the reason.
 */
export async function sendTestMessage(principal: TPrincipal, agentType: string, recipient: TRecipient): Promise<{ sent: true; channel: TChannel; recipient: string }> {
  await assertAgentExists(principal, agentType);
  await assertRecipientsUsable([{ recipient, path: "recipient" }]);
  const content = messageContent(sampleItem(agentType), { pageUrl: reviewLinkUrl("sample"), escalated: false, sample: true });
  const channel: TChannel = "email" in recipient ? "email" : "chat";
  const label = "email" in recipient ? recipient.email : maskChatUrl(recipient.chat_webhook_url);
  const result =
    "email" in recipient
      ? await sendEmail(recipient.email, composeEmail(content))
      : await postChatMessage(recipient.chat_webhook_url, composeChatMessage(content));
  if (!result.sent) throw new AppError("message_not_delivered", `The test message to ${label} was not delivered: ${result.reason}`, { reason: result.reason });
  return { sent: true, channel, recipient: label };
}
