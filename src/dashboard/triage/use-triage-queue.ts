"use client";
// The queue's state: the pending list (refreshed by the live subscription, never polled),
// the selected item, the open form and the decisions. After a decision the next item is
// selected at once (the decided one leaves the cache before the list is re-read).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTRPC } from "../trpc";
import type { TTriageForm, TTriageItem } from "./types";

export const PENDING_INPUT = { limit: 100 };
export const RESOLVED_INPUT = { limit: 10, status: "resolved" as const };

export function useTriageQueue() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.triage.list.queryOptions(PENDING_INPUT));
  const resolved = useQuery(trpc.triage.list.queryOptions(RESOLVED_INPUT));

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.triage.list.pathKey() }), [queryClient, trpc]);
  // Connected (or reconnected): re-read once, so nothing that changed meanwhile is missed.
  const live = useSubscription(trpc.triage.changes.subscriptionOptions(undefined, { onStarted: refresh, onData: refresh }));

  const items = useMemo(() => pending.data?.data ?? [], [pending.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const lastIndex = useRef(0);
  // The chosen item while it is listed; else the one now at its place (it left the queue).
  const selectedIndex = useMemo(() => {
    const index = items.findIndex((item) => item.id === selectedId);
    return index >= 0 ? index : Math.min(lastIndex.current, items.length - 1);
  }, [items, selectedId]);
  const selected: TTriageItem | undefined = items[selectedIndex];
  useEffect(() => {
    if (selectedIndex >= 0) lastIndex.current = selectedIndex;
  }, [selectedIndex]);

  const [form, setForm] = useState<TTriageForm>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<{ itemId: string; error: unknown } | null>(null);

  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    setForm(null);
    setNote("");
    setError(null);
  }, []);

  const move = useCallback(
    (step: 1 | -1) => {
      const next = items[Math.max(0, Math.min(items.length - 1, selectedIndex + step))];
      if (next && next.id !== selected?.id) select(next.id);
    },
    [items, selectedIndex, selected, select],
  );

  /** The decided item leaves the queue now; the next one takes its place and is selected. */
  const settle = useCallback(
    (itemId: string) => {
      const index = items.findIndex((item) => item.id === itemId);
      const next = items[index + 1] ?? items[index - 1];
      queryClient.setQueryData(trpc.triage.list.queryKey(PENDING_INPUT), (old) =>
        old ? { ...old, data: old.data.filter((item) => item.id !== itemId), total: Math.max(0, old.total - 1) } : old,
      );
      if (selected?.id === itemId) select(next?.id ?? null);
      void refresh();
    },
    [items, queryClient, trpc, selected, select, refresh],
  );

  const onFailure = useCallback(
    (itemId: string, cause: unknown) => {
      setError({ itemId, error: cause });
      // Someone else decided first (409) or the item is gone (404): show the queue as it is.
      void refresh();
    },
    [refresh],
  );

  const approveMutation = useMutation(trpc.triage.approve.mutationOptions());
  const rejectMutation = useMutation(trpc.triage.reject.mutationOptions());
  const busy = approveMutation.isPending || rejectMutation.isPending;

  const approve = useCallback(
    (item: TTriageItem, output?: Record<string, unknown>) => {
      if (busy) return;
      const noteText = item.id === selected?.id ? note.trim() : "";
      approveMutation.mutate(
        { id: item.id, ...(noteText ? { resolution_note: noteText } : {}), ...(output ? { output } : {}) },
        { onSuccess: () => settle(item.id), onError: (cause) => onFailure(item.id, cause) },
      );
    },
    [busy, selected, note, approveMutation, settle, onFailure],
  );

  const reject = useCallback(
    (item: TTriageItem, reason: string) => {
      if (busy) return;
      rejectMutation.mutate({ id: item.id, reason }, { onSuccess: () => settle(item.id), onError: (cause) => onFailure(item.id, cause) });
    },
    [busy, rejectMutation, settle, onFailure],
  );

  const openForm = useCallback(
    (item: TTriageItem, next: TTriageForm) => {
      if (item.id !== selected?.id) select(item.id);
      setForm(next);
      setError(null);
    },
    [selected, select],
  );

  return {
    pending,
    resolved,
    liveStatus: live.status,
    items,
    total: pending.data?.total ?? 0,
    selected,
    select,
    move,
    form,
    setForm,
    note,
    setNote,
    error,
    busy,
    approve,
    reject,
    openForm,
  };
}
