// Webhook receivers that misbehave, injected into the real server's deliveries with a raw
// local HTTPS server: a 3xx is a failed attempt and its Location is never visited; a
// connection reset is a failed attempt with a clear error, retried with the same event id;
// an endless 10 MB answer is read only as far as a 2 KB excerpt, so the attempt records at
// once as a success. (410 Gone and the hang past 10 s: webhook-healing and
// webhook-deliveries tests.) The shared server retries every 1 s.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { call, createTenant, type TTenant, waitFor } from "../helpers/api.ts";

/** `reset()` sends a TCP RST on the request's connection (below TLS, as a crashing peer would). */
type THandler = (req: IncomingMessage, res: ServerResponse, index: number, reset: () => void) => void;
type TRawReceiver = { url: string; received: { headers: IncomingMessage["headers"]; body: string }[]; close: () => Promise<void> };
const started: TRawReceiver[] = [];

async function rawReceiver(handle: THandler): Promise<TRawReceiver> {
  const { certPath, keyPath } = inject("certificate");
  const received: TRawReceiver["received"] = [];
  const server = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.on("error", () => undefined); // the client may hang up mid-answer (the 10 MB case)
      const raw = rawSockets.find((socket) => socket.remotePort === req.socket.remotePort);
      handle(req, res, received.length - 1, () => raw?.resetAndDestroy());
    });
  });
  const rawSockets: Socket[] = [];
  server.on("connection", (socket: Socket) => rawSockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiver = {
    url: `https://localhost:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  started.push(receiver);
  return receiver;
}
afterAll(async () => {
  await Promise.all(started.map((receiver) => receiver.close()));
});

const completingRun = { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "bolts", quantity: 3 }] } };

async function subscribe(tenant: TTenant, url: string): Promise<string> {
  const response = await call("POST", "/v1/webhooks", { key: tenant.key, body: { url, events: ["run.completed"] } });
  expect(response.status).toBe(201);
  return response.body.data.id;
}
const attempts = (tenant: TTenant, id: string, count: number) =>
  // On the page itself (total is counted in a separate query, so it can run ahead of data).
  waitFor(`/v1/webhooks/${id}/deliveries`, tenant.key, (body: any) => body.data.length >= count, 40_000).then((body: any) => [...body.data].reverse());

describe("misbehaving receivers", () => {
  it("a 3xx is a failed attempt that is retried; the redirect is never followed", async () => {
    const tenant = await createTenant();
    const target = await rawReceiver((_req, res) => res.end("should never be reached"));
    const redirecting = await rawReceiver((_req, res, index) => {
      if (index === 0) {
        res.writeHead(307, { location: target.url }).end("moved");
      } else {
        res.writeHead(200).end("ok");
      }
    });
    const id = await subscribe(tenant, redirecting.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const [first, second] = await attempts(tenant, id, 2);
    expect(first).toMatchObject({ attempt: 1, status: "failed", response_status: 307, error: expect.stringMatching(/redirects are not followed/), response_body: "moved" });
    expect(first.next_attempt_at).toEqual(expect.any(String));
    expect(second).toMatchObject({ attempt: 2, status: "succeeded", response_status: 200, event_id: first.event_id });
    expect(target.received).toHaveLength(0);
  });

  it("a connection reset is a failed attempt with a clear error, retried with the same event id", async () => {
    const tenant = await createTenant();
    const resetting = await rawReceiver((_req, res, index, reset) => {
      if (index === 0) reset();
      else res.writeHead(200).end("ok");
    });
    const id = await subscribe(tenant, resetting.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const [first, second] = await attempts(tenant, id, 2);
    expect(first).toMatchObject({ attempt: 1, status: "failed", response_status: null, response_body: null });
    expect(first.error).toMatch(/Connection reset by the receiver \(ECONNRESET\)/);
    expect(second).toMatchObject({ attempt: 2, status: "succeeded", event_id: first.event_id });
    expect(resetting.received.map((request) => request.headers["x-service-event-id"])).toEqual([first.event_id, first.event_id]);
  });

  it("an endless 10 MB answer is read only as far as a 2 KB excerpt: the attempt records as a success at once", async () => {
    const tenant = await createTenant();
    // 10 MB, and the answer never ends: reading it to the end would time out after 10 s.
    const flooding = await rawReceiver((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(10 * 1024 * 1024 + 1) });
      const chunk = Buffer.alloc(64 * 1024, "x");
      for (let sent = 0; sent < 10 * 1024 * 1024 && !res.destroyed; sent += chunk.length) res.write(chunk);
    });
    const id = await subscribe(tenant, flooding.url);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const [first] = await attempts(tenant, id, 1);
    expect(first).toMatchObject({ attempt: 1, status: "succeeded", response_status: 200, error: null, next_attempt_at: null });
    expect(first.response_body).toBe("x".repeat(2048));
    expect(first.duration_ms).toBeLessThan(10_000); // not the timeout: the rest was never waited for
    expect(flooding.received).toHaveLength(1);
  });
});
