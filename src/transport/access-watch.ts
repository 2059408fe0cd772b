// Long-lived responses (the dashboard's live streams, the /v1 run stream) are authorised when
// they open, but the access can end while they stay open: a key revoked or narrowed by its
// creator's new role, a member removed, a session signed out. Each one re-checks its access
// before every event it sends and every STREAM_ACCESS_RECHECK_MS in between, and ends once
// a check fails (a check that cannot be made, the database down, fails it too).
import { env } from "../foundation/env.ts";
import { runDetached } from "../foundation/detached.ts";

export type TAccessWatch = {
  /** Re-checks now: true while the access holds. Call before sending each event. */
  confirm: () => Promise<boolean>;
  /** The typed error of the failed check (the error a new call would get), once lost. */
  lostWith: () => { error: unknown } | undefined;
  /** Stops the periodic re-check (the response ended). */
  stop: () => void;
};

/** Starts re-checking `check` every STREAM_ACCESS_RECHECK_MS; `onLost` runs once, at the first failure. */
export function watchAccess(check: () => Promise<void>, onLost: (error: unknown) => void): TAccessWatch {
  let lost: { error: unknown } | undefined;
  const confirm = async () => {
    if (lost) return false;
    try {
      await check();
    } catch (error) {
      if (!lost) {
        lost = { error };
        clearInterval(timer);
        onLost(error);
      }
    }
    return !lost;
  };
  const timer = setInterval(() => runDetached(confirm(), "re-checking a stream's access"), env().STREAM_ACCESS_RECHECK_MS);
  return { confirm, lostWith: () => lost, stop: () => clearInterval(timer) };
}
