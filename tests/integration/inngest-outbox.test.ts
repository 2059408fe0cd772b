// The outbox to Inngest, end to end: the built server in Inngest mode, pointed at a local
// stand-in for Inngest's event API (POST /e/<event key>) that counts what it accepts by event
// id. Work is written to job_outbox in the transaction that accepts it, so a run is accepted
// (202) while the event API is down, and its event reaches the API once it is back, exactly
// once, even when the server is SIGKILLed before it could relay anything.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

type TReceivedEvent = { id: string; name: string; data: any };

/**
 * Inngest's event API as the SDK's `send` sees it: answers 500 while `failing`, never answers
 * while `hanging`, else takes the events.
 */
function startEventApi() {
  const accepted: TReceivedEvent[] = [];
  const requests: { path: string; status: number }[] = [];
  let failing = false;
  let hanging = false;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (hanging) {
        requests.push({ path: `${req.method} ${req.url}`, status: 0 });
        return;
      }
      const status = req.method === "POST" && req.url === "/e/test" ? (failing ? 500 : 200) : 404;
      requests.push({ path: `${req.method} ${req.url}`, status });
      if (status !== 200) {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: "unavailable", status }));
        return;
      }
      const events = JSON.parse(body) as TReceivedEvent[];
      accepted.push(...events);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ids: events.map((event) => event.id), status: 200 }));
    });
  });
  return {
    accepted,
    requests,
    setFailing: (value: boolean) => (failing = value),
    setHanging: (value: boolean) => (hanging = value),
    /** Listens on `port` (0: any free one); answers the port. */
    listen: (port = 0) =>
      new Promise<number>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    /** How many accepted events carry each id. */
    countsById: () => accepted.reduce<Record<string, number>>((counts, event) => ({ ...counts, [event.id]: (counts[event.id] ?? 0) + 1 }), {}),
  };
}

async function waitFor<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const outboxRows = (service: TOwnService) =>
  withDatabase(service.databaseUrl, async (client) => (await client.query("SELECT event_id, attempts FROM job_outbox ORDER BY sequence")).rows as { event_id: string; attempts: number }[]);

// Inngest mode: the SDK's variables, pointed at the stand-in. A short poll and backoff so
// a send that failed is tried again within seconds of the API coming back.
const inngestSettings = (port: number) => ({
  INNGEST_BASE_URL: `http://127.0.0.1:${port}`,
  INNGEST_EVENT_KEY: "test",
  INNGEST_SIGNING_KEY: "signkey-test-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  EXECUTOR_POLL_MS: "100",
  EXECUTOR_RETRY_BASE_MS: "100",
});

async function postRuns(service: TOwnService, key: string, count: number): Promise<string[]> {
  const runIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await service.api("POST", "/v1/run", key, { task: `Draft RFQ ${index}`, agent_type: "rfq_generator" });
    expect(response.status).toBe(202);
    runIds.push(response.body.run_id);
  }
  return runIds;
}

/** The event execute-run is triggered by: enqueue.ts's outboxEventId and outboxEventData. */
const runRequested = (runId: string) => ({
  id: `execute-run:${runId}`,
  name: "app/run.requested",
  data: { payload: { runId, reviewRound: 0 }, key: runId, concurrencyKey: runId, priority: 0 },
});

// Rows due at different times after their backoffs may go out in different sends: compare by id.
const byId = (events: TReceivedEvent[]) => events.map(({ id, name, data }) => ({ id, name, data })).sort((a, b) => a.id.localeCompare(b.id));

// Each test on a database of its own, so one's outbox never reaches the other's event API.
let service: TOwnService;
const services: TOwnService[] = [];

beforeEach(async () => {
  service = await createOwnService("inngest_outbox");
  services.push(service);
});

afterAll(async () => {
  await Promise.all(services.map((each) => each.dispose()));
});

