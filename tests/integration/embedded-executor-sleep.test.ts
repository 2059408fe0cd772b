// step.sleep and step.sleepUntil through the embedded executor: the SDK writes the wait into
// the Sleep op's name ("1s", "2h30m10s", "7d" or an ISO date) and the executor must park the
// job for exactly that long (it reads durations with the SDK's own durationToMs).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { inngest, setEmbeddedEventSink } from "../../src/jobs/client.ts";
import { EmbeddedExecutor } from "../../src/jobs/executor/embedded-executor.ts";
import { createDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let executor: EmbeddedExecutor | undefined;

beforeAll(async () => {
  database = await createDatabase("aw_executor_sleep");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 5);
});

afterEach(async () => {
  await executor?.stop();
  executor = undefined;
  setEmbeddedEventSink(undefined);
  await db().jobRun.deleteMany({});
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

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
    executor = new EmbeddedExecutor({ functions: [fn], maxParallel: 10, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 5_000, reclaimAllOnStart: true });
    setEmbeddedEventSink(executor);
    await executor.start();

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
