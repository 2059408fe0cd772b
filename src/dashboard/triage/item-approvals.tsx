"use client";
// An item that needs several approvals (docs/api-conventions.md, "Two approvers"): who has
// approved so far, and whether the signed-in person is among them (then they wait for
// someone else: the server refuses a second approval by the same person with a 409).
import { UsersIcon } from "lucide-react";
import type { TTriageItem } from "./types";

type TApprovals = NonNullable<TTriageItem["approvals"]>;

const timeOf = (at: string): string => new Date(at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/** The approvals of an item that needs more than one, or null for an item one approval decides. */
export function quorumOf(item: Pick<TTriageItem, "approvals">): TApprovals | null {
  return item.approvals && item.approvals.required > 1 ? item.approvals : null;
}

/** Whether `me` (an actor label, member:<id>) already approved the item. */
export function approvedByMe(item: Pick<TTriageItem, "approvals">, me: string): boolean {
  return (item.approvals?.given ?? []).some((approval) => approval.by === me);
}

/** "1 of 2 approvals: Ada Admin at 14:02"; then, if it was me, that it waits for someone else. */
export function ApprovalsLine({ approvals, mine }: { approvals: TApprovals; mine: boolean }) {
  const given = approvals.given;
  const who = given.map((approval) => `${approval.by_actor?.name ?? approval.by} at ${timeOf(approval.at)}`).join(", ");
  const missing = Math.max(0, approvals.required - given.length);
  return (
    <p data-testid="triage-approvals" className="flex min-w-0 items-start gap-2 text-xs">
      <UsersIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 break-words">
        <span className="font-medium">
          {given.length} of {approvals.required} approvals
        </span>
        {who ? `: ${who}` : ": none yet"}
        {mine ? (
          <span className="text-muted-foreground"> · You approved; waiting for {missing === 1 ? "someone else" : `${missing} more people`}</span>
        ) : null}
      </span>
    </p>
  );
}

/** "Approval recorded — needs 1 more", for an approve answer that left the item pending; null when it decided. */
export function pendingApprovalNotice(response: unknown): string | null {
  const data = (response as { data?: { status?: string; approvals?: TApprovals } } | null)?.data;
  if (data?.status !== "pending") return null;
  const missing = data.approvals ? Math.max(1, data.approvals.required - data.approvals.given.length) : null;
  return missing === null ? "Approval recorded — needs more approvals" : `Approval recorded — needs ${missing} more`;
}
