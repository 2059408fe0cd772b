"use client";
// The queue's data: the list for the URL's filters (refreshed by the live subscription,
// never polled), the last resolved items, and what of the list is shown.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTRPC } from "../trpc";
import type { TTriageItem, TTriageListInput } from "./types";
import type { TQueueFilters } from "./use-queue-filters";
import { runDetached } from "../lib/detached";

export const RESOLVED_INPUT = { limit: 10, status: "resolved" as const };
const PAGE_SIZE = 100;

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

/** The list for `filters`, without the `hidden` items (approvals waiting out their undo). */
export function useTriageList(filters: TQueueFilters, now: number, me: string, hidden: ReadonlySet<string>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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

  return { list, resolved, isQueue, liveStatus: live.status, listKey, refresh, claimedByOther, items, agents };
}

export function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
}
