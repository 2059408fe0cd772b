// Runs Inngest functions in-process when no Inngest server is configured. It drives the
// SDK's public serve() handler over Inngest's own wire protocol (SDK_SPEC.md): each call
// runs the next step and answers with the step's result, which is persisted in
// PostgreSQL (job_runs) before the next call, so a process killed mid-run resumes without
// repeating finished steps. Retries with backoff honour `retries` and NonRetriableError;
// keyed concurrency limits hold across processes (claim.ts: one round trip under an
// advisory lock only claims take); higher priority starts first. A wake-up (work queued, a
// job done) is never lost: it marks the loop dirty, and the loop claims again before
// sleeping. Every failure counts toward a job's attempts, the
// executor's own included (a step result it cannot save): the job is retried with backoff
// and fails for good when its attempts are used up. A function failing for good gets its
// `onFailure` handler run, as an Inngest server does: an `inngest/function.failed` event
// starts the SDK's "<fn>-failure" function.
import { randomUUID } from "node:crypto";
import { durationToMs, type InngestFunction } from "inngest";
import { serve } from "inngest/edge";
import { db, sqlQuery } from "../../foundation/db/client.ts";
import { logger } from "../../foundation/logger.ts";
import { DEFAULT_DROP_BUDGET_MS, outageLog, throughDrops } from "./through-drops.ts";
import { INNGEST_APP_ID, inngest, type TEmbeddedEventSink } from "../client.ts";
import { concurrencyFor, hasFailureHandler, idempotencyKeyFor, maxAttempts, priorityFor, triggerEvents } from "./function-options.ts";
import { countFailedAttemptSql, failJobSql, failureHandlerId, failureHandlerOf } from "./on-failure.ts";
import { claimJobs, type TClaimedJob } from "./claim.ts";
import { queueJobs, type TNewJob } from "./enqueue.ts";
import { reclaimExpiredLeases, releaseClaims, renewLeases } from "./leases.ts";
const MAX_BACKOFF_MS = 600_000;
/** While API calls wait for the CPU, the loop claims once per this many ms. */
const PACED_PASS_MS = 20;

export type TExecutorOptions = {
  functions: InngestFunction.Any[];
  /** Function runs executing at once in this process. */
  maxParallel: number;
  /**
   * While `foregroundBusy()` says API calls wait for the CPU, at most this many jobs START
   * per second (accepting work never waits on executing it). Jobs already running go on:
   * a job waiting on I/O (a slow webhook receiver) holds no CPU, so it must not hold back
   * the others either.
   */
  busyStartsPerSecond?: number;
  foregroundBusy?: () => boolean;
  pollIntervalMs: number;
  /** First retry delay; doubles per attempt (capped at 10 minutes). */
  retryBaseMs: number;
  leaseMs: number;
  /** Reclaim every running job at start: only safe when this process is the only executor. */
  reclaimAllOnStart: boolean;
};

type TEvent = { name: string; data: unknown; id: string; ts: number };
type TMemo = Record<string, { type: "data"; data: unknown } | { type: "error"; error: unknown }>;
type TOp = { op: string; id: string; name?: string; data?: unknown; error?: unknown };

export class EmbeddedExecutor implements TEmbeddedEventSink {
  readonly instanceId = randomUUID();
  private readonly handler: (request: Request) => Promise<Response>;
  private readonly functionsById = new Map<string, InngestFunction.Any>();
  /** "<fn id>-failure" → the function whose `onFailure` handler it runs. */
  private readonly failureHandlersById = new Map<string, InngestFunction.Any>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private wakeUp: (() => void) | undefined;
  /** Set by wake(), cleared when the loop starts a claim: a wake-up during a claim is not lost. */
  private wakeRequested = false;
  private loop: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** The loop's claims while the database is gone: logged once per outage. */
  private readonly claimOutage = outageLog({
    lost: (error) => logger.error("executor cannot reach the database; claiming resumes when it returns", { error: String(error) }),
    recovered: () => logger.info("executor reached the database again"),
  });

  constructor(private readonly options: TExecutorOptions) {
    this.handler = serve({ client: inngest, functions: options.functions }) as (request: Request) => Promise<Response>;
    for (const fn of options.functions) {
      this.functionsById.set(fn.id(), fn);
      if (hasFailureHandler(fn)) this.failureHandlersById.set(failureHandlerId(fn), fn);
    }
  }

