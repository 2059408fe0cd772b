// DNS rebinding against webhook deliveries (docs/api-conventions.md, "Webhook egress"). A
// server of this file's own, WITHOUT WEBHOOK_ALLOW_PRIVATE_URLS, runs with a preload
// (tests/helpers/rebinding-preload.cjs) whose DNS answers names under .rebind.test by a
// schedule: `p2-…` answers a public address to its first two lookups and 127.0.0.1 after.
// The attacker's bet is that the check and the connection ask separately. A plain TCP
// listener on 127.0.0.1 (the "internal service") must never see a connection; the
// "public" address is routed by the preload to a receiver on 127.0.0.2 with a certificate
// for *.rebind.test, so a delivery that reaches it also proves TLS checked the host name.
import { createServer as createHttpsServer } from "node:https";
import { readFileSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createLocalCertificate, type TCertificate } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until } from "../helpers/waiting.ts";

const PRELOAD = path.resolve(import.meta.dirname, "../helpers/rebinding-preload.cjs");
const NOT_ALLOWED = "Address not allowed: the receiver's host is not a public address (ADDRESS_NOT_ALLOWED)";
const completingRun = { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "hinges", quantity: 12 }] } };

let service: TOwnService;
let certificate: TCertificate;
let port = 0;

/** The internal service the attacker aims at: counts connections, says who it is to anyone who connects. */
let internalConnections = 0;
const internal = net.createServer((socket) => {
  internalConnections += 1;
  socket.end("SSH-2.0-OpenSSH_9.2 internal-admin\r\n");
});

/** The receiver at the "public" address: 500 for hook-, run- and batch- hosts (so they retry), 200 otherwise. */
const publicRequests: { host: string; servername: string | false | null }[] = [];
let publicReceiver: ReturnType<typeof createHttpsServer>;

const url = (label: string) => `https://${label}.rebind.test:${port}/hook`;

beforeAll(async () => {
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  port = (internal.address() as AddressInfo).port;
  certificate = createLocalCertificate("DNS:*.rebind.test");
  publicReceiver = createHttpsServer({ cert: readFileSync(certificate.certPath), key: readFileSync(certificate.keyPath) }, (req, res) => {
    req.resume();
    req.on("end", () => {
      const host = (req.headers.host ?? "").split(":")[0]!;
      publicRequests.push({ host, servername: (req.socket as import("node:tls").TLSSocket).servername });
      res.setHeader("connection", "close"); // every attempt opens (and resolves for) a new connection
      res.statusCode = /^p\d+-(hook|run|batch)-/.test(host) ? 500 : 200;
      res.end("public receiver");
    });
  });
  await new Promise<void>((resolve) => publicReceiver.listen(port, "127.0.0.2", resolve));

  service = await createOwnService("egress");
  await service.start({
    WEBHOOK_ALLOW_PRIVATE_URLS: "false",
    NODE_OPTIONS: `--require ${PRELOAD}`,
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    WEBHOOK_RETRY_SCHEDULE: "1s", // two attempts: the public one, then the rebound one
  });
});

afterAll(async () => {
  await service?.dispose();
  internal.close();
  publicReceiver?.closeAllConnections();
  publicReceiver?.close();
  if (certificate) rmSync(path.dirname(certificate.certPath), { recursive: true, force: true });
});

type TAttempt = { attempt: number; status: string; response_status: number | null; error: string | null; response_body: string | null };

/** Attempts recorded for a destination URL (runs' and batches' own URLs have no API log of their own). */
async function attemptsTo(destination: string, count: number): Promise<TAttempt[]> {
  return until(`${count} attempts to ${destination}`, () =>
    withDatabase(service.databaseUrl, async (client) => {
      const { rows } = await client.query<TAttempt>(
        "SELECT attempt, status, response_status, error, response_body FROM webhook_deliveries WHERE url = $1 ORDER BY attempt",
        [destination],
      );
      return rows.length >= count ? rows : undefined;
    }),
  );
}

/** Attempt 1 reached the public receiver (500, retried); attempt 2, rebound to loopback, was refused with the neutral reason. */
function expectPublicThenRefused(attempts: TAttempt[]) {
  expect(attempts).toEqual([
    { attempt: 1, status: "failed", response_status: 500, error: "Receiver answered HTTP 500", response_body: "public receiver" },
    { attempt: 2, status: "failed", response_status: null, error: NOT_ALLOWED, response_body: null },
  ]);
}

