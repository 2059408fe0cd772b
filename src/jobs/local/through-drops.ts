// A job's own bookkeeping statements (save progress, complete, requeue, fail) retried
// through a brief loss of the database connection: a terminated connection or a restart of
// a few seconds then costs a short wait, not the whole job going back through lease expiry
// and a second execution. Each statement is conditional on this engine still holding the
// job, so a repeat after an answer lost in transit changes nothing.
import { isDatabaseUnavailable } from "../../foundation/errors.ts";

const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000];
/** About 8 s in all: well inside the default 15 s lease. */
export const DEFAULT_DROP_BUDGET_MS = 8_000;

/**
 * Retries `statement` while it fails because the connection dropped, waiting at most
 * `budgetMs` in all. The engine passes a share of its lease, so a job is never reclaimed by
 * another engine while this one still waits to record it.
 */
export async function throughDrops<T>(statement: () => Promise<T>, budgetMs = DEFAULT_DROP_BUDGET_MS): Promise<T> {
  let waited = 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || waited + delay > budgetMs || !isDatabaseUnavailable(error)) throw error;
      waited += delay;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Logs a database outage seen by a loop once, not on every pass; `recovered` once it ends. */
export function outageLog(log: { lost: (error: unknown) => void; recovered: () => void }) {
  let down = false;
  return {
    failed(error: unknown): boolean {
      if (!isDatabaseUnavailable(error)) return false;
      if (!down) log.lost(error);
      down = true;
      return true;
    },
    succeeded(): void {
      if (down) log.recovered();
      down = false;
    },
  };
}
