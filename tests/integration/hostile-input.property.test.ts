// Property: whatever a client sends to any operation of the OpenAPI document, the server
// never fails (status < 500), every response carries an X-Request-Id, and every 4xx is the
// typed JSON body {error, type, message}. Requests combine hostile bodies (deep nesting,
// huge strings, lone surrogates, NUL, wrong types, arrays, non-JSON, odd content types),
// hostile ids (malformed percent-encoding, overlong, unicode), hostile query strings
// (repeated, hex, negative, huge) and headers (bad keys, junk Idempotency-Key), with and
// without a valid key.
//
// FUZZ_RUNS sets the number of cases (default 2000: about 12 s alone on two cores, under a
// minute beside the rest of the suite; FUZZ_RUNS=20000 for a longer hunt), run as
// FUZZ_CONCURRENCY (default 4) independent fast-check runs. A failure prints its seed and
// shrunk counterexample; FUZZ_SEED=<seed> FUZZ_CONCURRENCY=1 FUZZ_RUNS=<runs> replays it.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TTenant, UUID_PATTERN } from "../helpers/api.ts";

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 4));
const REQUEST_TIMEOUT_MS = 15_000;

type TOperation = { method: string; path: string; pathParams: string[]; queryParams: string[] };

let operations: TOperation[] = [];
let tenant: TTenant;
/** Test-mode keys with every scope (free, and each has its own rate-limit budget). */
let fullKeys: string[] = [];
let readOnlyKey = "";
/** Ids that exist for this tenant, so some requests get past "not found". */
let knownIds: string[] = [];

beforeAll(async () => {
  const document = (await call("GET", "/v1/openapi.json")).body;
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      queryParams: (operation.parameters ?? []).filter((parameter: any) => parameter.in === "query").map((parameter: any) => parameter.name),
    })),
  );
  tenant = await createTenant({ name: "Fuzz Co" });
  const [extra1, extra2, readOnly] = await Promise.all([
    createKey(tenant, "all", "test"),
    createKey(tenant, "all", "test"),
    createKey(tenant, "agents:read", "test"),
  ]);
  fullKeys = [tenant.testKey, extra1.key, extra2.key];
  readOnlyKey = readOnly.key;
  const run = await call("POST", "/v1/run", { key: tenant.testKey, body: { task: "fuzz target run" } });
  knownIds = [run.body.run_id, tenant.orgId];
}, 120_000);

// ---------------------------------------------------------------------------------------
// Building blocks

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as fetch would send them). */
const pct = (value: string) =>
  [...Buffer.from(value, "utf8")].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)).join("");

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const oddString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.tuple(fc.string({ maxLength: 4 }), loneSurrogate, fc.string({ maxLength: 4 })).map(([a, b, c]) => a + b + c),
  fc.constantFrom("\u0000", "a\u0000b", "😀", "\ud83d", "\ude00x", "", " ", "null", "<script>", "' OR 1=1 --", "../../etc/passwd"),
);

