// Contract test of the embedded executor: small functions driven through the Inngest SDK's
// serve() handler, state in a real PostgreSQL database. An SDK upgrade that changes the
// wire protocol fails here first.
import { NonRetriableError } from "inngest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { inngest, setEmbeddedEventSink } from "../../src/jobs/client.ts";
import { runRequestedEvent } from "../../src/jobs/events.ts";
import { EmbeddedExecutor } from "../../src/jobs/executor/embedded-executor.ts";
import { executeRun, RUN_GAVE_UP_MESSAGE } from "../../src/jobs/functions/execute-run.ts";
import { createDatabase } from "../helpers/database.ts";
import { waitUntil } from "../helpers/waiting.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let executor: EmbeddedExecutor | undefined;

beforeAll(async () => {
  database = await createDatabase("aw_executor");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 5);
});

afterEach(async () => {
  await executor?.stop();
  executor = undefined;
  setEmbeddedEventSink(undefined);
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_marked_steps ON job_runs");
  await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_completing_marked_runs ON runs");
  await db().jobRun.deleteMany({});
});

/**
 * Makes the executor's own persistence fail, as a database error would: saving the state
 * of a running job whose steps mention `marker` raises. (Requeueing or failing the job
 * changes its status away from running and is let through.)
 */
async function refuseSavingStepsContaining(marker: string) {
  await db().$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION refuse_marked_steps() RETURNS trigger AS $$
    BEGIN
      IF NEW.status = 'running' AND NEW.steps::text LIKE '%${marker}%' THEN
        RAISE EXCEPTION 'cannot save these steps (test)';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db().$executeRawUnsafe(
    "CREATE TRIGGER refuse_marked_steps BEFORE UPDATE ON job_runs FOR EACH ROW EXECUTE FUNCTION refuse_marked_steps()",
  );
}

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

function startExecutor(functions: any[], overrides: Partial<ConstructorParameters<typeof EmbeddedExecutor>[0]> = {}) {
  executor = new EmbeddedExecutor({ functions, maxParallel: 10, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 5_000, reclaimAllOnStart: true, ...overrides });
  setEmbeddedEventSink(executor);
  return executor.start().then(() => executor!);
}

const jobsOf = (functionId: string) => db().jobRun.findMany({ where: { functionId }, orderBy: { createdAt: "asc" } });

