"use client";
// The queue's state: the list for the URL's filters (refreshed by the live subscription,
// never polled), the focused item and whether it is open (opening claims it), the open
// form, the items ticked for a bulk approval, and the decisions. The keyboard flow skips
// items someone else is reviewing. After a decision the next item is focused at once.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useCan, useSession } from "../shell/session-context";
import { describeError } from "../lib/describe-error";
import { useTRPC, useTRPCClient } from "../trpc";
import {
  memberActor,
  type TChangeRequest,
  type TRejection,
  type TTriageForm,
  type TTriageItem,
  type TTriageListInput,
  type TVerdict,
} from "./types";
import type { TQueueFilters } from "./use-queue-filters";
import { useTriageCalls } from "./use-triage-calls";
import { sendOnUnload, useUndoableApprovals, type TPendingApproval } from "./use-undoable-approvals";
import { logFailure, runDetached } from "../lib/detached";

export const RESOLVED_INPUT = { limit: 10, status: "resolved" as const };
const PAGE_SIZE = 100;
/** Claims last 15 minutes on the server; an item kept open renews its claim well before. */
const CLAIM_RENEW_MS = 5 * 60_000;

/** The current time, ticking each half minute, for ages and due times. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function listInputFor(filters: TQueueFilters): TTriageListInput {
  const pendingOnly = filters.status === "pending";
  return {
    limit: PAGE_SIZE,
    ...(pendingOnly ? {} : { status: filters.status }),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.batch ? { batch_id: filters.batch } : {}),
    // Claims and due times concern open items only.
    ...(pendingOnly && filters.claimed ? { claimed: filters.claimed } : {}),
    ...(pendingOnly && filters.overdue ? { overdue: "true" as const } : {}),
  };
}

export function useTriageQueue(filters: TQueueFilters, now: number) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const calls = useTriageCalls();
  const queryClient = useQueryClient();
  const me = memberActor(useSession().current.member_id);
  const canWrite = useCan("triage:write");
  const input = useMemo(() => listInputFor(filters), [filters]);
  const listKey = useMemo(() => trpc.triage.list.queryKey(input), [trpc, input]);
  // Another filter keeps the previous list on screen until the new one arrives: no flash, no jump.
  const list = useQuery({ ...trpc.triage.list.queryOptions(input), placeholderData: keepPreviousData });
  const isQueue = filters.status === "pending";
  const resolved = useQuery({ ...trpc.triage.list.queryOptions(RESOLVED_INPUT), enabled: isQueue });

  const refresh = useCallback(
    () => runDetached(queryClient.invalidateQueries({ queryKey: trpc.triage.list.pathKey() }), "re-reading the triage queue"),
    [queryClient, trpc],
  );
  // Connected (or reconnected): re-read once, so nothing that changed meanwhile is missed.
  const live = useSubscription(trpc.triage.changes.subscriptionOptions(undefined, { onStarted: refresh, onData: refresh }));

  const claimedByOther = useCallback((item: TTriageItem) => Boolean(item.claimed_by && item.claimed_by !== me), [me]);

  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const listed = useMemo(() => {
    const data = list.data?.data ?? [];
    // The server filters too; this keeps the list right between a change and the next read.
    return data.filter((item) => {
      if (isQueue && filters.overdue && !(item.due_at && new Date(item.due_at).getTime() <= now)) return false;
      if (isQueue && filters.claimed === "mine" && item.claimed_by !== me) return false;
      if (isQueue && filters.claimed === "none" && item.claimed_by) return false;
      if (isQueue && filters.claimed === "others" && !claimedByOther(item)) return false;
      if (filters.agent && item.agent_runs.agent_type !== filters.agent) return false;
      if (filters.kind && (item.kind ?? "review") !== filters.kind) return false;
      return true;
    });
  }, [list.data, isQueue, filters, now, me, claimedByOther]);
  const items = useMemo(() => listed.filter((item) => !hidden.has(item.id)), [listed, hidden]);
  const agents = useMemo(() => [...new Set((list.data?.data ?? []).map((item) => item.agent_runs.agent_type))].sort(), [list.data]);

  // Focus: the chosen item while it is listed; else the first free one at or after its place.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const lastIndex = useRef(0);
  const focusedIndex = useMemo(() => {
    const index = items.findIndex((item) => item.id === focusedId);
    if (index >= 0) return index;
    const from = Math.min(lastIndex.current, items.length - 1);
    const free = items.findIndex((item, at) => at >= from && !claimedByOther(item));
    return free >= 0 ? free : from;
  }, [items, focusedId, claimedByOther]);
  const focused: TTriageItem | undefined = items[focusedIndex];
  useEffect(() => {
    if (focusedIndex >= 0) lastIndex.current = focusedIndex;
  }, [focusedIndex]);

  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<TTriageForm>(null);
  const [note, setNote] = useState("");
  /** The last refusal on an item; `force` retries it over someone else's claim. */
  const [error, setError] = useState<{ itemId: string; error: unknown; force?: () => void } | null>(null);
  const [busy, setBusy] = useState(false);

  // Claims this page took, released when the item closes undecided.
  const myClaims = useRef(new Set<string>());
  const setClaimInCache = useCallback(
    (itemId: string, claim: Pick<TTriageItem, "claimed_by" | "claimed_by_name" | "claimed_by_actor" | "claimed_until">) =>
      queryClient.setQueryData(listKey, (old) =>
        old ? { ...old, data: old.data.map((item) => (item.id === itemId ? { ...item, ...claim } : item)) } : old,
      ),
    [queryClient, listKey],
  );
  const claim = useCallback(
    async (item: TTriageItem) => {
      // Viewers read without claiming; someone else's claim stands; decided items have none.
      if (!canWrite || claimedByOther(item) || item.status !== "pending") return;
      try {
        const { data } = await calls.claim({ id: item.id });
        myClaims.current.add(item.id);
        setClaimInCache(item.id, data);
      } catch (cause) {
        setError({ itemId: item.id, error: cause });
        refresh();
      }
    },
    [canWrite, calls, claimedByOther, setClaimInCache, refresh],
  );
  const release = useCallback(
    (itemId: string) => {
      if (!myClaims.current.delete(itemId)) return;
      calls.release({ id: itemId }).then(
        () => setClaimInCache(itemId, { claimed_by: null, claimed_by_name: null, claimed_by_actor: null, claimed_until: null }),
        // Decided meanwhile, or the claim had lapsed: nothing to give back.
        logFailure("giving back a claim", { level: "debug" }),
      );
    },
    [calls, setClaimInCache],
  );

  // The open item keeps its claim while it stays open; closing it gives the claim back.
  const openId = open && focused ? focused.id : null;
  // Only a change of the open item may end its claim: the calls are read through a ref.
  const claimCalls = useRef({ claim: calls.claim, release });
  useEffect(() => {
    claimCalls.current = { claim: calls.claim, release };
  });
  useEffect(() => {
    if (!openId) return;
    const timer = setInterval(() => {
      if (myClaims.current.has(openId)) runDetached(claimCalls.current.claim({ id: openId }), "renewing the claim");
    }, CLAIM_RENEW_MS);
    return () => {
      clearInterval(timer);
      claimCalls.current.release(openId);
    };
  }, [openId]);
  // The claim is given back when the page closes as well (best effort): on leaving for another
  // dashboard page by a call, on unload by a keepalive request (a reload would otherwise hold it 15 minutes).
  useEffect(() => {
    const claims = myClaims.current;
    const onPageHide = () => {
      for (const itemId of claims) {
        sendOnUnload("/api/trpc/triage.release", { id: itemId });
      }
      claims.clear();
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      for (const itemId of claims) runDetached(calls.release({ id: itemId }), "giving back a claim", { level: "debug" });
    };
  }, [calls]);

  const focus = useCallback((id: string | null) => {
    setFocusedId(id);
    setOpen(false);
    setForm(null);
    setNote("");
    setError(null);
  }, []);

  const move = useCallback(
    (step: 1 | -1) => {
      for (let at = focusedIndex + step; at >= 0 && at < items.length; at += step) {
        const candidate = items[at]!;
        if (!claimedByOther(candidate)) return focus(candidate.id);
      }
    },
    [items, focusedIndex, claimedByOther, focus],
  );

  /** Opening an item for a decision claims it. */
  const openItem = useCallback(
    (item: TTriageItem, nextForm: TTriageForm = null) => {
      if (item.id !== focused?.id) focus(item.id);
      setOpen(true);
      setForm(nextForm);
      setError(null);
      if (!myClaims.current.has(item.id)) runDetached(claim(item), "claiming the item");
    },
    [focused, focus, claim],
  );
  const toggleOpen = useCallback(
    (item: TTriageItem) => {
      if (open && item.id === focused?.id) {
        setOpen(false);
        setForm(null);
      } else openItem(item);
    },
    [open, focused, openItem],
  );

  /** The next item to focus when `itemId` leaves the list (the following free one, else the one before). */
  const nextAfter = useCallback(
    (itemId: string) => {
      const index = items.findIndex((item) => item.id === itemId);
      const after = items.slice(index + 1).find((item) => !claimedByOther(item));
      return after ?? items.slice(0, Math.max(0, index)).reverse().find((item) => !claimedByOther(item)) ?? items[index + 1] ?? items[index - 1];
    },
    [items, claimedByOther],
  );

  /** Decided: the item leaves the cached list now; the next one is focused; the list is re-read. */
  const settle = useCallback(
    (itemIds: string[]) => {
      const gone = new Set(itemIds);
      for (const itemId of itemIds) myClaims.current.delete(itemId);
      queryClient.setQueryData(listKey, (old) =>
        old ? { ...old, data: old.data.filter((item) => !gone.has(item.id)), total: Math.max(0, old.total - gone.size) } : old,
      );
      refresh();
    },
    [queryClient, listKey, refresh],
  );
  const leave = useCallback(
    (itemId: string) => {
      if (focused?.id === itemId) focus(nextAfter(itemId)?.id ?? null);
    },
    [focused, focus, nextAfter],
  );

  const onFailure = useCallback(
    (itemId: string, cause: unknown, force?: () => void) => {
      // A 409 naming the claim's holder can be overruled (force: true); any other refusal cannot.
      const overrulable = force && describeError(cause).type === "conflict" && /is reviewing/.test(describeError(cause).message);
      setError({ itemId, error: cause, ...(overrulable ? { force } : {}) });
      // Someone else decided first (409) or the item is gone (404): show the queue as it is.
      refresh();
    },
    [refresh],
  );

  // The approval below may fail after its grace period; its forced retry runs as decideNow does.
  const decideNowRef = useRef<(item: TTriageItem, call: (force: boolean) => Promise<unknown>, force?: boolean) => Promise<void>>(async () => undefined);

  // Approve with `a` (or the button): undoable for a few seconds, sent afterwards.
  const sendApproval = useCallback(
    ({ item, note: approvalNote }: TPendingApproval) => {
      client.triage.approve.mutate({ id: item.id, ...(approvalNote ? { resolution_note: approvalNote } : {}) }).then(
        () => {
          settle([item.id]);
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
    [client, settle, onFailure],
  );
  const approvals = useUndoableApprovals(sendApproval);
  const approve = useCallback(
    (item: TTriageItem) => {
      const approvalNote = item.id === focused?.id ? note.trim() : "";
      // The claim stays while the approval waits (the decision ends it); an undo keeps it until it lapses.
      myClaims.current.delete(item.id);
      leave(item.id);
      setHidden((set) => new Set(set).add(item.id));
      setChecked((set) => without(set, item.id));
      approvals.schedule(item, approvalNote || undefined);
    },
    [focused, note, leave, approvals],
  );
  /** Undo: the approval is not sent, and the item comes back, focused. */
  const undo = useCallback(
    (itemId?: string) => {
      const undone = itemId ? (approvals.undo(itemId) ? itemId : null) : approvals.undoLast();
      if (!undone) return;
      setHidden((set) => without(set, undone));
      focus(undone);
    },
    [approvals, focus],
  );

  /** Runs a decision that is sent at once (edited approval, reject, request changes, a forced retry). */
  const decideNow = useCallback(
    async (item: TTriageItem, call: (force: boolean) => Promise<unknown>, force = false): Promise<void> => {
      if (busy) return;
      setBusy(true);
      setError(null);
      try {
        await call(force);
        leave(item.id);
        settle([item.id]);
      } catch (cause) {
        onFailure(item.id, cause, force ? undefined : () => runDetached(decideNow(item, call, true), "retrying the decision"));
      } finally {
        setBusy(false);
      }
    },
    [busy, leave, settle, onFailure],
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

  // Ticked for a bulk approval (x); only what is still listed counts.
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const checkedItems = useMemo(() => items.filter((item) => checked.has(item.id)), [items, checked]);
  const toggleChecked = useCallback((itemId: string) => {
    setChecked((set) => (set.has(itemId) ? without(set, itemId) : new Set(set).add(itemId)));
  }, []);
  const bulkApprove = useCallback(
    async (selection: TTriageItem[]) => {
      const { results } = await calls.bulk({ decision: "approve", ids: selection.map((item) => item.id) });
      const approved = results.filter((result) => result.status === "approved").map((result) => result.id);
      for (const itemId of approved) leave(itemId);
      settle(approved);
      setChecked((set) => new Set([...set].filter((id) => !approved.includes(id))));
      return results;
    },
    [calls, leave, settle],
  );

  return {
    list,
    resolved,
    isQueue,
    liveStatus: live.status,
    items,
    agents,
    total: Math.max(0, (list.data?.total ?? 0) - hidden.size),
    me,
    claimedByOther,
    focused,
    focus,
    move,
    open,
    openItem,
    toggleOpen,
    form,
    setForm,
    note,
    setNote,
    error,
    busy,
    approve,
    waitingApprovals: approvals.waiting,
    undo,
    approveEdited,
    reject,
    requestChanges,
    verdict,
    checked,
    checkedItems,
    toggleChecked,
    bulkApprove,
  };
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
}
