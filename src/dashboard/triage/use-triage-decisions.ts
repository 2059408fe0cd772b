"use client";
// The decisions: an approval (undoable for a few seconds, sent afterwards), decisions sent at
// once (edited approval, reject, request changes, a verdict, a forced retry) and a bulk approval.
// A decided item leaves the cached list at once and the next item is focused.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../lib/describe-error";
import { useTRPCClient } from "../trpc";
import type { TChangeRequest, TRejection, TTriageItem, TVerdict } from "./types";
import type { useItemClaims } from "./use-item-claims";
import type { useQueueFocus } from "./use-queue-focus";
import { useTriageCalls } from "./use-triage-calls";
import { without, type useTriageList } from "./use-triage-list";
import { useUndoableApprovals, type TPendingApproval } from "./use-undoable-approvals";
import { runDetached } from "../lib/detached";
import { pendingApprovalNotice } from "./item-approvals";

export function useTriageDecisions({
  listKey,
  refresh,
  setHidden,
  queue,
  claims,
}: {
  listKey: ReturnType<typeof useTriageList>["listKey"];
  refresh: () => void;
  setHidden: (update: (set: ReadonlySet<string>) => ReadonlySet<string>) => void;
  queue: ReturnType<typeof useQueueFocus>;
  claims: ReturnType<typeof useItemClaims>;
}) {
  const client = useTRPCClient();
  const calls = useTriageCalls();
  const queryClient = useQueryClient();
  const { focused, focus, leave, note, setError, uncheck } = queue;
  const { forget } = claims;
  const [busy, setBusy] = useState(false);
  // Approvals that did not decide yet (the item needs more people): said on the item, which stays.
  const [notices, setNotices] = useState<ReadonlyMap<string, string>>(new Map());
  const recorded = useCallback(
    (itemId: string, notice: string) => {
      setNotices((map) => new Map(map).set(itemId, notice));
      refresh();
    },
    [refresh],
  );

  /** Decided: the item leaves the cached list now; the next one is focused; the list is re-read. */
  const settle = useCallback(
    (itemIds: string[]) => {
      const gone = new Set(itemIds);
      for (const itemId of itemIds) forget(itemId);
      queryClient.setQueryData(listKey, (old) =>
        old ? { ...old, data: old.data.filter((item) => !gone.has(item.id)), total: Math.max(0, old.total - gone.size) } : old,
      );
      refresh();
    },
    [queryClient, listKey, refresh, forget],
  );

  const onFailure = useCallback(
    (itemId: string, cause: unknown, force?: () => void) => {
      // A 409 naming the claim's holder can be overruled (force: true); any other refusal cannot.
      const overrulable = force && describeError(cause).type === "conflict" && /is reviewing/.test(describeError(cause).message);
      setError({ itemId, error: cause, ...(overrulable ? { force } : {}) });
      // Someone else decided first (409) or the item is gone (404): show the queue as it is.
      refresh();
    },
    [refresh, setError],
  );

  // The approval below may fail after its grace period; its forced retry runs as decideNow does.
  const decideNowRef = useRef<(item: TTriageItem, call: (force: boolean) => Promise<unknown>, force?: boolean) => Promise<void>>(async () => undefined);

  // Approve with `a` (or the button): undoable for a few seconds, sent afterwards.
  const sendApproval = useCallback(
    ({ item, note: approvalNote }: TPendingApproval) => {
      client.triage.approve.mutate({ id: item.id, ...(approvalNote ? { resolution_note: approvalNote } : {}) }).then(
        (response) => {
          const notice = pendingApprovalNotice(response);
          if (notice) recorded(item.id, notice);
          else settle([item.id]);
          setHidden((set) => without(set, item.id));
        },
        (cause: unknown) => {
          setHidden((set) => without(set, item.id));
          const again = (force: boolean) =>
            client.triage.approve.mutate({ id: item.id, force, ...(approvalNote ? { resolution_note: approvalNote } : {}) });
          onFailure(item.id, cause, () => runDetached(decideNowRef.current(item, again, true), "retrying the approval"));
        },
      );
    },
    [client, settle, recorded, onFailure, setHidden],
  );
  const approvals = useUndoableApprovals(sendApproval);
  const approve = useCallback(
    (item: TTriageItem) => {
      const approvalNote = item.id === focused?.id ? note.trim() : "";
      // The claim stays while the approval waits (the decision ends it); an undo keeps it until it lapses.
      forget(item.id);
      leave(item.id);
      setHidden((set) => new Set(set).add(item.id));
      uncheck([item.id]);
      approvals.schedule(item, approvalNote || undefined);
    },
    [focused, note, forget, leave, setHidden, uncheck, approvals],
  );
  /** Undo: the approval is not sent, and the item comes back, focused. */
  const undo = useCallback(
    (itemId?: string) => {
      const undone = itemId ? (approvals.undo(itemId) ? itemId : null) : approvals.undoLast();
      if (!undone) return;
      setHidden((set) => without(set, undone));
      focus(undone);
    },
    [approvals, focus, setHidden],
  );

  /** Runs a decision that is sent at once (edited approval, reject, request changes, a forced retry). */
  const decideNow = useCallback(
    async (item: TTriageItem, call: (force: boolean) => Promise<unknown>, force = false): Promise<void> => {
      if (busy) return;
      setBusy(true);
      setError(null);
      try {
        const notice = pendingApprovalNotice(await call(force));
        if (notice) recorded(item.id, notice);
        else {
          leave(item.id);
          settle([item.id]);
        }
      } catch (cause) {
        onFailure(item.id, cause, force ? undefined : () => runDetached(decideNow(item, call, true), "retrying the decision"));
      } finally {
        setBusy(false);
      }
    },
    [busy, leave, settle, recorded, onFailure, setError],
  );
  useEffect(() => {
    decideNowRef.current = decideNow;
  });
  const approveEdited = useCallback(
    (item: TTriageItem, output: Record<string, unknown>) => {
      const noteText = note.trim();
      return decideNow(item, (force) =>
        client.triage.approve.mutate({ id: item.id, output, force, ...(noteText ? { resolution_note: noteText } : {}) }),
      );
    },
    [decideNow, client, note],
  );
  const reject = useCallback(
    (item: TTriageItem, { reasonCode, reason }: TRejection) =>
      decideNow(item, (force) => client.triage.reject.mutate({ id: item.id, reason, reason_code: reasonCode, force })),
    [decideNow, client],
  );
  const requestChanges = useCallback(
    (item: TTriageItem, { feedback, dataPatch }: TChangeRequest) =>
      decideNow(item, (force) => calls.requestChanges({ id: item.id, feedback, force, ...(dataPatch ? { data_patch: dataPatch } : {}) })),
    [decideNow, calls],
  );

  // A spot check's verdict (y: correct at once; n: incorrect, from its small form or at once).
  const verdict = useCallback(
    (item: TTriageItem, { verdict: value, correctedOutput, note: verdictNote }: TVerdict) =>
      decideNow(item, (force) =>
        calls.verdict({
          id: item.id,
          verdict: value,
          force,
          ...(correctedOutput ? { corrected_output: correctedOutput } : {}),
          ...(verdictNote ? { note: verdictNote } : {}),
        }),
      ),
    [decideNow, calls],
  );

  const bulkApprove = useCallback(
    async (selection: TTriageItem[]) => {
      const { results } = await calls.bulk({ decision: "approve", ids: selection.map((item) => item.id) });
      const approved = results.filter((result) => result.status === "approved").map((result) => result.id);
      // An approval recorded on an item that needs more people: it stays, unticked, saying so.
      const needMore = results.filter((result) => result.status === "pending").map((result) => result.id);
      for (const itemId of approved) leave(itemId);
      settle(approved);
      uncheck([...approved, ...needMore]);
      for (const itemId of needMore) recorded(itemId, "Approval recorded — needs more approvals");
      return results;
    },
    [calls, leave, settle, uncheck, recorded],
  );

  return {
    busy,
    approve,
    notices,
    waitingApprovals: approvals.waiting,
    undo,
    approveEdited,
    reject,
    requestChanges,
    verdict,
    bulkApprove,
  };
}