describe("embedded executor", () => {
  it("memoizes finished steps and retries a failing step with backoff until it succeeds", async () => {
    const calls = { first: 0, flaky: 0 };
    const fn = inngest.createFunction({ id: "t-retry", triggers: [{ event: "test/retry" }], retries: 3 }, async ({ step }) => {
      const a = await step.run("first", () => ++calls.first);
      const b = await step.run("flaky", () => {
        calls.flaky += 1;
        if (calls.flaky < 3) throw new Error(`transient ${calls.flaky}`);
        return "ok";
      });
      return { a, b };
    });
    const running = await startExecutor([fn]);
    await inngest.send({ name: "test/retry", data: {} });
    await running.idle();
    const [job] = await jobsOf("t-retry");
    expect(job).toMatchObject({ status: "completed", result: { a: 1, b: "ok" } });
    expect(calls).toEqual({ first: 1, flaky: 3 });
  });

  it("stops at once on NonRetriableError", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: "t-nonretriable", triggers: [{ event: "test/nonretriable" }], retries: 3 }, async ({ step }) => {
      await step.run("refuse", () => {
        calls += 1;
        throw new NonRetriableError("bad input");
      });
    });
    const running = await startExecutor([fn]);
    await inngest.send({ name: "test/nonretriable", data: {} });
    await running.idle();
    const [job] = await jobsOf("t-nonretriable");
    expect(job!.status).toBe("failed");
    expect(job!.error).toContain("bad input");
    expect(calls).toBe(1);
  });

  it("honours `retries`: a step that always fails is tried retries + 1 times, then the function fails", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: "t-exhaust", triggers: [{ event: "test/exhaust" }], retries: 2 }, async ({ step }) => {
      await step.run("always-fails", () => {
        calls += 1;
        throw new Error("down");
      });
    });
    const running = await startExecutor([fn]);
    await inngest.send({ name: "test/exhaust", data: {} });
    await running.idle();
    expect(calls).toBe(3);
    expect((await jobsOf("t-exhaust"))[0]!.status).toBe("failed");
  });

  it("resumes on another executor instance without repeating finished steps", async () => {
    const calls = { before: 0, after: 0 };
    let failOnce = true;
    const fn = inngest.createFunction({ id: "t-resume", triggers: [{ event: "test/resume" }], retries: 3 }, async ({ step }) => {
      await step.run("before", () => ++calls.before);
      return step.run("after", () => {
        calls.after += 1;
        if (failOnce) {
          failOnce = false;
          throw new Error("crash stand-in");
        }
        return "done";
      });
    });
    // The first executor stops while the step waits for its retry (a long backoff)...
    const first = await startExecutor([fn], { retryBaseMs: 60_000 });
    await inngest.send({ name: "test/resume", data: {} });
    await waitUntil(() => calls.after > 0, { what: "the step's first attempt", timeoutMs: 10_000, intervalMs: 10 });
    await first.stop();
    const waiting = (await jobsOf("t-resume"))[0]!;
    expect(waiting).toMatchObject({ status: "queued", attempt: 1 });
    expect(waiting.stack).toHaveLength(1);
    // ...and a new one (a restarted process) picks it up from the database.
    await db().jobRun.update({ where: { id: waiting.id }, data: { runAfter: new Date() } });
    const second = await startExecutor([fn]);
    await second.idle();
    expect((await jobsOf("t-resume"))[0]).toMatchObject({ status: "completed", result: "done" });
    expect(calls).toEqual({ before: 1, after: 2 });
  });

  it("keeps a concurrency key at its limit and uses the whole limit", async () => {
    let active = 0;
    let peak = 0;
    const fn = inngest.createFunction(
      { id: "t-concurrency", triggers: [{ event: "test/concurrency" }], concurrency: [{ limit: 3, key: "event.data.group" }] },
      async ({ step }) =>
        step.run("work", async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 60));
          active -= 1;
          return "done";
        }),
    );
    const running = await startExecutor([fn]);
    await inngest.send(Array.from({ length: 12 }, () => ({ name: "test/concurrency", data: { group: "g1" } })));
    await running.idle();
    expect(peak).toBe(3);
    expect((await jobsOf("t-concurrency")).every((job) => job.status === "completed")).toBe(true);
  });

  it("starts higher-priority work first", async () => {
    const order: string[] = [];
    const fn = inngest.createFunction(
      { id: "t-priority", triggers: [{ event: "test/priority" }], concurrency: 1, priority: { run: "event.data.boost" } },
      async ({ event, step }) => step.run("record", () => order.push(event.data.name as string)),
    );
    // Queue everything before the executor starts, so priority alone decides the order.
    const running = new EmbeddedExecutor({ functions: [fn], maxParallel: 10, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 5_000, reclaimAllOnStart: true });
    executor = running;
    setEmbeddedEventSink(running);
    await inngest.send([
      { name: "test/priority", data: { name: "low-1", boost: -600 } },
      { name: "test/priority", data: { name: "normal", boost: 0 } },
      { name: "test/priority", data: { name: "high", boost: 600 } },
      { name: "test/priority", data: { name: "low-2", boost: -600 } },
    ]);
    await running.start();
    await running.idle();
    expect(order).toEqual(["high", "normal", "low-1", "low-2"]);
  });

  it("de-duplicates events by the function's idempotency key", async () => {
    let calls = 0;
    const fn = inngest.createFunction(
      { id: "t-idempotency", triggers: [{ event: "test/idempotency" }], idempotency: "event.data.id" },
      async ({ step }) => step.run("once", () => ++calls),
    );
    const running = await startExecutor([fn]);
    await inngest.send([{ name: "test/idempotency", data: { id: "a" } }, { name: "test/idempotency", data: { id: "a" } }]);
    await inngest.send({ name: "test/idempotency", data: { id: "a" } });
    await running.idle();
    expect(calls).toBe(1);
    expect(await jobsOf("t-idempotency")).toHaveLength(1);
  });

  it("refuses concurrency keys it cannot evaluate, loudly", async () => {
    const fn = inngest.createFunction(
      { id: "t-bad-key", triggers: [{ event: "test/bad-key" }], concurrency: [{ limit: 1, key: "event.data.a + event.data.b" }] },
      async () => "never",
    );
    await startExecutor([fn]);
    await expect(inngest.send({ name: "test/bad-key", data: {} })).rejects.toThrow(/event\.data\.<path>/);
  });

  it("counts a failure to save a step's state as an attempt, and fails the job for good when attempts run out", async () => {
    await refuseSavingStepsContaining("unsaveable-marker");
    const calls = { step: 0, onFailure: 0 };
    const failures: { error: string; original: unknown }[] = [];
    const fn = inngest.createFunction(
      {
        id: "t-unsaveable",
        triggers: [{ event: "test/unsaveable" }],
        retries: 2,
        onFailure: async ({ event, error }) => {
          calls.onFailure += 1;
          failures.push({ error: error.message, original: event.data.event.data });
        },
      },
      async ({ step }) => {
        await step.run("produce", () => {
          calls.step += 1;
          return { note: "unsaveable-marker" };
        });
        return "never reached";
      },
    );
    const running = await startExecutor([fn]);
    await inngest.send({ name: "test/unsaveable", data: { id: "job-1" } });
    await running.idle();

    const [job] = await jobsOf("t-unsaveable");
    // Every attempt ran the step, failed to save it, and was counted: 3 attempts, then failed.
    expect(job).toMatchObject({ status: "failed", attempt: 3, lockedBy: null });
    expect(job!.error).toContain("cannot save these steps");
    expect(calls.step).toBe(3);
    // The function's onFailure handler ran once, with the original event.
    expect(calls.onFailure).toBe(1);
    expect(failures).toEqual([{ error: expect.stringContaining("cannot save these steps"), original: { id: "job-1" } }]);
    expect(await jobsOf("t-unsaveable-failure")).toEqual([expect.objectContaining({ status: "completed" })]);
  });

  it("runs onFailure once when a function fails for good, and not when it succeeds", async () => {
    let failureCalls = 0;
    const fn = inngest.createFunction(
      {
        id: "t-on-failure",
        triggers: [{ event: "test/on-failure" }],
        retries: 1,
        onFailure: async ({ event, step }) =>
          step.run("note", () => {
            failureCalls += 1;
            return { failed: event.data.event.data.fail, fn: event.data.function_id };
          }),
      },
      async ({ event, step }) =>
        step.run("work", () => {
          if (event.data.fail) throw new Error("always down");
          return "ok";
        }),
    );
    const running = await startExecutor([fn]);
    await inngest.send([{ name: "test/on-failure", data: { fail: true } }, { name: "test/on-failure", data: { fail: false } }]);
    await running.idle();
    const jobs = await jobsOf("t-on-failure");
    expect(jobs.map((job) => job.status).sort()).toEqual(["completed", "failed"]);
    expect(failureCalls).toBe(1);
    const [handler] = await jobsOf("t-on-failure-failure");
    expect(handler).toMatchObject({ status: "completed", result: { failed: true, fn: "agent-workforce-t-on-failure" } });
  });

  it("fails a run as a refunded service error when execute-run gives up, instead of leaving it running", async () => {
    // Recording the run's outcome fails at every attempt (as a database error would): the
    // step's retries are used up and the function fails for good.
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

    const running = await startExecutor([executeRun]);
    await inngest.send(runRequestedEvent({ runId: run.id, priority: "normal", batchJobId: null }));
    await running.idle();

    const [job] = await jobsOf("execute-run");
    expect(job).toMatchObject({ status: "failed" });
    expect(await jobsOf("execute-run-failure")).toEqual([expect.objectContaining({ status: "completed" })]);
    const settled = await db().run.findUniqueOrThrow({ where: { id: run.id } });
    expect(settled).toMatchObject({ status: "failed", errorMessage: RUN_GAVE_UP_MESSAGE });
    expect(settled.completedAt).not.toBeNull();
    const ledger = await db().creditLedgerEntry.findMany({ where: { runId: run.id }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((entry) => [entry.reason, entry.amount])).toEqual([["run", -1], ["refund", 1]]);
  });
});

