#!/usr/bin/env node
// `npm run bench`: measured targets that do not belong in tests.
//  1. A 500-row batch with AGENT_LATENCY_MS=50 on the embedded executor against the real
//     PostgreSQL: makespan vs the 2.5 s ideal (500 rows / 10 in flight × 50 ms; target
//     ≤ 1.5×) and the observed peak of rows in flight (target exactly 10).
//  2. Webhook delivery latency: time from a run's completion (its completed_at) to a local
//     HTTPS receiver getting the run.completed delivery, p50 and p99 over 200 runs.
// Needs `npm run build` first (npm run bench does it). BENCH_ONLY=batch|webhooks runs one.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { peakOverlap } from "./peak-overlap.mjs";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = 500;
const LATENCY_MS = 50;
const CONCURRENCY = 10;

function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function cli(env, ...args) {
  const result = spawnSync(process.execPath, ["dist/admin.mjs", ...args, "--json"], { env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

async function startServer(env) {
  const child = spawn(process.execPath, ["dist/server.mjs"], { env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /ready on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function benchBatch() {
  const name = `aw_bench_${Date.now()}`;
  await withAdmin(`CREATE DATABASE "${name}"`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-bench-"));
  const env = { DATABASE_URL: databaseUrl(name), DATA_DIR: dataDir, AGENT_LATENCY_MS: String(LATENCY_MS), NODE_ENV: "production" };
  const server = await startServer(env);
  try {
    const org = cli(env, "create-org", "--name", "Bench", "--plan", "enterprise");
    const { key } = cli(env, "create-key", "--org", org.id, "--name", "bench", "--scopes", "all", "--mode", "live");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const rows = Array.from({ length: ROWS }, (_, index) => ({ task: `Quote ${index}`, data: { items: [{ description: "bolt", quantity: index + 1 }] } }));

    const started = performance.now();
    const created = await (await fetch(`${server.baseUrl}/v1/batches`, { method: "POST", headers, body: JSON.stringify({ agent_type: "rfq_generator", rows }) })).json();
    let job;
    for (;;) {
      job = (await (await fetch(`${server.baseUrl}/v1/batches/${created.job.id}`, { headers })).json()).job;
      if (job.status === "completed") break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const makespanMs = performance.now() - started;

    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows: runs } = await client.query("SELECT started_at, completed_at FROM runs WHERE batch_job_id = $1", [created.job.id]);
    await client.end();
    const peak = peakOverlap(runs.map((run) => ({ start: run.started_at.getTime(), end: run.completed_at.getTime() })));
    const idealMs = (ROWS / CONCURRENCY) * LATENCY_MS;
    console.log(`batch: ${ROWS} rows, AGENT_LATENCY_MS=${LATENCY_MS}, ${job.completed_rows} completed`);
    console.log(`  makespan        ${(makespanMs / 1000).toFixed(2)} s`);
    console.log(`  vs ideal        ${(makespanMs / idealMs).toFixed(2)}× of ${(idealMs / 1000).toFixed(1)} s (target ≤ 1.5×)`);
    console.log(`  peak in flight  ${peak} (target exactly ${CONCURRENCY})`);
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    if (!process.env.BENCH_KEEP_DB) await withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    else console.log(`  kept database ${name}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function benchWebhookLatency() {
  const RUNS = 200;
  const name = `aw_bench_hooks_${Date.now()}`;
  await withAdmin(`CREATE DATABASE "${name}"`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-bench-"));
  const certPath = path.join(dataDir, "cert.pem");
  const keyPath = path.join(dataDir, "key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", keyPath, "-out", certPath, "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  const arrivals = new Map();
  const receiver = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      arrivals.set(JSON.parse(Buffer.concat(chunks).toString("utf8")).run_id, Date.now());
      res.end("ok");
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  // The strict limiter (60 POST /v1/run a minute per key) would refuse most of the 200 runs.
  const env = { DATABASE_URL: databaseUrl(name), DATA_DIR: dataDir, NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "true", NODE_EXTRA_CA_CERTS: certPath, RATE_LIMIT_STRICT_PER_MIN: "100000" };
  const server = await startServer(env);
  try {
    const org = cli(env, "create-org", "--name", "Bench", "--plan", "enterprise");
    const { key } = cli(env, "create-key", "--org", org.id, "--name", "bench", "--scopes", "all", "--mode", "live");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    await fetch(`${server.baseUrl}/v1/webhooks`, { method: "POST", headers, body: JSON.stringify({ url: `https://localhost:${receiver.address().port}/hook`, events: ["run.completed"] }) });
    const body = JSON.stringify({ task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "bolt", quantity: 1 }] } });
    for (let index = 0; index < RUNS; index += 1) {
      await fetch(`${server.baseUrl}/v1/run`, { method: "POST", headers, body });
      await new Promise((resolve) => setTimeout(resolve, 10)); // a steady stream, not one burst
    }
    const deadline = Date.now() + 120_000;
    while (arrivals.size < RUNS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query("SELECT id, completed_at FROM runs WHERE status = 'completed'");
    await client.end();
    const latencies = rows.filter((row) => arrivals.has(row.id)).map((row) => arrivals.get(row.id) - row.completed_at.getTime());
    console.log(`webhook delivery: ${latencies.length}/${RUNS} runs delivered`);
    console.log(`  completion → receiver  p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms`);
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    receiver.close();
    await withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=batch or BENCH_ONLY=webhooks runs one of the two.
const only = process.env.BENCH_ONLY;
if (!only || only === "batch") await benchBatch();
if (!only || only === "webhooks") await benchWebhookLatency();
