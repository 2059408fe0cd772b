// Whether the process is serving API calls right now, so background work (the embedded
// executor) can give way to them: accepting work must never wait on executing it. A call
// counts from when the REST handler starts on it until its response closes; the process
// stays "busy" for a short grace after the last one, so a steady stream of calls with tiny
// gaps between them still reads as busy. Kept on globalThis like the other process-wide
// signals (the custom server's bundle and Next's share it).

const GRACE_MS = 50;

type TForeground = { inFlight: number; lastEndedAt: number };
const store = globalThis as unknown as { __agentWorkforceForeground?: TForeground };
const foreground: TForeground = (store.__agentWorkforceForeground ??= { inFlight: 0, lastEndedAt: 0 });

/** Counts one API call until `response` closes. */
export function trackForegroundCall(response: { once: (event: "close", listener: () => void) => unknown }): void {
  foreground.inFlight += 1;
  response.once("close", () => {
    foreground.inFlight -= 1;
    foreground.lastEndedAt = performance.now();
  });
}

/** An API call is in flight, or ended less than the grace period ago. */
export function foregroundBusy(now = performance.now()): boolean {
  return foreground.inFlight > 0 || now - foreground.lastEndedAt < GRACE_MS;
}
