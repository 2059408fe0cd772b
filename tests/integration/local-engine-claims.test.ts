// Claims of the local engine with more than one claimer on one database (two engines stand
// in for two processes): no job runs twice, none is left behind, a concurrency key's limit
// holds across them, work starts in the order it was queued, and a wake-up arriving while a
// claim is in progress is not lost.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { announceWorkQueued, enqueueWork } from "../../src/domains/work-queue/enqueue.ts";
import type { TJobName, TJobSpecs, TWork } from "../../src/domains/work-queue/work.ts";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { defineJob, type TAnyJob, type TJobDefinition } from "../../src/jobs/job.ts";
import { CLAIM_LOCK_ID } from "../../src/jobs/local/claim.ts";
import { LocalEngine, type TLocalEngineOptions } from "../../src/jobs/local/local-engine.ts";
import { createDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let engines: LocalEngine[] = [];

beforeAll(async () => {
  database = await createDatabase("aw_claims");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 10);
});

afterEach(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  engines = [];
  await db().jobRun.deleteMany({});
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

const spec = (concurrencyLimit: number | null = null) => ({ retries: 0, event: "app/test" as const, concurrencyLimit });
const SPECS: TJobSpecs = {
  "t-claim-once": spec(),
  "t-claim-limit": spec(3),
  "t-queue-order": spec(),
  "t-paced": spec(),
  "t-wake-holder": spec(1),
  "t-wake-late": spec(),
};

const job = <T>(definition: TJobDefinition<T>): TAnyJob => defineJob(definition, SPECS) as unknown as TAnyJob;
const work = (name: keyof typeof SPECS, payload: Record<string, unknown>, options: Partial<Omit<TWork, "job" | "payload">> = {}): TWork => ({
  job: name as TJobName,
  payload,
  key: randomUUID(),
  ...options,
});

/** Queues work as the domains do: written, then every engine told. */
async function enqueue(works: TWork[]) {
  await enqueueWork(db(), works, SPECS);
  announceWorkQueued();
}

/** Starts `count` engines on the same database. */
async function startEngines(count: number, jobs: TAnyJob[], overrides: Partial<TLocalEngineOptions> = {}) {
  for (let index = 0; index < count; index += 1) {
    engines.push(new LocalEngine({ jobs, specs: SPECS, maxParallel: 8, pollIntervalMs: 20, retryBaseMs: 10, leaseMs: 10_000, reclaimAllOnStart: false, ...overrides }));
  }
  await Promise.all(engines.map((engine) => engine.start()));
}

const idle = () => Promise.all(engines.map((engine) => engine.idle()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ZIndex = z.object({ index: z.number() });

describe("claims with two engines on one database", () => {
  it("runs every job exactly once, none left behind", async () => {
    const runs = new Map<number, number>();
    const once = job({
      name: "t-claim-once",
      payload: ZIndex,
      handler: async ({ index }, io) =>
        io.run("work", async () => {
          runs.set(index, (runs.get(index) ?? 0) + 1);
          await pause(2);
          return index;
        }),
    });
    await startEngines(2, [once]);
    await enqueue(Array.from({ length: 120 }, (_, index) => work("t-claim-once", { index })));
    await idle();

    expect(runs.size).toBe(120);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await db().jobRun.findMany({ where: { functionId: "t-claim-once" } });
    expect(rows).toHaveLength(120);
    expect(rows.every((row) => row.status === "completed")).toBe(true);
  });

  it("never exceeds a key's limit across engines", async () => {
    const active = new Map<string, number>();
    const peak = new Map<string, number>();
    const limited = job({
      name: "t-claim-limit",
      payload: z.object({ group: z.string() }),
      handler: async ({ group }, io) =>
        io.run("work", async () => {
          active.set(group, (active.get(group) ?? 0) + 1);
          peak.set(group, Math.max(peak.get(group) ?? 0, active.get(group)!));
          await pause(25);
          active.set(group, active.get(group)! - 1);
          return group;
        }),
    });
    await startEngines(2, [limited]);
    await enqueue(
      Array.from({ length: 40 }, (_, index) => {
        const group = index % 2 === 0 ? "a" : "b";
        return work("t-claim-limit", { group }, { concurrencyKey: group });
      }),
    );
    await idle();

    expect(Math.max(...peak.values())).toBeLessThanOrEqual(3);
    // Two engines with 8 slots each: the limit, not the slots, is what held them back.
    expect(Math.max(...peak.values())).toBe(3);
    const rows = await db().jobRun.findMany({ where: { functionId: "t-claim-limit" } });
    expect(rows.filter((row) => row.status === "completed")).toHaveLength(40);
  });
});

describe("queuing", () => {
  it("starts work of equal priority in the order it was queued, each request once", async () => {
    const seen: number[] = [];
    const recorder = job({ name: "t-queue-order", payload: ZIndex, handler: async ({ index }) => void seen.push(index) });
    await startEngines(1, [recorder], { maxParallel: 1 });
    const requestOf = (index: number) => work("t-queue-order", { index }, { key: `order-${index}` });
    // Twenty in one request (one INSERT, in the order given), then twenty more one by one,
    // while the engine is already taking them.
    await enqueue(Array.from({ length: 20 }, (_, index) => requestOf(index)));
    for (let index = 20; index < 40; index += 1) await enqueue([requestOf(index)]);
    // Every request again, from many callers at once: their keys are taken, nothing is added.
    await Promise.all(Array.from({ length: 40 }, (_, index) => enqueue([requestOf(index)])));
    await idle();

    const rows = await db().jobRun.findMany({ where: { functionId: "t-queue-order" }, orderBy: { sequence: "asc" } });
    expect(rows.map((row) => row.idempotencyKey)).toEqual(Array.from({ length: 40 }, (_, index) => `order-${index}`));
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });
});

describe("pacing while API calls wait for the CPU", () => {
  it("keeps starting jobs while others wait on I/O (slow jobs do not hold the rest back)", async () => {
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    const finished: string[] = [];
    const paced = job({
      name: "t-paced",
      payload: z.object({ name: z.string(), slow: z.boolean() }),
      handler: async ({ name, slow }) => {
        if (slow) await slowReleased;
        finished.push(name);
      },
    });
    await startEngines(1, [paced], { maxParallel: 8, busyStartsPerSecond: 50, foregroundBusy: () => true });
    await enqueue(Array.from({ length: 3 }, (_, index) => work("t-paced", { name: `slow-${index}`, slow: true })));
    await enqueue(Array.from({ length: 5 }, (_, index) => work("t-paced", { name: `quick-${index}`, slow: false })));

    const deadline = Date.now() + 20_000;
    while (finished.length < 5) {
      if (Date.now() > deadline) throw new Error(`only ${finished.length} quick jobs ran while the slow ones waited`);
      await pause(20);
    }
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
    const holder = job({
      name: "t-wake-holder",
      payload: z.object({}),
      handler: async (_payload, io) => io.run("hold", async () => (await holderDone, ran.push("holder"))),
    });
    const latecomer = job({ name: "t-wake-late", payload: z.object({}), handler: async (_payload, io) => io.run("late", async () => ran.push("late")) });
    // Polling (and the lease heartbeat, which also wakes the loop) would find the late job
    // only after a minute: within the test's bound, only the wake-up can start it.
    await startEngines(1, [holder, latecomer], { pollIntervalMs: 60_000, leaseMs: 600_000 });

    // Hold the claim lock so the next claim blocks inside its script.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query(`SELECT pg_advisory_lock(${CLAIM_LOCK_ID})`);
      await enqueue([work("t-wake-holder", {}, { concurrencyKey: "g" })]);
      // The claim is now waiting for the lock.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await blocker.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0].n > 0) break;
        if (waited > 10_000) throw new Error("the claim never blocked");
        await pause(20);
      }
      // Work queued while that claim is in progress: its wake-up arrives mid-claim.
      await enqueue([work("t-wake-late", {})]);
      await blocker.query(`SELECT pg_advisory_unlock(${CLAIM_LOCK_ID})`);
    } finally {
      await blocker.end();
    }
    // The holder keeps running (no completion wakes the loop): the late job starts only
    // because the wake-up during the claim was remembered.
    const deadline = Date.now() + 20_000;
    while (!ran.includes("late")) {
      if (Date.now() > deadline) throw new Error("the late job did not start: its wake-up was lost");
      await pause(20);
    }
    releaseHolder();
    await idle();
    expect(ran.sort()).toEqual(["holder", "late"]);
  });
});
