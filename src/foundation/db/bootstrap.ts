// Opens the database the settings point at (DATABASE_URL, else embedded PGlite in
// DATA_DIR), applies pending migrations and connects the shared Prisma client.
import { publishThroughDatabase } from "../change-notifier.ts";
import type { TEnv } from "../env.ts";
import { connectDatabase, disconnectDatabase, type TDatabase } from "./client.ts";
import { openEmbeddedDatabase } from "./embedded.ts";
import { applyPendingMigrations } from "./migrate.ts";

export type TDatabaseHandle = {
  client: TDatabase;
  connectionString: string;
  embedded: boolean;
  appliedMigrations: string[];
  close: () => Promise<void>;
};

export async function startDatabase(settings: TEnv): Promise<TDatabaseHandle> {
  const embedded = settings.DATABASE_URL ? undefined : await openEmbeddedDatabase(settings.DATA_DIR);
  const connectionString = settings.DATABASE_URL ?? embedded!.connectionString;
  const appliedMigrations = await applyPendingMigrations(connectionString);
  // PGlite has one session: a single pooled connection keeps transactions intact. It lives in
  // this process and cannot become unreachable, so waiting for it is not bounded (0).
  const client = connectDatabase(connectionString, embedded ? 1 : settings.DATABASE_POOL_SIZE, embedded ? 0 : settings.DATABASE_CONNECT_TIMEOUT_MS);
  // On a server other processes may hold caches and streams: changes go out as NOTIFY.
  publishThroughDatabase(!embedded);
  return {
    client,
    connectionString,
    embedded: Boolean(embedded),
    appliedMigrations,
    close: async () => {
      await disconnectDatabase();
      await embedded?.stop();
    },
  };
}
