// Shutdown and crashes on a server of this file's own, asserted from the database and over
// HTTP. SIGTERM mid-batch, with a webhook receiver holding a delivery open past the grace
// period: new connections are refused at once, a request already received is answered
// (with Connection: close), an open stream is ended cleanly, the job still in flight at the
// deadline is handed back, and the process exits 0; the restart (its lease far away)
// carries on at once, re-sending the delivery with its event id. SIGKILL mid-delivery: the
// restart delivers it again with the same event id.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { callServer, createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { openStream } from "../helpers/sse.ts";
import { until } from "../helpers/waiting.ts";
import { receiverSet, type TReceivedRequest } from "../helpers/https-receiver.ts";
import type { TRunningServer } from "../helpers/processes.ts";

let service: TOwnService;
const receivers = receiverSet(inject("certificate"));
/** A receiver that holds the first delivery open (far past every deadline) and answers the rest at once. */
const holdingFirstDelivery = () => receivers.start((_request, index) => (index === 0 ? { status: 200, delayMs: 60_000 } : 200));

const GRACE_MS = 3_000;
/** Enough that the batch's last row is still waiting when the signal comes (10 in flight, 100 ms each). */
const ROWS = 500;
const baseSettings = () => ({
  AGENT_LATENCY_MS: "100",
  EXECUTOR_RETRY_BASE_MS: "50",
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_RETRY_SCHEDULE: "1s",
  NODE_EXTRA_CA_CERTS: inject("certificate").certPath,
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
});
const quote = (index: number) => ({ task: `Quote ${index}`, data: { items: [{ description: "bolt", quantity: index + 1 }] } });


const query = (sql: string, params: unknown[] = []) => withDatabase(service.databaseUrl, async (client) => (await client.query(sql, params)).rows);

const call = callServer;

async function addWebhook(server: TRunningServer, key: string, url: string) {
  const created = await call(server, "POST", "/v1/webhooks", key, { url, events: ["run.completed"] });
  expect(created.status).toBe(201);
}

