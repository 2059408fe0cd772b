// The request pipeline against hostile input, one reproduction per case, over HTTP against
// the real server: deep JSON, lone surrogates, malformed percent-encoding, authentication
// before the body, HEAD, strict integers, Node's own parser errors, and cloud-metadata
// webhook URLs (the shared server runs with WEBHOOK_ALLOW_PRIVATE_URLS=true).
import net from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, signInCookie, type TResponse, type TTenant, UUID_PATTERN, waitForRunToSettle } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

let tenant: TTenant;
/** The tenant's admin signed in to the dashboard, in test mode (like the test key). */
let dashboardCookie: string;

beforeAll(async () => {
  tenant = await createTenant();
  dashboardCookie = `${await signInCookie(tenant.memberEmail, "correct horse battery")}; aw_mode=test`;
});

/** `{"k":{"k":…1…}}` with `levels` objects. */
const nestedText = (levels: number) => `${'{"k":'.repeat(levels)}1${"}".repeat(levels)}`;
const json = { "content-type": "application/json" };

function expectTypedError(response: TResponse, status: number, type: string) {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ error: expect.any(String), type, message: expect.any(String) });
  expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
}

function expectIssue(response: TResponse, path: string, message: RegExp | string) {
  expectTypedError(response, 400, "validation_error");
  expect(response.body.issues).toEqual([{ path, message: typeof message === "string" ? message : expect.stringMatching(message) }]);
}

