// The one Prisma client of the process. It lives on globalThis so the custom server's
// bundle and Next's bundle (dashboard, tRPC, Inngest routes) share one pool.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "../../generated/prisma/client.ts";
import { env } from "../env.ts";
import { logger } from "../logger.ts";
import { logFailure } from "../detached.ts";

/**
 * Columns no query returns unless it asks for them (`omit: { keyHash: false }` or a
 * `select`): key hashes and encrypted secrets stay out of every row that
 * is serialised, logged or handed to another layer by accident.
 */
export const SECRET_COLUMNS = {
  apiKey: { keyHash: true },
  invitation: { tokenHash: true },
  organization: { deliverySecretEncrypted: true },
  webhook: { secretEncrypted: true, previousSecretEncrypted: true },
} as const satisfies Prisma.GlobalOmitConfig;

export type TDatabase = PrismaClient<never, typeof SECRET_COLUMNS>;

type TDatabaseGlobal = { __agentWorkforceDb?: { client: TDatabase; pool: pg.Pool; url: string } };
const store = globalThis as unknown as TDatabaseGlobal;

/** Names this process's pooled connections in pg_stat_activity (the LISTEN connection has its own). */
export const POOL_APPLICATION_NAME = "agent-workforce";
// A lost connection is logged once per this interval, not once per pooled connection.
const CONNECTION_LOSS_LOG_INTERVAL_MS = 10_000;
let lastLossLoggedAt = 0;

function noteConnectionLoss(error: Error): void {
  if (Date.now() - lastLossLoggedAt < CONNECTION_LOSS_LOG_INTERVAL_MS) return;
  lastLossLoggedAt = Date.now();
  logger.warn("database connection lost; the pool reconnects on demand", { error: String(error) });
}

/**
 * A checked-out client made safe for Prisma's transactions: when the connection dies, the
 * driver adapter's failed COMMIT or ROLLBACK never hands the client back (it releases only
 * after that statement succeeds), so every transaction caught by a drop would keep one
 * pooled connection forever and a few drops would starve the pool. A failed COMMIT or
 * ROLLBACK now discards the client; release() becomes idempotent so callers that release
 * as well (sqlScript) stay correct.
 */
function releasedOnFailedEnd(client: pg.PoolClient): pg.PoolClient {
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  const query = (...args: unknown[]) => {
    const result = (client.query as (...params: unknown[]) => unknown)(...args);
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    if (result instanceof Promise && typeof text === "string" && /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i.test(text)) {
      result.catch((error: unknown) => release(error instanceof Error ? error : new Error(String(error))));
    }
    return result;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "release") return release;
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...params: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The process's pool, made to survive its connections being terminated or the server going
 * away: an idle or checked-out client whose connection dies is logged (without a listener
 * its error event would end the process) and replaced on the next checkout; a checkout
 * waits at most `connectTimeoutMs` (then the request answers 503), not forever.
 */
function createPool(connectionString: string, poolSize: number, connectTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: POOL_APPLICATION_NAME,
    // Notices a peer that vanished without closing (a network partition) instead of waiting forever.
    keepAlive: true,
  });
  pool.on("error", noteConnectionLoss);
  pool.on("connect", (client) => client.on("error", noteConnectionLoss));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // pool.query checks out with a callback (and releases itself); Prisma and sqlScript await connect().
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : (connect() as Promise<pg.PoolClient>).then(releasedOnFailedEnd)) as typeof pool.connect;
  return pool;
}

export function connectDatabase(connectionString: string, poolSize: number, connectTimeoutMs = env().DATABASE_CONNECT_TIMEOUT_MS): TDatabase {
  if (store.__agentWorkforceDb) return store.__agentWorkforceDb.client;
  // Our own pool, handed to Prisma: the hottest reads also use it directly (sqlQuery).
  const pool = createPool(connectionString, poolSize, connectTimeoutMs);
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
  let unusable: Error | undefined;
  try {
    const results = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(results) ? results : [results]).map((result) => result.rows as T[]);
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: unknown) => {
      // It may still hold the failed script's transaction: the pool closes it instead of reusing it.
      unusable = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      logger.warn("rolling back a failed script failed; closing its connection", { error: rollbackError });
    });
    throw error;
  } finally {
    client.release(unusable);
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
  await current?.pool.end().catch(logFailure("closing the database pool"));
}
