// The live triage queue: one signal per change to an organization's queue (in one mode),
// from the same notifier the run status stream uses (NOTIFY across processes).
import type { TPrincipal } from "../auth/authenticate.ts";
import { changeWaiter, subscribeToTriageChanges } from "../runs/run-notifier.ts";

export type TTriageChange = { at: string };

/**
 * Yields `{ at }` after each change until `signal` aborts (the client went away). Changes
 * that arrive while the consumer is busy collapse into one: the client re-reads the list
 * anyway, so a burst of decisions costs one refresh, and nothing queues up without bound.
 */
export async function* triageChanges(principal: TPrincipal, signal: AbortSignal | undefined): AsyncGenerator<TTriageChange> {
  const changes = changeWaiter((listener) => subscribeToTriageChanges(principal.organizationId, principal.livemode, listener), signal);
  try {
    while (!signal?.aborted) {
      await changes.next();
      if (signal?.aborted) break;
      yield { at: new Date().toISOString() };
    }
  } finally {
    changes.close();
  }
}