/** A path segment: real ids, random UUIDs, malformed percent-encoding, overlong, unicode. */
const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...["known-0", "known-1"]) },
  { weight: 3, arbitrary: fc.uuid().map((id) => id) },
  {
    weight: 4,
    arbitrary: fc.constantFrom("%", "%zz", "%ED%A0%80", "%C0%AF", "%E0%A4%A", "%FF%FE", "%00", "%2F", "%2e%2e", "..", ".", "%25", "%u0041", "abc", "0", "-1", "NaN"),
  },
  // Expanded by buildRequest (a counterexample stays readable): 20,000 characters overflow Node's header limit.
  { weight: 1, arbitrary: fc.constantFrom(100, 1_000, 20_000).map((length) => `@long:${length}`) },
  { weight: 2, arbitrary: oddString.map(pct) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 8 }).map((value) => value.replace(/[/?#%\\]/g, "_")) },
);

const queryValue = fc.oneof(
  fc.constantFrom("abc", "0x10", "-1", "1e3", "99999999999999999999999", "", "5", "100", "101", "0", "NaN", "Infinity", "+5", "5.5", " 5", "016"),
  fc.constantFrom("queued", "running", "completed", "pending", "%", "%ED%A0%80", "%00", "%zz", "%C0%AF"),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  oddString.map(pct),
);

/** A hostile query string: known names (repeated too) and random ones. */
const queryString = (names: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names, "limit", "offset", "status"), oddString.map(pct)), queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}` : ""));

/** `{"k":…}` / `[…]` nesting of a given depth, built as text. */
const nested = (depth: number, kind: "object" | "array" | "mixed") => {
  let open = "";
  let close = "";
  for (let level = 0; level < depth; level++) {
    const array = kind === "array" || (kind === "mixed" && level % 2 === 1);
    open += array ? "[" : '{"k":';
    close = (array ? "]" : "}") + close;
  }
  return `${open}1${close}`;
};

const escaped = fc.constantFrom("\\ud800", "\\udfff", "\\udbff\\u0041", "\\u0000", "\\ud83d\\ude00", "\\u0041");
const fields = ["task", "data", "rows", "name", "url", "events", "resolution_note", "reason", "agent_type", "priority", "webhook_url"];

/**
 * A body, described rather than spelled out where it is large (buildRequest writes the
 * text), so that a failing case prints readably.
 */
type TBodySpec =
  | { kind: "text"; text: string }
  | { kind: "nested"; depth: number; shape: "object" | "array" | "mixed"; field: string }
  | { kind: "huge"; field: string; size: number };
type TBody = { spec: TBodySpec; contentType?: string };

const bodyText = (spec: TBodySpec): string => {
  switch (spec.kind) {
    case "text":
      return spec.text;
    case "nested":
      return spec.field === "(root)" ? nested(spec.depth, spec.shape) : `{"task":"deep","${spec.field}":${nested(spec.depth, spec.shape)}}`;
    case "huge":
      return `{"${spec.field}":"${"x".repeat(spec.size)}"}`;
  }
};

const text = (arbitrary: fc.Arbitrary<string>): fc.Arbitrary<TBodySpec> => arbitrary.map((value) => ({ kind: "text" as const, text: value }));

const jsonBody: fc.Arbitrary<TBodySpec> = fc.oneof(
  // deep nesting in some field, or at the root
  fc.record({
    kind: fc.constant("nested" as const),
    depth: fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 60, max: 5_000 })),
    shape: fc.constantFrom<"object" | "array" | "mixed">("object", "array", "mixed"),
    field: fc.constantFrom(...fields, "(root)"),
  }),
  // huge strings; a body above MAX_BODY_BYTES comes separately, now and then
  fc.record({ kind: fc.constant("huge" as const), field: fc.constantFrom(...fields), size: fc.constantFrom(1_000, 100_000, 1_000_000) }),
  // lone surrogates and NUL, escaped, in values and keys
  text(
    fc
      .record({ field: fc.constantFrom(...fields), escape: escaped, inKey: fc.boolean() })
      .map(({ field, escape, inKey }) => (inKey ? `{"task":"t","data":{"k${escape}":1},"${field}${escape}":2}` : `{"task":"t${escape}","${field}":"v${escape}"}`)),
  ),
  // wrong types in every known field
  text(fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }).map((value) => JSON.stringify(value))),
  text(
    fc
      .record(
        { rows: fc.array(fc.record({ task: fc.oneof(fc.jsonValue({ maxDepth: 1 }), oddString) }, { requiredKeys: [] }), { maxLength: 3 }), agent_type: fc.constantFrom("center", "nope", 1) },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
  ),
  // not an object, not JSON
  text(fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? "null")),
  text(fc.constantFrom("{", "[1,2]", "task=x", "<xml/>", "\u0000", '{"task":', "null", "true", "1", '{"a":1}garbage', "\ufeff{}", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}')),
  text(fc.string({ unit: "binary", maxLength: 50 })),
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-8",
      "application/vnd.api+json",
      "multipart/form-data; boundary=x",
      "APPLICATION/JSON",
      "application/jsonx",
      "application/json-patch+json",
      "*/*",
      "",
      "undefined",
    ),
  },
);

/** Rarely: a valid request body (creates a free test-mode run or a tiny batch). */
const validBody = fc.oneof(
  fc.record({ task: fc.string({ minLength: 1, maxLength: 20 }).map((task) => `fuzz ${task}`), agent_type: fc.constantFrom("center", "rfq_generator", "ap_specialist") }),
  fc.record({ agent_type: fc.constant("center"), rows: fc.array(fc.record({ task: fc.constant("fuzz row") }), { minLength: 1, maxLength: 2 }) }),
  fc.record({ resolution_note: fc.string({ maxLength: 20 }) }),
);

const body: fc.Arbitrary<TBody | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 14, arbitrary: fc.record({ spec: jsonBody, contentType }) },
  { weight: 1, arbitrary: validBody.map((value) => ({ spec: { kind: "text" as const, text: JSON.stringify(value) }, contentType: "application/json" })) },
  { weight: 1, arbitrary: fc.constant({ spec: { kind: "huge" as const, field: "task", size: 5 * 1024 * 1024 }, contentType: "application/json" }) },
);

/** Header values fetch can send (no CR, LF or NUL), many of them junk. */
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "\t", "é\u00ff", "a".repeat(300), "a".repeat(255), "key with spaces", "\u0080\u0081"),
);

const keyChoice = fc.constantFrom("full", "full", "full", "none", "readonly", "garbage", "malformed", "x-api-key");
const methodOverride = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS") },
  { weight: 1, arbitrary: fc.constantFrom("FOO", "PROPFIND", "M-SEARCH") },
);

type TCase = {
  operation: number | "unknown";
  unknownPath: string;
  method: string | null;
  key: string;
  keyIndex: number;
  ids: string[];
  query: string;
  body: TBody | undefined;
  idempotencyKey: string | undefined;
  extraHeaders: Record<string, string>;
};

const caseArbitrary = (): fc.Arbitrary<TCase> =>
  fc.record({
    operation: fc.oneof({ weight: 12, arbitrary: fc.nat({ max: operations.length - 1 }) }, { weight: 1, arbitrary: fc.constant("unknown" as const) }),
    unknownPath: fc.oneof(idSegment, fc.constantFrom("", "run", "runs/", "openapi.json", "health/", "RUNS", "v1")).map((segment) => `/v1/${segment}`),
    method: methodOverride,
    key: keyChoice,
    keyIndex: fc.nat({ max: 2 }),
    ids: fc.array(idSegment, { minLength: 2, maxLength: 2 }),
    query: queryString([...new Set(operations.flatMap((operation) => operation.queryParams))]),
    body,
    idempotencyKey: fc.option(headerValue, { nil: undefined }),
    extraHeaders: fc.dictionary(
      fc.constantFrom("accept", "last-event-id", "x-api-key", "content-encoding", "x-forwarded-for", "content-language"),
      headerValue,
      { maxKeys: 2 },
    ),
  });

type TRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

function buildRequest(input: TCase): TRequest {
  const operation = input.operation === "unknown" ? undefined : operations[input.operation]!;
  const method = input.method ?? operation?.method ?? "GET";
  let path = input.unknownPath;
  if (operation) {
    let index = 0;
    path = operation.path.replace(/\{\w+\}/g, () => {
      const id = input.ids[index++ % input.ids.length]!;
      if (id.startsWith("@long:")) return "a".repeat(Number(id.slice(6)));
      return id === "known-0" ? knownIds[0]! : id === "known-1" ? knownIds[1]! : id;
    });
  }
  // "/v1/%2e%2e" is "/" once the URL is parsed: that is the dashboard, not the API.
  if (!/^\/v1(\/|$)/.test(new URL(path, "http://localhost").pathname)) path = "/v1/escaped";
  const headers: Record<string, string> = { ...input.extraHeaders };
  const fullKey = fullKeys[input.keyIndex % fullKeys.length]!;
  switch (input.key) {
    case "full":
      headers.authorization = `Bearer ${fullKey}`;
      break;
    case "readonly":
      headers.authorization = `Bearer ${readOnlyKey}`;
      break;
    case "garbage":
      headers.authorization = `Bearer svc_test_${"Z".repeat(40)}`;
      break;
    case "malformed":
      headers.authorization = "Basic dXNlcjpwYXNz";
      break;
    case "x-api-key":
      headers["x-api-key"] = fullKey;
      break;
    default:
      delete headers["x-api-key"];
  }
  if (input.idempotencyKey !== undefined) headers["idempotency-key"] = input.idempotencyKey;
  const request: TRequest = { method, path: path + input.query, headers };
  if (!input.body || method === "GET" || method === "HEAD") return request; // fetch sends no body with these
  const text = bodyText(input.body.spec);
  // When the server refuses the request line or headers (an unknown method, a URL over the
  // header limit) it answers and closes at once; a large upload would race that close and
  // fail on the client's side, so those requests carry small bodies only.
  const closesEarly = !["POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(method) || request.path.length > 8_000;
  if (closesEarly && text.length > 64 * 1024) return request;
  request.body = text;
  if (input.body.contentType !== "undefined" && input.body.contentType !== undefined) headers["content-type"] = input.body.contentType;
  return request;
}

type TOutcome = { status: number; headers: Headers; text: string };

async function send(request: TRequest): Promise<TOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(`${inject("baseUrl")}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    // A run's event stream stays open for 30 s: its headers are the answer.
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      controller.abort();
      return { status: response.status, headers: response.headers, text: "" };
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

