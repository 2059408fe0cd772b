"use client";
// The queue's state, put together from the hooks next to this file: the list for the URL's
// filters (use-triage-list.ts), the focused item, its form and the ticked items
// (use-queue-focus.ts), claims on the open item (use-item-claims.ts) and the decisions
// (use-triage-decisions.ts).
import { useState } from "react";
import { useCan, useSession } from "../shell/session-context";
import { memberActor } from "./types";
import { useItemClaims } from "./use-item-claims";
import type { TQueueFilters } from "./use-queue-filters";
import { useQueueFocus } from "./use-queue-focus";
import { useTriageDecisions } from "./use-triage-decisions";
import { useTriageList } from "./use-triage-list";

export function useTriageQueue(filters: TQueueFilters, now: number) {
  const me = memberActor(useSession().current.member_id);
  const canWrite = useCan("triage:write");
  // Approvals waiting out their undo: off the list until sent or undone.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const { list, resolved, isQueue, liveStatus, listKey, refresh, claimedByOther, items, agents } = useTriageList(filters, now, me, hidden);
  const queue = useQueueFocus(items, claimedByOther);
  const claims = useItemClaims({ listKey, canWrite, claimedByOther, refresh, queue });
  const decisions = useTriageDecisions({ listKey, refresh, setHidden, queue, claims });

  return {
    list,
    resolved,
    isQueue,
    liveStatus,
    items,
    agents,
    total: Math.max(0, (list.data?.total ?? 0) - hidden.size),
    me,
    claimedByOther,
    focused: queue.focused,
    focus: queue.focus,
    move: queue.move,
    open: queue.open,
    openItem: claims.openItem,
    toggleOpen: claims.toggleOpen,
    form: queue.form,
    setForm: queue.setForm,
    note: queue.note,
    setNote: queue.setNote,
    error: queue.error,
    busy: decisions.busy,
    approve: decisions.approve,
    notices: decisions.notices,
    waitingApprovals: decisions.waitingApprovals,
    undo: decisions.undo,
    approveEdited: decisions.approveEdited,
    reject: decisions.reject,
    requestChanges: decisions.requestChanges,
    verdict: decisions.verdict,
    checked: queue.checked,
    checkedItems: queue.checkedItems,
    toggleChecked: queue.toggleChecked,
    bulkApprove: decisions.bulkApprove,
  };
}
