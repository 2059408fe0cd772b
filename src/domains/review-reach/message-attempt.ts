// One attempt at one review message, as the send-review-message job makes it inside one of
// its steps: count the attempt, mint a fresh signed link (its token lives only in the
// message: the step's saved result says nothing but the outcome), compose, send, and record
// what happened on the message's row. An item decided before its message went out gets no
// message: the row is closed as gave_up with that reason, so the log says why nothing came.
import { decryptSecret } from "../../foundation/secret-box.ts";
import { composeChatMessage } from "./chat-message.ts";
import { composeEmail } from "./email-message.ts";
import { messageContent, readMessageItem } from "./message-content.ts";
import { postChatMessage, sendEmail, type TSendResult } from "./message-senders.ts";
import { findNotification, markAttemptStarted, markGaveUp, markRetrying, markSent } from "./notification-rows.ts";
import { mintReviewLink } from "./review-links.ts";

export const DECIDED_FIRST_REASON = "Not sent: the item was decided before this message went out";

/** `done`: no further attempt (sent, given up, or nothing to send); otherwise the job waits and tries again. */
export type TAttemptOutcome = { done: boolean; status: "sent" | "retrying" | "gave_up" | "skipped" };

export async function attemptReviewMessage(notificationId: string, lastAttempt: boolean): Promise<TAttemptOutcome> {
  const row = await findNotification(notificationId);
  if (!row || (row.status !== "queued" && row.status !== "retrying")) return { done: true, status: "skipped" };
  const item = await readMessageItem(row.triageItemId);
  if (!item || item.status !== "pending") {
    await markGaveUp(row.id, DECIDED_FIRST_REASON);
    return { done: true, status: "gave_up" };
  }
  if (!(await markAttemptStarted(row.id))) return { done: true, status: "skipped" };
  const link = await mintReviewLink({
    organizationId: row.organizationId,
    livemode: row.livemode,
    triageItemId: row.triageItemId,
    notificationId: row.id,
    channel: row.channel,
    recipient: row.recipient,
    openedAt: item.createdAt,
  });
  const content = messageContent(item, { pageUrl: link.url, escalated: row.step > 0 });
  let result: TSendResult;
  if (row.channel === "email") {
    result = await sendEmail(row.recipient, composeEmail(content));
  } else if (row.destinationEncrypted) {
    result = await postChatMessage(decryptSecret(row.destinationEncrypted), composeChatMessage(content));
  } else {
    result = { sent: false, reason: "The chat webhook URL is missing", permanent: true };
  }
  if (result.sent) {
    await markSent(row.id);
    return { done: true, status: "sent" };
  }
  if (result.permanent || lastAttempt) {
    await markGaveUp(row.id, result.reason);
    return { done: true, status: "gave_up" };
  }
  await markRetrying(row.id, result.reason);
  return { done: false, status: "retrying" };
}

/** The job failed for good (e.g. the database was away through its retries): the row says so. */
export const abandonReviewMessage = (notificationId: string): Promise<void> =>
  markGaveUp(notificationId, "Not sent: the service could not complete the attempts");
