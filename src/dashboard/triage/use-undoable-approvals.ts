"use client";
// `a` approves after a short grace period: the item leaves the list at once and a toast
// offers Undo; only when the period ends is the approval sent. Leaving the page sends what
// is still waiting (a keepalive request on unload, so a reload does not silently drop a decision).
import { useCallback, useEffect, useRef, useState } from "react";
import type { TTriageItem } from "./types";
import { runDetached } from "../lib/detached";

export const UNDO_SECONDS = 5;

/** A tRPC mutation sent as the page unloads (a keepalive fetch outlives the page). */
export function sendOnUnload(path: string, body: unknown): void {
  runDetached(
    fetch(path, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    `sending ${path} as the page unloads`,
  );
}

export type TPendingApproval = { item: TTriageItem; note?: string; sendAt: number };

export function useUndoableApprovals(send: (approval: TPendingApproval) => void) {
  const [waiting, setWaiting] = useState<TPendingApproval[]>([]);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; approval: TPendingApproval }>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const forget = useCallback((itemId: string) => {
    const entry = timers.current.get(itemId);
    if (entry) clearTimeout(entry.timer);
    timers.current.delete(itemId);
    setWaiting((list) => list.filter((approval) => approval.item.id !== itemId));
    return entry?.approval;
  }, []);

  const schedule = useCallback(
    (item: TTriageItem, note?: string) => {
      if (timers.current.has(item.id)) return;
      const approval: TPendingApproval = { item, note, sendAt: Date.now() + UNDO_SECONDS * 1000 };
      const timer = setTimeout(() => {
        const due = forget(item.id);
        if (due) sendRef.current(due);
      }, UNDO_SECONDS * 1000);
      timers.current.set(item.id, { timer, approval });
      setWaiting((list) => [...list, approval]);
    },
    [forget],
  );

  /** Undo: the approval is never sent; the item returns to the list. */
  const undo = useCallback((itemId: string) => Boolean(forget(itemId)), [forget]);
  /** Undoes the latest approval still waiting; its item id, or null when none waits. */
  const undoLast = useCallback(() => {
    const last = [...timers.current.keys()].at(-1);
    return last && undo(last) ? last : null;
  }, [undo]);

  useEffect(() => {
    const entries = timers.current;
    // Unload: the page's ordinary requests may be cut off, a keepalive one is not (same origin: the session cookie goes with it).
    const onPageHide = () => {
      for (const { timer, approval } of entries.values()) {
        clearTimeout(timer);
        const body = { id: approval.item.id, ...(approval.note ? { resolution_note: approval.note } : {}) };
        sendOnUnload("/api/trpc/triage.approve", body);
      }
      entries.clear();
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      // Navigating elsewhere in the dashboard: send now rather than lose the decision.
      for (const { timer, approval } of entries.values()) {
        clearTimeout(timer);
        sendRef.current(approval);
      }
      entries.clear();
    };
  }, []);

  return { waiting, schedule, undo, undoLast };
}
