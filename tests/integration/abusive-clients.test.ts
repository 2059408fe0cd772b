// Slow and abusive clients against the real server (a server of this file's own, with low
// timeouts): raw sockets that stall their headers or their body get a typed 408 and lose
// the socket; a declared oversized body gets 413 before any of it is sent; a key holding
// STREAMS_PER_API_KEY open streams is refused the next with a typed 429 until one closes.
// Throughout, ordinary requests are served.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const HEADERS_TIMEOUT_MS = 1_500;
const REQUEST_TIMEOUT_MS = 3_000;
const STREAM_CAP = 3;

let service: TOwnService;
let key: string;
let otherKey: string;
let runId: string;

beforeAll(async () => {
  service = await createOwnService("abusive_clients");
  await service.start({
    REDIS_URL,
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    STREAMS_PER_API_KEY: String(STREAM_CAP),
    // Runs stay in progress, so their streams stay open until closed.
    AGENT_LATENCY_MS: "600000",
  });
  const org = await service.createOrgKey("Abusive Co");
  key = org.key;
  ({ key: otherKey } = await service.cli("create-key", "--org", org.orgId, "--name", "other", "--scopes", "all", "--mode", "live"));
  const created = await service.api("POST", "/v1/run", key, { task: "Stream me for a while" });
  expect(created.status).toBe(202);
  runId = created.body.run_id;
}, 120_000);

afterAll(async () => {
  await service?.dispose();
});

type TRawExchange = {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
};

/** Opens a socket to the server and writes `text` as is. */
function rawRequest(text: string): Promise<TRawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(service.server().port, "127.0.0.1", () => {
      socket.write(text);
      resolve({ socket, closed });
    });
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    const closed = new Promise<string>((done) => socket.on("close", () => done(received)));
    socket.once("error", reject);
  });
}

