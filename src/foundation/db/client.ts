// The one Prisma client of the process. It lives on globalThis so the custom server's
// bundle and Next's bundle (dashboard, tRPC, Inngest routes) share one pool.
import { PrismaPg } from "@prisma/adapter-pg";
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
  webhook: { secretEncrypted: true },
} as const satisfies Prisma.GlobalOmitConfig;

export type TDatabase = PrismaClient<never, typeof SECRET_COLUMNS>;

type TDatabaseGlobal = { __agentWorkforceDb?: { client: TDatabase; url: string } };
const store = globalThis as unknown as TDatabaseGlobal;

export function connectDatabase(connectionString: string, poolSize: number): TDatabase {
  if (store.__agentWorkforceDb) return store.__agentWorkforceDb.client;
  const adapter = new PrismaPg({ connectionString, max: poolSize });
  const client = new PrismaClient({ adapter, omit: SECRET_COLUMNS });
  store.__agentWorkforceDb = { client, url: connectionString };
  return client;
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
}
