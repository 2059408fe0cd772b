// The Inngest adapter: each job becomes one Inngest function, served at /api/inngest to an
// Inngest server (Cloud or self-hosted), and `TJobIO` maps onto Inngest's own steps
// (step.run, step.sleepUntil, step.waitForEvent, step.sendEvent). The job's typed options
// travel in its event's data (enqueue.ts, outboxEventData), so the function's options are
// fixed expressions over them.
import { Inngest, NonRetriableError as InngestNonRetriableError, RetryAfterError as InngestRetryAfterError, StepError } from "inngest";
import { outboxEventData, outboxEventId } from "../../domains/work-queue/enqueue.ts";
import { JOB_SPECS, WAIT_EVENTS, type TJobSpecs } from "../../domains/work-queue/work.ts";
import { NonRetriableError, RetryAfterError, StepFailedError, type TAnyJob, type TJobIO, type TReceivedEvent } from "../job.ts";

export const INNGEST_APP_ID = "agent-workforce";

export function createInngestClient(): Inngest {
  return new Inngest({ id: INNGEST_APP_ID });
}

/** The step API the adapter uses: the part of Inngest's `step` a job can reach. */
type TInngestStep = {
  run: (id: string, fn: () => Promise<unknown>) => Promise<unknown>;
  sleepUntil: (id: string, time: Date) => Promise<void>;
  waitForEvent: (id: string, options: { event: string; timeout: Date; if: string }) => Promise<{ name: string; id?: string; data: unknown } | null>;
  sendEvent: (id: string, events: { name: string; id: string; data: unknown }[]) => Promise<unknown>;
};

// Our errors become Inngest's inside a step, so Inngest retries (or does not) as the job asked.
function translated(error: unknown): unknown {
  if (error instanceof RetryAfterError) return new InngestRetryAfterError(error.message, error.afterMs);
  if (error instanceof NonRetriableError) return new InngestNonRetriableError(error.message);
  return error;
}

/** A match value goes into Inngest's expression as a JSON string literal: only ids are matched on. */
const MATCHABLE = /^[A-Za-z0-9_:.-]{1,200}$/;

export function jobIOFor(step: TInngestStep): TJobIO {
  return {
    async run<T>(id: string, fn: () => Promise<T>): Promise<T> {
      try {
        return (await step.run(id, async () => {
          try {
            return await fn();
          } catch (error) {
            throw translated(error);
          }
        })) as T;
      } catch (error) {
        // The step used up its attempts (or could not be retried): the job decides what that means.
        if (error instanceof StepError || (error instanceof Error && "stepId" in error)) throw new StepFailedError(id, error.message, { cause: error });
        throw error;
      }
    },
    sleepUntil: (id, time) => step.sleepUntil(id, time),
    async waitForEvent(id, options): Promise<TReceivedEvent | null> {
      if (!MATCHABLE.test(options.match)) throw new Error(`waitForEvent: cannot match on ${JSON.stringify(options.match)}`);
      const field = WAIT_EVENTS[options.event].matchField;
      const received = await step.waitForEvent(id, { event: options.event, timeout: options.timeout, if: `async.data.${field} == ${JSON.stringify(options.match)}` });
      return received ? { name: received.name, id: received.id ?? "", data: received.data as Record<string, unknown> } : null;
    },
    async send(id, works) {
      if (works.length === 0) return;
      await step.sendEvent(
        id,
        works.map((work) => ({ name: JOB_SPECS[work.job].event, id: outboxEventId(work), data: outboxEventData(work) })),
      );
    },
  };
}

type TJobEvent = { data: { payload: unknown } };

/** One Inngest function per job, with the job's options as Inngest's. */
export function inngestFunctions(client: Inngest, jobs: readonly TAnyJob[]) {
  return jobs.map((job) => {
    const spec = (JOB_SPECS as TJobSpecs)[job.name];
    if (!spec) throw new Error(`No job spec is named ${job.name}`);
    const { onFailure } = job;
    return client.createFunction(
      {
        id: job.name,
        triggers: [{ event: spec.event }],
        // Inngest types retries as a literal 0–20; JOB_SPECS keeps them there.
        retries: job.retries as 3,
        idempotency: "event.data.key",
        priority: { run: "event.data.priority" },
        ...(spec.concurrencyLimit === null ? {} : { concurrency: [{ limit: spec.concurrencyLimit, key: "event.data.concurrencyKey" }] }),
        ...(onFailure
          ? {
              onFailure: async ({ event, step, error }: { event: { data: { event: TJobEvent } }; step: unknown; error: Error }) =>
                onFailure(job.payload.parse(event.data.event.data.payload), jobIOFor(step as TInngestStep), error.message),
            }
          : {}),
      },
      async ({ event, step, attempt }: { event: TJobEvent; step: unknown; attempt: number }) => {
        try {
          return await job.handler(job.payload.parse(event.data.payload), jobIOFor(step as TInngestStep), { attempt });
        } catch (error) {
          // A failed step the job let through: Inngest fails the run at once only for its own
          // step error, as the local engine does for ours (local-engine.ts, countFailedAttempt).
          throw error instanceof StepFailedError && error.cause instanceof Error ? error.cause : error;
        }
      },
    );
  });
}
