// The in-process backend, used when neither REDIS_URL nor Upstash is configured.
// @upstash/ratelimit cannot run without a Redis (its `ephemeralCache` only remembers
// blocked identifiers; it is not a store), so this reimplements its `slidingWindow`
// exactly: the previous fixed window's count weighted by how much of it still overlaps,
// plus the current window's count; a request is refused when that sum has reached the
// limit, and `reset` is the end of the current fixed window. Node runs this synchronously,
// so concurrent requests of one process cannot overshoot. Counts are per process: with
// several instances, configure Redis.

type TWindowState = { window: number; current: number; previous: number };

export type TSlidingWindowResult = { success: boolean; limit: number; remaining: number; reset: number };

export class InMemorySlidingWindow {
  private readonly states = new Map<string, TWindowState>();
  private lastSweepWindow = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Takes one request; with `consume` false, only answers whether one would be admitted. */
  take(identifier: string, now = Date.now(), consume = true): TSlidingWindowResult {
    const currentWindow = Math.floor(now / this.windowMs);
    this.sweep(currentWindow);
    const state = this.advance(identifier, currentWindow);
    const percentageInCurrent = (now % this.windowMs) / this.windowMs;
    const weightedPrevious = Math.floor((1 - percentageInCurrent) * state.previous);
    const reset = (currentWindow + 1) * this.windowMs;
    if (weightedPrevious + state.current >= this.limit) {
      return { success: false, limit: this.limit, remaining: 0, reset };
    }
    if (consume) state.current += 1;
    return { success: true, limit: this.limit, remaining: Math.max(0, this.limit - (state.current + weightedPrevious)), reset };
  }

  private advance(identifier: string, currentWindow: number): TWindowState {
    let state = this.states.get(identifier);
    if (!state) {
      state = { window: currentWindow, current: 0, previous: 0 };
      this.states.set(identifier, state);
    } else if (state.window !== currentWindow) {
      state.previous = state.window === currentWindow - 1 ? state.current : 0;
      state.current = 0;
      state.window = currentWindow;
    }
    return state;
  }

  /** Drops identifiers idle for two windows, at most once per window. */
  private sweep(currentWindow: number): void {
    if (currentWindow === this.lastSweepWindow) return;
    this.lastSweepWindow = currentWindow;
    for (const [identifier, state] of this.states) {
      if (state.window < currentWindow - 1) this.states.delete(identifier);
    }
  }
}

/** Per-key counters that vanish at a given moment (the daily call cap). */
export class InMemoryExpiringCounters {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  increment(key: string, expiresAt: number, now = Date.now()): number {
    if (this.counters.size > 10_000) {
      for (const [name, counter] of this.counters) if (counter.expiresAt <= now) this.counters.delete(name);
    }
    const counter = this.counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      this.counters.set(key, { count: 1, expiresAt });
      return 1;
    }
    counter.count += 1;
    return counter.count;
  }
}
