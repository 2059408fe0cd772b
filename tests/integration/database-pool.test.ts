// The process's pool (src/foundation/db/client.ts) against real connection drops, in this
// test process: transactions caught by pg_terminate_backend must give their connection back
// (the driver adapter alone keeps it checked out forever when its ROLLBACK fails, so a few
// drops starve the pool), errors on idle and checked-out connections must not escape, and
// what Prisma and pg raise must be recognised as "database unavailable".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase, sqlQuery, sqlScript } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { isDatabaseUnavailable } from "../../src/foundation/errors.ts";
import { createDatabase, withDatabase } from "../helpers/database.ts";
import { startFaultProxy, type TFaultProxy } from "../helpers/fault-proxy.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let proxy: TFaultProxy;
const POOL_SIZE = 2;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

const terminateSoon = (delayMs: number) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      void withDatabase(database.url, (client) =>
        client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database.name]),
      ).then(() => resolve());
    }, delayMs),
  );

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  database = await createDatabase("aw_pool");
  await applyPendingMigrations(database.url);
  proxy = await startFaultProxy({ host: "127.0.0.1", port: 5432 });
  connectDatabase(proxy.url(database.url), POOL_SIZE, 2_000);
  await db().$queryRaw`SELECT 1`;
});

afterAll(async () => {
  process.off("uncaughtException", onUncaught);
  await proxy?.up();
  await disconnectDatabase();
  await proxy?.close();
  await database?.drop();
});

describe("the pool under dropped connections", () => {
  it("transactions whose connection is terminated give it back: more drops than connections, then queries still work", async () => {
    for (let round = 0; round < POOL_SIZE + 2; round++) {
      const terminated = terminateSoon(200);
      const failure = await db()
        .$transaction(async (tx) => {
          await tx.organization.findMany();
          await terminated;
          await new Promise((resolve) => setTimeout(resolve, 100));
          await tx.organization.findMany();
        })
        .then(
          () => new Error("the transaction should have failed"),
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    }
    // Without the fix every connection is now held by a dead transaction: this would time out.
    await expect(db().organization.count()).resolves.toBe(0);
    await expect(sqlQuery<{ one: number }>("SELECT 1 AS one", [])).resolves.toEqual([{ one: 1 }]);
  });

  it("a statement terminated mid-query is recognised, on Prisma and on the raw pool, and the next one succeeds", async () => {
    const raw = terminateSoon(200);
    const prismaError = await db().$queryRaw`SELECT pg_sleep(3)`.catch((error: unknown) => error);
    await raw;
    expect(isDatabaseUnavailable(prismaError), String(prismaError)).toBe(true);
    const pool = terminateSoon(200);
    const poolError = await sqlQuery("SELECT pg_sleep(3)", []).catch((error: unknown) => error);
    await pool;
    expect(isDatabaseUnavailable(poolError), String(poolError)).toBe(true);
    const script = terminateSoon(200);
    const scriptError = await sqlScript("SELECT 1; SELECT pg_sleep(3)").catch((error: unknown) => error);
    await script;
    expect(isDatabaseUnavailable(scriptError), String(scriptError)).toBe(true);
    await expect(db().organization.count()).resolves.toBe(0);
  });

  it("idle connections cut under the pool do not escape as uncaught errors; the server refusing is recognised; it recovers", async () => {
    await Promise.all([db().organization.count(), sqlQuery("SELECT 1", [])]);
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.down();
    const down = await db().organization.count().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(down), String(down)).toBe(true);
    const rawDown = await sqlQuery("SELECT 1", []).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(rawDown), String(rawDown)).toBe(true);
    const txDown = await db().$transaction(async (tx) => tx.organization.count()).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(txDown), String(txDown)).toBe(true);
    await proxy.hang();
    const hung = await db().organization.count().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(hung), String(hung)).toBe(true);
    await proxy.up();
    await expect(db().organization.count()).resolves.toBe(0);
    expect(uncaught).toEqual([]);
  });
});
