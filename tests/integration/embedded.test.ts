// `npm start` with no DATABASE_URL: embedded PostgreSQL (PGlite) in DATA_DIR, migrations
// applied at start, the admin CLI working against it while the server runs, and data
// surviving a restart. Only the data directory's owner can reach the database: the
// directory and its files are owner-only, and the port asks for the owner file's password.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli, startServer, type TRunningServer } from "../helpers/processes.ts";

let dataDir: string;
let server: TRunningServer | undefined;

async function cli(...args: string[]) {
  const result = await runAdminCli([...args, "--json"], { DATA_DIR: dataDir });
  if (result.code !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr}`);
  return result.json as any;
}

async function get(base: string, route: string, key?: string) {
  const response = await fetch(`${base}${route}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: response.status, body: await response.json() };
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-embedded-"));
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL (no DATABASE_URL)", () => {
  it("starts, serves the API, and lets the CLI create a tenant while it runs", async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const owner = JSON.parse(readFileSync(path.join(dataDir, "embedded-postgres.json"), "utf8"));
    expect(owner.pid).toBe(server.process.pid);

    // Owner-only, the directory and everything the service wrote into it.
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
      expect([entry.name, mode(path.join(dataDir, entry.name))]).toEqual([entry.name, entry.isDirectory() ? 0o700 : 0o600]);
    }
    // The password every process used to connect with is refused; the owner file's is not.
    const connect = async (password: string) => {
      const client = new pg.Client({ host: "127.0.0.1", port: owner.port, user: "postgres", database: "postgres", password });
      client.on("error", () => undefined);
      try {
        await client.connect();
        return (await client.query("SELECT count(*)::int AS n FROM api_keys")).rows[0].n as number;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    await expect(connect("postgres")).rejects.toMatchObject({ code: "28P01" });
    await expect(connect(owner.password)).resolves.toBe(0);
    // A startup packet of length 0 from any local process: closed; the server keeps serving
    // (it used to spin on the unconsumed bytes for good, with the whole server frozen).
    const probe = net.connect({ host: "127.0.0.1", port: owner.port });
    probe.on("error", () => undefined);
    probe.resume(); // read the refusal, so the socket sees the end and closes
    const closed = new Promise<void>((resolve) => probe.once("close", () => resolve()));
    probe.write(Buffer.alloc(8));
    await closed;
    const health = await fetch(`${server.baseUrl}/v1/health`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);

    const org = await cli("create-org", "--name", "Embedded Co", "--plan", "growth");
    const key = await cli("create-key", "--org", org.id, "--name", "k", "--scopes", "all", "--mode", "live");

    const created = await fetch(`${server.baseUrl}/v1/run`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
      body: JSON.stringify({ task: "embedded smoke" }),
    });
    expect(created.status).toBe(202);
    const runs = await get(server.baseUrl, "/v1/runs", key.key);
    expect(runs.status).toBe(200);
    expect(runs.body.total).toBe(1);

    // Same data after a restart of the server.
    expect(await server.stop()).toBe(0);
    server = await startServer({ DATA_DIR: dataDir });
    const afterRestart = await get(server.baseUrl, "/v1/runs", key.key);
    expect(afterRestart.body.data[0].id).toBe(runs.body.data[0].id);
  });

  it("lets the CLI work when no server is running, owning the data directory itself", async () => {
    await server?.stop();
    server = undefined;
    const org = await cli("create-org", "--name", "Offline Co", "--plan", "enterprise");
    expect(org).toMatchObject({ name: "Offline Co", plan: "enterprise" });
    const plan = await cli("set-plan", "--org", org.id, "--plan", "growth");
    expect(plan.plan).toBe("growth");
  });
});
