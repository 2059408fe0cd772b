"use client";
// Claims: opening an item for a decision claims it, the open item keeps its claim while it
// stays open, and closing it (or leaving the page) gives the claim back.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { TTriageForm, TTriageItem } from "./types";
import type { useQueueFocus } from "./use-queue-focus";
import type { useTriageList } from "./use-triage-list";
import { useTriageCalls } from "./use-triage-calls";
import { sendOnUnload } from "./use-undoable-approvals";
import { runDetached } from "../lib/detached";

/** Claims last 15 minutes on the server; an item kept open renews its claim well before. */
const CLAIM_RENEW_MS = 5 * 60_000;

export function useItemClaims({
  listKey,
  canWrite,
  claimedByOther,
  refresh,
  queue,
}: {
  listKey: ReturnType<typeof useTriageList>["listKey"];
  canWrite: boolean;
  claimedByOther: (item: TTriageItem) => boolean;
  refresh: () => void;
  queue: ReturnType<typeof useQueueFocus>;
}) {
  const calls = useTriageCalls();
  const queryClient = useQueryClient();
  const { focused, focus, open, setOpen, setForm, setError } = queue;

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
    [canWrite, calls, claimedByOther, setClaimInCache, refresh, setError],
  );
  const release = useCallback(
    (itemId: string) => {
      if (!myClaims.current.delete(itemId)) return;
      calls.release({ id: itemId }).then(
        () => setClaimInCache(itemId, { claimed_by: null, claimed_by_name: null, claimed_by_actor: null, claimed_until: null }),
        () => undefined, // decided meanwhile, or the claim had lapsed: nothing to give back
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
      if (myClaims.current.has(openId)) void claimCalls.current.claim({ id: openId }).catch(() => undefined);
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
      for (const itemId of claims) void calls.release({ id: itemId }).catch(() => undefined);
    };
  }, [calls]);

  /** Opening an item for a decision claims it. */
  const openItem = useCallback(
    (item: TTriageItem, nextForm: TTriageForm = null) => {
      if (item.id !== focused?.id) focus(item.id);
      setOpen(true);
      setForm(nextForm);
      setError(null);
      if (!myClaims.current.has(item.id)) runDetached(claim(item), "claiming the item");
    },
    [focused, focus, claim, setOpen, setForm, setError],
  );
  const toggleOpen = useCallback(
    (item: TTriageItem) => {
      if (open && item.id === focused?.id) {
        setOpen(false);
        setForm(null);
      } else openItem(item);
    },
    [open, focused, openItem, setOpen, setForm],
  );

  /** A decided item's claim ended with the decision: nothing to give back. */
  const forget = useCallback((itemId: string) => {
    myClaims.current.delete(itemId);
  }, []);

  return { openItem, toggleOpen, forget };
}