describe("deep JSON", () => {
  it("answers a 10,000-level body with 400 at once, and the server keeps answering", async () => {
    const started = performance.now();
    const [deep, health] = await Promise.all([
      call("POST", "/v1/run", { key: tenant.testKey, rawBody: nestedText(10_000), headers: json }),
      call("GET", "/v1/health"),
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expectIssue(deep, "(body)", "must not be nested deeper than 64 levels");
    expect(deep.body.message).toBe("Request body must not be nested deeper than 64 levels");
    expect(health.status).toBe(200);
  });

  it("answers 100,000 levels of arrays (1.2 MB) with 400 too", async () => {
    const body = `{"task":"x","data":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    expectIssue(await call("POST", "/v1/run", { key: tenant.testKey, rawBody: body, headers: json }), "(body)", /nested deeper than 64/);
  });

  it.each([200, 120, 64])("refuses `data` nested %i levels deep (the body one more) with 400", async (levels) => {
    const response = await call("POST", "/v1/run", {
      key: tenant.testKey,
      rawBody: `{"task":"deep data","data":${nestedText(levels)}}`,
      headers: json,
    });
    expectIssue(response, "(body)", "must not be nested deeper than 64 levels");
  });

  it("accepts a body at the limit, and its run settles (its state can be saved)", async () => {
    const created = await call("POST", "/v1/run", {
      key: tenant.testKey,
      rawBody: `{"task":"deep but allowed","agent_type":"center","data":${nestedText(63)}}`,
      headers: json,
    });
    expect(created.status, created.text).toBe(202);
    const settled = await waitForRunToSettle(tenant.testKey, created.body.run_id);
    expect(["completed", "pending_triage"]).toContain(settled.run.status);
  });

  it("refuses deep batch row data the same way", async () => {
    const response = await call("POST", "/v1/batches", {
      key: tenant.testKey,
      rawBody: `{"agent_type":"center","rows":[{"task":"r","data":${nestedText(80)}}]}`,
      headers: json,
    });
    expectIssue(response, "(body)", /nested deeper than 64/);
  });
});

describe("lone UTF-16 surrogates and NUL", () => {
  it.each([
    ["task", '{"task":"a\\ud800b"}', "task"],
    ["a trailing low surrogate", '{"task":"ab\\udfff"}', "task"],
    ["a key of data", '{"task":"t","data":{"x\\udc00":1}}', "data.x\udc00"],
    ["a nested value", '{"task":"t","data":{"list":["ok","\\ud83d"]}}', "data.list.1"],
  ])("refuses one in %s on POST /v1/run, naming the field", async (_name, rawBody, path) => {
    const response = await call("POST", "/v1/run", { key: tenant.testKey, rawBody, headers: json });
    expectIssue(response, path, /unpaired UTF-16 surrogates/);
  });

  it("accepts properly paired surrogates (emoji)", async () => {
    const response = await call("POST", "/v1/run", { key: tenant.testKey, body: { task: "ship 😀", data: { "k😀": "v😀" } } });
    expect(response.status).toBe(202);
  });

  it("refuses one in a batch name and a row task", async () => {
    expectIssue(
      await call("POST", "/v1/batches", { key: tenant.testKey, rawBody: '{"agent_type":"center","name":"b\\ud800","rows":[{"task":"x"}]}', headers: json }),
      "name",
      /unpaired/,
    );
    expectIssue(
      await call("POST", "/v1/batches", { key: tenant.testKey, rawBody: '{"agent_type":"center","rows":[{"task":"x"},{"task":"\\udc00"}]}', headers: json }),
      "rows.1.task",
      /unpaired/,
    );
  });

  it("refuses one in resolution_note and leaves the triage item pending", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, {
      key: tenant.key,
      rawBody: '{"resolution_note":"fine\\ud800"}',
      headers: json,
    });
    expectIssue(response, "resolution_note", /unpaired/);
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.triage_item.status).toBe("pending");
  });

  it("refuses NUL in a query string value or name", async () => {
    expectIssue(await call("GET", "/v1/runs?status=%00", { key: tenant.testKey }), "status", /NUL/);
    expectIssue(await call("GET", "/v1/runs?a%00=1", { key: tenant.testKey }), "(query)", /NUL/);
  });
});

describe("malformed percent-encoding in paths", () => {
  it.each(["/v1/runs/%ED%A0%80/stream", "/v1/runs/%/stream", "/v1/runs/%zz/stream", "/v1/runs/%", "/v1/runs/%ED%A0%80", "/v1/batches/%E0%A4%A", "/v1/runs/%C0%AF/cancel"])(
    "%s is 400 with a key and 401 without",
    async (path) => {
      const method = path.endsWith("/cancel") ? "POST" : "GET";
      const withKey = await call(method, path, { key: tenant.testKey });
      expectIssue(withKey, "id", "id must be a UUID");
      expectTypedError(await call(method, path), 401, "authentication_error");
    },
  );
});

describe("authentication and scope before the body", () => {
  it("answers 401 without a key whatever the body: text/plain, malformed JSON, deep, oversized", async () => {
    const cases = [
      { rawBody: "task=x", headers: { "content-type": "text/plain" } },
      { rawBody: "{", headers: json },
      { rawBody: nestedText(10_000), headers: json },
      { rawBody: "x".repeat(6 * 1024 * 1024), headers: json },
    ];
    for (const options of cases) {
      const response = await call("POST", "/v1/run", options);
      expectTypedError(response, 401, "authentication_error");
    }
  });

  it("answers 403 to a read-only key whatever the body", async () => {
    const readOnly = await createKey(tenant, "agents:read", "test");
    for (const options of [{ rawBody: "{", headers: json }, { rawBody: "task=x", headers: { "content-type": "text/plain" } }]) {
      const response = await call("POST", "/v1/run", { key: readOnly.key, ...options });
      expectTypedError(response, 403, "insufficient_scope");
      expect(response.body.required).toBe("agents:run");
    }
  });

  it("still answers 415 and 400 to an authorized key", async () => {
    expectTypedError(await call("POST", "/v1/run", { key: tenant.testKey, rawBody: "task=x", headers: { "content-type": "text/plain" } }), 415, "unsupported_media_type");
    expectIssue(await call("POST", "/v1/run", { key: tenant.testKey, rawBody: "{", headers: json }), "(body)", "malformed JSON");
  });

  it("authorizes once per request: each call takes exactly one unit of the rate limit", async () => {
    const key = (await createKey(tenant, "agents:read", "test")).key;
    for (let attempt = 0; ; attempt++) {
      const replies = [];
      for (let index = 0; index < 4; index++) replies.push(await call("GET", "/v1/runs?limit=1", { key }));
      const remaining = replies.map((reply) => Number(reply.headers.get("ratelimit-remaining")));
      const resets = replies.map((reply) => Number(reply.headers.get("ratelimit-reset")));
      // A minute boundary in between reweighs the sliding window: measure again.
      if (resets.some((reset, index) => index > 0 && reset > resets[index - 1]!) && attempt < 2) continue;
      expect(remaining[0]! - remaining[3]!).toBe(3);
      break;
    }
  });
});

describe("HEAD", () => {
  it("answers HEAD /v1/health like GET, without a body", async () => {
    const response = await fetch(`${inject("baseUrl")}/v1/health`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(UUID_PATTERN);
    expect(await response.text()).toBe("");
  });

  it("answers HEAD on a protected list after authorizing it", async () => {
    const anonymous = await fetch(`${inject("baseUrl")}/v1/runs`, { method: "HEAD" });
    expect(anonymous.status).toBe(401);
    const authorized = await fetch(`${inject("baseUrl")}/v1/runs`, { method: "HEAD", headers: { authorization: `Bearer ${tenant.testKey}` } });
    expect(authorized.status).toBe(200);
  });
});

describe("strict integers in query strings", () => {
  it.each([
    ["limit=abc", "limit", "limit must be a whole number between 1 and 100"],
    ["limit=0x10", "limit", "limit must be a whole number between 1 and 100"],
    ["limit=1e1", "limit", "limit must be a whole number between 1 and 100"],
    ["limit=", "limit", "limit must be a whole number between 1 and 100"],
    ["limit=101", "limit", "limit must be a whole number between 1 and 100"],
    ["limit=5&limit=500", "limit", "limit must be given once"],
    ["limit=5&limit=5", "limit", "limit must be given once"],
    ["offset=-1", "offset", "offset must be a whole number, 0 or more"],
    ["offset=0x1", "offset", "offset must be a whole number, 0 or more"],
  ])("GET /v1/runs?%s is 400 naming %s", async (query, path, message) => {
    const response = await call("GET", `/v1/runs?${query}`, { key: tenant.testKey });
    expectIssue(response, path, message);
    expect(response.body.message).toBe(`Invalid ${path}: ${message}`);
  });

  it("accepts plain decimals on every list", async () => {
    for (const path of ["/v1/runs", "/v1/triage", "/v1/batches"]) {
      const response = await call("GET", `${path}?limit=16&offset=0`, { key: tenant.testKey });
      expect(response.status, path).toBe(200);
      expect(response.body).toMatchObject({ limit: 16, offset: 0 });
    }
  });

  it("ignores query parameters named like Object.prototype members instead of failing (found by the property test)", async () => {
    for (const query of ["toString=queued", "constructor=x&hasOwnProperty=y", "__proto__=a&__proto__=b&limit=2"]) {
      const response = await call("GET", `/v1/runs?${query}`, { key: tenant.testKey });
      expect(response.status, query).toBe(200);
      expect(response.body.data).toEqual(expect.any(Array));
    }
  });

  it("takes numbers from the dashboard transport", async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: 3, offset: 1 }));
    const response = await fetch(`${inject("baseUrl")}/api/trpc/runs.list?input=${input}`, { headers: { cookie: dashboardCookie } });
    expect(response.status).toBe(200);
    expect((await response.json()).result.data).toMatchObject({ limit: 3, offset: 1 });
  });

  it("documents limit and offset as integers with bounds and defaults", async () => {
    const document = (await call("GET", "/v1/openapi.json")).body;
    const parameters = Object.fromEntries(document.paths["/v1/runs"].get.parameters.map((parameter: any) => [parameter.name, parameter.schema]));
    expect(parameters.limit).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(parameters.offset).toMatchObject({ type: "integer", minimum: 0, default: 0 });
  });
});

describe("the dashboard transport refuses the same input", () => {
  const mutate = (procedure: string, rawBody: string) =>
    fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, { method: "POST", headers: { cookie: dashboardCookie, ...json }, body: rawBody });

  it.each([
    ["deep data", `{"task":"t","data":${nestedText(200)}}`, "(body)", /nested deeper than 64/],
    ["a lone surrogate in task", '{"task":"a\\ud800"}', "task", /unpaired/],
    ["NUL in a data key", '{"task":"t","data":{"k\\u0000":1}}', "data.k\u0000", /NUL/],
  ])("%s → 400 with the typed body", async (_name, rawBody, path, message) => {
    const response = await mutate("runs.create", rawBody);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.data.body).toMatchObject({ error: "validation_error", type: "validation_error", issues: [{ path, message: expect.stringMatching(message) }] });
  });
});

/** Sends raw bytes and returns whatever the server wrote before closing. */
function rawExchange(request: string): Promise<{ status: number; headers: Record<string, string>; body: any; raw: string }> {
  const { hostname, port } = new URL(inject("baseUrl"));
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let raw = "";
    const finish = () => {
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: parsed, raw });
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("close", finish);
    socket.on("error", () => undefined);
    socket.write(request);
  });
}

describe("requests Node's HTTP parser refuses", () => {
  it.each([
    ["headers over the size limit", `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "headers_too_large"],
    ["an unknown method", "FOO /v1/health HTTP/1.1\r\nHost: x\r\n\r\n", 400, "validation_error"],
    ["a malformed header line", "GET /v1/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "validation_error"],
    ["a malformed request line", "GARBAGE\r\n\r\n", 400, "validation_error"],
    ["conflicting body lengths", "POST /v1/run HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}", 400, "validation_error"],
  ])("answers %s with a typed JSON body and a request id", async (_name, request, status, type) => {
    const response = await rawExchange(request);
    expect(response.status, response.raw.slice(0, 200)).toBe(status);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["x-request-id"]).toMatch(UUID_PATTERN);
    expect(response.headers.connection).toBe("close");
    expect(response.body).toMatchObject({ error: expect.any(String), type, message: expect.any(String) });
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(response.body)));
  });

  it("keeps serving after them", async () => {
    expect((await call("GET", "/v1/health")).status).toBe(200);
  });
});

