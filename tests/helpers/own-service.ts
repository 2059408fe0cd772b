// A server of a test's own (its own database and data directory), for tests that kill and
// restart it or need settings the shared test server does not have.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "./database.ts";
import { runAdminCli, startServer, type TRunningServer } from "./processes.ts";

/** One JSON call with an API key to a given server (tests that run several). */
export async function callServer(server: Pick<TRunningServer, "baseUrl">, method: string, route: string, key: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

export type TOwnService = {
  databaseUrl: string;
  /** Starts (or restarts) the server with these settings on top of the database and data dir. */
  start: (settings?: Record<string, string>) => Promise<TRunningServer>;
  server: () => TRunningServer;
  /** Starts one more server on the same database and data dir (a second instance); killed by dispose. */
  startInstance: (settings?: Record<string, string>) => Promise<TRunningServer>;
  api: (method: string, route: string, key: string, body?: unknown) => Promise<{ status: number; body: any }>;
  cli: (...args: string[]) => Promise<any>;
  createOrgKey: (name: string) => Promise<{ orgId: string; key: string }>;
  /** Adds a member with `role` to the organization and signs it in to the dashboard: its session cookie. */
  signIn: (orgId: string, role?: "admin" | "reviewer" | "viewer") => Promise<string>;
  dispose: () => Promise<void>;
};

export async function createOwnService(prefix: string): Promise<TOwnService> {
  const database = await createDatabase(`aw_${prefix}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `aw-${prefix}-`));
  const base = { DATABASE_URL: database.url, DATA_DIR: dataDir };
  let server: TRunningServer | undefined;
  const instances: TRunningServer[] = [];

  const cli = async (...args: string[]) => {
    const result = await runAdminCli([...args, "--json"], base);
    if (result.code !== 0) throw new Error(result.stderr);
    return result.json as any;
  };

  return {
    databaseUrl: database.url,
    start: async (settings = {}) => {
      // A start while the last server still runs (a test's "restart" without a stop) keeps it
      // for dispose to kill: overwriting it leaked a server past the suite.
      if (server) instances.push(server);
      server = await startServer({ ...base, ...settings });
      return server;
    },
    server: () => {
      if (!server) throw new Error("server not started");
      return server;
    },
    startInstance: async (settings = {}) => {
      const instance = await startServer({ ...base, ...settings });
      instances.push(instance);
      return instance;
    },
    api: async (method, route, key, body) => {
      if (!server) throw new Error("server not started");
      return callServer(server, method, route, key, body);
    },
    cli,
    createOrgKey: async (name) => {
      const org = await cli("create-org", "--name", name, "--plan", "growth");
      const { key } = await cli("create-key", "--org", org.id, "--name", "k", "--scopes", "all", "--mode", "live");
      return { orgId: org.id, key };
    },
    signIn: async (orgId, role = "reviewer") => {
      if (!server) throw new Error("server not started");
      const email = `${role}-${randomBytes(4).toString("hex")}@own-service.test`;
      await cli("create-member", "--org", orgId, "--email", email, "--name", "Member", "--role", role, "--password", "a long password");
      const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseUrl },
        body: JSON.stringify({ email, password: "a long password" }),
      });
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="));
      if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
      return cookie.split(";")[0]!;
    },
    dispose: async () => {
      await Promise.all([...(server ? [server] : []), ...instances].map((each) => each.stop("SIGKILL")));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
