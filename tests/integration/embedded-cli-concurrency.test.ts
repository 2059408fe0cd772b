// The admin CLI against a running server on the embedded database (no DATABASE_URL): the
// CLI's connections reach the server's PGlite through the socket server, which shares one
// PostgreSQL session among them (src/foundation/db/embedded-session-server.ts). CLI commands
// run in parallel with API traffic must neither disturb the API nor fail themselves.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli, startServer, type TRunningServer } from "../helpers/processes.ts";

const ROUNDS = 4;
const PARALLEL_CLI = 5;

let dataDir: string;
let server: TRunningServer;

async function cli(...args: string[]) {
  const result = await runAdminCli([...args, "--json"], { DATA_DIR: dataDir });
  return { ...result, args };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-embedded-cli-"));
  // The traffic loop measures the database, not the per-key rate limit.
  server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_STRICT_PER_MIN: "1000000", RATE_LIMIT_STANDARD_PER_MIN: "1000000" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("admin CLI beside API traffic on the embedded database", () => {
  it("every CLI call succeeds with JSON and every POST /v1/run is accepted while they run", async () => {
    const org = await cli("create-org", "--name", "Busy Co", "--plan", "enterprise");
    expect(org.code, org.stderr).toBe(0);
    const orgId = (org.json as { id: string }).id;
    const other = await cli("create-org", "--name", "Plan Co", "--plan", "growth");
    expect(other.code, other.stderr).toBe(0);
    const otherId = (other.json as { id: string }).id;
    const key = await cli("create-key", "--org", orgId, "--name", "traffic", "--scopes", "all", "--mode", "live");
    expect(key.code, key.stderr).toBe(0);
    const apiKey = (key.json as { key: string }).key;

    let trafficRunning = true;
    const runStatuses: { status: number; body: string }[] = [];
    const traffic = (async () => {
      while (trafficRunning) {
        const response = await fetch(`${server.baseUrl}/v1/run`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ task: "traffic beside the CLI" }),
        });
        runStatuses.push({ status: response.status, body: await response.text() });
      }
    })();

    const failures: string[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const calls = await Promise.all(
          Array.from({ length: PARALLEL_CLI }, (_, index) => {
            if (index % 3 === 0) return cli("create-org", "--name", `Round ${round} org ${index}`, "--plan", "pro");
            if (index % 3 === 1) return cli("create-key", "--org", orgId, "--name", `round-${round}-${index}`, "--scopes", "agents:read", "--mode", "test");
            return cli("set-plan", "--org", otherId, "--plan", round % 2 === 0 ? "growth" : "team");
          }),
        );
        for (const call of calls) {
          if (call.code !== 0 || typeof call.json !== "object" || call.json === null) {
            failures.push(`${call.args.join(" ")} → exit ${call.code}: ${call.stderr.slice(0, 400)}`);
          }
        }
      }
    } finally {
      trafficRunning = false;
      await traffic;
    }

    expect(failures).toEqual([]);
    expect(runStatuses.length).toBeGreaterThan(0);
    expect(runStatuses.filter((run) => run.status !== 202)).toEqual([]);
  }, 240_000);
});
