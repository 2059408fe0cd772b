// Which errors mean "the database is gone" (→ 503 service_unavailable with Retry-After), in
// the shapes node-postgres, pg-pool and Prisma 6.19 with @prisma/adapter-pg really raise
// (recorded from the driver; tests/integration/database-pool.test.ts raises them for real).
import { describe, expect, it } from "vitest";
import { Prisma } from "../../src/generated/prisma/client.ts";
import { isDatabaseUnavailable, toErrorResponse } from "../../src/foundation/errors.ts";
import { TRPCError } from "@trpc/server";

const known = (code: string, driverAdapterError?: unknown) =>
  new Prisma.PrismaClientKnownRequestError("Invalid invocation", { code, clientVersion: "6.19.0", meta: driverAdapterError ? { driverAdapterError } : undefined });
const adapterError = (cause: Record<string, unknown>) => Object.assign(new Error(String(cause.kind)), { name: "DriverAdapterError", cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a query on a terminated connection (P2010 around 57P01)", known("P2010", adapterError({ kind: "postgres", code: "57P01", originalCode: "57P01" }))],
    ["an unreachable server (P1001, DatabaseNotReachable)", known("P1001", adapterError({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))],
    ["a raw query on an unreachable server (P2010, DatabaseNotReachable)", known("P2010", adapterError({ kind: "DatabaseNotReachable" }))],
    ["a connection closed mid-query (P2010, ConnectionClosed)", known("P2010", adapterError({ kind: "ConnectionClosed" }))],
    ["a closed connection (P1017)", known("P1017")],
    ["a pool timeout (P2024)", known("P2024")],
    ["pg: terminated by an administrator (57P01)", withCode("terminating connection due to administrator command", "57P01")],
    ["pg: crash shutdown (57P02)", withCode("terminating connection because of crash of another server process", "57P02")],
    ["pg: cannot connect now (57P03)", withCode("the database system is starting up", "57P03")],
    ["pg: class 08 connection exception", withCode("connection failure", "08006")],
    ["a refused connection (ECONNREFUSED)", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection (ECONNRESET)", withCode("read ECONNRESET", "ECONNRESET")],
    ["pg-pool's checkout timeout", new Error("timeout exceeded when trying to connect")],
    ["pg-pool's connect timeout", new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") })],
    ["a transaction's dead connection", new Error("Client has encountered a connection error and is not queryable")],
    ["the socket ended", new Error("Connection terminated unexpectedly")],
    ["wrapped by tRPC", new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: withCode("read ECONNRESET", "ECONNRESET") })],
  ])("%s → 503 service_unavailable with Retry-After", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const response = toErrorResponse(error, "request-1");
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: "service_unavailable", type: "service_unavailable", message: expect.any(String) });
    expect(response.headers["Retry-After"]).toMatch(/^\d+$/);
  });

  it.each([
    ["a unique violation", known("P2002")],
    ["a record not found", known("P2025")],
    ["a constraint error from PostgreSQL", known("P2010", adapterError({ kind: "postgres", code: "23505" }))],
    ["a plain bug", new Error("boom")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toErrorResponse(error, "request-1").status).not.toBe(503);
  });
});
