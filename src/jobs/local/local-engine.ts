// The local engine: runs the jobs in this process from `job_runs`, which the transactions
// that create work write (src/domains/work-queue/enqueue.ts). A loop claims due jobs
// (claim.ts: one round trip under an advisory lock only claims take, so keyed concurrency
// limits hold across processes; higher priority first) and calls each job's handler
// directly (job-execution.ts). A wake-up (work queued anywhere, a job done) is never lost:
// it marks the loop dirty, and the loop claims again before sleeping. Every failure counts
// toward a job's attempts, the engine's own included (a step result it cannot save); a job
// failing for good gets its failure handler queued in the same statement.
import { randomUUID } from "node:crypto";
import { WORK_QUEUED_TOPIC } from "../../domains/work-queue/enqueue.ts";
import { JOB_SPECS, type TJobSpecs } from "../../domains/work-queue/work.ts";
import { subscribeToChanges } from "../../foundation/change-notifier.ts";
import { db } from "../../foundation/db/client.ts";
import { logger } from "../../foundation/logger.ts";
import { StepFailedError, type TAnyJob } from "../job.ts";
import { claimJobs, type TClaimedJob } from "./claim.ts";
import { executeJob } from "./job-execution.ts";
import { countFailedAttemptSql, failJobSql } from "./job-statements.ts";
import { reclaimExpiredLeases, releaseClaims, renewLeases } from "./leases.ts";
import { DEFAULT_DROP_BUDGET_MS, outageLog, throughDrops } from "./through-drops.ts";

const MAX_BACKOFF_MS = 600_000;
/** While API calls wait for the CPU, the loop claims once per this many ms. */
const PACED_PASS_MS = 20;

export type TLocalEngineOptions = {
  jobs: TAnyJob[];
  /** The specs of the jobs (default: the service's JOB_SPECS; tests bring their own). */
  specs?: TJobSpecs;
  /** Jobs executing at once in this process. */
  maxParallel: number;
  /**
   * While `foregroundBusy()` says API calls wait for the CPU, at most this many jobs START
   * per second (accepting work never waits on executing it). Jobs already running go on.
   */
  busyStartsPerSecond?: number;
  foregroundBusy?: () => boolean;
  pollIntervalMs: number;
  /** First retry delay; doubles per attempt (capped at 10 minutes). */
  retryBaseMs: number;
  leaseMs: number;
  /** Reclaim every running job at start: only safe when this process is the only engine. */
  reclaimAllOnStart: boolean;
};

export class LocalEngine {
  readonly instanceId = randomUUID();
  private readonly jobsByName = new Map<string, TAnyJob>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = false;
  private wakeUp: (() => void) | undefined;
  /** Set by wake(), cleared when the loop starts a claim: a wake-up during a claim is not lost. */
  private wakeRequested = false;
  private loop: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly claimOutage = outageLog({
    lost: (error) => logger.error("the job engine cannot reach the database; claiming resumes when it returns", { error: String(error) }),
    recovered: () => logger.info("the job engine reached the database again"),
  });

  constructor(private readonly options: TLocalEngineOptions) {
    for (const job of options.jobs) this.jobsByName.set(job.name, job);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await reclaimExpiredLeases({ all: this.options.reclaimAllOnStart });
    this.unsubscribe = subscribeToChanges(WORK_QUEUED_TOPIC, () => this.wake());
    // Leases: renew ours and take back expired ones (a crashed process's) on one timer.
    this.heartbeat = setInterval(() => this.tendLeases(), Math.max(1_000, this.options.leaseMs / 3));
    this.loop = this.run();
  }

  private tendLeases(): void {
    renewLeases(this.instanceId, [...this.inFlight.keys()], this.options.leaseMs).catch((error: unknown) =>
      logger.warn("renewing job leases failed; the next beat retries", { error: String(error) }),
    );
    reclaimExpiredLeases().then(
      (reclaimed) => {
        if (reclaimed > 0) this.wake();
      },
      (error: unknown) => logger.warn("reclaiming expired job leases failed; the next beat retries", { error: String(error) }),
    );
  }

  /**
   * Stops claiming at once. Jobs in flight go on (their leases still renewed) until they end
   * or `deadline` (epoch ms; none: wait for all) passes; a job hands itself back before its
   * next step. Jobs still running at the deadline are released: queued again, runnable now
   * (leases.ts says why that is safe), so another instance takes them over at once.
   */
  async stop(deadline?: number): Promise<{ released: number }> {
    this.running = false;
    this.unsubscribe?.();
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
    logger.info("the job engine released its claims", { released });
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
    throw new Error("The job engine did not become idle in time");
  }

  /** API calls wait for the CPU: starts are paced (`busyStartsPerSecond`). */
  private paced(): boolean {
    return this.options.busyStartsPerSecond !== undefined && (this.options.foregroundBusy?.() ?? false);
  }

