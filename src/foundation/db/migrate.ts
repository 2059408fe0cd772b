// Applies pending migrations from prisma/migrations at start-up, with the same
// `_prisma_migrations` bookkeeping as `prisma migrate deploy`, so either tool can take
// over. An advisory lock makes concurrent start-ups (two servers, server + CLI) safe.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { env } from "../env.ts";
import { logFailure } from "../detached.ts";

const MIGRATION_LOCK_ID = 72_707_369; // arbitrary, fixed: "only one migrator at a time"

export function migrationsDirectory(): string {
  return env().MIGRATIONS_DIR ?? path.resolve(process.cwd(), "prisma", "migrations");
}

export async function applyPendingMigrations(connectionString: string): Promise<string[]> {
  const directory = migrationsDirectory();
  if (!existsSync(directory)) throw new Error(`Migrations directory not found: ${directory}`);
  const names = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(directory, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();

  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const finished = new Set(done.rows.map((row) => row.migration_name));
    for (const name of names) {
      if (finished.has(name)) continue;
      const sql = readFileSync(path.join(directory, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      await client.query("BEGIN");
      try {
        // Checked again inside the transaction: on the embedded database every connection
        // shares one session, where the advisory lock excludes no one, but a transaction runs
        // alone (embedded-session-server.ts), so a migration another process applied meanwhile is seen.
        const appliedMeanwhile = await client.query(
          `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          [name],
        );
        if (appliedMeanwhile.rowCount) {
          await client.query("COMMIT");
          continue;
        }
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
        applied.push(name);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    // Ending the session below releases the lock too.
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(logFailure("releasing the migration lock"));
    await client.end();
  }
  return applied;
}
