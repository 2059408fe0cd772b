// The dashboard's live streams (tRPC subscriptions over SSE: runs.watch, triage.changes)
// stay open for as long as the page does, so authorising them once at open is not enough:
// each holds one of the member's stream slots (STREAMS_PER_MEMBER) and re-checks the
// session and membership before every event it sends and every STREAM_ACCESS_RECHECK_MS
// in between (src/transport/access-watch.ts), ending with the typed error a new call would
// get once either is gone.
import { AppError } from "../../foundation/errors.ts";
import type { THeaderReader, TPrincipal } from "../../domains/auth/authenticate.ts";
import { confirmMemberAccess } from "../../domains/auth/member-access.ts";
import type { TScope } from "../../domains/auth/scopes.ts";
import { rateLimiter } from "../../domains/limits/rate-limiter.ts";
import { watchAccess } from "../access-watch.ts";
import { runDetached } from "../../foundation/detached.ts";

type TLiveContext = { principal: TPrincipal; header: THeaderReader };

/**
 * Yields what `open` yields while the caller keeps the access checked by `scope`; `open`
 * gets a signal that aborts when the client leaves or the access is gone.
 */
export async function* liveSubscription<T>(
  ctx: TLiveContext,
  signal: AbortSignal | undefined,
  scope: TScope,
  open: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const { principal } = ctx;
  const holder = principal.kind === "member" ? principal.memberId ?? principal.actor.id : principal.apiKeyId ?? principal.actor.id;
  const admission = await rateLimiter().openStream(holder, principal.kind === "member" ? "member" : "api_key");
  if (!admission.admitted) {
    throw new AppError("rate_limited", `At most ${admission.limit} live views may be open at once per member: close one (another tab) or retry later`, {
      retry_after: admission.retryAfterSeconds,
    });
  }

  const stop = new AbortController();
  const onClientGone = () => stop.abort();
  signal?.addEventListener("abort", onClientGone, { once: true });
  let reportLost!: () => void;
  const accessLost = new Promise<null>((resolve) => (reportLost = () => resolve(null)));
  // Fails closed: a check that cannot be made (database down) ends the stream too.
  const access = watchAccess(
    async () => {
      if (principal.kind === "member") await confirmMemberAccess(principal, ctx.header, scope);
    },
    () => {
      stop.abort();
      reportLost();
    },
  );
  const iterator = open(stop.signal)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const step = await Promise.race([iterator.next(), accessLost]);
      if (step === null || step.done) break;
      if (!(await access.confirm())) break;
      yield step.value;
    }
    // Thrown as it is: its status decides the tRPC code the client sees (init.ts's formatter).
    const lost = access.lostWith();
    if (lost) throw lost.error;
  } finally {
    access.stop();
    signal?.removeEventListener("abort", onClientGone);
    stop.abort();
    admission.slot.release();
    // Ends the source once its pending step settles (it sees the aborted signal).
    runDetached(Promise.resolve(iterator.return?.()), "ending a live view's source");
  }
}
