// Polling for a condition instead of sleeping a fixed time: tests stay correct however
// loaded the machine is, and fail with what they were waiting for and what they last saw.
// Needs no server itself: unit tests may use it too.

type TFalsy = undefined | null | false;

export type TWaitOptions = {
  /** What is awaited, for the timeout's message ("run 5 to settle"). */
  what: string;
  /** 30 s unless told. */
  timeoutMs?: number;
  /** Pause between reads; 50 ms unless told. */
  intervalMs?: number;
  /** A read that throws counts as "not yet" (a server or database that is down on purpose) instead of failing the wait. */
  retryErrors?: boolean;
};

export class WaitTimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
    readonly lastSeen: unknown,
  ) {
    super(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${describe(lastSeen)}`);
    this.name = "WaitTimeoutError";
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value === undefined) return "undefined";
  try {
    const text = JSON.stringify(value);
    return text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until the value is truthy (or, with `done`, until `done(value)` holds) and returns it.
 * On timeout throws a WaitTimeoutError naming `what` and the last value (or error) seen.
 */
export async function waitUntil<T>(read: () => Promise<T> | T, options: TWaitOptions & { done?: (value: T) => boolean }): Promise<T> {
  const { what, timeoutMs = 30_000, intervalMs = 50, retryErrors = false, done = Boolean } = options;
  const deadline = Date.now() + timeoutMs;
  let lastSeen: unknown;
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      lastSeen = value;
    } catch (error) {
      if (!retryErrors) throw error;
      lastSeen = error;
    }
    if (Date.now() > deadline) throw new WaitTimeoutError(what, timeoutMs, lastSeen);
    await pause(intervalMs);
  }
}

/** `waitUntil` with positional arguments: resolves with `check`'s first truthy value. */
export function until<T>(
  what: string,
  check: () => Promise<T | TFalsy> | T | TFalsy,
  timeoutMs = 60_000,
  intervalMs = 50,
): Promise<T> {
  // Without `done` the value returned is truthy: never one of TFalsy.
  return waitUntil(check, { what, timeoutMs, intervalMs }) as Promise<T>;
}

/** A run's status once its agent is done with it (for now: a person may still decide on it). */
export const SETTLED_RUN_STATUSES = ["completed", "failed", "cancelled", "pending_triage"];
export const FINISHED_BATCH_STATUSES = ["completed", "cancelled"];

/** A GET against the server under test, answering status and parsed body. */
export type TGet = (path: string) => Promise<{ status: number; body: any }>;

/**
 * Polls GET /v1/runs/:id until the run has settled (SETTLED_RUN_STATUSES), in review round
 * `round` when given (a run sent back is queued and running again first); returns that answer's body.
 */
export function waitForRunSettled(get: TGet, runId: string, options: Partial<TWaitOptions> & { round?: number } = {}): Promise<any> {
  const { round, ...wait } = options;
  return waitUntil(async () => (await get(`/v1/runs/${runId}`)).body, {
    what: `run ${runId} to settle${round === undefined ? "" : ` in review round ${round}`}`,
    ...wait,
    done: (body) => SETTLED_RUN_STATUSES.includes(body?.run?.status) && (round === undefined || body.run.review_round === round),
  });
}

/** Polls GET /v1/batches/:id until `done(job)` holds (by default: the batch finished); returns that answer's body. */
export function waitForBatch(
  get: TGet,
  batchId: string,
  options: Partial<TWaitOptions> & { done?: (job: any) => boolean } = {},
): Promise<any> {
  const { done = (job) => FINISHED_BATCH_STATUSES.includes(job?.status), ...wait } = options;
  return waitUntil(async () => (await get(`/v1/batches/${batchId}`)).body, {
    what: `batch ${batchId} to finish`,
    ...wait,
    done: (body) => body?.job !== undefined && done(body.job),
  });
}