function parseResponse(raw: string): { status: number; headers: string; body: any } {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  let text = rest.join("\r\n\r\n");
  if (/transfer-encoding: chunked/i.test(head)) {
    let decoded = "";
    for (let at = 0; ; ) {
      const lineEnd = text.indexOf("\r\n", at);
      const size = parseInt(text.slice(at, lineEnd), 16);
      if (!size) break;
      decoded += text.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    text = decoded;
  }
  return { status, headers: head.toLowerCase(), body: text ? JSON.parse(text) : undefined };
}

/** Resolves with the value, or rejects after `ms` (the condition never came). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms))]);
}

async function expectServing(): Promise<void> {
  const reply = await service.api("GET", "/v1/runs?limit=1", key);
  expect(reply.status).toBe(200);
}

function expectTyped(body: any, type: string): void {
  expect(body).toMatchObject({ type, error: expect.any(String), message: expect.any(String) });
}

describe("server timeouts", () => {
  it("answers a client that stalls in its headers with 408 request_timeout and closes the socket", async () => {
    const exchange = await rawRequest(`GET /v1/runs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n`);
    await expectServing();
    // Generous: the timeout plus Node's check interval on a loaded machine.
    const raw = await within(exchange.closed, HEADERS_TIMEOUT_MS + 15_000, "the slow-headers socket closing");
    const reply = parseResponse(raw);
    expect(reply.status).toBe(408);
    expectTyped(reply.body, "request_timeout");
    await expectServing();
  });

  it("answers a client that sends headers then stalls its body with 408 request_timeout JSON and frees the socket", async () => {
    const exchange = await rawRequest(
      `POST /v1/run HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"task": "sl`,
    );
    await expectServing();
    const raw = await within(exchange.closed, REQUEST_TIMEOUT_MS + 15_000, "the stalled-body socket closing");
    const reply = parseResponse(raw);
    expect(reply.status).toBe(408);
    expect(reply.headers).toContain("content-type: application/json");
    expectTyped(reply.body, "request_timeout");
    expect(exchange.socket.destroyed).toBe(true);
    await expectServing();
  });

  it("answers a client that trickles its body a byte at a time with 408 once the request deadline passes", async () => {
    const exchange = await rawRequest(
      `POST /v1/run HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
    );
    const trickle = setInterval(() => exchange.socket.writable && exchange.socket.write(" "), 200);
    try {
      const raw = await within(exchange.closed, REQUEST_TIMEOUT_MS + 15_000, "the trickling socket closing");
      const reply = parseResponse(raw);
      expect(reply.status).toBe(408);
      expectTyped(reply.body, "request_timeout");
    } finally {
      clearInterval(trickle);
    }
    await expectServing();
  });

  it("refuses a declared oversized body with 413 at once, before any of it is sent", async () => {
    // /v1 after authenticating the key (an anonymous caller gets 401 whatever its body);
    // the dashboard's sign-in route before anything else.
    for (const [path, auth] of [
      ["/v1/run", `Authorization: Bearer ${key}\r\n`],
      ["/api/auth/sign-in/email", ""],
    ] as const) {
      // Connection: close, so the socket's end marks the end of the answer.
      const exchange = await rawRequest(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${auth}Content-Type: application/json\r\nContent-Length: 10737418240\r\nConnection: close\r\n\r\n`,
      );
      // Before the request timeout: the answer is the 413, not a 408 for the missing body.
      const raw = await within(exchange.closed, REQUEST_TIMEOUT_MS, `the 413 on ${path}`);
      const reply = parseResponse(raw);
      expect(reply.status, path).toBe(413);
      expectTyped(reply.body, "payload_too_large");
      expect(reply.headers).toMatch(/x-request-id: [0-9a-f-]{36}/);
    }
    // The dashboard's tRPC route refuses it as early, in tRPC's envelope.
    const dashboard = await rawRequest(
      `POST /api/trpc/triage.reject HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\nConnection: close\r\n\r\n`,
    );
    const reply = parseResponse(await within(dashboard.closed, REQUEST_TIMEOUT_MS, "the 413 on /api/trpc"));
    expect(reply.status).toBe(413);
    expect(reply.body.error.data.body).toMatchObject({ type: "payload_too_large" });
    await expectServing();
  });
});

describe("concurrent streams per API key", () => {
  const open: AbortController[] = [];

  afterAll(() => {
    for (const controller of open) controller.abort();
  });

  async function openStream(apiKey: string): Promise<{ response: Response; controller: AbortController; reader?: ReadableStreamDefaultReader<Uint8Array> }> {
    const controller = new AbortController();
    const response = await fetch(`${service.server().baseUrl}/v1/runs/${runId}/stream`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (response.status !== 200) return { response, controller };
    open.push(controller);
    const reader = response.body!.getReader();
    await reader.read(); // the stream is live: its first frame arrived
    return { response, controller, reader };
  }

  it(`holds ${STREAM_CAP} streams per key, refuses the next with a typed 429, leaves other keys alone, and frees a slot when one closes`, async () => {
    const held = [];
    for (let index = 0; index < STREAM_CAP; index += 1) {
      const stream = await openStream(key);
      expect(stream.response.status).toBe(200);
      held.push(stream);
    }

    const refused = await openStream(key);
    expect(refused.response.status).toBe(429);
    const body = await refused.response.json();
    expect(body).toMatchObject({ type: "rate_limited", error: "Rate limit exceeded", retry_after: expect.any(Number) });
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.response.headers.get("retry-after")).toBe(String(body.retry_after));

    // Another key of the same organization has slots of its own.
    const other = await openStream(otherKey);
    expect(other.response.status).toBe(200);
    await expectServing();

    // Streams are responses, not requests: the request timeout does not cut them.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 1_500));
    expect((await openStream(key)).response.status).toBe(429);
    const stillOpen = await Promise.race([
      held[0]!.reader!.read().then(({ done }) => (done ? "closed" : "open")),
      new Promise((resolve) => setTimeout(() => resolve("open"), 500)),
    ]);
    expect(stillOpen).toBe("open");

    // Closing one frees its slot at once (the server notices the closed socket).
    held[0]!.controller.abort();
    await expect.poll(async () => {
      const again = await openStream(key);
      if (again.response.status !== 200) await again.response.body?.cancel();
      return again.response.status;
    }, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await openStream(key)).response.status).toBe(429);
  });
});

describe("the server after all of it", () => {
  it("still serves and logged no unhandled error for any refused client", async () => {
    await expectServing();
    const errors = service
      .server()
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });
});
