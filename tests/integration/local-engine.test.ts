// Contract test of the local engine: small jobs written against `TJobIO`, called directly by
// the engine, their state in a real PostgreSQL database (`job_runs`).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { executeRunWork, triageDecidedEvent } from "../../src/domains/runs/run-work.ts";
import { announceWorkQueued, enqueueWork, publishWaitEvent } from "../../src/domains/work-queue/enqueue.ts";
import { JOB_SPECS, type TJobName, type TJobSpecs, type TWork } from "../../src/domains/work-queue/work.ts";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { executeRun, RUN_GAVE_UP_MESSAGE } from "../../src/jobs/functions/execute-run.ts";
import { defineJob, NonRetriableError, RetryAfterError, StepFailedError, type TAnyJob, type TJobDefinition } from "../../src/jobs/job.ts";
import { LocalEngine, type TLocalEngineOptions } from "../../src/jobs/local/local-engine.ts";
import { createDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let engine: LocalEngine | undefined;

beforeAll(async () => {
  database = await createDatabase("aw_engine");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 5);
});

afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_marked_steps ON job_runs");
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_completing_marked_runs ON runs");
  await db().jobRun.deleteMany({});
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

// The test jobs' specs: attempts after the first, and a concurrency limit per key.
const spec = (retries: number, concurrencyLimit: number | null = null) => ({ retries, event: "app/test" as const, concurrencyLimit });
const SPECS: TJobSpecs = {
  "t-retry": spec(3),
  "t-retry-after": spec(3),
  "t-nonretriable": spec(3),
  "t-caught": spec(3),
  "t-exhaust": spec(2),
  "t-resume": spec(3),
  "t-concurrency": spec(0, 3),
  "t-priority": spec(0, 1),
  "t-idempotency": spec(0),
  "t-unsaveable": spec(2),
  "t-unrequeueable": spec(1),
  "t-on-failure": spec(1),
  "t-sleep": spec(0),
  "t-wait": spec(0),
  "t-wait-limited": spec(0, 1),
};

const ZAny = z.record(z.string(), z.unknown());
const job = <T>(definition: TJobDefinition<T>): TAnyJob => defineJob(definition, SPECS) as unknown as TAnyJob;
/** A request for a test job (their names are not the service's, hence the cast). */
const work = (name: keyof typeof SPECS, payload: Record<string, unknown> = {}, options: Partial<Omit<TWork, "job" | "payload">> = {}): TWork => ({
  job: name as TJobName,
  payload,
  key: randomUUID(),
  ...options,
});

/** Queues work as the domains do: written, then the engine told. */
async function enqueue(...works: TWork[]) {
  await enqueueWork(db(), works, SPECS);
  announceWorkQueued();
}

function startEngine(jobs: TAnyJob[], overrides: Partial<TLocalEngineOptions> = {}) {
  engine = new LocalEngine({ jobs, specs: SPECS, maxParallel: 10, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 5_000, reclaimAllOnStart: true, ...overrides });
  return engine.start().then(() => engine!);
}

