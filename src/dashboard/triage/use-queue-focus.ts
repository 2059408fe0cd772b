"use client";
// Where the reviewer is in the queue: the focused item and whether it is open, the open form,
// the note, the last refusal, and the items ticked for a bulk approval. The keyboard flow
// skips items someone else is reviewing.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TTriageForm, TTriageItem } from "./types";
import { without } from "./use-triage-list";

export type TQueueError = { itemId: string; error: unknown; force?: () => void };

export function useQueueFocus(items: TTriageItem[], claimedByOther: (item: TTriageItem) => boolean) {
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
  const [error, setError] = useState<TQueueError | null>(null);

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

  /** The next item to focus when `itemId` leaves the list (the following free one, else the one before). */
  const nextAfter = useCallback(
    (itemId: string) => {
      const index = items.findIndex((item) => item.id === itemId);
      const after = items.slice(index + 1).find((item) => !claimedByOther(item));
      return after ?? items.slice(0, Math.max(0, index)).reverse().find((item) => !claimedByOther(item)) ?? items[index + 1] ?? items[index - 1];
    },
    [items, claimedByOther],
  );
  /** `itemId` leaves the list: if it was focused, the next item is focused at once. */
  const leave = useCallback(
    (itemId: string) => {
      if (focused?.id === itemId) focus(nextAfter(itemId)?.id ?? null);
    },
    [focused, focus, nextAfter],
  );

  // Ticked for a bulk approval (x); only what is still listed counts.
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const checkedItems = useMemo(() => items.filter((item) => checked.has(item.id)), [items, checked]);
  const toggleChecked = useCallback((itemId: string) => {
    setChecked((set) => (set.has(itemId) ? without(set, itemId) : new Set(set).add(itemId)));
  }, []);
  const uncheck = useCallback((itemIds: string[]) => {
    setChecked((set) => (itemIds.length === 1 ? without(set, itemIds[0]!) : new Set([...set].filter((id) => !itemIds.includes(id)))));
  }, []);

  return {
    focused,
    focus,
    move,
    leave,
    open,
    setOpen,
    form,
    setForm,
    note,
    setNote,
    error,
    setError,
    checked,
    checkedItems,
    toggleChecked,
    uncheck,
  };
}
