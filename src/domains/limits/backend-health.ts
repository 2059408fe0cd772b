// Whether the limiter's shared backend (Redis or Upstash) is answering, and what a call does
// when it is not. Every backend call is bounded by a timeout; the first failure marks the
// backend down (one warning), after which calls go straight to their in-process fallback —
// no call waits on a dead or hanging Redis — while a background probe asks the backend
// every `probeIntervalMs`. The first probe that answers marks it up again (one info line).
// So an outage costs the calls in flight when it starts at most `timeoutMs`, and is logged
// once, not per request.
import { logger } from "../../foundation/logger.ts";
import { runDetached } from "../../foundation/detached.ts";

export type TBackendHealthOptions = {
  /** What the log lines call the backend ("redis", "upstash"). */
  backend: string;
  /** Answers when the backend does (PING). */
  probe: () => Promise<unknown>;
  timeoutMs: number;
  probeIntervalMs: number;
};

export class BackendTimeoutError extends Error {}

/** `promise`, or a rejection after `ms`: the backend's own client may wait much longer. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let check: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Rejected only after the event loop's next I/O poll: when this process itself was busy
    // past the deadline, an answer that arrived meanwhile is read first and still counts.
    timer = setTimeout(() => {
      check = setImmediate(() => reject(new BackendTimeoutError(`no answer within ${ms} ms`)));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    clearImmediate(check);
  });
}

export class BackendHealth {
  private up = true;
  private probing: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: TBackendHealthOptions) {}

  get available(): boolean {
    return this.up;
  }

  /** `operation` through the backend while it is up; `fallback` when it is down or fails now. */
  async attempt<T>(operation: () => Promise<T>, fallback: () => T): Promise<T> {
    if (!this.up) return fallback();
    try {
      return await withTimeout(operation(), this.options.timeoutMs);
    } catch (error) {
      this.markDown(error);
      return fallback();
    }
  }

  /** Best effort (releasing a lease that would expire anyway): failures only mark the backend down. */
  async tryOnly(operation: () => Promise<unknown>): Promise<void> {
    if (!this.up) return;
    await withTimeout(operation(), this.options.timeoutMs).catch((error: unknown) => this.markDown(error));
  }

  private markDown(error: unknown): void {
    if (!this.up || this.closed) return;
    this.up = false;
    logger.warn("rate limiter backend unavailable; falling back to per-instance limits", {
      backend: this.options.backend,
      error: String(error),
    });
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probing = setTimeout(() => runDetached(this.probe(), "probing the rate limiter backend"), this.options.probeIntervalMs);
    this.probing.unref();
  }

  private async probe(): Promise<void> {
    try {
      await withTimeout(this.options.probe(), this.options.timeoutMs);
    } catch {
      this.scheduleProbe();
      return;
    }
    if (this.closed) return;
    this.up = true;
    logger.info("rate limiter backend recovered", { backend: this.options.backend });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probing);
  }
}