describe("the outbox to Inngest's event API", () => {
  it("accepts runs while the event API fails, then delivers each run's event exactly once", async () => {
    const api = startEventApi();
    api.setFailing(true);
    const port = await api.listen();
    try {
      await service.start(inngestSettings(port));
      const { key } = await service.createOrgKey("Outbox Co");

      const runIds = await postRuns(service, key, 5);
      // The relay tried while the API failed, and kept every row.
      await waitFor("a failed send", () => api.requests.filter((request) => request.status === 500).length, (failed) => failed > 0);
      await waitFor("the failed sends to be recorded", () => outboxRows(service), (rows) => rows.length === 5 && rows.every((row) => row.attempts > 0));
      expect(api.accepted).toEqual([]);
      // Accepted and queued; nothing carries them out here (no Inngest calls the functions).
      for (const runId of runIds) expect((await service.api("GET", `/v1/runs/${runId}`, key)).body.run.status).toBe("queued");

      api.setFailing(false);
      await waitFor("every run's event", () => api.accepted.length, (count) => count >= runIds.length);
      await waitFor("an empty outbox", () => outboxRows(service), (rows) => rows.length === 0);
      // Given time to send again, nothing is sent twice.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(api.countsById()).toEqual(Object.fromEntries(runIds.map((runId) => [`execute-run:${runId}`, 1])));
      expect(byId(api.accepted)).toEqual(byId(runIds.map(runRequested)));

      // While the API is up, a new run's event goes out too.
      const [later] = await postRuns(service, key, 1);
      await waitFor("the later run's event", () => api.countsById()[`execute-run:${later}`] ?? 0, (count) => count === 1, 5_000);
    } finally {
      await service.server().stop("SIGKILL");
      await api.close();
    }
  }, 120_000);

  it("gives up on a send that gets no answer and sends again", async () => {
    const api = startEventApi();
    api.setHanging(true);
    const port = await api.listen();
    try {
      await service.start(inngestSettings(port));
      const { key } = await service.createOrgKey("Hung Outbox Co");
      const runIds = await postRuns(service, key, 2);
      await waitFor("a send left unanswered", () => api.requests.length, (count) => count > 0);
      // The relay counts the stalled send as failed (outbox-relay.ts, SEND_TIMEOUT_MS) and keeps the rows.
      const failed = await waitFor(
        "the stalled send to be given up",
        () => withDatabase(service.databaseUrl, async (client) => (await client.query("SELECT attempts, last_error FROM job_outbox")).rows),
        (rows) => rows.length === 2 && rows.every((row) => row.attempts > 0),
        30_000,
      );
      expect(failed[0].last_error).toContain("no answer");
      api.setHanging(false);
      await waitFor("every run's event", () => api.accepted.length, (count) => count >= runIds.length, 30_000);
      await waitFor("an empty outbox", () => outboxRows(service), (rows) => rows.length === 0);
      expect(api.countsById()).toEqual(Object.fromEntries(runIds.map((runId) => [`execute-run:${runId}`, 1])));
    } finally {
      await service.server().stop("SIGKILL");
      await api.close();
    }
  }, 120_000);

  it("loses nothing when the server is SIGKILLed between the commit and the relay", async () => {
    const api = startEventApi();
    // Take a free port, then close it: the relay's sends are refused until the API listens there.
    const port = await api.listen();
    await api.close();
    const restarted = startEventApi();
    try {
      await service.start(inngestSettings(port));
      const { key } = await service.createOrgKey("Crash Outbox Co");
      const runIds = await postRuns(service, key, 8);
      // Committed, with their outbox rows, and the relay has tried (and failed) to send them.
      await waitFor("the refused sends to be recorded", () => outboxRows(service), (rows) => rows.length === 8 && rows.every((row) => row.attempts > 0));
      expect(await service.server().stop("SIGKILL")).toBeNull();

      await restarted.listen(port);
      await service.start(inngestSettings(port));
      await waitFor("every run's event", () => restarted.accepted.length, (count) => count >= runIds.length);
      await waitFor("an empty outbox", () => outboxRows(service), (rows) => rows.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(restarted.countsById()).toEqual(Object.fromEntries(runIds.map((runId) => [`execute-run:${runId}`, 1])));
      expect(byId(restarted.accepted)).toEqual(byId(runIds.map(runRequested)));
    } finally {
      await service.server().stop("SIGKILL");
      await restarted.close();
    }
  }, 120_000);
});