/** A POST whose headers are sent now and whose body is sent when `finish` is called. */
function startSlowPost(server: TRunningServer, route: string, key: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = httpRequest(`${server.baseUrl}${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": payload.length, connection: "keep-alive" },
  });
  const response = new Promise<{ status: number; connection: string | undefined; body: any }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }));
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  req.write(payload.subarray(0, 10));
  return { response, finish: () => req.end(payload.subarray(10)) };
}

/** Reads an SSE response until the server ends it; resolves with the `id:`s seen and how it ended. */
async function readStream(response: Response): Promise<{ ids: string[]; statuses: string[]; ended: "cleanly" | string }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended: string = "cleanly";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    ended = String(error);
  }
  const ids = [...text.matchAll(/^id: (.*)$/gm)].map((match) => match[1]!);
  const statuses = [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!).status as string);
  return { ids, statuses, ended };
}

beforeAll(async () => {
  service = await createOwnService("shutdown");
});

afterAll(async () => {
  await service?.dispose();
  await receivers.closeAll();
});

describe("SIGTERM mid-batch", () => {
  it("refuses new connections, finishes what it received, ends streams, hands back its jobs and exits 0; the restart carries on at once", async () => {
    // The first delivery is held open far past the grace period; later ones succeed at once.
    const receiver = await holdingFirstDelivery();
    // A lease far longer than the test could wait: only handing the job back lets the restart take it.
    const settings = { ...baseSettings(), EXECUTOR_LEASE_MS: "120000" };
    const first = await service.start(settings);
    const hooked = await service.createOrgKey("Hooked Co");
    const batchOrg = await service.createOrgKey("Batch Co");
    await addWebhook(first, hooked.key, receiver.url);

    const cookie = await service.signIn(batchOrg.orgId);
    const batch = await call(first, "POST", "/v1/batches", batchOrg.key, { agent_type: "rfq_generator", rows: Array.from({ length: ROWS }, (_, index) => quote(index)) });
    expect(batch.status).toBe(201);
    const batchId = batch.body.job.id;
    await until("the batch to be under way", async () => (await call(first, "GET", `/v1/batches/${batchId}?rows_limit=0`, batchOrg.key)).body.job.completed_rows >= 20);
    const rows = (await call(first, "GET", `/v1/batches/${batchId}?rows_limit=10000`, batchOrg.key)).body.rows;
    const watchedRun: string = rows[rows.length - 1].run_id;

    // The single run's delivery is started last, so it is still in flight at the signal (the
    // receiver holds it; the server would give up on it after 10 s), however slow the machine.
    const single = await call(first, "POST", "/v1/run", hooked.key, { agent_type: "rfq_generator", ...quote(0) });
    expect(single.status).toBe(202);
    await until("the delivery to be held by the receiver", () => receiver.received.length === 1);

    // A stream open on a run still queued, and a request whose body has not all arrived yet.
    const stream = await fetch(`${first.baseUrl}/v1/runs/${watchedRun}/stream`, { headers: { authorization: `Bearer ${batchOrg.key}` } });
    expect(stream.status).toBe(200);
    const streamRead = readStream(stream);
    // The dashboard's live updates (tRPC subscription over an event stream) on the same server.
    const dashboard = await openStream("/api/trpc/triage.changes", { headers: { cookie }, baseUrl: first.baseUrl });
    expect(dashboard.response.status).toBe(200);
    const dashboardClosed = (async () => {
      for (;;) if ((await dashboard.next(60_000).catch(() => null)) === null) return Date.now();
    })();
    const slowPost = startSlowPost(first, "/v1/run", batchOrg.key, { agent_type: "rfq_generator", ...quote(1000) });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Still in flight: no attempt of it is recorded yet.
    expect(await query("SELECT count(*)::int AS n FROM webhook_deliveries")).toEqual([{ n: 0 }]);
    const signalledAt = Date.now();
    const exited = first.stop("SIGTERM");
    // New connections are refused as soon as the signal is handled.
    await until("new connections to be refused", async () => {
      try {
        await fetch(`${first.baseUrl}/v1/health`);
        return false;
      } catch (error) {
        return String((error as { cause?: { code?: string } }).cause?.code) === "ECONNREFUSED";
      }
    }, 10_000);
    slowPost.finish();
    const accepted = await slowPost.response;
    expect(accepted.status).toBe(202);
    expect(accepted.connection).toBe("close");

    // The stream ends cleanly, long before its own 30 s limit and before its run finished,
    // having sent an update with an id.
    const streamed = await streamRead;
    expect(streamed.ended).toBe("cleanly");
    expect(streamed.ids.length).toBeGreaterThan(0);
    expect(streamed.statuses).not.toContain("completed");

    expect(await exited).toBe(0);
    // The dashboard's stream was closed at the signal, not held until the process ended.
    expect(await dashboardClosed).toBeLessThan(signalledAt + GRACE_MS);
    // A hang guard: the grace period, then closing (the held delivery alone could take 10 s).
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS + 9_000);
    expect(first.output()).not.toMatch(/"level":"(error|fatal)"/);

    // Nothing is left claimed: the delivery still in flight was handed back, runnable now.
    expect(await query("SELECT count(*)::int AS n FROM job_runs WHERE status = 'running' OR locked_by IS NOT NULL")).toEqual([{ n: 0 }]);
    expect(await query("SELECT status FROM job_runs WHERE function_id = 'deliver-webhook'")).toEqual([{ status: "queued" }]);

    // The restart takes the delivery at once (its lease had 2 minutes to go) with the same event id.
    const restartedAt = Date.now();
    const second = await service.start(settings);
    await until("the delivery to be sent again", () => receiver.received.length >= 2, 60_000);
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    const [held, again] = receiver.received as [TReceivedRequest, TReceivedRequest];
    expect(again.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    expect(again.headers["x-service-event-id"]).toBe(held.headers["x-service-event-id"]);

    // A client reconnecting with Last-Event-ID follows the run to its end on the new instance.
    const resumed = await fetch(`${second.baseUrl}/v1/runs/${watchedRun}/stream`, {
      headers: { authorization: `Bearer ${batchOrg.key}`, "last-event-id": streamed.ids[streamed.ids.length - 1]! },
    });
    const followed = await readStream(resumed);
    expect(followed.ended).toBe("cleanly");
    expect(followed.statuses[followed.statuses.length - 1]).toBe("completed");

    // Every accepted run (the batch's, the single one, the one received during shutdown) ran once.
    await until("all work to finish", async () => (await query("SELECT count(*)::int AS n FROM job_runs WHERE status IN ('queued', 'running')"))[0].n === 0, 120_000);
    expect(await query("SELECT status, count(*)::int AS n FROM runs GROUP BY status")).toEqual([{ status: "completed", n: ROWS + 2 }]);
    expect(await query("SELECT function_id, status, count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM job_runs GROUP BY 1, 2 ORDER BY 1")).toEqual([
      { function_id: "deliver-webhook", status: "completed", n: 1, keys: 1 },
      { function_id: "execute-run", status: "completed", n: ROWS + 2, keys: ROWS + 2 },
      { function_id: "start-batch", status: "completed", n: 1, keys: 1 },
    ]);
    expect(await query("SELECT count(*)::int AS n FROM credit_ledger WHERE amount < 0 GROUP BY run_id HAVING count(*) <> 1")).toEqual([]);
    expect(await query("SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status")).toEqual([{ status: "succeeded", n: 1 }]);
    expect(receiver.received).toHaveLength(2);
    await second.stop("SIGTERM");
  }, 240_000);
});

describe("SIGKILL mid-delivery", () => {
  it("delivers the event again after the restart, with the same event id", async () => {
    const receiver = await holdingFirstDelivery();
    // A short lease: the killed process's claim runs out soon after the restart.
    const settings = { ...baseSettings(), EXECUTOR_LEASE_MS: "3000" };
    const server = await service.start(settings);
    const { key } = await service.createOrgKey("Killed Co");
    await addWebhook(server, key, receiver.url);
    const run = await call(server, "POST", "/v1/run", key, { agent_type: "rfq_generator", ...quote(7) });
    expect(run.status).toBe(202);

    await until("the delivery to be in flight", () => receiver.received.length === 1);
    expect(await server.stop("SIGKILL")).toBeNull();

    await service.start(settings);
    await until("the delivery to be sent again", () => receiver.received.length >= 2, 60_000);
    const [killed, again] = receiver.received as [TReceivedRequest, TReceivedRequest];
    expect(again.headers["webhook-id"]).toBe(killed.headers["webhook-id"]);
    expect(again.headers["x-service-event-id"]).toBe(killed.headers["x-service-event-id"]);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(killed.body));

    // Recorded once it was answered; nothing else sent and nothing left open.
    const recorded = await until("the attempt to be recorded", async () => {
      const rows = await query("SELECT event_id, status FROM webhook_deliveries WHERE run_id = $1", [run.body.run_id]);
      return rows.length > 0 && rows;
    });
    expect(recorded).toEqual([{ event_id: killed.headers["x-service-event-id"], status: "succeeded" }]);
    await until("the delivery job to finish", async () => (await query("SELECT count(*)::int AS n FROM job_runs WHERE status IN ('queued', 'running')"))[0].n === 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(2);
  }, 180_000);
});
