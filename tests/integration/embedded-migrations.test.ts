// Migrations applied by two processes at once on the embedded database (a server starting
// while the admin CLI runs): through the shared PGlite session the advisory lock in
// src/foundation/db/migrate.ts excludes no one, so each migration is re-checked inside its
// transaction, which runs alone (src/foundation/db/embedded-session-server.ts).
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
});
