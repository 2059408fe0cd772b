// Waiting by polling (batches.wait, agents.evaluations.wait): read until the resource is done,
// every `pollIntervalMs` (default 2 s), giving up after `timeoutMs` (default 30 minutes) with
// WaitTimeoutError; the caller's own signal aborts the wait as it is.
import { WaitTimeoutError } from "./errors.js";
import { anySignal, sleep } from "./http.js";

export type PollOptions = { signal?: AbortSignal; timeoutMs?: number; pollIntervalMs?: number };

export async function pollUntil<T>(
  read: (signal: AbortSignal) => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions,
  /** What did not finish, for the timeout's message ("Batch 123"). */
  what: string,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 1_800_000;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new WaitTimeoutError(`${what} did not finish within ${timeoutMs} ms`)), timeoutMs);
  const combined = anySignal([options.signal, timeout.signal]);
  try {
    for (;;) {
      const value = await read(combined.signal);
      if (done(value)) return value;
      await sleep(options.pollIntervalMs ?? 2_000, combined.signal);
    }
  } catch (error) {
    if (timeout.signal.aborted && !options.signal?.aborted) throw timeout.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    combined.dispose();
  }
}
