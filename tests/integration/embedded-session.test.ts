// The embedded database's one PGlite session shared by several connections
// (src/foundation/db/embedded-session-server.ts), driven in-process: migrations applied by two
// migrators at once (a server starting while the admin CLI runs; the advisory lock in
// src/foundation/db/migrate.ts excludes no one within one session, so each migration is
// re-checked inside its transaction, which runs alone), and prepared statement names that
// stay private to their connection. And who may connect at all: only a client that knows the
// password in the owner-only owner file (SCRAM-SHA-256), in an owner-only data directory.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
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

/** The startup message a client sends first (protocol 3.0, user postgres). */
function startupMessage(): Buffer {
  const parameters = Buffer.from("user\0postgres\0database\0postgres\0\0", "utf8");
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + parameters.length, 0);
  header.writeInt32BE(196_608, 4);
  return Buffer.concat([header, parameters]);
}

const mode = (file: string) => statSync(file).mode & 0o777;
const ownerFile = () => JSON.parse(readFileSync(path.join(dataDir, "embedded-postgres.json"), "utf8")) as { pid: number; port: number; password: string };

describe("who can reach the embedded database", () => {
  it("refuses a connection with a wrong password or none, and lets one with the owner file's password in", async () => {
    const { port, password } = ownerFile();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const attempt of ["postgres", "", undefined, `${password}x`]) {
      const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres", password: attempt });
      client.on("error", () => undefined);
      const refused = await client.connect().then(
        () => undefined,
        (error: Error & { code?: string }) => error,
      );
      await client.end().catch(() => undefined);
      expect(refused, `password ${JSON.stringify(attempt)}`).toBeInstanceOf(Error);
      if (attempt) expect(refused).toMatchObject({ code: "28P01" });
    }
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres", password });
    await client.connect();
    try {
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it("runs nothing a client sends before it authenticated", async () => {
    const { port } = ownerFile();
    const received = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks)));
      const query = Buffer.from("SELECT 'leaked' AS secret\0", "utf8");
      const header = Buffer.alloc(5);
      header[0] = 0x51; // 'Q'
      header.writeInt32BE(4 + query.length, 1);
      socket.write(Buffer.concat([startupMessage(), header, query]));
      setTimeout(() => socket.destroy(), 2_000).unref();
    });
    expect(received.toString("latin1")).not.toContain("leaked");
    // Asked for SCRAM-SHA-256 (AuthenticationSASL), then refused the query in its place.
    expect(received[0]).toBe(0x52);
    expect(received.readInt32BE(5)).toBe(10);
    expect(received.toString("latin1")).toContain("SCRAM-SHA-256");
    expect(received.toString("latin1")).toContain("08P01");
  });

  it("keeps the data directory and the owner file to their owner: 0700 and 0600", () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "embedded-postgres.json"))).toBe(0o600);
    expect(mode(path.join(dataDir, "pgdata"))).toBe(0o700);
  });

  it("makes a data directory an older version left open owner-only, with its stale owner file", async () => {
    const old = mkdtempSync(path.join(os.tmpdir(), "aw-embedded-open-"));
    try {
      chmodSync(old, 0o755);
      mkdirSync(path.join(old, "pgdata"), { mode: 0o755 });
      writeFileSync(path.join(old, "embedded-postgres.json"), JSON.stringify({ pid: 999_999_999, port: 1 }), { mode: 0o644 });
      const opened = await openEmbeddedDatabase(old);
      try {
        expect(mode(old)).toBe(0o700);
        expect(mode(path.join(old, "embedded-postgres.json"))).toBe(0o600);
        expect(mode(path.join(old, "pgdata"))).toBe(0o700);
      } finally {
        await opened.stop();
      }
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  }, 60_000);
});
