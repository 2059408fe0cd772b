// The embedded database's one PGlite session shared by several connections
// (src/foundation/db/embedded-session-server.ts), driven in-process: migrations applied by two
// migrators at once (a server starting while the admin CLI runs; the advisory lock in
// src/foundation/db/migrate.ts excludes no one within one session, so each migration is
// re-checked inside its transaction, which runs alone), and prepared statement names that
// stay private to their connection.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase, type TEmbeddedDatabase } from "../../src/foundation/db/embedded.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";

let dataDir: string;
let database: TEmbeddedDatabase;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-embedded-migrations-"));
  database = await openEmbeddedDatabase(dataDir);
});

afterAll(async () => {
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("migrations on the embedded database", () => {
  it("two migrators at once apply every migration exactly once, and neither fails", async () => {
    const results = await Promise.allSettled([applyPendingMigrations(database.connectionString), applyPendingMigrations(database.connectionString)]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const applied = results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied).size).toBe(applied.length);

    const client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
    try {
      const duplicates = await client.query(`SELECT migration_name FROM "_prisma_migrations" GROUP BY migration_name HAVING count(*) > 1`);
      expect(duplicates.rows).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);

  it("keeps prepared statement names private to each connection, also after one reconnects", async () => {
    const connect = async () => {
      const client = new pg.Client({ connectionString: database.connectionString });
      await client.connect();
      return client;
    };
    const [first, second] = [await connect(), await connect()];
    try {
      // The same name for different statements, as two processes (or two versions) may use.
      const one = await first.query({ name: "shared-name", text: "SELECT $1::int + 1 AS value", values: [1] });
      const two = await second.query({ name: "shared-name", text: "SELECT $1::int * 10 AS value", values: [1] });
      expect([one.rows[0].value, two.rows[0].value]).toEqual([2, 10]);
      expect((await first.query({ name: "shared-name", text: "SELECT $1::int + 1 AS value", values: [5] })).rows[0].value).toBe(6);
    } finally {
      await first.end();
    }
    // A new connection prepares the name its predecessor left behind.
    const third = await connect();
    try {
      expect((await third.query({ name: "shared-name", text: "SELECT $1::int - 1 AS value", values: [5] })).rows[0].value).toBe(4);
      expect((await second.query({ name: "shared-name", text: "SELECT $1::int * 10 AS value", values: [5] })).rows[0].value).toBe(50);
    } finally {
      await Promise.all([second.end(), third.end()]);
    }
  });

  it("lets the others wait while one connection is in a transaction, and rolls it back when that connection is lost", async () => {
    const [owner, other] = (await Promise.all(
      [0, 1].map(async () => {
        const client = new pg.Client({ connectionString: database.connectionString });
        await client.connect();
        return client;
      }),
    )) as [pg.Client, pg.Client];
    other.on("error", () => undefined);
    owner.on("error", () => undefined);
    try {
      await owner.query("CREATE TABLE session_probe (id integer)");
      await owner.query("BEGIN");
      await owner.query("INSERT INTO session_probe VALUES ($1)", [1]);
      let answered = false;
      const count = other.query("SELECT count(*)::int AS n FROM session_probe").then((result) => {
        answered = true;
        return result.rows[0].n;
      });
      // Not answered while the transaction is open (a wait is the only way to see "not yet").
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      // The owner's process dies with its transaction open.
      (owner as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      expect(await count).toBe(0);
    } finally {
      await other.end();
      await owner.end().catch(() => undefined);
    }
  });
});