describe("webhook egress is pinned to the address that was checked", () => {
  it("a registered webhook: the delivery reaches the checked public address, the rebound retry is refused", async () => {
    const tenant = await service.createOrgKey("Hook Co");
    const registered = await service.api("POST", "/v1/webhooks", tenant.key, { url: url("p2-hook-a"), events: ["run.completed"] });
    expect(registered.status).toBe(201);
    const run = await service.api("POST", "/v1/run", tenant.key, completingRun);
    expect(run.status).toBe(202);

    const attempts = await attemptsTo(url("p2-hook-a"), 2);
    expect(internalConnections, "connections to the internal service").toBe(0);
    expectPublicThenRefused(attempts);
    const log = await service.api("GET", `/v1/webhooks/${registered.body.data.id}/deliveries`, tenant.key);
    expect(log.body.data.map((row: TAttempt) => [row.attempt, row.error])).toEqual([
      [2, NOT_ALLOWED],
      [1, "Receiver answered HTTP 500"],
    ]);
    expect(publicRequests.filter((request) => request.host === "p2-hook-a.rebind.test")).toEqual([
      { host: "p2-hook-a.rebind.test", servername: "p2-hook-a.rebind.test" },
    ]);
  });

  it("a run's webhook_url: same pinning, same neutral reason", async () => {
    const tenant = await service.createOrgKey("Run Co");
    const run = await service.api("POST", "/v1/run", tenant.key, { ...completingRun, webhook_url: url("p2-run-a") });
    expect(run.status).toBe(202);
    const attempts = await attemptsTo(url("p2-run-a"), 2);
    expect(internalConnections, "connections to the internal service").toBe(0);
    expectPublicThenRefused(attempts);
  });

  it("a batch's webhook_url: same pinning, same neutral reason", async () => {
    const tenant = await service.createOrgKey("Batch Co");
    const batch = await service.api("POST", "/v1/batches", tenant.key, {
      agent_type: "rfq_generator",
      webhook_url: url("p2-batch-a"),
      rows: [{ task: "Quote", data: completingRun.data }],
    });
    expect(batch.status).toBe(201);
    const attempts = await attemptsTo(url("p2-batch-a"), 2);
    expect(internalConnections, "connections to the internal service").toBe(0);
    expectPublicThenRefused(attempts);
  });

  it("the test endpoint and a resend: the public attempt succeeds, the rebound ones are refused", async () => {
    const tenant = await service.createOrgKey("Test Co");
    const registered = await service.api("POST", "/v1/webhooks", tenant.key, { url: url("p2-test-a"), events: ["run.completed"] });
    expect(registered.status).toBe(201);
    const webhookId = registered.body.data.id;

    const first = await service.api("POST", `/v1/webhooks/test/${tenant.orgId}`, tenant.key);
    expect(internalConnections, "connections to the internal service").toBe(0);
    expect(first.body.data).toEqual([{ webhook_id: webhookId, status: "succeeded", response_status: 200 }]);
    const second = await service.api("POST", `/v1/webhooks/test/${tenant.orgId}`, tenant.key);
    expect(second.body.data).toEqual([{ webhook_id: webhookId, status: "failed", response_status: null }]);

    const log = await service.api("GET", `/v1/webhooks/${webhookId}/deliveries`, tenant.key);
    const succeeded = log.body.data.find((row: TAttempt) => row.status === "succeeded");
    const resend = await service.api("POST", `/v1/webhooks/${webhookId}/deliveries/${succeeded.id}/resend`, tenant.key);
    expect(resend.status).toBe(202);

    const attempts = await until("the resend's attempt", async () => {
      const page = await service.api("GET", `/v1/webhooks/${webhookId}/deliveries`, tenant.key);
      return page.body.data.length >= 3 ? (page.body.data as (TAttempt & { event_id: string })[]) : undefined;
    });
    expect(attempts.map(({ status, response_status, error, response_body }) => ({ status, response_status, error, response_body }))).toEqual([
      { status: "failed", response_status: null, error: NOT_ALLOWED, response_body: null }, // the resend
      { status: "failed", response_status: null, error: NOT_ALLOWED, response_body: null }, // the second test call
      { status: "succeeded", response_status: 200, error: null, response_body: "public receiver" },
    ]);
    expect(attempts[0]!.event_id).toBe(succeeded.event_id);
    expect(publicRequests.filter((request) => request.host === "p2-test-a.rebind.test")).toHaveLength(1);
    expect(internalConnections).toBe(0);
  });

  it("the dashboard's Send test (tRPC, served from Next's own bundle): same pinning", async () => {
    const tenant = await service.createOrgKey("Dashboard Co");
    const registered = await service.api("POST", "/v1/webhooks", tenant.key, { url: url("p2-dash-a"), events: ["run.completed"] });
    expect(registered.status).toBe(201);
    const cookie = await service.signIn(tenant.orgId, "admin");
    const { baseUrl } = service.server();
    const sendTest = async () => {
      const response = await fetch(`${baseUrl}/api/trpc/webhooks.test`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: baseUrl },
        body: JSON.stringify({ orgId: tenant.orgId }),
      });
      expect(response.status).toBe(200);
      return (await response.json()).result.data.data;
    };

    expect(await sendTest()).toEqual([{ webhook_id: registered.body.data.id, status: "succeeded", response_status: 200 }]);
    expect(await sendTest()).toEqual([{ webhook_id: registered.body.data.id, status: "failed", response_status: null }]);
    expect(internalConnections, "connections to the internal service").toBe(0);
    const log = await service.api("GET", `/v1/webhooks/${registered.body.data.id}/deliveries`, tenant.key);
    expect(log.body.data.map((row: TAttempt) => row.error)).toEqual([NOT_ALLOWED, null]);
  });
});