  /** Receives sent events: one job per function the event triggers (de-duplicated by idempotency key). */
  async accept(events: readonly { name: string; data?: unknown; id?: string; ts?: number }[]): Promise<string[]> {
    const stamped: TEvent[] = events.map((event) => ({
      name: event.name,
      data: event.data ?? {},
      id: event.id ?? `evt_${randomUUID().replaceAll("-", "")}`,
      ts: event.ts ?? Date.now(),
    }));
    const jobs: TNewJob[] = [];
    for (const event of stamped) {
      for (const fn of this.functionsById.values()) {
        if (!triggerEvents(fn).includes(event.name)) continue;
        const concurrency = concurrencyFor(fn, event);
        // Like an Inngest server: the function's idempotency key, else the event id (events
        // re-sent with the same id start nothing new).
        jobs.push({
          functionId: fn.id(),
          eventId: event.id,
          event: JSON.stringify(event),
          idempotencyKey: idempotencyKeyFor(fn, event) ?? `event:${event.id}`,
          concurrencyKey: concurrency?.key ?? null,
          concurrencyLimit: concurrency?.limit ?? null,
          priority: priorityFor(fn, event),
          maxAttempts: maxAttempts(fn),
        });
      }
    }
    if (jobs.length > 0) {
      await queueJobs(jobs);
      this.wake();
    }
    return stamped.map((event) => event.id);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await db().jobRun.updateMany({
      where: this.options.reclaimAllOnStart ? { status: "running" } : { status: "running", lockedUntil: { lt: new Date() } },
      data: { status: "queued", lockedBy: null, lockedUntil: null },
    });
    // Leases: renew ours and take back expired ones (a crashed process's) on one timer.
    this.heartbeat = setInterval(() => {
      void renewLeases(this.instanceId, [...this.inFlight.keys()], this.options.leaseMs).catch(() => undefined);
      void reclaimExpiredLeases().then(() => this.wake(), () => undefined);
    }, Math.max(1_000, this.options.leaseMs / 3));
    this.loop = this.run();
  }

  /**
   * Stops claiming at once. Jobs in flight go on (their leases still renewed) until they end
   * or `deadline` (epoch ms; none: wait for all) passes; a multi-step job hands itself back
   * after its current step. Jobs still running at the deadline are released: queued again,
   * runnable now (leases.ts says why that is safe), so another instance takes them over
   * at once instead of after the lease.
   */
  async stop(deadline?: number): Promise<{ released: number }> {
    this.running = false;
    this.wake();
    await this.loop;
    const settled = Promise.allSettled(this.inFlight.values());
    if (deadline === undefined) {
      await settled;
    } else if (this.inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
      clearTimeout(timer);
    }
    clearInterval(this.heartbeat);
    if (this.inFlight.size === 0) return { released: 0 };
    const released = await releaseClaims(this.instanceId);
    logger.info("executor released its claims", { released });
    return { released };
  }

  /** Resolves once no job is queued or running (tests, benchmarks). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const pending = await db().jobRun.count({ where: { status: { in: ["queued", "running"] } } });
      if (pending === 0 && this.inFlight.size === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("Executor did not become idle in time");
  }

  /** API calls wait for the CPU: starts are paced (`busyStartsPerSecond`). */
  private paced(): boolean {
    return this.options.busyStartsPerSecond !== undefined && (this.options.foregroundBusy?.() ?? false);
  }

