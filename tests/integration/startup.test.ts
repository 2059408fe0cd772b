// Settings are validated at start-up: a bad variable stops the process with its name.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanEnv, PROJECT_ROOT } from "../helpers/processes.ts";

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(PROJECT_ROOT, "dist/server.mjs")], {
    cwd: PROJECT_ROOT,
    env: { ...cleanEnv(), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("start-up configuration", () => {
  it.each([
    ["PORT", "not-a-port"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["AGENT_LATENCY_MS", "-1"],
    ["RATE_LIMIT_STRICT_PER_MIN", "zero"],
    ["WEBHOOK_ALLOW_PRIVATE_URLS", "maybe"],
    ["WEBHOOK_SECRET_KEY", "too-short"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    const result = start({ [name]: value });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment variables");
    expect(result.stderr).toContain(name);
  });

  it("stops with a clear message when the database cannot be reached", () => {
    const result = start({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", PORT: "0" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Failed to start/);
  });
});
