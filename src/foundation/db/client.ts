// The one Prisma client of the process. It lives on globalThis so the custom server's
// bundle and Next's bundle (dashboard, tRPC, Inngest routes) share one pool.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client.ts";
import { env } from "../env.ts";

export type TDatabase = PrismaClient;

type TDatabaseGlobal = { __agentWorkforceDb?: { client: PrismaClient; url: string } };
const store = globalThis as unknown as TDatabaseGlobal;

export function connectDatabase(connectionString: string, poolSize: number): PrismaClient {
  if (store.__agentWorkforceDb) return store.__agentWorkforceDb.client;
  const adapter = new PrismaPg({ connectionString, max: poolSize });
  const client = new PrismaClient({ adapter });
  store.__agentWorkforceDb = { client, url: connectionString };
  return client;
}

export function db(): PrismaClient {
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
