// A triage item's review messages and approvals as run steps (docs/api-conventions.md, "Run
// steps"): each message sent about the item (on opening, on escalation) and each approval of
// an item that needs several, in time order. Pure, like run-steps.ts: the service reads the
// rows (triage_notifications, triage_approvals), this module says what they mean.
import type { TriageApproval, TriageNotification } from "../../generated/prisma/client.ts";
import type { TRunStep } from "./runs.schemas.ts";

export type TStepNotification = Pick<
  TriageNotification,
  "triageItemId" | "kind" | "channel" | "recipient" | "status" | "attempts" | "sentAt" | "createdAt"
>;
export type TStepApproval = Pick<TriageApproval, "triageItemId" | "actor" | "outputEdited" | "createdAt">;

/** The messages and approvals of a run's items, as the service read them. */
export type TReachRows = { notifications: TStepNotification[]; approvals: TStepApproval[] };

type TNotificationStep = Extract<TRunStep, { type: "notification" }>;
type TApprovalStep = Extract<TRunStep, { type: "approval" }>;

const NOTIFICATION_STEP_STATUS: Record<string, TRunStep["status"]> = { queued: "pending", retrying: "running", sent: "completed", gave_up: "failed" };

function notificationStep(row: TStepNotification, round: number): TNotificationStep {
  const finished = row.status === "sent" ? row.sentAt : null;
  return {
    type: "notification",
    started_at: row.createdAt.toISOString(),
    finished_at: finished ? finished.toISOString() : null,
    duration_ms: finished ? Math.max(0, finished.getTime() - row.createdAt.getTime()) : null,
    status: NOTIFICATION_STEP_STATUS[row.status] ?? "pending",
    detail: {
      triage_item_id: row.triageItemId,
      kind: row.kind === "escalated" ? "escalated" : "opened",
      channel: row.channel === "chat" ? "chat" : "email",
      recipient: row.recipient,
      delivery: (["queued", "sent", "retrying", "gave_up"] as const).find((status) => status === row.status) ?? "queued",
      attempts: row.attempts,
      round,
    },
  };
}

function approvalStep(row: TStepApproval, position: number, required: number, round: number): TApprovalStep {
  const at = row.createdAt.toISOString();
  return {
    type: "approval",
    started_at: at,
    finished_at: at,
    duration_ms: 0,
    status: "completed",
    detail: { triage_item_id: row.triageItemId, by: row.actor, output_edited: row.outputEdited, required, position, round },
  };
}

/**
 * One item's messages and approvals in time order (a message before an approval at the same
 * instant: it was what brought the approver). `required` is the item's quorum (1 until fixed).
 */
export function reachSteps(item: { id: string; round?: number; approvalsRequired?: number | null }, rows: TReachRows | undefined): TRunStep[] {
  if (!rows) return [];
  const round = item.round ?? 0;
  const required = item.approvalsRequired ?? 1;
  const byTime = <T extends { triageItemId: string; createdAt: Date }>(list: T[]) =>
    list.filter((row) => row.triageItemId === item.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const timed: { at: number; order: number; step: TRunStep }[] = [
    ...byTime(rows.notifications).map((row) => ({ at: row.createdAt.getTime(), order: 0, step: notificationStep(row, round) })),
    ...byTime(rows.approvals).map((row, index) => ({ at: row.createdAt.getTime(), order: 1, step: approvalStep(row, index + 1, required, round) })),
  ];
  return timed.sort((a, b) => a.at - b.at || a.order - b.order).map(({ step }) => step);
}
