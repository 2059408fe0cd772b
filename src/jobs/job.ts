// The interface every job is written against, and the only one: a job never sees which
// engine runs it. The local engine (src/jobs/local/) and the Inngest adapter
// (src/jobs/inngest/) each implement `TJobIO`. A job's body replays from the top whenever it
// resumes (after a crash, a retry, a sleep or a wait): what ran inside `run` comes back from
// its saved result instead of running again, so everything outside `run` must be safe to
// repeat. docs/architecture.md, "Execution", shows the whole picture.
import type { z } from "zod";
import { JOB_SPECS, type TJobSpecs, type TWaitEventName, type TWork } from "../domains/work-queue/work.ts";

export type TWaitOptions = {
  event: TWaitEventName;
  /** The value of the event's match field (work.ts, WAIT_EVENTS) this wait accepts. */
  match: string;
  /** Gives up at this time: the wait resolves null. */
  timeout: Date;
};

export type TReceivedEvent = { name: string; id: string; data: Record<string, unknown> };

export interface TJobIO {
  /** A memoized step: once `fn` succeeded its result is saved and returned on every replay. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /** A durable timer: the job resumes at `time` (at once if it has passed). */
  sleepUntil(id: string, time: Date): Promise<void>;
  /** Suspends until a matching event is published after the wait began, or null at the timeout. */
  waitForEvent(id: string, options: TWaitOptions): Promise<TReceivedEvent | null>;
  /** Enqueues more work (de-duplicated by each request's key), once per step id. */
  send(id: string, works: readonly TWork[]): Promise<void>;
}

export type TJobContext = { attempt: number };

export type TJobDefinition<TPayload = unknown> = {
  /** A name of JOB_SPECS (src/domains/work-queue/work.ts), or a test's own with its `specs`. */
  name: string;
  /** Attempts after the first; defaults to the job's spec. */
  retries?: number;
  payload: z.ZodType<TPayload>;
  handler: (payload: TPayload, io: TJobIO, context: TJobContext) => Promise<unknown>;
  /** Runs once when the job fails for good (its attempts used up), with the last error. */
  onFailure?: (payload: TPayload, io: TJobIO, error: string) => Promise<unknown>;
};

/** Declares a job; its attempts and concurrency limit come from its spec (work.ts, JOB_SPECS). */
export function defineJob<TPayload>(definition: TJobDefinition<TPayload>, specs: TJobSpecs = JOB_SPECS): TJobDefinition<TPayload> & { retries: number } {
  const spec = specs[definition.name];
  if (!spec && definition.retries === undefined) throw new Error(`No job spec is named ${definition.name}`);
  return { ...definition, retries: definition.retries ?? spec!.retries };
}

export type TAnyJob = TJobDefinition<never> & { retries: number };

/** Thrown inside `run` to be retried no sooner than `afterMs` (a server's Retry-After). */
export class RetryAfterError extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
    this.name = "RetryAfterError";
  }
}

/** Thrown inside `run` when retrying cannot help: the step fails at once. */
export class NonRetriableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NonRetriableError";
  }
}

/** What `run` throws once its step failed for good (attempts used up, or NonRetriableError). */
export class StepFailedError extends Error {
  constructor(
    readonly stepId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StepFailedError";
  }
}
