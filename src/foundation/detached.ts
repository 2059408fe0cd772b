// Work that nobody waits for still reports its failure. `runDetached(promise, what)` is the
// one way server code starts a promise without awaiting it (the linter refuses a bare or
// `void` promise: eslint.config.mjs), and `logFailure(what)` is the one rejection handler for
// a best-effort step whose failure must not stop the caller (closing a connection while
// shutting down, a ROLLBACK after an error): both write "<what> failed" with the error.
import { logger, type TLogFields } from "./logger.ts";

type TLevel = "debug" | "warn" | "error";

/** A rejection handler that logs "<what> failed" at `level` (warn by default) and resolves to undefined. */
export function logFailure(what: string, options: { level?: TLevel; fields?: TLogFields } = {}): (error: unknown) => undefined {
  return (error: unknown) => {
    logger[options.level ?? "warn"](`${what} failed`, { ...options.fields, error });
    return undefined;
  };
}

/** Lets `promise` run on without waiting for it; its rejection is logged (logFailure), never unhandled. */
export function runDetached(promise: PromiseLike<unknown>, what: string, options: { level?: TLevel; fields?: TLogFields } = {}): void {
  Promise.resolve(promise).then(undefined, logFailure(what, options));
}
