// Starting and stopping the real built server (dist/server.mjs, what `npm start` runs).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_ENTRY = path.join(PROJECT_ROOT, "dist/server.mjs");
const ADMIN_ENTRY = path.join(PROJECT_ROOT, "dist/admin.mjs");

export function assertBuilt(): void {
  if (!existsSync(SERVER_ENTRY) || !existsSync(ADMIN_ENTRY)) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does this for you)");
  }
}

export type TRunningServer = {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

const READY_LINE = /ready on http:\/\/localhost:(\d+) \(pid (\d+)\)/;

/**
 * Starts dist/server.mjs on a port the OS picks (PORT=0) and reads the real port from the
 * server's own ready line, so two suites starting at once can never mistake each other's
 * server for their own.
 */
export async function startServer(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<TRunningServer> {
  assertBuilt();
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_ENTRY], {
    cwd: PROJECT_ROOT,
    env: { ...cleanEnv(), NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", PORT: "0", ...env, HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  let port = 0;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Server exited (${child.exitCode ?? child.signalCode}) during start-up:\n${output}`);
    }
    const ready = READY_LINE.exec(output);
    if (ready && Number(ready[2]) === child.pid) {
      port = Number(ready[1]);
      break;
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not report ready in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Server exited (${child.exitCode ?? child.signalCode}) during start-up:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    baseUrl,
    port,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The parent's environment minus settings that would leak into the child's configuration. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "PORT", "DATA_DIR", "NODE_OPTIONS", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST"]) {
    delete env[name];
  }
  env.NODE_ENV = "test";
  return env;
}

export type TCliResult = { code: number; stdout: string; stderr: string; json: unknown };

export function runAdminCli(args: string[], env: Record<string, string | undefined>): Promise<TCliResult> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN_ENTRY, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...cleanEnv(), LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      let json: unknown = undefined;
      try {
        json = JSON.parse(stdout);
      } catch {
        // not JSON: callers assert on stdout/stderr
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}
