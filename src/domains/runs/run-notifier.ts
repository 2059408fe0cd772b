// Tells open status streams that a run changed (and open triage queues that an
// organization's queue changed), over the process's change channel
// (foundation/change-notifier.ts: LISTEN/NOTIFY on a real database server, in-process on
// the embedded one).
import { publishChange, subscribeToChanges } from "../../foundation/change-notifier.ts";
import { runDetached } from "../../foundation/detached.ts";

// publishChange never rejects (a failed NOTIFY is delivered locally); runDetached logs it should it ever.
const publish = (eventName: string) => runDetached(publishChange(eventName), "publishing a change", { fields: { eventName } });

function subscribe(eventName: string, listener: () => void): () => void {
  return subscribeToChanges(eventName, () => listener());
}

export function publishRunChange(runId: string): void {
  publish(runId);
}

export function subscribeToRun(runId: string, listener: () => void): () => void {
  return subscribe(runId, listener);
}

// One organization's queue in one mode; cannot collide with a run id (a bare UUID).
const triageEvent = (organizationId: string, livemode: boolean) => `triage:${organizationId}:${livemode ? "live" : "test"}`;

/** An item entered or left an organization's triage queue (in one mode). */
export function publishTriageChange(organizationId: string, livemode: boolean): void {
  publish(triageEvent(organizationId, livemode));
}

export function subscribeToTriageChanges(organizationId: string, livemode: boolean, listener: () => void): () => void {
  return subscribe(triageEvent(organizationId, livemode), listener);
}

export type TChangeWaiter = {
  /**
   * Resolves at the first change since the previous call (changes in between collapse into
   * one), when the signal aborts, or after `timeoutMs` if given.
   */
  next: (timeoutMs?: number) => Promise<void>;
  /** Unsubscribes. */
  close: () => void;
};

/**
 * Turns a subscription into something a loop can await (the dashboard's live run and
 * triage queue): subscribe first, read, then wait for the next change.
 */
export function changeWaiter(subscribeTo: (listener: () => void) => () => void, signal?: AbortSignal): TChangeWaiter {
  let changed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = subscribeTo(() => {
    changed = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  return {
    async next(timeoutMs) {
      if (!changed && !signal?.aborted) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (timeoutMs !== undefined) timer = setTimeout(resolve, timeoutMs);
        });
        clearTimeout(timer);
        wake = undefined;
      }
      changed = false;
    },
    close() {
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
    },
  };
}
