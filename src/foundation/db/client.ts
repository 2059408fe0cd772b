// The one Prisma client of the process. It lives on globalThis so the custom server's
// bundle and Next's bundle (dashboard, tRPC, Inngest routes) share one pool.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "../../generated/prisma/client.ts";
import { env } from "../env.ts";

/**
 * Columns no query returns unless it asks for them (`omit: { keyHash: false }` or a
 * `select`): key hashes and encrypted secrets stay out of every row that
 * is serialised, logged or handed to another layer by accident.
 */
export const SECRET_COLUMNS = {
  apiKey: { keyHash: true },
  organization: { deliverySecretEncrypted: true },
  webhook: { secretEncrypted: true, previousSecretEncrypted: true },
} as const satisfies Prisma.GlobalOmitConfig;

export type TDatabase = PrismaClient<never, typeof SECRET_COLUMNS>;

type TDatabaseGlobal = { __agentWorkforceDb?: { client: TDatabase; pool: pg.Pool; url: string } };
const store = globalThis as unknown as TDatabaseGlobal;

export function connectDatabase(connectionString: string, poolSize: number): TDatabase {
  if (store.__agentWorkforceDb) return store.__agentWorkforceDb.client;
  // Our own pool, handed to Prisma: the hottest reads also use it directly (sqlQuery).
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const adapter = new PrismaPg(pool);
  const client = new PrismaClient({ adapter, omit: SECRET_COLUMNS });
  store.__agentWorkforceDb = { client, pool, url: connectionString };
  return client;
}

/**
 * One parameterised statement straight on the shared pool, for the few hot reads where
 * Prisma's per-call query compilation is most of the cost (docs/performance.md). Columns
 * come back as node-postgres parses them (timestamptz → Date, jsonb → value, text[] → array).
 * `preparedAs` names a statement whose text never varies (one name per distinct text).
 */
export async function sqlQuery<T>(text: string, values: unknown[], preparedAs?: string): Promise<T[]> {
  if (!store.__agentWorkforceDb) db();
  // A named statement is parsed and planned once per connection instead of on every call.
  const result = await store.__agentWorkforceDb!.pool.query({ text, values, ...(preparedAs ? { name: preparedAs } : {}) });
  return result.rows as T[];
}

/**
 * Several statements in one round trip: a fixed script (no parameters: PostgreSQL's simple
 * query protocol) on one pooled connection; each statement's rows, in order. Each statement
 * takes its own snapshot, so one after a lock sees what committed before the lock was
 * granted. A failed script leaves no transaction open on the connection it gives back.
 */
export async function sqlScript<T>(script: string): Promise<T[][]> {
  if (!store.__agentWorkforceDb) db();
  const client = await store.__agentWorkforceDb!.pool.connect();
  try {
    const results = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(results) ? results : [results]).map((result) => result.rows as T[]);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A statement composed with Prisma.sql fragments, run straight on the shared pool like
 * sqlQuery (the executor's and a run's per-step statements: docs/performance.md).
 */
export function sqlStatement<T>(statement: Prisma.Sql, preparedAs?: string): Promise<T[]> {
  return sqlQuery<T>(statement.text, statement.values, preparedAs);
}

export function db(): TDatabase {
  if (store.__agentWorkforceDb) return store.__agentWorkforceDb.client;
  // Outside the custom server (e.g. `next dev`) fall back to DATABASE_URL.
  const url = env().DATABASE_URL;
  if (!url) throw new Error("Database not initialised: start through server.ts or set DATABASE_URL");
  return connectDatabase(url, 10);
}

export async function disconnectDatabase(): Promise<void> {
  const current = store.__agentWorkforceDb;
  store.__agentWorkforceDb = undefined;
  await current?.client.$disconnect();
  await current?.pool.end().catch(() => undefined);
}
