// The browser's counterpart of src/foundation/detached.ts (server code the dashboard cannot
// import): `runDetached(promise, what)` starts a promise nobody awaits (an event handler, an
// effect's cleanup, a timer) and `logFailure(what)` handles a best-effort step's rejection;
// both write "<what> failed" with the error on the browser console, never drop it silently.
type TLevel = "debug" | "warn" | "error";

/** A rejection handler that logs "<what> failed" on the console at `level` (warn by default). */
export function logFailure(what: string, options: { level?: TLevel } = {}): (error: unknown) => undefined {
  return (error: unknown) => {
    console[options.level ?? "warn"](`${what} failed`, error);
    return undefined;
  };
}

/** Lets `promise` run on without waiting for it; its rejection is logged (logFailure), never unhandled. */
export function runDetached(promise: PromiseLike<unknown>, what: string, options: { level?: TLevel } = {}): void {
  Promise.resolve(promise).then(undefined, logFailure(what, options));
}