// step.sleep and step.sleepUntil: the SDK writes the wait into the Sleep op's name ("1s",
// "2h30m10s", "7d" or an ISO date) and the executor must park the job for exactly that
// long (it reads durations with the SDK's own durationToMs).
const SECOND = 1_000;
const HOUR = 3_600 * SECOND;
const DAY = 24 * HOUR;

/** Waits until the job has parked after its `sleeps`-th sleep; returns when it may run again. */
async function parkedAfter(sleeps: number): Promise<Date> {
  for (let i = 0; i < 500; i++) {
    const job = await db().jobRun.findFirst({ where: { functionId: "t-sleep" } });
    if (job?.status === "queued" && job.stack.length === sleeps) return job.runAfter;
    if (job?.status === "failed") throw new Error(`job failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job did not park after sleep ${sleeps}`);
}

/** Ends the current wait at once (as if the time had passed). */
const wakeNow = () => db().jobRun.updateMany({ where: { functionId: "t-sleep" }, data: { runAfter: new Date() } });

describe("embedded executor sleeps", () => {
  it("parks a job for the SDK's durations (sub-second rounded up, compound units, days) and until a sleepUntil date", async () => {
    const until = new Date(Date.now() + 3 * DAY + 1234);
    const fn = inngest.createFunction({ id: "t-sleep", triggers: [{ event: "test/sleep" }] }, async ({ event, step }) => {
      await step.sleep("short", 400); // the SDK writes "1s": durable waits have a 1 s resolution
      // The SDK writes "2h30m10s". (It reads a string argument with `ms`, which knows no
      // compound strings: step.sleep("x", "2h30m10s") would be sent as "", no wait at all.)
      await step.sleep("compound", 2 * HOUR + 30 * 60 * SECOND + 10 * SECOND);
      await step.sleep("days", "7d"); // written as "1w"
      await step.sleepUntil("until", new Date(event.data.until as string));
      return "woke";
    });
    const executor = await startExecutor([fn]);

    /** The job parked after its `sleeps`-th sleep for `waitMs`, counted from when it resumed (after `since`). */
    const expectWait = async (sleeps: number, waitMs: number, since: number) => {
      const runAfter = (await parkedAfter(sleeps)).getTime();
      expect(runAfter).toBeGreaterThanOrEqual(since + waitMs);
      expect(runAfter).toBeLessThanOrEqual(Date.now() + waitMs);
    };
    const resume = async () => {
      const since = Date.now();
      await wakeNow();
      return since;
    };

    let since = Date.now();
    await inngest.send({ name: "test/sleep", data: { until: until.toISOString() } });
    await expectWait(1, SECOND, since);
    since = await resume();
    await expectWait(2, 2 * HOUR + 30 * 60 * SECOND + 10 * SECOND, since);
    since = await resume();
    await expectWait(3, 7 * DAY, since);
    await resume();
    const untilRunAfter = (await parkedAfter(4)).getTime();
    expect(untilRunAfter).toBeGreaterThanOrEqual(until.getTime());
    expect(untilRunAfter).toBeLessThan(until.getTime() + SECOND);
    await resume();

    await executor.idle();
    expect(await db().jobRun.findFirst({ where: { functionId: "t-sleep" } })).toMatchObject({ status: "completed", result: "woke" });
  });
});