describe("cloud metadata webhook URLs, refused even with WEBHOOK_ALLOW_PRIVATE_URLS=true", () => {
  it.each([
    "https://169.254.169.254/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[::169.254.169.254]/latest/meta-data",
    "https://2852039166/",
    "https://0xa9fea9fe/",
    "https://0251.0376.0251.0376/",
    "https://169.254.169.254./",
    "https://[fd00:ec2::254]/",
  ])("POST /v1/webhooks refuses %s", async (url) => {
    const response = await call("POST", "/v1/webhooks", { key: tenant.testKey, body: { url, events: ["run.completed"] } });
    expectIssue(response, "url", /^webhook URL points to a cloud metadata address \(.+\)$/);
  });

  it("POST /v1/run refuses a metadata webhook_url and creates no run", async () => {
    const before = (await call("GET", "/v1/runs?limit=1", { key: tenant.key })).body.total;
    const response = await call("POST", "/v1/run", { key: tenant.key, body: { task: "t", webhook_url: "https://[::ffff:169.254.169.254]/x" } });
    expectIssue(response, "webhook_url", /cloud metadata/);
    expect((await call("GET", "/v1/runs?limit=1", { key: tenant.key })).body.total).toBe(before);
  });

  it("still accepts a loopback receiver (the flag's purpose)", async () => {
    const response = await call("POST", "/v1/webhooks", { key: tenant.testKey, body: { url: "https://127.0.0.1:9/hook", events: ["run.completed"] } });
    expect(response.status).toBe(201);
  });
});