  wake(): void {
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
        // and claims only when something may be waiting or a poll interval has passed.
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
            .catch((error: unknown) => this.countFailedAttempt(job, error))
            .catch((error: unknown) => logger.error("a job's failure could not be recorded; its lease will run out", { jobId: job.id, error: String(error) }))
            .finally(() => {
              this.inFlight.delete(job.id);
              this.wake();
            });
          this.inFlight.set(job.id, execution);
        }
        if (!paced && claimed.length > 0 && claimed.length === slots) continue;
      } catch (error) {
        if (this.running && !this.claimOutage.failed(error)) logger.error("job engine loop error", { error: String(error) });
      }
      if (paced) {
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

  /** A job's own statement, retried through a dropped connection for a bounded share of the lease. */
  private throughDrops<T>(statement: () => Promise<T>): Promise<T> {
    return throughDrops(statement, Math.min(DEFAULT_DROP_BUDGET_MS, this.options.leaseMs * 0.6));
  }

  /** The job's definition and whether it runs the definition's failure handler. */
  private definitionOf(functionId: string): { definition: TAnyJob; failureHandler: boolean } | null {
    const direct = this.jobsByName.get(functionId);
    if (direct) return { definition: direct, failureHandler: false };
    const failed = functionId.endsWith("-failure") ? this.jobsByName.get(functionId.slice(0, -"-failure".length)) : undefined;
    return failed?.onFailure ? { definition: failed, failureHandler: true } : null;
  }

  /** Drives one job until it finishes or suspends (a retry's backoff, a sleep, a wait, a shutdown). */
  private async execute(job: TClaimedJob): Promise<void> {
    const found = this.definitionOf(job.functionId);
    if (!found) {
      await this.failForGood(job, `Unknown job ${job.functionId}`, false);
      return;
    }
    const { definition, failureHandler } = found;
    const raw = failureHandler ? (job.payload as { payload: unknown }).payload : job.payload;
    const parsed = definition.payload.safeParse(raw);
    if (!parsed.success) {
      await this.failForGood(job, `Invalid payload for ${job.functionId}: ${parsed.error.message.slice(0, 2000)}`, !failureHandler && Boolean(definition.onFailure));
      return;
    }
    const recordedError = failureHandler ? (job.payload as { error?: unknown }).error : undefined;
    const failure = failureHandler ? (typeof recordedError === "string" ? recordedError : "failed") : undefined;
    const started = performance.now();
    const end = await executeJob(
      job,
      definition,
      parsed.data,
      {
        engineId: this.instanceId,
        leaseMs: this.options.leaseMs,
        retryBaseMs: this.options.retryBaseMs,
        maxBackoffMs: MAX_BACKOFF_MS,
        running: () => this.running,
        throughDrops: (statement) => this.throughDrops(statement),
        specs: this.options.specs ?? JOB_SPECS,
        workQueued: () => this.wake(),
      },
      failure,
    );
    logger.debug("job executed", { jobId: job.id, job: job.functionId, end: end.kind, ms: Math.round(performance.now() - started) });
  }

  private async failForGood(job: TClaimedJob, error: string, hasFailureHandler: boolean): Promise<void> {
    logger.error("job failed for good", { jobId: job.id, job: job.functionId, error });
    await this.throughDrops(() => db().$executeRaw(failJobSql(job.id, this.instanceId, error, hasFailureHandler)));
  }

  /**
   * The handler (or the engine while driving it) threw outside a step: one failed attempt,
   * in one statement that writes nothing of the job's state but the counter: queued again
   * with backoff, or failed for good (and its failure handler queued) when the attempts are
   * used up. Without this the job would stay `running` until its lease ran out. A step's
   * StepFailedError the handler let through fails the job at once, as Inngest does.
   */
  private async countFailedAttempt(job: TClaimedJob, cause: unknown): Promise<void> {
    const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 4000);
    logger.warn("job attempt failed", { jobId: job.id, job: job.functionId, attempt: job.attempt + 1, error });
    const found = this.definitionOf(job.functionId);
    const hasFailureHandler = Boolean(found && !found.failureHandler && found.definition.onFailure);
    // A step that failed for good is saved as failed: every replay would throw it again.
    if (cause instanceof StepFailedError) {
      await this.failForGood(job, error, hasFailureHandler);
      this.wake();
      return;
    }
    await this.throughDrops(() =>
      db().$executeRaw(
        countFailedAttemptSql(job.id, this.instanceId, error, hasFailureHandler, { retryBaseMs: this.options.retryBaseMs, maxBackoffMs: MAX_BACKOFF_MS, retryAt: null }),
      ),
    );
    this.wake();
  }
}
