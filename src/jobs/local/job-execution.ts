// Carries out one claimed job by calling its handler directly with a `TJobIO` whose steps
// are memoized in the job's row: a finished step is saved before the next one starts, so a
// job resumed after a crash, a retry, a sleep or a wait replays its handler and gets saved
// results back instead of running them again. A step that throws is retried with backoff
// (its Retry-After if it gave one) until the job's attempts are used up; then `run` throws
// StepFailedError into the handler. Suspending (a retry's backoff, a sleep, a wait, a
// shutdown) saves the job's state and leaves the handler's promise pending for good, so no
// catch block in a handler can swallow it.
import { enqueueWork } from "../../domains/work-queue/enqueue.ts";
import type { TJobSpecs } from "../../domains/work-queue/work.ts";
import { db } from "../../foundation/db/client.ts";
import { logger } from "../../foundation/logger.ts";
import { NonRetriableError, RetryAfterError, StepFailedError, type TAnyJob, type TJobIO, type TReceivedEvent } from "../job.ts";
import type { TClaimedJob } from "./claim.ts";
import { completeJob, requeueJob, saveStep, waitForEventJob, type TStepRecord } from "./job-statements.ts";

export type TExecutionSettings = {
  engineId: string;
  leaseMs: number;
  retryBaseMs: number;
  maxBackoffMs: number;
  /** Whether the engine still takes work: when it stops, a job hands itself back before its next step. */
  running: () => boolean;
  /** Runs a job-state statement through a brief connection loss. */
  throughDrops: <T>(statement: () => Promise<T>) => Promise<T>;
  /** The jobs `send` may queue (the service's JOB_SPECS, or a test's). */
  specs: TJobSpecs;
  /** Something was queued (a job's `send`): the engine claims again. */
  workQueued: () => void;
};

/** How a job's execution ended: finished (completed), or suspended (its state is saved). */
export type TExecutionEnd = { kind: "completed" } | { kind: "suspended" };

const never = <T>() => new Promise<T>(() => undefined);
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 4000);
// Step results are what JSON keeps of them, on the first run as on every replay.
const asSaved = <T>(value: T): T => (value === undefined ? (null as T) : (JSON.parse(JSON.stringify(value)) as T));

export async function executeJob(job: TClaimedJob, definition: TAnyJob, payload: unknown, settings: TExecutionSettings, failure?: string): Promise<TExecutionEnd> {
  const steps = { ...(job.steps as Record<string, TStepRecord>) };
  const { engineId } = settings;
  const leaseUntil = () => new Date(Date.now() + settings.leaseMs);
  let suspend!: () => void;
  let abandon!: (error: unknown) => void;
  const suspended = new Promise<TExecutionEnd>((resolve, reject) => {
    suspend = () => resolve({ kind: "suspended" });
    abandon = reject;
  });
  let ended = false;
  // Attempts of the step at hand: a saved step starts the count again (as saveStep does in the row).
  let attempt = job.attempt;

  /**
   * Saves the job's state, then ends this execution: the handler waits for good. A save that
   * fails ends it as a failed attempt (the engine counts it), not as an error the handler could
   * catch and go on from: past this point every step of this execution waits for good.
   */
  const suspendAfter = async <T>(save: () => Promise<unknown>): Promise<T> => {
    ended = true;
    try {
      await settings.throughDrops(save);
      suspend();
    } catch (error) {
      abandon(error);
    }
    return never<T>();
  };

  const record = async (stepId: string, entry: TStepRecord) => {
    steps[stepId] = entry;
    attempt = 0;
    await settings.throughDrops(() => saveStep(job.id, engineId, stepId, entry, leaseUntil()));
  };

  const io: TJobIO = {
    async run<T>(stepId: string, fn: () => Promise<T>): Promise<T> {
      const saved = steps[stepId];
      if (saved?.type === "data") return saved.data as T;
      if (saved?.type === "error") throw new StepFailedError(stepId, saved.error.message);
      if (ended) return never<T>();
      if (!settings.running()) return suspendAfter(() => requeueJob(job.id, engineId, new Date(), attempt));
      let value: T;
      try {
        value = asSaved(await fn());
      } catch (error) {
        const lastAttempt = attempt + 1 >= job.maxAttempts;
        if (error instanceof NonRetriableError || lastAttempt) {
          await record(stepId, { type: "error", error: { message: errorMessage(error) } });
          throw new StepFailedError(stepId, errorMessage(error));
        }
        const delayMs = error instanceof RetryAfterError ? error.afterMs : Math.min(settings.retryBaseMs * 2 ** attempt, settings.maxBackoffMs);
        logger.warn("job step failed; retrying", { jobId: job.id, job: job.functionId, step: stepId, attempt: attempt + 1, retryInMs: delayMs, error: errorMessage(error) });
        return suspendAfter(() => requeueJob(job.id, engineId, new Date(Date.now() + delayMs), attempt + 1));
      }
      await record(stepId, { type: "data", data: value });
      return value;
    },

    async sleepUntil(stepId: string, time: Date): Promise<void> {
      if (steps[stepId]) return;
      if (ended) return never();
      const done: TStepRecord = { type: "data", data: null };
      if (time.getTime() <= Date.now()) {
        await record(stepId, done);
        return;
      }
      return suspendAfter(() => requeueJob(job.id, engineId, time, 0, { [stepId]: done }));
    },

    async waitForEvent(stepId, options): Promise<TReceivedEvent | null> {
      const saved = steps[stepId];
      if (saved?.type === "data") return saved.data as TReceivedEvent | null;
      if (ended) return never();
      // Claimed again while waiting with nothing received: the timeout passed.
      if (job.waitingFor === stepId || options.timeout.getTime() <= Date.now()) {
        await record(stepId, { type: "data", data: null });
        return null;
      }
      return suspendAfter(() => waitForEventJob(job.id, engineId, { stepId, event: options.event, key: options.match, timeout: options.timeout }));
    },

    async send(stepId, works): Promise<void> {
      if (steps[stepId]) return;
      if (ended) return never();
      await enqueueWork(db(), works, settings.specs);
      await record(stepId, { type: "data", data: null });
      settings.workQueued();
    },
  };

  const body = failure === undefined ? definition.handler(payload as never, io, { attempt }) : definition.onFailure!(payload as never, io, failure);
  const finished = body.then(async (result): Promise<TExecutionEnd> => {
    if (ended) return never<TExecutionEnd>();
    ended = true;
    await settings.throughDrops(() => completeJob(job.id, engineId, JSON.stringify(result ?? null)));
    return { kind: "completed" };
  });
  return Promise.race([finished, suspended]);
}
