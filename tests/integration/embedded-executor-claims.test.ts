// Claims of the embedded executor with more than one claimer on one database (two
// executors stand in for two processes): no job runs twice, none is left behind, a
// concurrency key's limit holds across them, and a wake-up arriving while a claim is in
// progress is not lost.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { inngest, setEmbeddedEventSink } from "../../src/jobs/client.ts";
import { EmbeddedExecutor } from "../../src/jobs/executor/embedded-executor.ts";
import { CLAIM_LOCK_ID } from "../../src/jobs/executor/claim.ts";
import { createDatabase } from "../helpers/database.ts";
import { waitUntil } from "../helpers/waiting.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let executors: EmbeddedExecutor[] = [];

beforeAll(async () => {
  database = await createDatabase("aw_claims");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 10);
});

afterEach(async () => {
  await Promise.all(executors.map((executor) => executor.stop()));
  executors = [];
  setEmbeddedEventSink(undefined);
  await db().jobRun.deleteMany({});
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

type TOptions = ConstructorParameters<typeof EmbeddedExecutor>[0];

/** Starts `count` executors on the same database; events are handed to the first (any would do). */
async function startExecutors(count: number, functions: TOptions["functions"], overrides: Partial<TOptions> = {}) {
  for (let index = 0; index < count; index += 1) {
    executors.push(new EmbeddedExecutor({ functions, maxParallel: 8, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 10_000, reclaimAllOnStart: false, ...overrides }));
  }
  setEmbeddedEventSink(executors[0]);
  await Promise.all(executors.map((executor) => executor.start()));
}

const idle = () => Promise.all(executors.map((executor) => executor.idle()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("claims with two executors on one database", () => {
  it("runs every job exactly once, none left behind", async () => {
    const runs = new Map<number, number>();
    const fn = inngest.createFunction({ id: "t-claim-once", triggers: [{ event: "test/claim-once" }] }, async ({ event, step }) =>
      step.run("work", async () => {
        const index = event.data.index as number;
        runs.set(index, (runs.get(index) ?? 0) + 1);
        await pause(2);
        return index;
      }),
    );
    await startExecutors(2, [fn]);
    await inngest.send(Array.from({ length: 120 }, (_, index) => ({ name: "test/claim-once", data: { index } })));
    await idle();

    expect(runs.size).toBe(120);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const jobs = await db().jobRun.findMany({ where: { functionId: "t-claim-once" } });
    expect(jobs.every((job) => job.status === "completed")).toBe(true);
  });

  it("never exceeds a key's limit across executors", async () => {
    const active = new Map<string, number>();
    const peak = new Map<string, number>();
    const fn = inngest.createFunction(
      { id: "t-claim-limit", triggers: [{ event: "test/claim-limit" }], concurrency: [{ limit: 3, key: "event.data.group" }] },
      async ({ event, step }) =>
        step.run("work", async () => {
          const group = event.data.group as string;
          active.set(group, (active.get(group) ?? 0) + 1);
          peak.set(group, Math.max(peak.get(group) ?? 0, active.get(group)!));
          await pause(25);
          active.set(group, active.get(group)! - 1);
          return group;
        }),
    );
    await startExecutors(2, [fn]);
    await inngest.send(
      Array.from({ length: 40 }, (_, index) => ({ name: "test/claim-limit", data: { group: index % 2 === 0 ? "a" : "b" } })),
    );
    await idle();

    expect(Math.max(...peak.values())).toBeLessThanOrEqual(3);
    const jobs = await db().jobRun.findMany({ where: { functionId: "t-claim-limit" } });
    expect(jobs.filter((job) => job.status === "completed")).toHaveLength(40);
  });
});

describe("queuing", () => {
  it("queues events sent at once by many callers together, each once, in the order sent", async () => {
    const seen: number[] = [];
    const fn = inngest.createFunction({ id: "t-queue-together", triggers: [{ event: "test/queue-together" }] }, async ({ event }) => {
      seen.push(event.data.index as number);
    });
    await startExecutors(1, [fn], { maxParallel: 1 });
    // Forty separate sends in one turn of the event loop, each event sent twice under its id.
    const sends = Array.from({ length: 40 }, (_, index) =>
      inngest.send({ name: "test/queue-together", id: `together-${index}`, data: { index } }),
    );
    sends.push(...Array.from({ length: 40 }, (_, index) => inngest.send({ name: "test/queue-together", id: `together-${index}`, data: { index } })));
    await Promise.all(sends);
    await idle();

    const jobs = await db().jobRun.findMany({ where: { functionId: "t-queue-together" }, orderBy: { sequence: "asc" } });
    expect(jobs.map((job) => job.eventId)).toEqual(Array.from({ length: 40 }, (_, index) => `together-${index}`));
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });
});

describe("pacing while API calls wait for the CPU", () => {
  it("keeps starting jobs while others wait on I/O (slow jobs do not hold the rest back)", async () => {
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const finished: string[] = [];
    const fn = inngest.createFunction({ id: "t-paced", triggers: [{ event: "test/paced" }] }, async ({ event }) => {
      if (event.data.slow) await slowReleased;
      finished.push(event.data.name as string);
    });
    await startExecutors(1, [fn], { maxParallel: 8, busyStartsPerSecond: 50, foregroundBusy: () => true });
    await inngest.send(Array.from({ length: 3 }, (_, index) => ({ name: "test/paced", data: { name: `slow-${index}`, slow: true } })));
    await inngest.send(Array.from({ length: 5 }, (_, index) => ({ name: "test/paced", data: { name: `quick-${index}`, slow: false } })));

    await waitUntil(() => finished.length, { what: "the 5 quick jobs to run while the slow ones wait", done: (count) => count >= 5, timeoutMs: 20_000, intervalMs: 20 });
    expect(finished.sort()).toEqual(["quick-0", "quick-1", "quick-2", "quick-3", "quick-4"]);
    releaseSlow();
    await idle();
    expect(finished.filter((name) => name.startsWith("slow"))).toHaveLength(3);
  });
});

describe("wake-ups", () => {
  it("does not lose a wake-up that arrives while a claim is in progress", async () => {
    let releaseHolder!: () => void;
    const holderDone = new Promise<void>((resolve) => (releaseHolder = resolve));
    const ran: string[] = [];
    const holder = inngest.createFunction(
      { id: "t-wake-holder", triggers: [{ event: "test/wake-holder" }], concurrency: [{ limit: 1, key: "event.data.group" }] },
      async ({ step }) => step.run("hold", async () => (await holderDone, ran.push("holder"))),
    );
    const latecomer = inngest.createFunction({ id: "t-wake-late", triggers: [{ event: "test/wake-late" }] }, async ({ step }) =>
      step.run("late", () => ran.push("late")),
    );
    // Polling (and the lease heartbeat, which also wakes the loop) would find the late job
    // only after a minute: within the test's bound, only the wake-up can start it.
    await startExecutors(1, [holder, latecomer], { pollIntervalMs: 60_000, leaseMs: 600_000 });

    // Hold the claim lock so the next claim blocks inside its script.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query(`SELECT pg_advisory_lock(${CLAIM_LOCK_ID})`);
      await inngest.send({ name: "test/wake-holder", data: { group: "g" } });
      // The claim is now waiting for the lock.
      await waitUntil(
        async () =>
          (await blocker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n > 0,
        { what: "the claim to block on the lock", timeoutMs: 10_000, intervalMs: 20 },
      );
      // Work queued while that claim is in progress: its wake-up arrives mid-claim.
      await inngest.send({ name: "test/wake-late", data: {} });
      await blocker.query(`SELECT pg_advisory_unlock(${CLAIM_LOCK_ID})`);
    } finally {
      await blocker.end();
    }
    // The holder keeps running (no completion wakes the loop): the late job starts only
    // because the wake-up during the claim was remembered.
    await waitUntil(() => ran.includes("late"), { what: "the late job to start (its wake-up kept)", timeoutMs: 20_000, intervalMs: 20 });
    releaseHolder();
    await idle();
    expect(ran.sort()).toEqual(["holder", "late"]);
  });
});
