// A migrations folder holding only the migrations before a given one: the CLI pointed at it
// (MIGRATIONS_DIR) writes data under the schema as it was, so a migration test can then
// apply the migration on top of real rows.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./processes.ts";

const ALL_MIGRATIONS = path.join(PROJECT_ROOT, "prisma/migrations");

/** Copies the migrations sorting before `name`; `cleanups` receives the folder's removal. */
export function migrationsBefore(name: string, cleanups: (() => void)[]): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "aw-migrations-"));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  for (const entry of readdirSync(ALL_MIGRATIONS)) {
    if (entry < name || entry === "migration_lock.toml") cpSync(path.join(ALL_MIGRATIONS, entry), path.join(directory, entry), { recursive: true });
  }
  return directory;
}
