// PostgreSQL faults injected into a real server of the test's own (its own database, its
// connections through a fault proxy): connections terminated with pg_terminate_backend mid-run
// and mid-batch, then again while it recovers; the database gone for a while (5 s, or the
// full 30 s with RELIABILITY_LONG=1); the LISTEN connection terminated under an open stream.
// Asserted from the database afterwards: every run done exactly once, one execute-run job per
// run, one charge per run, every completion delivered to a webhook under one event id, and
// no run for a POST answered 503; over HTTP meanwhile: a normal answer or a typed 503, never
// a 500, and the process never exits.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { startFaultProxy, type TFaultProxy } from "../helpers/fault-proxy.ts";
import { startReceiver } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { openStream } from "../helpers/sse.ts";
import { waitUntil } from "../helpers/waiting.ts";

const LONG = process.env.RELIABILITY_LONG === "1";
const OUTAGE_MS = LONG ? 30_000 : 5_000;
const POOL_NAME = "agent-workforce";
const LISTEN_NAME = "agent-workforce-listen";

let service: TOwnService;
let proxy: TFaultProxy;
let key: string;
let cookie: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const settings = () => ({ DATABASE_URL: proxy.url(service.databaseUrl), AGENT_LATENCY_MS: "150", EXECUTOR_RETRY_BASE_MS: "100", LOG_LEVEL: "info",
  RATE_LIMIT_STRICT_PER_MIN: "100000",
  RATE_LIMIT_STANDARD_PER_MIN: "100000",
  // Every completed run is announced to a local receiver: deliveries must survive the faults too.
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,1s,1s,1s",
  NODE_EXTRA_CA_CERTS: inject("certificate").certPath,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Probes may fail while PostgreSQL is away: a failure counts as "not yet". */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> =>
  waitUntil(probe, { what, timeoutMs, intervalMs: 100, retryErrors: true }) as Promise<T>;

/** Straight to PostgreSQL (not through the proxy): what is stored, and who is connected. */
const query = <T = any>(text: string, values: unknown[] = []) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

const databaseName = () => new URL(service.databaseUrl).pathname.slice(1);

/** Terminates every connection to this test's own database; returns their application names. */
async function terminateAll(): Promise<string[]> {
  const rows = await query<{ application_name: string }>(
    `SELECT application_name, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [databaseName()],
  );
  return rows.map((row) => row.application_name);
}

const listenPids = async () =>
  (await query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [databaseName(), LISTEN_NAME])).map(
    (row) => row.pid,
  );

type TAnswer = { status: number; body: any; retryAfter: string | null; task?: string };

/** Calls the API without throwing on a refused or reset socket (that would be a lost request: recorded as status 0). */
async function call(method: string, route: string, body?: unknown): Promise<TAnswer> {
  try {
    const response = await fetch(`${service.server().baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.json().catch(() => null), retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    return { status: 0, body: String(error), retryAfter: null };
  }
}

/**
 * Keeps calling the API (accept a run, list runs, read usage, health) until stopped; every
 * POST carries a task of its own so its run can be looked for afterwards.
 */
function startTraffic(label: string) {
  const answers: TAnswer[] = [];
  let running = true;
  let sequence = 0;
  const loop = (async () => {
    while (running) {
      const task = `${label} ${sequence++}`;
      const [accepted, ...reads] = await Promise.all([
        call("POST", "/v1/run", { task: `Quote: ${task}`, agent_type: "rfq_generator", data: { items: [{ description: "bolt", quantity: 1 }] } }),
        call("GET", "/v1/runs?limit=5"),
        call("GET", "/v1/usage"),
        call("GET", "/v1/health"),
      ]);
      answers.push({ ...accepted, task: `Quote: ${task}` }, ...reads);
      await sleep(50);
    }
  })();
  return {
    answers,
    stop: async () => {
      running = false;
      await loop;
      return answers;
    },
  };
}

/** Every answer was the normal one or a typed 503 (with Retry-After): never a 500, never a dropped socket. */
function expectNormalOrTyped503(answers: TAnswer[]): void {
  for (const answer of answers) {
    if (answer.status === 503 && answer.body?.status !== "degraded") {
      expect(answer.body).toMatchObject({ type: "service_unavailable", error: "service_unavailable", message: expect.any(String) });
      expect(answer.retryAfter).toMatch(/^\d+$/);
    } else {
      expect([200, 202, 503], JSON.stringify(answer)).toContain(answer.status);
    }
  }
}

async function createBatch(rows: number, label: string): Promise<string> {
  const created = await call("POST", "/v1/batches", {
    agent_type: "rfq_generator",
    rows: Array.from({ length: rows }, (_, index) => ({ task: `${label} row ${index}`, data: { items: [{ description: "nut", quantity: index + 1 }] } })),
  });
  expect(created.status).toBe(201);
  return created.body.job.id;
}

async function acceptRuns(count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const accepted = await call("POST", "/v1/run", { task: `Quote: ${label} ${index}`, agent_type: "rfq_generator", data: { items: [{ description: "bolt", quantity: 2 }] } });
    expect(accepted.status).toBe(202);
    ids.push(accepted.body.run_id);
  }
  return ids;
}

/**
 * After the fault: every run accepted (batch rows, single runs, the traffic's 202s) completes,
 * exactly once; every POST answered 503 created nothing; no job is left open.
 */
async function expectEverythingDoneOnce(traffic: TAnswer[], batchIds: string[]) {
  const acceptedTasks = traffic.filter((answer) => answer.task && answer.status === 202).map((answer) => answer.task!);
  const refusedTasks = traffic.filter((answer) => answer.task && answer.status === 503).map((answer) => answer.task!);
  await waitFor("every run to finish and every job to close", async () => {
    const [open] = await query(
      `SELECT (SELECT count(*)::int FROM runs WHERE status NOT IN ('completed', 'failed', 'cancelled', 'pending_triage')) AS runs,
              (SELECT count(*)::int FROM job_runs WHERE status IN ('queued', 'running')) AS jobs`,
    );
    return open.runs === 0 && open.jobs === 0;
  }, 180_000);

  for (const batchId of batchIds) {
    const [job] = await query(`SELECT status::text, total_rows, completed_rows, failed_rows FROM batch_jobs WHERE id = $1`, [batchId]);
    expect(job).toMatchObject({ status: "completed", failed_rows: 0 });
    expect(job.completed_rows).toBe(job.total_rows);
  }
  // Every run completed, none failed (a service error would refund and fail it).
  const statuses = await query(`SELECT status::text, count(*)::int AS n FROM runs GROUP BY status`);
  expect(statuses).toEqual([{ status: "completed", n: expect.any(Number) }]);
  // One run per accepted POST, none for a refused one.
  const byTask = new Map(
    (await query<{ task: string; n: number }>(`SELECT task, count(*)::int AS n FROM runs WHERE task = ANY($1::text[]) GROUP BY task`, [[...acceptedTasks, ...refusedTasks]])).map(
      (row) => [row.task, row.n],
    ),
  );
  for (const task of acceptedTasks) expect(byTask.get(task), task).toBe(1);
  for (const task of refusedTasks) expect(byTask.get(task), `${task} was answered 503`).toBeUndefined();
  // Exactly one execute-run job per run, completed; and one outcome recorded per job.
  const jobs = await query(
    `SELECT count(*)::int AS runs,
            (SELECT count(*)::int FROM job_runs WHERE function_id = 'execute-run') AS jobs,
            (SELECT count(DISTINCT idempotency_key)::int FROM job_runs WHERE function_id = 'execute-run' AND status = 'completed') AS completed_jobs
     FROM runs`,
  );
  expect(jobs[0].jobs).toBe(jobs[0].runs);
  expect(jobs[0].completed_jobs).toBe(jobs[0].runs);
  // Every run.completed was delivered, under one event id per run, by one delivery job per run.
  const undelivered = await waitFor("every completion to be delivered", async () => {
    const missing = await query(
      `SELECT r.id FROM runs r WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.run_id = r.id AND d.event = 'run.completed' AND d.status = 'succeeded')`,
    );
    return missing.length === 0 ? [] : undefined;
  }, 120_000);
  expect(undelivered).toEqual([]);
  const eventIds = await query(`SELECT run_id, count(DISTINCT event_id)::int AS ids FROM webhook_deliveries GROUP BY run_id HAVING count(DISTINCT event_id) <> 1`);
  expect(eventIds).toEqual([]);
  const deliveryJobs = await query(`SELECT count(*)::int AS n FROM job_runs WHERE function_id = 'deliver-webhook'`);
  expect(deliveryJobs[0].n).toBe(jobs[0].runs);
  const receivedIds = new Map<string, Set<string>>();
  for (const request of receiver.received) {
    const body = JSON.parse(request.body);
    if (!receivedIds.has(body.run_id)) receivedIds.set(body.run_id, new Set());
    receivedIds.get(body.run_id)!.add(body.id);
  }
  expect(receivedIds.size).toBe(jobs[0].runs);
  expect([...receivedIds.values()].every((ids) => ids.size === 1)).toBe(true);
  const orphans = await query(`SELECT r.id FROM runs r WHERE NOT EXISTS (SELECT 1 FROM job_runs j WHERE j.function_id = 'execute-run' AND j.idempotency_key = r.id::text)`);
  expect(orphans).toEqual([]);
  // The ledger charges each run once and refunds none.
  const charges = await query(
    `SELECT r.id, count(l.id)::int AS debits, coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0)::int AS refunded
     FROM runs r LEFT JOIN credit_ledger l ON l.run_id = r.id AND l.amount <> 0 GROUP BY r.id HAVING count(l.id) <> 1 OR coalesce(sum(l.amount) FILTER (WHERE l.amount > 0), 0) <> 0`,
  );
  expect(charges).toEqual([]);
}

beforeAll(async () => {
  proxy = await startFaultProxy({ host: "127.0.0.1", port: 5432 });
  receiver = await startReceiver(inject("certificate"));
  service = await createOwnService("dbfaults");
  await service.start(settings());
  ({ key } = await service.createOrgKey("Faults Co"));
  await service.cli("topup", "--org", (await query(`SELECT id FROM organizations LIMIT 1`))[0].id, "--credits", "100000");
  cookie = await service.signIn((await query(`SELECT id FROM organizations LIMIT 1`))[0].id);
  expect((await call("POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed"] })).status).toBe(201);
});

