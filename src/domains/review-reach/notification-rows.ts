// The rows of the message log (triage_notifications): one per recipient and step of an item
// (step 0 when it opened, step n for the route's n-th escalation step), planned once (the
// unique (triage_item_id, step, recipient_key) makes a repeat a no-op), and each message's
// status: queued → retrying* → sent | gave_up. Every transition is a conditional update on
// the current status, so a repeated step neither counts an attempt twice nor reopens a row
// that is done.
import { db } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { openRecipient, recipientKey, recipientLabel, type TStoredRecipient } from "../review-routes/review-routes.service.ts";
import type { TChannel } from "./review-reach.schemas.ts";

export const kindOfStep = (step: number) => (step === 0 ? "opened" : "escalated");

/**
 * Plans the messages of `step` for a pending item (one row per distinct recipient) and answers
 * the ids of that step's rows, planned now or before (a step repeated after a crash finds
 * them again). `pending: false`: the item was already decided, and nothing new is planned.
 */
export async function planNotifications(triageItemId: string, step: number, recipients: TStoredRecipient[]): Promise<{ pending: boolean; ids: string[] }> {
  if (recipients.length > 0) {
    const rows = recipients.map((stored, position) => {
      const channel: TChannel = "email" in stored ? "email" : "chat";
      const destination = "email" in stored ? null : stored.chat_webhook_url_encrypted;
      return Prisma.sql`(${channel}, ${recipientLabel(stored)}, ${recipientKey(openRecipient(stored))}, ${destination}::text, ${position}::int)`;
    });
    // created_at one millisecond apart in route order: the log lists them as the route does.
    await db().$executeRaw`
      INSERT INTO triage_notifications (id, organization_id, livemode, triage_item_id, kind, step, channel, recipient, recipient_key, destination_encrypted, created_at)
      SELECT gen_random_uuid(), t.organization_id, t.livemode, t.id, ${kindOfStep(step)}, ${step}, v.channel, v.recipient, v.recipient_key, v.destination,
        now() + make_interval(secs => v.position / 1000.0)
      FROM triage_items t, (VALUES ${Prisma.join(rows)}) AS v(channel, recipient, recipient_key, destination, position)
      WHERE t.id = ${triageItemId}::uuid AND t.status = 'pending'
      ORDER BY v.position
      ON CONFLICT (triage_item_id, step, recipient_key) DO NOTHING`;
  }
  const [item] = await db().$queryRaw<{ pending: boolean; ids: string[] }[]>`
    SELECT t.status = 'pending' AS pending,
      ARRAY(SELECT n.id::text FROM triage_notifications n WHERE n.triage_item_id = t.id AND n.step = ${step} ORDER BY n.created_at, n.id) AS ids
    FROM triage_items t WHERE t.id = ${triageItemId}::uuid`;
  return item ?? { pending: false, ids: [] };
}

export type TNotificationRow = {
  id: string;
  organizationId: string;
  livemode: boolean;
  triageItemId: string;
  step: number;
  channel: TChannel;
  recipient: string;
  destinationEncrypted: string | null;
  status: string;
  attempts: number;
};

export function findNotification(id: string): Promise<TNotificationRow | null> {
  return db().triageNotification.findUnique({
    where: { id },
    select: {
      id: true,
      organizationId: true,
      livemode: true,
      triageItemId: true,
      step: true,
      channel: true,
      recipient: true,
      destinationEncrypted: true,
      status: true,
      attempts: true,
    },
  }) as Promise<TNotificationRow | null>;
}

const OPEN_STATUSES = ["queued", "retrying"];

/** An attempt begins: attempts + 1 on a message not yet sent or given up. Answers whether it may go ahead. */
export async function markAttemptStarted(id: string): Promise<boolean> {
  const { count } = await db().triageNotification.updateMany({ where: { id, status: { in: OPEN_STATUSES } }, data: { attempts: { increment: 1 } } });
  return count > 0;
}

export async function markSent(id: string): Promise<void> {
  await db().triageNotification.updateMany({ where: { id, status: { in: OPEN_STATUSES } }, data: { status: "sent", sentAt: new Date(), lastError: null } });
}

/** Failed, another attempt is planned. */
export async function markRetrying(id: string, reason: string): Promise<void> {
  await db().triageNotification.updateMany({ where: { id, status: { in: OPEN_STATUSES } }, data: { status: "retrying", lastError: reason } });
}

/** No more attempts: the schedule is used up, retrying cannot help, or the item was decided first. */
export async function markGaveUp(id: string, reason: string): Promise<void> {
  await db().triageNotification.updateMany({ where: { id, status: { in: OPEN_STATUSES } }, data: { status: "gave_up", lastError: reason } });
}