const describeRequest = (request: TRequest) =>
  `${request.method} ${request.path.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)} body=${JSON.stringify(request.body?.slice(0, 200))}${(request.body?.length ?? 0) > 200 ? `…(${request.body!.length} chars)` : ""}`;

function checkOutcome(request: TRequest, outcome: TOutcome): void {
  const context = `${describeRequest(request)} → ${outcome.status} ${outcome.text.slice(0, 300)}`;
  expect(outcome.status, context).toBeLessThan(500);
  expect(outcome.headers.get("x-request-id") ?? "(no X-Request-Id)", context).toMatch(UUID_PATTERN);
  if (outcome.status >= 400 && request.method !== "HEAD") {
    expect(outcome.headers.get("content-type"), context).toMatch(/^application\/json/);
    let parsed: any;
    try {
      parsed = JSON.parse(outcome.text);
    } catch {
      throw new Error(`not JSON: ${context}`);
    }
    expect(parsed, context).toMatchObject({ error: expect.any(String), type: expect.any(String), message: expect.any(String) });
  }
}

describe("hostile input (property)", () => {
  it("covers every operation of the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
    expect(operations.some((operation) => operation.path === "/v1/runs/{id}/stream")).toBe(true);
  });

  it(
    `never answers 5xx, and every error is typed JSON with a request id (${NUM_RUNS} cases)`,
    async () => {
      const started = performance.now();
      const statuses = new Map<number, number>();
      const property = fc.asyncProperty(caseArbitrary(), async (input) => {
        const request = buildRequest(input);
        const outcome = await send(request);
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        checkOutcome(request, outcome);
      });
      // CONCURRENCY independent runs with their own seeds keep the server busy while a
      // response is on its way; a failure names its seed (replay: FUZZ_SEED=<seed>
      // FUZZ_CONCURRENCY=1 FUZZ_RUNS=<runs of that share>).
      const baseSeed = SEED ?? Math.floor(Math.random() * 2 ** 31);
      const results = await Promise.allSettled(
        Array.from({ length: CONCURRENCY }, (_, index) =>
          fc.assert(property, { numRuns: Math.ceil(NUM_RUNS / CONCURRENCY), seed: (baseSeed + index) | 0 }),
        ),
      );
      const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
      if (failed) throw failed.reason;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`hostile-input: ${NUM_RUNS} cases in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
      // The cases reached past authentication and validation, not only the front door.
      expect([...statuses.keys()].some((status) => status >= 200 && status < 300)).toBe(true);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(401) ?? 0).toBeGreaterThan(0);
    },
    Math.max(120_000, NUM_RUNS * 200),
  );

  it("answers the same operations without a key with 401 (or their public answer)", async () => {
    for (const operation of operations) {
      const path = operation.path.replace(/\{\w+\}/g, () => randomUUID());
      const outcome = await send({ method: operation.method, path, headers: operation.method === "GET" ? {} : { "content-type": "text/plain" }, body: operation.method === "GET" ? undefined : "{" });
      checkOutcome({ method: operation.method, path, headers: {} }, outcome);
      const isPublic = operation.path === "/v1/health";
      expect(outcome.status, `${operation.method} ${operation.path}`).toBe(isPublic ? 200 : 401);
    }
  });
});