// A failed test shows what the server logged (its warnings and errors) around the faults.
afterEach((context) => {
  if (context.task.result?.state !== "fail" || !service) return;
  const lines = service.server().output().split("\n").filter((line) => /"level":"(warn|error)"/.test(line));
  console.log(lines.map((line) => line.slice(0, 400)).join("\n"));
});

afterAll(async () => {
  await service?.dispose();
  await proxy?.close();
  await receiver?.close();
});

describe.sequential("PostgreSQL faults", () => {
  it("names its connections: the pool 'agent-workforce', the LISTEN connection 'agent-workforce-listen'", async () => {
    const names = await query<{ application_name: string }>(`SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [databaseName()]);
    expect(names.map((row) => row.application_name).sort()).toEqual([POOL_NAME, LISTEN_NAME]);
  });

  it("connections terminated mid-run and mid-batch, and again during recovery: 503 typed or normal answers, every run done once", async () => {
    const batchId = await createBatch(60, "Terminated");
    const runIds = await acceptRuns(15, "Terminated single");
    await waitFor("the batch to be under way", async () => (await query(`SELECT completed_rows FROM batch_jobs WHERE id = $1`, [batchId]))[0].completed_rows >= 5);
    const traffic = startTraffic("During terminations");
    await sleep(300);

    const killed = await terminateAll();
    expect(killed).toContain(LISTEN_NAME);
    expect(killed).toContain(POOL_NAME);
    // Again while it recovers: as soon as the LISTEN connection is back, and once more soon after.
    await waitFor("the LISTEN connection to come back", async () => (await listenPids()).length === 1, 30_000);
    expect(await terminateAll()).toContain(POOL_NAME);
    await sleep(700);
    await terminateAll();
    await sleep(1_500);
    const answers = await traffic.stop();

    expect(service.server().process.exitCode).toBeNull();
    expectNormalOrTyped503(answers);
    expect(answers.filter((answer) => answer.task && answer.status === 202).length).toBeGreaterThan(0);
    await expectEverythingDoneOnce(answers, [batchId]);
    expect(runIds.length).toBe(15);
    // The pool did not lose connections to transactions caught by the drops: it still serves a burst.
    const burst = await Promise.all(Array.from({ length: 30 }, () => call("GET", "/v1/runs?limit=1")));
    expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 200));
  }, 300_000);

  it(`PostgreSQL down for ${OUTAGE_MS / 1000} s: health 503 degraded, calls 503 typed and prompt, the process lives, accepted work completes after`, async () => {
    const batchId = await createBatch(30, "Outage");
    await acceptRuns(10, "Outage single");
    await waitFor("the batch to be under way", async () => (await query(`SELECT completed_rows FROM batch_jobs WHERE id = $1`, [batchId]))[0].completed_rows >= 3);

    const logStart = service.server().output().length;
    await proxy.down();
    const downAt = Date.now();
    const traffic = startTraffic("During outage");
    let healthChecks = 0;
    while (Date.now() - downAt < OUTAGE_MS) {
      const started = Date.now();
      const health = await call("GET", "/v1/health");
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: "degraded" });
      // Prompt: not a hang until some connection timeout (generous: the machine is shared).
      expect(Date.now() - started).toBeLessThan(8_000);
      const started2 = Date.now();
      const list = await call("GET", "/v1/runs?limit=5");
      expect(list.status).toBe(503);
      expect(list.body).toMatchObject({ type: "service_unavailable" });
      expect(Date.now() - started2).toBeLessThan(8_000);
      // The dashboard's tRPC renders the same typed 503.
      const dashboard = await fetch(`${service.server().baseUrl}/api/trpc/runs.list?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`, { headers: { cookie } });
      const dashboardBody = await dashboard.json();
      expect(dashboard.status, JSON.stringify(dashboardBody)).toBe(503);
      expect(dashboardBody.error.data.body).toMatchObject({ type: "service_unavailable" });
      expect(service.server().process.exitCode).toBeNull();
      healthChecks += 1;
      await sleep(250);
    }
    expect(healthChecks).toBeGreaterThan(0);
    const during = await traffic.stop();
    // Every POST during the outage was refused with the typed body (and created nothing: below).
    const posts = during.filter((answer) => answer.task);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((answer) => answer.status === 503)).toBe(true);
    expectNormalOrTyped503(during);

    await proxy.up();
    await waitFor("health to be ok again", async () => {
      const health = await call("GET", "/v1/health");
      return health.status === 200 && health.body.status === "ok";
    }, 60_000);
    expect(service.server().process.exitCode).toBeNull();
    const after = await acceptRuns(2, "After outage");
    expect(after.length).toBe(2);
    await expectEverythingDoneOnce(during, [batchId]);
    // The outage was logged, not once per request.
    const losses = service.server().output().slice(logStart).split("\n").filter((line) => line.includes("job engine cannot reach the database"));
    expect(losses.length).toBeGreaterThanOrEqual(1);
    expect(losses.length).toBeLessThanOrEqual(3);
  }, 300_000);

  it("the LISTEN connection re-subscribes: an open run stream and the dashboard's triage.changes get the decision made after it was terminated", async () => {
    const created = await call("POST", "/v1/run", {
      task: "Match invoice INV-8 against PO-3",
      agent_type: "ap_specialist",
      data: {
        invoice: { number: "INV-8", vendor: "Acme Supplies", currency: "USD", total: 300, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 12, unit_price: 25 }] },
        purchase_order: { number: "PO-3", vendor: "Acme Supplies", currency: "USD", total: 250, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 }] },
      },
    });
    expect(created.status).toBe(202);
    const runId = created.body.run_id;
    const item = await waitFor("the triage item", async () => (await query(`SELECT id FROM triage_items WHERE run_id = $1`, [runId]))[0]);

    const stream = await openStream(`/v1/runs/${runId}/stream`, { key, baseUrl: service.server().baseUrl });
    // The dashboard's triage queue listens on the tRPC subscription triage.changes (SSE).
    const queue = await openStream("/api/trpc/triage.changes", { headers: { cookie }, baseUrl: service.server().baseUrl });
    const queueChanges = async () => {
      for (;;) {
        const event = await queue.nextData(15_000);
        if (event === null) throw new Error("the triage.changes stream closed");
        if (event.json?.at) return event.json.at as string;
      }
    };
    try {
      expect(queue.response.status).toBe(200);
      expect((await stream.nextData(10_000))?.json.status).toBe("pending_triage");
      // (After an outage the listener may still be in its reconnect backoff.)
      const [before] = await waitFor("the LISTEN connection", async () => {
        const pids = await listenPids();
        return pids.length === 1 ? pids : undefined;
      }, 30_000);
      const terminated = await query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [databaseName(), LISTEN_NAME]);
      expect(terminated.length).toBe(1);
      const [after] = await waitFor("a new LISTEN connection", async () => {
        const pids = await listenPids();
        return pids.length === 1 && pids[0] !== before ? pids : undefined;
      }, 30_000);
      expect(after).not.toBe(before);
      // Back on LISTEN, the queue is told it may have missed changes and refreshes.
      await queueChanges();
      // The decision is published with NOTIFY and heard only through the new LISTEN
      // (the listener is back, so the process does not also deliver it locally).
      const approved = await call("POST", `/v1/triage/${item.id}/approve`, { resolution_note: "ordered by phone" });
      expect(approved.status).toBe(200);
      const update = await stream.nextData(15_000);
      expect(update?.json.status).toBe("completed");
      // And the decision itself reaches the queue through the new LISTEN connection.
      await queueChanges();

    } finally {
      await stream.close();
      await queue.close();
    }
    const output = service.server().output();
    expect(output).toMatch(/change listener lost its connection/);
    expect(output).toMatch(/change listener reconnected/);
  }, 120_000);
});
