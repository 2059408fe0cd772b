// Whether API calls are waiting for the CPU right now, so background work (the embedded
// executor) can give way to them: accepting work must never wait on executing it. Busy
// means both: calls are being served (from when the REST handler starts on one until its
// response closes, plus a short grace, so a steady stream with tiny gaps still counts) AND
// the event loop was mostly occupied over the last sample. A trickle of calls on an idle
// CPU does not hold background work back (webhook deliveries, a batch), and background
// work alone never throttles itself. Kept on globalThis like the other process-wide
// signals (the custom server's bundle and Next's share it).
import { performance, type EventLoopUtilization } from "node:perf_hooks";

const GRACE_MS = 50;
const SAMPLE_MS = 100;
/** Share of wall time the event loop was running code: above this, the CPU is contended. */
const BUSY_UTILIZATION = 0.7;

type TForeground = { inFlight: number; lastEndedAt: number; sample: EventLoopUtilization; sampledAt: number; utilization: number };
const store = globalThis as unknown as { __agentWorkforceForeground?: TForeground };
const foreground: TForeground = (store.__agentWorkforceForeground ??= {
  inFlight: 0,
  lastEndedAt: Number.NEGATIVE_INFINITY,
  sample: performance.eventLoopUtilization(),
  sampledAt: performance.now(),
  utilization: 0,
});

/** The event loop's utilization over the last completed sample window. */
function recentUtilization(now: number): number {
  if (now - foreground.sampledAt >= SAMPLE_MS) {
    const sample = performance.eventLoopUtilization();
    foreground.utilization = performance.eventLoopUtilization(sample, foreground.sample).utilization;
    foreground.sample = sample;
    foreground.sampledAt = now;
  }
  return foreground.utilization;
}

/** Counts one API call until `response` closes. */
export function trackForegroundCall(response: { once: (event: "close", listener: () => void) => unknown }): void {
  foreground.inFlight += 1;
  response.once("close", () => {
    foreground.inFlight -= 1;
    foreground.lastEndedAt = performance.now();
  });
}

/** API calls are being served (or just were) while the event loop is mostly occupied. */
export function foregroundBusy(now = performance.now()): boolean {
  const serving = foreground.inFlight > 0 || now - foreground.lastEndedAt < GRACE_MS;
  return serving && recentUtilization(now) > BUSY_UTILIZATION;
}
