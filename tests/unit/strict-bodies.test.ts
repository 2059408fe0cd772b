// keepBodiesStrict against trpc-to-openapi's real Node adapter: the library switches string
// coercion on, in place, for body procedures too; pinned, a body's "1" stays a string (400),
// while the library still coerces the query parameters it was written for (issue 26).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { initTRPC } from "@trpc/server";
import { createOpenApiNodeHttpHandler, type OpenApiMeta } from "trpc-to-openapi";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { keepBodiesStrict } from "../../src/transport/rest/strict-bodies.ts";

const t = initTRPC.meta<OpenApiMeta>().create();

function routerWith(bodySchema: z.ZodObject, querySchema: z.ZodObject) {
  return t.router({
    write: t.procedure.meta({ openapi: { method: "POST", path: "/write" } }).input(bodySchema).output(z.unknown()).mutation(({ input }) => input),
    read: t.procedure.meta({ openapi: { method: "GET", path: "/read" } }).input(querySchema).output(z.unknown()).query(({ input }) => input),
  });
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(router: ReturnType<typeof routerWith>): Promise<string> {
  const handler = createOpenApiNodeHttpHandler({ router, createContext: () => ({}) });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (base: string, body: unknown) =>
  fetch(`${base}/write`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("keepBodiesStrict", () => {
  it("without it, the adapter coerces a body's string into a number (the cause)", async () => {
    const base = await serve(routerWith(z.object({ version: z.number().int() }), z.object({ limit: z.number().int() })));
    const response = await post(base, { version: "1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: 1 });
  });

  it("with it, a body's string is refused (nested and in arrays too), numbers pass, and query parameters are still coerced", async () => {
    const router = routerWith(
      z.object({ version: z.number().int(), review: z.object({ always: z.boolean().optional() }).optional(), ids: z.array(z.number()).optional() }),
      z.object({ limit: z.number().int() }),
    );
    keepBodiesStrict(router);
    const base = await serve(router);
    for (const body of [{ version: "1" }, { version: 1, review: { always: "true" } }, { version: 1, ids: ["2"] }]) {
      expect((await post(base, body)).status).toBe(400);
    }
    const accepted = await post(base, { version: 1, review: { always: true }, ids: [2] });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ version: 1, review: { always: true }, ids: [2] });
    const read = await fetch(`${base}/read?limit=10`);
    expect(await read.json()).toEqual({ limit: 10 });
  });

  it("refuses a schema shared between a body and a coerced query parameter, naming both", () => {
    const shared = z.number().int();
    expect(() => keepBodiesStrict(routerWith(z.object({ version: shared }), z.object({ limit: shared })))).toThrow(/write.*read/);
  });

  it("keeps a body field declared with z.coerce coercing", async () => {
    const router = routerWith(z.object({ version: z.coerce.number().int() }), z.object({}));
    keepBodiesStrict(router);
    const response = await post(await serve(router), { version: "3" });
    expect(await response.json()).toEqual({ version: 3 });
  });
});
