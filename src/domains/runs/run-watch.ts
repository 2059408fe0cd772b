// A run's live status for the dashboard: the run (with its triage item) each time it
// changes, through the same notifier as the /v1 SSE stream (run-notifier.ts).
import type { TPrincipal } from "../auth/authenticate.ts";
import { changeWaiter, subscribeToRun } from "./run-notifier.ts";
import { TERMINAL_RUN_STATUSES } from "./runs.schemas.ts";
import { getRun } from "./runs.service.ts";

// A re-read now and then, in case a notification is lost (e.g. the LISTEN connection dropped).
const FALLBACK_REFRESH_MS = 10_000;

const isTerminal = (status: string) => (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);

/**
 * Yields the run at once, then after every change; ends when the run is terminal or
 * `signal` aborts (the client left). Another tenant's run is not found (404) before
 * anything is yielded.
 */
export async function* watchRun(principal: TPrincipal, runId: string, signal?: AbortSignal) {
  // Subscribe before the first read, so a change landing in between is not missed.
  const changes = changeWaiter((listener) => subscribeToRun(runId, listener), signal);
  try {
    let last = "";
    while (!signal?.aborted) {
      const current = await getRun(principal, runId);
      const snapshot = JSON.stringify(current);
      if (snapshot !== last) {
        last = snapshot;
        yield current;
      }
      if (isTerminal(current.run.status)) return;
      await changes.next(FALLBACK_REFRESH_MS);
    }
  } finally {
    changes.close();
  }
}
