// `npm run admin -- revoke-key` beside a running server on the embedded database (no
// DATABASE_URL) takes effect at once, as on PostgreSQL: the CLI's NOTIFY cannot reach the
// server there (PGlite hands it back to the CLI's own connection), so the server does not
// cache API keys on the embedded database (src/server.ts, docs/deployment.md).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli, startServer, type TRunningServer } from "../helpers/processes.ts";

let dataDir: string;
let server: TRunningServer;

async function cli(...args: string[]) {
  const result = await runAdminCli([...args, "--json"], { DATA_DIR: dataDir });
  if (result.code !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr}`);
  return result.json as any;
}

const runs = (key: string) => fetch(`${server.baseUrl}/v1/runs`, { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-embedded-revoke-"));
  server = await startServer({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("admin revoke-key on the embedded database", () => {
  it("refuses the key on the very next call after the CLI returns (401), though the server had just used it", async () => {
    const org = await cli("create-org", "--name", "Embedded Revoke Co", "--plan", "growth");
    const key = await cli("create-key", "--org", org.id, "--name", "k", "--scopes", "agents:read", "--mode", "live");
    // Used twice, so a server that caches keys holds this one.
    for (let call = 0; call < 2; call++) expect((await runs(key.key)).status).toBe(200);

    await cli("revoke-key", "--id", key.id);
    const next = await runs(key.key);
    expect(next.status).toBe(401);
    expect(((await next.json()) as { message: string }).message).toMatch(/revoked/);
  });
});