const jobsOf = (functionId: string) => db().jobRun.findMany({ where: { functionId }, orderBy: { sequence: "asc" } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the only job of `functionId` satisfies `ready`; fails fast if it failed. */
async function jobWhen(functionId: string, ready: (job: Awaited<ReturnType<typeof jobsOf>>[number]) => boolean) {
  for (let i = 0; i < 500; i++) {
    const [row] = await jobsOf(functionId);
    if (row && ready(row)) return row;
    if (row?.status === "failed") throw new Error(`job failed: ${row.error}`);
    await pause(20);
  }
  throw new Error(`job ${functionId} never reached the expected state`);
}

describe("local engine", () => {
  it("memoizes finished steps and retries a failing step with backoff until it succeeds", async () => {
    const calls = { first: 0, flaky: 0 };
    const flakyAt: number[] = [];
    const retrying = job({
      name: "t-retry",
      payload: ZAny,
      handler: async (_payload, io) => {
        const a = await io.run("first", async () => ++calls.first);
        const b = await io.run("flaky", async () => {
          calls.flaky += 1;
          flakyAt.push(Date.now());
          if (calls.flaky < 3) throw new Error(`transient ${calls.flaky}`);
          return "ok";
        });
        return { a, b };
      },
    });
    const running = await startEngine([retrying], { retryBaseMs: 100 });
    await enqueue(work("t-retry"));
    await running.idle();
    const [row] = await jobsOf("t-retry");
    expect(row).toMatchObject({ status: "completed", result: { a: 1, b: "ok" } });
    expect(calls).toEqual({ first: 1, flaky: 3 });
    // Backoff doubles: 100 ms after the first failure, 200 ms after the second (ms stamps: a little slack).
    expect(flakyAt[1]! - flakyAt[0]!).toBeGreaterThanOrEqual(95);
    expect(flakyAt[2]! - flakyAt[1]!).toBeGreaterThanOrEqual(195);
  });

  it("retries a step that threw RetryAfterError no sooner than it asked", async () => {
    const calledAt: number[] = [];
    const throttled = job({
      name: "t-retry-after",
      payload: ZAny,
      handler: async (_payload, io) =>
        io.run("throttled", async () => {
          calledAt.push(Date.now());
          if (calledAt.length === 1) throw new RetryAfterError("slow down", 400);
          return "ok";
        }),
    });
    // The engine's own backoff would be 10 ms: the wait is the step's.
    const running = await startEngine([throttled]);
    await enqueue(work("t-retry-after"));
    await running.idle();
    expect((await jobsOf("t-retry-after"))[0]).toMatchObject({ status: "completed", result: "ok" });
    expect(calledAt).toHaveLength(2);
    expect(calledAt[1]! - calledAt[0]!).toBeGreaterThanOrEqual(395);
  });

  it("stops at once on NonRetriableError: run throws StepFailedError into the handler, which fails the job", async () => {
    let calls = 0;
    const seen: unknown[] = [];
    const refusing = job({
      name: "t-nonretriable",
      payload: ZAny,
      handler: async (_payload, io) => {
        try {
          await io.run("refuse", async () => {
            calls += 1;
            throw new NonRetriableError("bad input");
          });
        } catch (error) {
          seen.push(error);
          throw error;
        }
      },
    });
    // A minute's backoff: the job fails within the test only if nothing is retried.
    const running = await startEngine([refusing], { retryBaseMs: 60_000 });
    await enqueue(work("t-nonretriable"));
    await running.idle(10_000);
    const [row] = await jobsOf("t-nonretriable");
    expect(row!.status).toBe("failed");
    expect(row!.error).toContain("bad input");
    expect(calls).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(StepFailedError);
    expect(seen[0]).toMatchObject({ stepId: "refuse", message: "bad input" });
  });

  it("lets a handler catch a step that failed for good and carry on", async () => {
    let calls = 0;
    const tolerant = job({
      name: "t-caught",
      payload: ZAny,
      handler: async (_payload, io) => {
        const got = await io
          .run("refuse", async () => {
            calls += 1;
            throw new NonRetriableError("bad input");
          })
          .catch((error: unknown) => (error instanceof StepFailedError ? `caught ${error.stepId}` : "other"));
        const after = await io.run("after", async () => "went on");
        return { got, after };
      },
    });
    const running = await startEngine([tolerant]);
    await enqueue(work("t-caught"));
    await running.idle();
    expect((await jobsOf("t-caught"))[0]).toMatchObject({ status: "completed", result: { got: "caught refuse", after: "went on" } });
    expect(calls).toBe(1);
  });

  it("honours `retries`: a step that always fails is tried retries + 1 times, then the job fails", async () => {
    let calls = 0;
    const failing = job({
      name: "t-exhaust",
      payload: ZAny,
      handler: async (_payload, io) => {
        await io.run("always-fails", async () => {
          calls += 1;
          throw new Error("down");
        });
      },
    });
    const running = await startEngine([failing]);
    await enqueue(work("t-exhaust"));
    await running.idle();
    expect(calls).toBe(3);
    expect((await jobsOf("t-exhaust"))[0]).toMatchObject({ status: "failed", error: expect.stringContaining("down") });
  });

  it("resumes on another engine instance without repeating finished steps", async () => {
    const calls = { before: 0, after: 0 };
    let failOnce = true;
    const resumable = job({
      name: "t-resume",
      payload: ZAny,
      handler: async (_payload, io) => {
        await io.run("before", async () => ++calls.before);
        return io.run("after", async () => {
          calls.after += 1;
          if (failOnce) {
            failOnce = false;
            throw new Error("crash stand-in");
          }
          return "done";
        });
      },
    });
    // The first engine stops while the step waits for its retry (a long backoff)...
    const first = await startEngine([resumable], { retryBaseMs: 60_000 });
    await enqueue(work("t-resume"));
    const waiting = await jobWhen("t-resume", (row) => row.status === "queued" && row.attempt === 1);
    await first.stop();
    engine = undefined;
    expect(waiting.steps).toEqual({ before: { type: "data", data: 1 } });
    // ...and a new one (a restarted process) picks it up from the database.
    await db().jobRun.update({ where: { id: waiting.id }, data: { runAfter: new Date() } });
    const second = await startEngine([resumable]);
    await second.idle();
    expect((await jobsOf("t-resume"))[0]).toMatchObject({ status: "completed", result: "done" });
    expect(calls).toEqual({ before: 1, after: 2 });
  });

  it("keeps a concurrency key at its limit and uses the whole limit", async () => {
    let active = 0;
    let peak = 0;
    const limited = job({
      name: "t-concurrency",
      payload: ZAny,
      handler: async (_payload, io) =>
        io.run("work", async () => {
          active += 1;
          peak = Math.max(peak, active);
          await pause(60);
          active -= 1;
          return "done";
        }),
    });
    const running = await startEngine([limited]);
    await enqueue(...Array.from({ length: 12 }, () => work("t-concurrency", {}, { concurrencyKey: "g1" })));
    await running.idle();
    expect(peak).toBe(3);
    const rows = await jobsOf("t-concurrency");
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === "completed")).toBe(true);
  });

  it("starts higher-priority work first", async () => {
    const order: string[] = [];
    const recorder = job({
      name: "t-priority",
      payload: z.object({ name: z.string() }),
      handler: async ({ name }, io) => io.run("record", async () => order.push(name)),
    });
    // Everything is queued before the engine starts, so priority alone decides the order
    // (one at a time: the key's limit is 1).
    await enqueue(
      work("t-priority", { name: "low-1" }, { priority: -600, concurrencyKey: "p" }),
      work("t-priority", { name: "normal" }, { priority: 0, concurrencyKey: "p" }),
      work("t-priority", { name: "high" }, { priority: 600, concurrencyKey: "p" }),
      work("t-priority", { name: "low-2" }, { priority: -600, concurrencyKey: "p" }),
    );
    const running = await startEngine([recorder]);
    await running.idle();
    expect(order).toEqual(["high", "normal", "low-1", "low-2"]);
  });

  it("de-duplicates work by its key", async () => {
    let calls = 0;
    const once = job({ name: "t-idempotency", payload: ZAny, handler: async (_payload, io) => io.run("once", async () => ++calls) });
    const running = await startEngine([once]);
    await enqueue(work("t-idempotency", { n: 1 }, { key: "a" }), work("t-idempotency", { n: 2 }, { key: "a" }));
    await enqueue(work("t-idempotency", { n: 3 }, { key: "a" }));
    await running.idle();
    expect(calls).toBe(1);
    const rows = await jobsOf("t-idempotency");
    expect(rows).toHaveLength(1);
    // The first request is the one kept.
    expect(rows[0]!.payload).toEqual({ n: 1 });
  });

  it("counts a failure to save a step's state as an attempt, and fails the job for good when attempts run out", async () => {
    // Saving the state of a running job whose steps mention the marker raises, as a database
    // error would. (Requeueing or failing the job changes its status and is let through.)
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_marked_steps() RETURNS trigger AS $$
      BEGIN
        IF NEW.status = 'running' AND NEW.steps::text LIKE '%unsaveable-marker%' THEN
          RAISE EXCEPTION 'cannot save these steps (test)';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe("CREATE TRIGGER refuse_marked_steps BEFORE UPDATE ON job_runs FOR EACH ROW EXECUTE FUNCTION refuse_marked_steps()");
    const calls = { step: 0, onFailure: 0 };
    const failures: { error: string; payload: unknown }[] = [];
    const unsaveable = job({
      name: "t-unsaveable",
      payload: ZAny,
      onFailure: async (payload, _io, error) => {
        calls.onFailure += 1;
        failures.push({ error, payload });
      },
      handler: async (_payload, io) => {
        await io.run("produce", async () => {
          calls.step += 1;
          return { note: "unsaveable-marker" };
        });
        return "never reached";
      },
    });
    const running = await startEngine([unsaveable]);
    await enqueue(work("t-unsaveable", { id: "job-1" }));
    await running.idle();

    const [row] = await jobsOf("t-unsaveable");
    // Every attempt ran the step, failed to save it, and was counted: 3 attempts, then failed.
    expect(row).toMatchObject({ status: "failed", attempt: 3, lockedBy: null });
    expect(row!.steps).toEqual({});
    expect(row!.error).toContain("cannot save these steps");
    expect(calls.step).toBe(3);
    // The failure handler ran once, with the original payload.
    expect(calls.onFailure).toBe(1);
    expect(failures).toEqual([{ error: expect.stringContaining("cannot save these steps"), payload: { id: "job-1" } }]);
    expect(await jobsOf("t-unsaveable-failure")).toEqual([expect.objectContaining({ status: "completed" })]);
  });

  it("counts a failure to save a retry's backoff as an attempt, even when the handler catches every error", async () => {
    // Handing the job back for its step's retry (running -> queued, no error recorded) raises;
    // counting a failed attempt (which records the error) is let through.
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_requeueing() RETURNS trigger AS $$
      BEGIN
        IF OLD.status = 'running' AND NEW.status = 'queued' AND NEW.error IS NULL AND NEW.function_id = 't-unrequeueable' THEN
          RAISE EXCEPTION 'cannot requeue this job (test)';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe("CREATE TRIGGER refuse_requeueing BEFORE UPDATE ON job_runs FOR EACH ROW EXECUTE FUNCTION refuse_requeueing()");
    let calls = 0;
    const swallowing = job({
      name: "t-unrequeueable",
      payload: ZAny,
      handler: async (_payload, io) => {
        try {
          return await io.run("flaky", async () => {
            calls += 1;
            throw new Error("transient");
          });
        } catch (error) {
          return `swallowed: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    });
    const running = await startEngine([swallowing]);
    await enqueue(work("t-unrequeueable"));
    await running.idle(10_000);
    // The first attempt could not save its backoff and was counted; the second was the last,
    // so its failure came back to the handler as the step's StepFailedError.
    const [row] = await jobsOf("t-unrequeueable");
    expect(row).toMatchObject({ status: "completed", result: "swallowed: transient", lockedBy: null });
    expect(row!.error).toContain("cannot requeue this job");
    expect(calls).toBe(2);
  });

  it("runs onFailure once when a job fails for good, and not when it succeeds", async () => {
    let failureCalls = 0;
    const sometimesFailing = job({
      name: "t-on-failure",
      payload: z.object({ fail: z.boolean() }),
      onFailure: async ({ fail }, io, error) =>
        io.run("note", async () => {
          failureCalls += 1;
          return { failed: fail, error };
        }),
      handler: async ({ fail }, io) =>
        io.run("work", async () => {
          if (fail) throw new Error("always down");
          return "ok";
        }),
    });
    const running = await startEngine([sometimesFailing]);
    await enqueue(work("t-on-failure", { fail: true }), work("t-on-failure", { fail: false }));
    await running.idle();
    const rows = await jobsOf("t-on-failure");
    expect(rows.map((row) => row.status).sort()).toEqual(["completed", "failed"]);
    expect(failureCalls).toBe(1);
    const handlers = await jobsOf("t-on-failure-failure");
    expect(handlers).toHaveLength(1);
    expect(handlers[0]).toMatchObject({ status: "completed", result: { failed: true, error: "always down" } });
  });

  it("fails a run as a refunded service error when execute-run gives up, instead of leaving it running", async () => {
    // Recording the run's outcome fails at every attempt (as a database error would): the
    // job's attempts are used up and it fails for good.
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_completing_marked_runs() RETURNS trigger AS $$
      BEGIN
        IF NEW.status IN ('completed', 'pending_triage') AND NEW.task = 'persisting this run fails' THEN
          RAISE EXCEPTION 'cannot record this outcome (test)';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(
      "CREATE TRIGGER refuse_completing_marked_runs BEFORE UPDATE ON runs FOR EACH ROW EXECUTE FUNCTION refuse_completing_marked_runs()",
    );
    const organization = await db().organization.create({ data: { name: "Gave up", plan: "growth" } });
    const run = await db().run.create({
      data: { organizationId: organization.id, livemode: true, agentType: "center", task: "persisting this run fails", status: "queued" },
    });
    await db().creditLedgerEntry.create({
      data: { organizationId: organization.id, livemode: true, amount: -1, balanceAfter: 9_999, reason: "run", runId: run.id },
    });

    const running = await startEngine([executeRun as unknown as TAnyJob], { specs: JOB_SPECS });
    await enqueueWork(db(), [executeRunWork({ runId: run.id, priority: "normal" })]);
    announceWorkQueued();
    await running.idle();

    const [row] = await jobsOf("execute-run");
    expect(row).toMatchObject({ status: "failed", attempt: JOB_SPECS["execute-run"].retries + 1 });
    expect(row!.error).toContain("cannot record this outcome");
    expect(await jobsOf("execute-run-failure")).toEqual([expect.objectContaining({ status: "completed" })]);
    const settled = await db().run.findUniqueOrThrow({ where: { id: run.id } });
    expect(settled).toMatchObject({ status: "failed", errorMessage: RUN_GAVE_UP_MESSAGE });
    expect(settled.completedAt).not.toBeNull();
    const ledger = await db().creditLedgerEntry.findMany({ where: { runId: run.id }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((entry) => [entry.reason, entry.amount])).toEqual([
      ["run", -1],
      ["refund", 1],
    ]);
  });
});

describe("local engine sleeps", () => {
  it("parks a job until its sleepUntil date, then resumes it by itself", async () => {
    const resumedAt: number[] = [];
    const sleeper = job({
      name: "t-sleep",
      payload: z.object({ until: z.string() }),
      handler: async ({ until }, io) => {
        await io.sleepUntil("nap", new Date(until));
        resumedAt.push(Date.now());
        return "woke";
      },
    });
    const running = await startEngine([sleeper]);
    const until = new Date(Date.now() + 600);
    await enqueue(work("t-sleep", { until: until.toISOString() }));
    const parked = await jobWhen("t-sleep", (row) => row.status === "queued" && "nap" in (row.steps as object));
    expect(parked.runAfter.getTime()).toBe(until.getTime());
    await running.idle();
    expect((await jobsOf("t-sleep"))[0]).toMatchObject({ status: "completed", result: "woke" });
    expect(resumedAt).toHaveLength(1);
    expect(resumedAt[0]).toBeGreaterThanOrEqual(until.getTime());
  });

  it("keeps a job parked for days, and continues at once past a date that has passed", async () => {
    const reached = { afterLongNap: 0, afterPastDate: 0 };
    const sleeper = job({
      name: "t-sleep",
      payload: z.object({ until: z.string() }),
      handler: async ({ until }, io) => {
        await io.sleepUntil("long-nap", new Date(until));
        reached.afterLongNap += 1;
        await io.sleepUntil("past", new Date(Date.now() - 1_000));
        reached.afterPastDate += 1;
        return "woke";
      },
    });
    await startEngine([sleeper]);
    const until = new Date(Date.now() + 3 * 24 * 3_600_000 + 1_234);
    await enqueue(work("t-sleep", { until: until.toISOString() }));
    const parked = await jobWhen("t-sleep", (row) => row.status === "queued" && "long-nap" in (row.steps as object));
    expect(parked.runAfter.getTime()).toBe(until.getTime());
    // Polls come every 20 ms: the job is not run again before its time.
    await pause(300);
    expect((await jobsOf("t-sleep"))[0]).toMatchObject({ status: "queued", attempt: 0 });
    expect(reached).toEqual({ afterLongNap: 0, afterPastDate: 0 });

    // The time has come (as if three days had passed): the past date does not park it again.
    await db().jobRun.update({ where: { id: parked.id }, data: { runAfter: new Date() } });
    const done = await jobWhen("t-sleep", (row) => row.status === "completed");
    expect(done.result).toBe("woke");
    expect(Object.keys(done.steps as object).sort()).toEqual(["long-nap", "past"]);
    expect(reached).toEqual({ afterLongNap: 1, afterPastDate: 1 });
  });
});

describe("local engine waits for events", () => {
  const waiter = job({
    name: "t-wait",
    payload: z.object({ itemId: z.string(), timeout: z.string() }),
    handler: async ({ itemId, timeout }, io) => {
      const event = await io.waitForEvent("decision", { event: "app/triage.decided", match: itemId, timeout: new Date(timeout) });
      return { event };
    },
  });
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** Publishes as the domains do: in the transaction that records the decision, then the engine told. */
  async function publish(itemId: string, rollBack = false) {
    await db()
      .$transaction(async (tx) => {
        await publishWaitEvent(tx, triageDecidedEvent(itemId));
        if (rollBack) throw new Error("roll back (test)");
      })
      .catch((error: unknown) => {
        if (!rollBack) throw error;
      });
    announceWorkQueued();
  }

  it("resumes with the event published for its key, not another key's, and not one rolled back", async () => {
    const itemId = randomUUID();
    await startEngine([waiter]);
    await enqueue(work("t-wait", { itemId, timeout: inAnHour() }));
    const waiting = await jobWhen("t-wait", (row) => row.status === "waiting");
    expect(waiting).toMatchObject({ waitingFor: "decision", waitEvent: "app/triage.decided", waitKey: itemId, lockedBy: null });

    await publish(randomUUID());
    await publish(itemId, true);
    await pause(300);
    const still = (await jobsOf("t-wait"))[0]!;
    expect(still.status).toBe("waiting");
    expect(still.steps).toEqual({});

    await publish(itemId);
    const done = await jobWhen("t-wait", (row) => row.status === "completed");
    expect(done.result).toEqual({ event: { name: "app/triage.decided", id: `triage-decided-${itemId}`, data: { triageItemId: itemId } } });
  });

  it("resolves null at the timeout", async () => {
    await startEngine([waiter]);
    const timeout = new Date(Date.now() + 600);
    await enqueue(work("t-wait", { itemId: randomUUID(), timeout: timeout.toISOString() }));
    const waiting = await jobWhen("t-wait", (row) => row.status === "waiting");
    expect(waiting.runAfter.getTime()).toBe(timeout.getTime());
    const done = await jobWhen("t-wait", (row) => row.status === "completed");
    expect(done.result).toEqual({ event: null });
    expect(done.updatedAt.getTime()).toBeGreaterThanOrEqual(timeout.getTime());
  });

  it("does not count a waiting job against its concurrency key", async () => {
    const ran: string[] = [];
    const limited = job({
      name: "t-wait-limited",
      payload: z.object({ name: z.string(), itemId: z.string().optional() }),
      handler: async ({ name, itemId }, io) => {
        if (itemId) await io.waitForEvent("decision", { event: "app/triage.decided", match: itemId, timeout: new Date(Date.now() + 3_600_000) });
        await io.run("work", async () => ran.push(name));
      },
    });
    const itemId = randomUUID();
    const running = await startEngine([limited]);
    await enqueue(work("t-wait-limited", { name: "waiter", itemId }, { concurrencyKey: "k" }));
    await jobWhen("t-wait-limited", (row) => row.status === "waiting");
    // The key's limit is 1, and the waiter holds no slot of it.
    await enqueue(work("t-wait-limited", { name: "other" }, { concurrencyKey: "k" }));
    await running.idle();
    expect(ran).toEqual(["other"]);
    expect((await jobsOf("t-wait-limited")).map((row) => row.status)).toEqual(["waiting", "completed"]);

    await publish(itemId);
    await running.idle();
    expect(ran).toEqual(["other", "waiter"]);
  });
});
