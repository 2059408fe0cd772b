#!/usr/bin/env node
// `npm run bench`: the performance table of issue 10, measured on the built server, on
// embedded defaults and again on DATABASE_URL / REDIS_URL when set (a fresh database per
// target, dropped afterwards). Load comes from this process (autocannon, 20 connections);
// the server is `node dist/server.mjs`. Prints every row with its target and ✓/✗ and writes
// bench/results/latest.json.
//   BENCH_ONLY=get-run,batch   rows to run: health get-run list-runs post-run batch cpu webhook streams quality schemas evaluation
//   BENCH_TARGETS=postgres     targets to run (embedded, postgres)
//   BENCH_PROFILE=1            run the server under --cpu-prof (bench/results/profiles) and
//                              summarize each profile, cropped to the measured rows
//   BENCH_DURATION_S=10 BENCH_WARMUP_S=2 BENCH_CPU_RUNS=1000 BENCH_STREAMS=1000,5000 BENCH_KEEP_DB=1
import { BATCH_LATENCY_MS, batchRow, cpuRow, webhookReceiverCertificate, webhookRow } from "./bench/engine-rows.mjs";
import { createRuns, getRunRow, healthRow, listRunsRows, postRunRow } from "./bench/http-rows.mjs";
import { evaluationRow, startBenchModel } from "./bench/evaluation-rows.mjs";
import { qualityRow } from "./bench/quality-rows.mjs";
import { schemasRow } from "./bench/schema-rows.mjs";
import { summarizeProfile } from "./bench/profile-summary.mjs";
import { failedRow, machineInfo, printSummary, writeResults } from "./bench/report.mjs";
import { streamsRow } from "./bench/stream-rows.mjs";
import { Target, targetsFromEnvironment } from "./bench/target.mjs";

