// One benchmark target: a fresh database (a new PostgreSQL database, or a fresh embedded
// DATA_DIR), the built server started on it, and the helpers the rows share: an SQL client
// (on embedded, through the server's own PGlite socket), the admin CLI, /proc readings.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const PROFILE_DIR = path.resolve("bench/results/profiles");
const LOG_DIR = path.resolve("bench/results/logs");
const SHUTDOWN_GRACE_MS = 20_000;

// High enough that the limiter never refuses, while every call still goes through it.
const UNLIMITED = { RATE_LIMIT_STRICT_PER_MIN: "100000000", RATE_LIMIT_STANDARD_PER_MIN: "100000000", DAILY_CALL_CAP_GROWTH: "100000000" };

const SERVICE_VARIABLES = ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "INNGEST_EVENT_KEY", "INNGEST_BASE_URL", "INNGEST_DEV", "AGENT_LATENCY_MS"];

function baseEnvironment() {
  const env = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete env[name];
  return env;
}

async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Targets from the environment: embedded always, PostgreSQL (+ Redis) when DATABASE_URL is set. */
export function targetsFromEnvironment() {
  const targets = [{ name: "embedded", databaseUrl: undefined, redisUrl: undefined }];
  if (process.env.DATABASE_URL) targets.push({ name: "postgres", databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
  const only = process.env.BENCH_TARGETS?.split(",").map((name) => name.trim());
  return only ? targets.filter((target) => only.includes(target.name)) : targets;
}

export class Target {
  constructor({ name, databaseUrl, redisUrl }, { profile = false } = {}) {
    this.name = name;
    this.redisUrl = redisUrl;
    this.profile = profile;
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), `aw-bench-${name}-`));
    if (databaseUrl) {
      this.adminUrl = withDatabase(databaseUrl, "postgres");
      this.databaseName = `aw_bench_${Date.now()}_${process.pid}`;
      this.databaseUrl = withDatabase(databaseUrl, this.databaseName);
    }
    this.server = undefined;
    this.profiles = [];
  }

  get embedded() {
    return !this.databaseUrl;
  }

  async setUp() {
    if (this.databaseName) await adminQuery(this.adminUrl, `CREATE DATABASE "${this.databaseName}"`);
  }

  async tearDown() {
    if (this.server) await this.stopServer();
    if (this.databaseName && !process.env.BENCH_KEEP_DB) await adminQuery(this.adminUrl, `DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`);
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  env(extra = {}) {
    const env = { ...baseEnvironment(), ...UNLIMITED, DATA_DIR: this.dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", ...extra };
    if (this.databaseUrl) env.DATABASE_URL = this.databaseUrl;
    if (this.redisUrl) env.REDIS_URL = this.redisUrl;
    return env;
  }

  /** Starts `node dist/server.mjs` (under --cpu-prof when profiling); `phase` names its profile. */
  async startServer(phase, extraEnv = {}) {
    const args = ["dist/server.mjs"];
    if (this.profile) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      this.profileScratch = mkdtempSync(path.join(PROFILE_DIR, ".scratch-"));
      args.unshift("--cpu-prof", `--cpu-prof-dir=${this.profileScratch}`);
    }
    this.serverEnv = this.env({ ...extraEnv, PORT: "0", HOST: "127.0.0.1" });
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { env: this.serverEnv, stdio: ["ignore", "pipe", "pipe"] });
    // The server's log goes to a file (a load test makes a lot of it); stop() counts it.
    mkdirSync(LOG_DIR, { recursive: true });
    const logFile = path.join(LOG_DIR, `${this.name}-${phase}.log`);
    const log = createWriteStream(logFile);
    child.stderr.pipe(log);
    let output = "";
    const port = await new Promise((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    child.stdout.pipe(log);
    this.server = { child, phase, startedAt, logFile, windows: [], baseUrl: `http://127.0.0.1:${port}`, port };
    return this.server;
  }

  /** Marks a measured window (for cropping the CPU profile to the rows that ran). */
  async measured(row, work) {
    const from = Date.now();
    try {
      return await work();
    } finally {
      this.server?.windows.push({ row, fromMs: from - this.server.startedAt, toMs: Date.now() - this.server.startedAt });
    }
  }

  async stopServer() {
    const { child, phase, windows, logFile } = this.server;
    this.server = undefined;
    await this.sqlClient?.end().catch(() => undefined);
    this.sqlClient = undefined;
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // A server that does not finish its graceful shutdown is killed (its profile is lost).
      const timer = setTimeout(() => {
        console.log(`  (server ${this.name}/${phase} still running ${SHUTDOWN_GRACE_MS / 1000} s after SIGTERM: killed)`);
        child.kill("SIGKILL");
      }, SHUTDOWN_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    reportLog(logFile);
    if (this.profile) {
      const file = readdirSync(this.profileScratch).find((name) => name.endsWith(".cpuprofile"));
      if (file) {
        const target = path.join(PROFILE_DIR, `${this.name}-${phase}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
        renameSync(path.join(this.profileScratch, file), target);
        this.profiles.push({ file: target, windows });
      }
      rmSync(this.profileScratch, { recursive: true, force: true });
    }
  }

  /** An SQL client on the target's database (embedded: the running server's PGlite socket). */
  async sql() {
    if (this.sqlClient) return this.sqlClient;
    let connectionString = this.databaseUrl;
    if (!connectionString) {
      // The password the server chose at start, in its owner-only owner file.
      const owner = JSON.parse(readFileSync(path.join(this.dataDir, "embedded-postgres.json"), "utf8"));
      connectionString = `postgres://postgres:${encodeURIComponent(owner.password)}@127.0.0.1:${owner.port}/postgres?sslmode=disable`;
    }
    this.sqlClient = new pg.Client({ connectionString });
    await this.sqlClient.connect();
    return this.sqlClient;
  }

  async query(text, values) {
    return (await (await this.sql()).query(text, values)).rows;
  }

  admin(...args) {
    const result = spawnSync(process.execPath, ["dist/admin.mjs", ...args, "--json"], { env: this.env(), encoding: "utf8" });
    if (result.status !== 0) throw new Error(`admin ${args[0]}: ${result.stderr}`);
    return JSON.parse(result.stdout);
  }

  /** A new enterprise organization (credits never run out) and an all-scopes live key. */
  tenant(name) {
    const org = this.admin("create-org", "--name", name, "--plan", "enterprise");
    const { key } = this.admin("create-key", "--org", org.id, "--name", "bench", "--scopes", "all", "--mode", "live");
    return { orgId: org.id, key, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } };
  }

  async api(method, pathname, tenant, body) {
    const response = await fetch(`${this.server.baseUrl}${pathname}`, { method, headers: tenant?.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  /** The server process's CPU time so far (user + system), in ms. */
  cpuMs() {
    const stat = readFileSync(`/proc/${this.server.child.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
    return (ticks * 1000) / CLOCK_TICKS;
  }

  /** The server process's resident set, in MB. */
  rssMb() {
    const status = readFileSync(`/proc/${this.server.child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
  }

  /** Waits until no engine job is queued or running (accepted work fully executed). */
  async drained({ timeoutMs = 300_000, pollMs = 250 } = {}) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [{ busy }] = await this.query("SELECT count(*)::int AS busy FROM job_runs WHERE status IN ('queued', 'running')");
      if (busy === 0) return;
      await sleep(pollMs);
    }
    throw new Error(`${this.name}: engine not drained after ${timeoutMs} ms`);
  }
}

/** One line per log level seen, with the first error's message (the full log stays on disk). */
function reportLog(logFile) {
  const levels = {};
  let firstError;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line);
      levels[entry.level] = (levels[entry.level] ?? 0) + 1;
      if (entry.level === "error") firstError ??= `${entry.message}: ${String(entry.error ?? "").split("\n")[0]}`;
    } catch {
      // not a log line
    }
  }
  if (Object.keys(levels).length) {
    const counts = Object.entries(levels).map(([level, count]) => `${count} ${level}`).join(", ");
    console.log(`  (server log: ${counts}${firstError ? `; first error: ${firstError}` : ""} — ${path.relative(process.cwd(), logFile)})`);
  }
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function newestFile(directory, suffix) {
  if (!existsSync(directory)) return undefined;
  return readdirSync(directory)
    .filter((name) => name.endsWith(suffix))
    .map((name) => path.join(directory, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}