  private wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    // Whether the last claim may have left ready jobs behind (it filled every slot).
    let backlog = true;
    let claimedAt = 0;
    while (this.running) {
      const woken = this.wakeRequested;
      this.wakeRequested = false;
      const paced = this.paced();
      try {
        const free = this.options.maxParallel - this.inFlight.size;
        // Paced: a pass every PACED_PASS_MS starts at most its share of busyStartsPerSecond,
        // and claims only when something may be waiting or a poll interval has passed (jobs
        // due after a backoff), not 50 times a second for an empty queue.
        const slots = paced ? Math.min(free, Math.max(1, Math.round((this.options.busyStartsPerSecond! * PACED_PASS_MS) / 1000))) : free;
        const due = !paced || woken || backlog || performance.now() - claimedAt >= this.options.pollIntervalMs;
        const claimed: TClaimedJob[] = slots > 0 && due ? await claimJobs(this.instanceId, slots, this.options.leaseMs) : [];
        if (slots > 0 && due) {
          this.claimOutage.succeeded();
          claimedAt = performance.now();
          backlog = claimed.length === slots;
        }
        for (const job of claimed) {
          const execution = this.execute(job)
            .catch((error: unknown) => this.countCrash(job, error))
            .catch((error) => logger.error("executor job crashed", { jobId: job.id, error: String(error) }))
            .finally(() => {
              this.inFlight.delete(job.id);
              this.wake();
            });
          this.inFlight.set(job.id, execution);
        }
        if (!paced && claimed.length > 0 && claimed.length === slots) continue;
      } catch (error) {
        if (this.running && !this.claimOutage.failed(error)) logger.error("executor loop error", { error: String(error) });
      }
      if (paced) {
        // Wake-ups wait for the next pass (the flag is not cleared until then).
        await new Promise((resolve) => setTimeout(resolve, PACED_PASS_MS));
        continue;
      }
      if (this.wakeRequested) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private async callHandler(job: TClaimedJob, fn: InngestFunction.Any, steps: TMemo, stack: string[], attempt: number, stepId: string) {
    const event = job.event as unknown as TEvent;
    const body = {
      version: 2,
      event,
      events: [event],
      steps,
      ctx: {
        run_id: job.id,
        attempt,
        max_attempts: job.maxAttempts,
        disable_immediate_execution: false,
        use_api: false,
        stack: { stack, current: stack.length },
      },
    };
    // job.functionId is the function's id or, for an onFailure run, "<id>-failure": the SDK
    // serves both under the app id prefix.
    const url = `http://127.0.0.1/api/inngest?fnId=${encodeURIComponent(`${INNGEST_APP_ID}-${job.functionId}`)}&stepId=${encodeURIComponent(stepId)}`;
    const response = await this.handler(
      new Request(url, { method: "POST", headers: { host: "127.0.0.1", "content-type": "application/json" }, body: JSON.stringify(body) }),
    );
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  private backoffMs(attempt: number, retryAfter?: string | null): number {
    const fromHeader = retryAfter ? Number(retryAfter) * 1000 || Date.parse(retryAfter) - Date.now() : NaN;
    if (Number.isFinite(fromHeader) && fromHeader > 0) return fromHeader;
    return Math.min(this.options.retryBaseMs * 2 ** attempt, MAX_BACKOFF_MS);
  }

  /**
   * A job's own statement, retried through a dropped connection for a bounded share of the
   * lease (the whole ~8 s schedule with the default 15 s lease), so a short lease
   * (EXECUTOR_LEASE_MS) cannot run out while this executor still waits to record the job.
   */
  private throughDrops<T>(statement: () => Promise<T>): Promise<T> {
    return throughDrops(statement, Math.min(DEFAULT_DROP_BUDGET_MS, this.options.leaseMs * 0.6));
  }

  /**
   * Ends a job for good, without writing its steps again (they may be what cannot be saved),
   * and in the same statement queues its onFailure run (an `inngest/function.failed` event
   * carrying the original event), de-duplicated per failed job.
   */
  private async failForGood(job: TClaimedJob, error: string): Promise<void> {
    const failure = failureHandlerOf(this.functionsById.get(job.functionId));
    await this.throughDrops(() => db().$executeRaw(failJobSql(job.id, this.instanceId, error, failure)));
  }

  /**
   * `execute()` threw: the executor itself failed (e.g. a step result it cannot save). This
   * counts as a failed attempt like any other, in one statement that writes nothing of the
   * job's state but the counter: requeued with backoff, or failed for good (and its
   * onFailure run queued) when the attempts are used up. Without this the job would stay
   * `running` until its lease expired and be reclaimed with the same attempt, forever.
   */
  private async countCrash(job: TClaimedJob, cause: unknown): Promise<void> {
    const error = `Executor error: ${cause instanceof Error ? cause.message : String(cause)}`.slice(0, 4000);
    logger.error("executor job crashed", { jobId: job.id, functionId: job.functionId, error: String(cause) });
    const failure = failureHandlerOf(this.functionsById.get(job.functionId));
    await this.throughDrops(() =>
      db().$executeRaw(countFailedAttemptSql(job.id, this.instanceId, error, failure, { retryBaseMs: this.options.retryBaseMs, maxBackoffMs: MAX_BACKOFF_MS })),
    );
    this.wake();
  }

  /** Drives one job until it finishes, fails for good, or must wait (retry backoff, sleep). */
  private async execute(job: TClaimedJob): Promise<void> {
    const fn = this.functionsById.get(job.functionId) ?? this.failureHandlersById.get(job.functionId);
    const mine = { id: job.id, lockedBy: this.instanceId, status: "running" as const };
    if (!fn) {
      await db().jobRun.updateMany({ where: mine, data: { status: "failed", error: `Unknown function ${job.functionId}` } });
      return;
    }
    const steps = { ...(job.steps as TMemo) };
    const stack = [...job.stack];
    let attempt = job.attempt;
    const planned: string[] = [];

    // Each is one plain statement on the shared pool (the hot path of every job), only
    // while this executor still holds the job, retried through a brief connection loss.
    const leaseUntil = () => new Date(Date.now() + this.options.leaseMs);
    const held = "id = $1::uuid AND locked_by = $2 AND status = 'running'";
    // After every step: finished steps survive a crash (a step is never run again once saved).
    const saveProgress = () =>
      this.throughDrops(() =>
        sqlQuery(
          `UPDATE job_runs SET steps = $3::jsonb, stack = $4::text[], attempt = $5, locked_until = $6, updated_at = now() WHERE ${held}`,
          [job.id, this.instanceId, JSON.stringify(steps), stack, attempt, leaseUntil()],
          "executor-save-progress",
        ),
      );
    const complete = (resultJson: string) =>
      this.throughDrops(() =>
        sqlQuery(
          `UPDATE job_runs SET status = 'completed', result = $3::jsonb, steps = $4::jsonb, stack = $5::text[], attempt = $6,
             locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${held}`,
          [job.id, this.instanceId, resultJson, JSON.stringify(steps), stack, attempt],
          "executor-complete",
        ),
      );
    const requeue = (delayMs: number) =>
      this.throughDrops(() =>
        sqlQuery(
          `UPDATE job_runs SET status = 'queued', steps = $3::jsonb, stack = $4::text[], attempt = $5, run_after = $6,
             locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${held}`,
          [job.id, this.instanceId, JSON.stringify(steps), stack, attempt, new Date(Date.now() + delayMs)],
          "executor-requeue",
        ),
      );

    while (this.running) {
      const callStarted = performance.now();
      const response = await this.callHandler(job, fn, steps, stack, attempt, planned.shift() ?? "step");
      logger.debug("function call", { jobId: job.id, status: response.status, ms: Math.round(performance.now() - callStarted), at: Date.now() });
      if (response.status === 200) {
        await complete(response.text || "null");
        return;
      }
      if (response.status === 206) {
        const ops = JSON.parse(response.text) as TOp[];
        let wait: number | null = null;
        for (const op of ops) {
          switch (op.op) {
            case "StepRun":
            case "Step":
              steps[op.id] = { type: "data", data: op.data ?? null };
              stack.push(op.id);
              attempt = 0;
              break;
            case "StepFailed":
              steps[op.id] = { type: "error", error: op.error };
              stack.push(op.id);
              attempt = 0;
              break;
            case "StepError":
              attempt += 1;
              wait = this.backoffMs(attempt - 1, response.headers.get("retry-after"));
              break;
            case "Sleep":
              // The SDK puts the time in the op's name: a duration it wrote itself ("30s",
              // "2h30m10s"; "" for zero), read back with its own parser, or, for sleepUntil,
              // an ISO date.
              steps[op.id] = { type: "data", data: null };
              stack.push(op.id);
              wait = /^\d{4}-\d{2}-\d{2}T/.test(op.name ?? "") ? Math.max(0, Date.parse(op.name!) - Date.now()) : op.name ? durationToMs(op.name) : 0;
              break;
            case "StepPlanned":
              planned.push(op.id);
              break;
            default:
              await this.failForGood(job, `The embedded executor does not support ${op.op}`);
              logger.error("unsupported Inngest op", { jobId: job.id, op: op.op });
              return;
          }
        }
        if (wait !== null) {
          await requeue(wait);
          return;
        }
        await saveProgress();
        continue;
      }
      const retryable = response.status >= 500 && response.headers.get("x-inngest-no-retry") !== "true";
      if (retryable && attempt + 1 < job.maxAttempts) {
        attempt += 1;
        await requeue(this.backoffMs(attempt - 1, response.headers.get("retry-after")));
        return;
      }
      await this.failForGood(job, response.text.slice(0, 4000));
      logger.warn("function run failed", { jobId: job.id, functionId: job.functionId, status: response.status });
      return;
    }
    // Shutting down mid-run: hand the job back; finished steps are already persisted.
    await requeue(0);
  }
}