const ROWS = ["health", "get-run", "list-runs", "post-run", "batch", "cpu", "webhook", "streams", "quality", "schemas", "evaluation"];
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim()).filter(Boolean);
const unknown = (only ?? []).filter((name) => !ROWS.includes(name));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown row(s) ${unknown.join(", ")}; rows are ${ROWS.join(", ")}`);
  process.exit(2);
}
const selected = new Set(only ?? ROWS);
const profile = process.env.BENCH_PROFILE === "1";
const streamCounts = (process.env.BENCH_STREAMS ?? "1000,5000").split(",").map(Number);
// The ratio rows need the ceiling from the same server and run.
const needsHealth = ["health", "get-run", "list-runs", "post-run"].some((name) => selected.has(name));

async function attempt(results, target, name, label, work) {
  try {
    const produced = await work();
    results.push(...(Array.isArray(produced) ? produced : [produced]));
  } catch (error) {
    results.push(failedRow(target, name, label, error));
  }
}

async function benchTarget(target, results) {
  await target.setUp();
  try {
    // The batch row needs 50 ms agents: its own server (started first, so nothing else
    // is still executing on it). Then streams, then the API rows on one server.
    if (selected.has("batch")) {
      await target.startServer("batch", { AGENT_LATENCY_MS: String(BATCH_LATENCY_MS) });
      const tenant = target.tenant("Bench batch");
      await attempt(results, target, "batch", "500-row batch, 50 ms agents", () => batchRow(target, tenant));
      await target.stopServer();
    }
    // The evaluation row needs a model (a fake answering in 50 ms): its own server too.
    if (selected.has("evaluation")) {
      const model = await startBenchModel();
      try {
        await target.startServer("evaluation", { AGENT_LATENCY_MS: "0", OPENAI_BASE_URL: model.baseUrl, AGENT_MODEL: "bench-model" });
        const tenant = target.tenant("Bench evaluation");
        const bystander = target.tenant("Bench evaluation bystander");
        await attempt(results, target, "evaluation", "500-case evaluation, 50 ms model", () => evaluationRow(target, tenant, bystander));
        await target.stopServer();
      } finally {
        await model.close();
      }
    }
    // Streams get a fresh server too: its RSS should not carry the other rows' heap.
    if (selected.has("streams")) {
      await target.startServer("streams", { AGENT_LATENCY_MS: "0" });
      const tenant = target.tenant("Bench streams");
      for (const count of streamCounts) {
        await attempt(results, target, `streams-${count}`, `${count} open run streams`, () => streamsRow(target, tenant, count, { rssGoalMb: count >= 5000 ? 400 : undefined }));
      }
      await target.stopServer();
    }
    const apiRows = ROWS.filter((name) => !["batch", "streams", "evaluation"].includes(name) && selected.has(name));
    if (!apiRows.length) return;
    const certificate = webhookReceiverCertificate(target.dataDir);
    await target.startServer(apiRows.join("+"), { AGENT_LATENCY_MS: "0", WEBHOOK_ALLOW_PRIVATE_URLS: "true", NODE_EXTRA_CA_CERTS: certificate.certPath });
    let health;
    if (needsHealth) {
      const measured = await healthRow(target);
      health = measured.figures;
      if (selected.has("health")) results.push(measured);
    }
    if (selected.has("get-run")) {
      const tenant = target.tenant("Bench get");
      await createRuns(target, tenant, 1);
      await attempt(results, target, "get-run", "GET /v1/runs/:id", () => getRunRow(target, tenant, health));
    }
    if (selected.has("list-runs")) {
      const tenant = target.tenant("Bench list");
      await createRuns(target, tenant, 50);
      await attempt(results, target, "list-runs", "GET /v1/runs?limit=20", () => listRunsRows(target, tenant, health));
    }
    if (selected.has("quality")) {
      const tenant = target.tenant("Bench quality");
      await attempt(results, target, "quality", "GET /v1/agents/:name/quality (100,000 runs)", () => qualityRow(target, tenant));
    }
    if (selected.has("schemas")) {
      const tenant = target.tenant("Bench schemas");
      const bystander = target.tenant("Bench bystander");
      await attempt(results, target, "schemas", "customer schemas: compile, hostile patterns", () => schemasRow(target, tenant, bystander));
    }
    if (selected.has("cpu")) {
      const tenant = target.tenant("Bench cpu");
      await attempt(results, target, "cpu", "orchestration CPU per run", () => cpuRow(target, tenant));
    }
    if (selected.has("webhook")) {
      const tenant = target.tenant("Bench hooks");
      await attempt(results, target, "webhook", "webhook delivered after completion", () => webhookRow(target, tenant, certificate));
      await target.drained();
    }
    // Last: the runs it accepts keep executing after the load stops.
    if (selected.has("post-run")) {
      const tenant = target.tenant("Bench post");
      await attempt(results, target, "post-run", "POST /v1/run (runs executing)", () => postRunRow(target, tenant, health));
    }
  } finally {
    await target.tearDown();
  }
}

const startedAt = new Date().toISOString();
const machine = machineInfo();
console.log(`bench: ${machine.cpus} CPUs (${machine.cpuModel}), load ${machine.loadAverage.join(" ")}, node ${machine.node}`);
console.log(`rows: ${[...selected].join(", ")}${profile ? " (profiling)" : ""}\n`);
const results = [];
const profiles = [];
for (const spec of targetsFromEnvironment()) {
  console.log(`— ${spec.name}${spec.databaseUrl ? ` (PostgreSQL${spec.redisUrl ? " + Redis" : ", memory limiter"})` : " (PGlite, memory limiter)"}`);
  const target = new Target(spec, { profile });
  await benchTarget(target, results);
  // One summary per measured row (a server's profile spans several rows).
  for (const { file, windows } of target.profiles) {
    for (const rowName of [...new Set(windows.map((window) => window.row))]) {
      const rowWindows = windows.filter((window) => window.row === rowName);
      const summary = summarizeProfile(file, { windows: rowWindows });
      profiles.push({ target: spec.name, row: rowName, file, windows: rowWindows, summary: summary.data });
      console.log(`\nprofile [${spec.name}] ${rowName}: ${file}\n${summary.text}\n`);
    }
  }
  console.log("");
}
printSummary(results);
const file = writeResults({ startedAt, rows: results, profiles, options: { only: only ?? null, profile, streams: streamCounts, durationS: Number(process.env.BENCH_DURATION_S ?? 10) } });
console.log(`wrote ${file}`);
