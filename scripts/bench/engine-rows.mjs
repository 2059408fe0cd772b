// The engine rows: a 500-row batch with 50 ms agents (makespan, peak in flight), the
// orchestration CPU per run with a 0 ms agent, and webhook delivery after completion.
// Waits poll SQL (cheap), not GET /v1/batches/:id, so the bench does not load the server.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import path from "node:path";
import { peakOverlap } from "../peak-overlap.mjs";
import { check, row } from "./report.mjs";
import { sleep } from "./target.mjs";

export const BATCH_ROWS = 500;
export const BATCH_LATENCY_MS = 50;
const CONCURRENCY = 10;
const CPU_RUNS = Number(process.env.BENCH_CPU_RUNS ?? 1000);
const WEBHOOK_RUNS = 200;

function batchRows(count) {
  return Array.from({ length: count }, (_, index) => ({ task: `Quote ${index}`, data: { items: [{ description: "bolt", quantity: index + 1 }] } }));
}

async function waitForBatches(target, ids, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ open }] = await target.query("SELECT count(*)::int AS open FROM batch_jobs WHERE id = ANY($1::uuid[]) AND status IN ('pending', 'running')", [ids]);
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`batches still open after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Run on a server started with AGENT_LATENCY_MS=50. */
export async function batchRow(target, tenant) {
  const idealMs = (BATCH_ROWS / CONCURRENCY) * BATCH_LATENCY_MS;
  const { makespanMs, job } = await target.measured("batch", async () => {
    const started = Date.now();
    const created = await target.api("POST", "/v1/batches", tenant, { agent_type: "rfq_generator", rows: batchRows(BATCH_ROWS) });
    await waitForBatches(target, [created.job.id]);
    // The batch's own completion time, not when this poll noticed it.
    const [job] = await target.query("SELECT id, status, completed_rows, failed_rows, updated_at FROM batch_jobs WHERE id = $1", [created.job.id]);
    return { makespanMs: job.updated_at.getTime() - started, job };
  });
  const runs = await target.query("SELECT started_at, completed_at FROM runs WHERE batch_job_id = $1 AND started_at IS NOT NULL AND completed_at IS NOT NULL", [job.id]);
  const peak = peakOverlap(runs.map((run) => ({ start: run.started_at.getTime(), end: run.completed_at.getTime() })));
  const ratio = Number((makespanMs / idealMs).toFixed(2));
  const limit = target.embedded ? 2 : 1.5;
  const figures = { rows: BATCH_ROWS, agentLatencyMs: BATCH_LATENCY_MS, completedRows: job.completed_rows, failedRows: job.failed_rows, makespanMs, idealMs, ratio, peakInFlight: peak };
  return row(target, "batch", `500-row batch, 50 ms agents`, figures, [
    check("makespan / ideal", `${ratio}×`, `≤ ${limit}×`, ratio <= limit),
    check("peak in flight", peak, `= ${CONCURRENCY}`, peak === CONCURRENCY),
    check("rows completed", job.completed_rows, `= ${BATCH_ROWS}`, job.completed_rows === BATCH_ROWS),
  ], `${(makespanMs / 1000).toFixed(2)} s (ideal ${(idealMs / 1000).toFixed(1)} s), peak ${peak}`);
}

/** Run on a server started with AGENT_LATENCY_MS=0: server CPU per executed run. */
export async function cpuRow(target, tenant) {
  const { cpuMs, wallMs } = await target.measured("cpu", async () => {
    const cpuBefore = target.cpuMs();
    const started = Date.now();
    const ids = [];
    for (let left = CPU_RUNS; left > 0; left -= BATCH_ROWS) {
      ids.push((await target.api("POST", "/v1/batches", tenant, { agent_type: "rfq_generator", rows: batchRows(Math.min(BATCH_ROWS, left)) })).job.id);
    }
    await waitForBatches(target, ids);
    await target.drained({ pollMs: 100 });
    return { cpuMs: target.cpuMs() - cpuBefore, wallMs: Date.now() - started };
  });
  const perRun = Number((cpuMs / CPU_RUNS).toFixed(1));
  const runsPerSec = Math.round((CPU_RUNS / wallMs) * 1000);
  const figures = { runs: CPU_RUNS, serverCpuMs: Math.round(cpuMs), wallMs, cpuMsPerRun: perRun, runsPerSec, includesEmbeddedDatabase: target.embedded };
  return row(target, "cpu", "orchestration CPU per run (0 ms agent)", figures, [
    check("server CPU per run", `${perRun} ms`, "≤ 6 ms", perRun <= 6),
  ], `${perRun} ms CPU/run, ${runsPerSec} runs/s executed${target.embedded ? " (CPU includes PGlite)" : ""}`);
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A local HTTPS receiver with a throwaway certificate; the server must trust it (NODE_EXTRA_CA_CERTS). */
export function webhookReceiverCertificate(directory) {
  const certPath = path.join(directory, "receiver-cert.pem");
  const keyPath = path.join(directory, "receiver-key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", keyPath, "-out", certPath, "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  return { certPath, keyPath };
}

/** Time from a run's completed_at to the receiver getting run.completed, over 200 runs. */
export async function webhookRow(target, tenant, { certPath, keyPath }) {
  const arrivals = new Map();
  const receiver = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      const runId = JSON.parse(Buffer.concat(chunks).toString("utf8")).run_id;
      if (!arrivals.has(runId)) arrivals.set(runId, at);
      res.end("ok");
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    await target.api("POST", "/v1/webhooks", tenant, { url: `https://localhost:${receiver.address().port}/hook`, events: ["run.completed"] });
    const body = JSON.stringify({ task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "bolt", quantity: 1 }] } });
    await target.measured("webhook", async () => {
      for (let index = 0; index < WEBHOOK_RUNS; index += 1) {
        await fetch(`${target.server.baseUrl}/v1/run`, { method: "POST", headers: tenant.headers, body });
        await sleep(10); // a steady stream, not one burst
      }
      const deadline = Date.now() + 120_000;
      while (arrivals.size < WEBHOOK_RUNS && Date.now() < deadline) await sleep(50);
    });
  } finally {
    receiver.close();
  }
  const runs = await target.query("SELECT id, completed_at FROM runs WHERE organization_id = $1 AND status = 'completed'", [tenant.orgId]);
  const latencies = runs.filter((run) => arrivals.has(run.id)).map((run) => arrivals.get(run.id) - run.completed_at.getTime());
  const figures = { runs: WEBHOOK_RUNS, delivered: latencies.length, p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99) };
  return row(target, "webhook", "webhook delivered after completion", figures, [
    check("p50", `${figures.p50Ms} ms`, "< 100 ms", figures.p50Ms < 100),
    check("delivered", `${latencies.length}/${WEBHOOK_RUNS}`, "all", latencies.length === WEBHOOK_RUNS),
  ], `p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
}
