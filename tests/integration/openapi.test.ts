// The OpenAPI document is generated from the routers; the snapshot makes contract changes
// deliberate (update it with `npx vitest run tests/integration/openapi.test.ts --update`).
import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, inject, it } from "vitest";
import { call, createTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { openStream } from "../helpers/sse.ts";

const SPEC_OPERATIONS = [
  "GET /v1/health",
  "POST /v1/run",
  "GET /v1/runs",
  "GET /v1/runs/{id}",
  "GET /v1/runs/{id}/stream",
  "GET /v1/triage",
  "POST /v1/triage/{id}/approve",
  "POST /v1/triage/{id}/reject",
  "POST /v1/webhooks",
  "GET /v1/webhooks",
  "DELETE /v1/webhooks/{id}",
  "GET /v1/webhooks/{id}/deliveries",
  "POST /v1/webhooks/test/{orgId}",
  "POST /v1/batches",
  "GET /v1/batches",
  "GET /v1/batches/{id}",
  "POST /v1/batches/{id}/cancel",
  "GET /v1/usage",
  "GET /v1/usage/history",
  "GET /v1/usage/members",
];

/** Issue 11 (webhooks that heal): re-enable, rotate the secret, resend a delivery. */
// Issue 19: a run's step trace (docs/api-conventions.md, "Run steps").
const RUN_STEPS_OPERATIONS = ["GET /v1/runs/{id}/steps"];
const WEBHOOK_HEALING_OPERATIONS = [
  "POST /v1/webhooks/{id}/enable",
  "POST /v1/webhooks/{id}/rotate-secret",
  "POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend",
];
// Issue 19: agents customers define and version (docs/api-conventions.md, "Agent definitions").
const AGENT_OPERATIONS = [
  "GET /v1/agents",
  "POST /v1/agents",
  "GET /v1/agents/{name}",
  "POST /v1/agents/{name}/versions",
  "POST /v1/agents/{name}/rollback",
  "DELETE /v1/agents/{name}",
];

// Issue 20: review rounds (docs/api-conventions.md, "Review rounds").
const REVIEW_ROUND_OPERATIONS = ["POST /v1/triage/{id}/request-changes"];
// The shared review queue (docs/api-conventions.md, "Claims, due times and bulk decisions").
const REVIEW_QUEUE_OPERATIONS = ["POST /v1/triage/{id}/claim", "POST /v1/triage/{id}/release", "POST /v1/triage/bulk"];
// Issue 21 (docs/api-conventions.md, "Spot checks").
const SPOT_CHECK_OPERATIONS = ["POST /v1/triage/{id}/verdict"];

// Issue 21: the quality report and the corrections export (docs/api-conventions.md, "Quality").
const QUALITY_OPERATIONS = ["GET /v1/agents/{name}/quality", "GET /v1/agents/{name}/corrections"];
// Issue 27: agents move from test to live (docs/api-conventions.md, "Copying an agent to live").
const COPY_TO_LIVE_OPERATIONS = ["POST /v1/agents/{name}/copy-from-test"];
// The organization's agent settings (docs/api-conventions.md, "AP controls").
const SETTINGS_OPERATIONS = ["GET /v1/settings", "PATCH /v1/settings"];
/** Issue 27: the whole ledger by cursor and as CSV. */
const USAGE_LEDGER_OPERATIONS = ["GET /v1/usage/ledger"];
// Issue 29: evaluations and canary rollouts (docs/api-conventions.md, "Releases").
const RELEASE_OPERATIONS = [
  "POST /v1/agents/{name}/evaluations",
  "GET /v1/agents/{name}/evaluations",
  "GET /v1/agents/{name}/evaluations/{id}",
  "GET /v1/agents/{name}/evaluations/{id}/cases",
  "POST /v1/agents/{name}/evaluations/{id}/cancel",
  "POST /v1/agents/{name}/rollout",
  "GET /v1/agents/{name}/rollout",
  "POST /v1/agents/{name}/rollout/promote",
  "POST /v1/agents/{name}/rollout/cancel",
];
// Issue 30: review routes and the messages an item sent (docs/api-conventions.md, "Review routes").
const REVIEW_ROUTE_OPERATIONS = [
  "GET /v1/review-routes",
  "GET /v1/review-routes/{agent_type}",
  "PUT /v1/review-routes/{agent_type}",
  "DELETE /v1/review-routes/{agent_type}",
  "POST /v1/review-routes/{agent_type}/test-message",
];
const REVIEW_REACH_OPERATIONS = [...REVIEW_ROUTE_OPERATIONS, "GET /v1/triage/{id}/notifications"];

async function fetchDocument() {
  const response = await call("GET", "/v1/openapi.json");
  expect(response.status).toBe(200);
  return response.body;
}

function operations(document: any): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe("GET /v1/openapi.json", () => {
  it("documents the spec's 20 endpoints plus POST /v1/runs/{id}/cancel, the webhook healing ones and the run steps", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\./);
    expect(operations(document).sort()).toEqual([
      ...SPEC_OPERATIONS, "POST /v1/runs/{id}/cancel", ...WEBHOOK_HEALING_OPERATIONS, ...AGENT_OPERATIONS, ...RUN_STEPS_OPERATIONS,
      ...REVIEW_ROUND_OPERATIONS, ...REVIEW_QUEUE_OPERATIONS, ...SPOT_CHECK_OPERATIONS, ...QUALITY_OPERATIONS,
      ...COPY_TO_LIVE_OPERATIONS,
      ...SETTINGS_OPERATIONS,
      ...USAGE_LEDGER_OPERATIONS,
      ...RELEASE_OPERATIONS,
      ...REVIEW_REACH_OPERATIONS,
    ].sort());
  });

  it("lists the review-route operations with their errors: 404 for an agent type, 403 for a scope, 502 for a test message not taken", async () => {
    const document = await fetchDocument();
    const responses = (operation: string) => {
      const [method, path] = operation.split(" ") as [string, string];
      return document.paths[path][method.toLowerCase()].responses;
    };
    for (const operation of REVIEW_REACH_OPERATIONS) {
      expect({ operation, statuses: Object.keys(responses(operation)) }).toEqual({ operation, statuses: expect.arrayContaining(["200", "400", "401", "403", "429", "500", "503"]) });
      if (operation.includes("{")) expect({ operation, notFound: responses(operation)["404"]?.description }).toEqual({ operation, notFound: expect.stringContaining("`not_found`") });
    }
    expect(responses("POST /v1/review-routes/{agent_type}/test-message")["502"].description).toContain("`message_not_delivered`");
    expect(document.paths["/v1/review-routes/{agent_type}"].put.security).toEqual(expect.any(Array));
    expect(document.components.schemas.ReviewRoute.required).toEqual(["agent_type", "notify", "escalation", "approvals", "updated_at"]);
  });

  it("lists the release operations with their errors: gate_not_passed wherever a version is made active", async () => {
    const document = await fetchDocument();
    const responses = (operation: string) => {
      const [method, path] = operation.split(" ") as [string, string];
      return document.paths[path][method.toLowerCase()].responses;
    };
    for (const operation of RELEASE_OPERATIONS) {
      expect({ operation, statuses: Object.keys(responses(operation)) }).toEqual({ operation, statuses: expect.arrayContaining(["400", "401", "403", "404", "429", "500", "503"]) });
    }
    expect(Object.keys(responses("POST /v1/agents/{name}/evaluations"))).toEqual(expect.arrayContaining(["200", "202", "402", "409"]));
    expect(Object.keys(responses("POST /v1/agents/{name}/evaluations/{id}/cancel"))).toContain("409");
    for (const operation of ["POST /v1/agents/{name}/rollout/promote", "POST /v1/agents/{name}/versions", "POST /v1/agents/{name}/rollback"]) {
      expect({ operation, conflict: responses(operation)["409"]?.description }).toEqual({ operation, conflict: expect.stringContaining("`gate_not_passed`") });
    }
    expect(document.components.schemas.Error.properties.reasons).toEqual({ type: "array", items: { type: "string" } });
    // The version list's release fields and the bodies' activate and force.
    const versionsBody = document.paths["/v1/agents/{name}/versions"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(versionsBody.properties)).toEqual(expect.arrayContaining(["activate", "force", "release"]));
    expect(Object.keys(document.paths["/v1/agents/{name}/rollback"].post.requestBody.content["application/json"].schema.properties)).toEqual(["version", "force"]);
    const version = responses("GET /v1/agents/{name}")["200"].content["application/json"].schema.properties.versions.items;
    expect(version.required).toEqual(expect.arrayContaining(["version", "active", "created_at", "created_by", "activated_at", "activated_by", "forced", "latest_evaluation", "latest_rollout"]));
  });

  it("names the server it runs on (PUBLIC_BASE_URL, else the port it listens on)", async () => {
    const document = await fetchDocument();
    expect(document.servers).toEqual([{ url: inject("baseUrl").replace("127.0.0.1", "localhost") }]);
  });

  it("gives creation endpoints their real success status", async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.paths["/v1/run"].post.responses)).toContain("202");
    expect(Object.keys(document.paths["/v1/webhooks"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/v1/batches"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/v1/agents"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/v1/agents/{name}/versions"].post.responses)).toContain("201");
    expect(Object.keys(document.paths["/v1/agents/{name}/copy-from-test"].post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404", "409"]));
    expect(Object.keys(document.paths["/v1/agents/{name}/rollback"].post.responses)).toEqual(expect.arrayContaining(["200", "404", "409", "403"]));
    expect(Object.keys(document.paths["/v1/run"].post.responses)).not.toContain("200");
  });

  it("describes every error response with the one error schema", async () => {
    const document = await fetchDocument();
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const operation of Object.values<any>(methods)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          // Health's 503 is its own body with status "degraded", not an error.
          if (Number(status) >= 400 && !(path === "/v1/health" && status === "503")) {
            expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
          }
        }
      }
    }
    expect(document.components.schemas.Error.required).toEqual(["error", "type", "message"]);
    // Error, the stream's event and the webhook payloads (issue 26), a review route and a message
    // sent for an item (issue 30); the library's own error.* are gone.
    expect(Object.keys(document.components.schemas).sort()).toEqual(["Error", "ReviewRoute", "RolloutRolledBackEvent", "RunEvent", "RunStreamEvent", "TriageNotification", "TriageOverdueEvent"]);
  });

  it("marks a request body optional exactly when the server accepts none (approve, reject)", async () => {
    const document = await fetchDocument();
    for (const path of ["/v1/triage/{id}/approve", "/v1/triage/{id}/reject"]) {
      expect(document.paths[path].post.requestBody.required).toBe(false);
    }
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        if (!operation.requestBody) continue;
        const declared = operation.requestBody.content["application/json"].schema;
        const schema = declared.$ref ? document.components.schemas[declared.$ref.split("/").pop()] : declared;
        const requiresAField = (schema.required ?? []).length > 0;
        expect({ operation: `${method} ${path}`, required: operation.requestBody.required }).toEqual({ operation: `${method} ${path}`, required: requiresAField });
      }
    }

    // What the document allows works: no body at all, no Content-Type.
    const tenant = await createTenant();
    for (const action of ["approve", "reject"]) {
      const fixture = await insertRunAwaitingTriage(tenant.orgId);
      const response = await fetch(`${inject("baseUrl")}/v1/triage/${fixture.triageItemId}/${action}`, {
        method: "POST",
        headers: { authorization: `Bearer ${tenant.key}` },
      });
      expect(response.status).toBe(200);
    }
  });

  it("matches the committed contract snapshot", async () => {
    const document = await fetchDocument();
    // The port differs per run.
    document.servers = [{ url: "http://localhost:3000" }];
    document.info.license.url = "http://localhost:3000/docs";
    document.info.contact.url = "http://localhost:3000/docs";
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/openapi.json");
  });
});

// Issue 26, "Conformance found by third-party tools": what the server sends, the document says.
const BODILESS_POSTS = [
  "/v1/runs/{id}/cancel",
  "/v1/triage/{id}/claim",
  "/v1/triage/{id}/release",
  "/v1/webhooks/test/{orgId}",
  "/v1/webhooks/{id}/enable",
  "/v1/webhooks/{id}/rotate-secret",
  "/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
  "/v1/batches/{id}/cancel",
];

function everyOperation(document: any): { name: string; method: string; path: string; operation: any }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as object).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );
}

// ajv-formats is CommonJS with its function on `default` when imported from ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** A JSON Schema validator over the document's own components. */
function validatorFor(document: any, schemaName: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "doc", components: document.components }, "doc");
  return ajv.compile({ $ref: `doc#/components/schemas/${schemaName}` });
}

describe("the document says what the server sends (issue 26)", () => {
  it("describes each run stream event as a schema, and the events sent match it", async () => {
    const document = await fetchDocument();
    const streamed = document.paths["/v1/runs/{id}/stream"].get.responses["200"].content["text/event-stream"];
    expect(streamed.schema).toEqual({ $ref: "#/components/schemas/RunStreamEvent" });
    const schema = document.components.schemas.RunStreamEvent;
    expect(Object.keys(schema.properties).sort()).toEqual(["confidence", "error", "result", "status"]);
    expect(schema.required.sort()).toEqual(["confidence", "error", "result", "status"]);
    expect(schema.description).toMatch(/data:/);

    // A real stream: each `data:` line is a RunStreamEvent (pending_triage, then cancelled).
    const validate = validatorFor(document, "RunStreamEvent");
    const tenant = await createTenant();
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const stream = await openStream(`/v1/runs/${fixture.runId}/stream`, { key: tenant.key });
    try {
      const first = await stream.nextData(10_000);
      expect(first?.json.status).toBe("pending_triage");
      expect({ valid: validate(first!.json), errors: validate.errors }).toEqual({ valid: true, errors: null });
      expect((await call("POST", `/v1/runs/${fixture.runId}/cancel`, { key: tenant.key })).status).toBe(200);
      const last = await stream.nextData(10_000);
      expect(last?.json.status).toBe("cancelled");
      expect({ valid: validate(last!.json), errors: validate.errors }).toEqual({ valid: true, errors: null });
    } finally {
      await stream.close();
    }
  });

  it("documents the webhook deliveries: the three run events, triage.overdue and agent.rollout.rolled_back, with their payloads and signature headers", async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.webhooks).sort()).toEqual(["agent.rollout.rolled_back", "run.completed", "run.failed", "run.triage_required", "triage.overdue"]);
    const payloads: Record<string, string> = { "triage.overdue": "TriageOverdueEvent", "agent.rollout.rolled_back": "RolloutRolledBackEvent" };
    for (const [event, pathItem] of Object.entries<any>(document.webhooks)) {
      const delivery = pathItem.post;
      const headers = delivery.parameters.filter((parameter: any) => parameter.in === "header" && parameter.required).map((parameter: any) => parameter.name);
      expect(headers).toEqual(expect.arrayContaining(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Service-Signature"]));
      const payload = delivery.requestBody.content["application/json"].schema.$ref.split("/").pop();
      expect(payload).toBe(payloads[event] ?? "RunEvent");
      expect(document.components.schemas[payload].properties.event).toBeDefined();
    }
    expect(document.components.schemas.RunEvent.properties.event.enum.sort()).toEqual(["run.completed", "run.failed", "run.triage_required"]);
    expect(Object.keys(document.components.schemas.RunEvent.properties.data.properties)).toEqual(
      expect.arrayContaining(["output", "confidence_score", "requires_triage", "triage_item_id", "error"]),
    );
  });

  it("lists 500 and 503 on every operation, 413 and 415 wherever a body is read, X-Request-Id on every response, RateLimit-* and Retry-After where sent", async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.components.headers).sort()).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "X-Request-Id"]);
    for (const { name, method, path, operation } of everyOperation(document)) {
      const statuses = Object.keys(operation.responses);
      expect({ name, statuses }).toEqual({ name, statuses: expect.arrayContaining(["500", "503"]) });
      if (method !== "get") expect({ name, statuses }).toEqual({ name, statuses: expect.arrayContaining(["413", "415"]) });
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        expect({ name, status, header: response.headers?.["X-Request-Id"] }).toEqual({ name, status, header: { $ref: "#/components/headers/X-Request-Id" } });
        if (status === "429") expect({ name, retryAfter: response.headers["Retry-After"] }).toEqual({ name, retryAfter: { $ref: "#/components/headers/Retry-After" } });
      }
      if (BODILESS_POSTS.includes(path)) expect(operation.requestBody).toBeUndefined();
    }
    expect(BODILESS_POSTS.every((path) => document.paths[path]?.post)).toBe(true);
    const runsList = document.paths["/v1/runs"].get.responses;
    for (const status of ["200", "400", "429"]) expect(Object.keys(runsList[status].headers)).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]));
    expect(Object.keys(runsList["401"].headers)).not.toContain("RateLimit-Limit");

    // And the server does send them: a rate-limited read, a too-big and a non-JSON body on a bodiless POST.
    const tenant = await createTenant();
    const listed = await call("GET", "/v1/runs?limit=10", { key: tenant.key });
    expect(listed.status).toBe(200);
    for (const header of ["x-request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(listed.headers.get(header)).toMatch(/\S/);
    const tooBig = await call("POST", `/v1/runs/${randomUUID()}/cancel`, {
      key: tenant.key,
      headers: { "content-type": "application/json" },
      rawBody: JSON.stringify({ padding: "x".repeat(5 * 1024 * 1024 + 1) }),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.type).toBe("payload_too_large");
    expect(tooBig.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const notJson = await call("POST", `/v1/batches/${randomUUID()}/cancel`, { key: tenant.key, headers: { "content-type": "text/plain" }, rawBody: "cancel it" });
    expect(notJson.status).toBe(415);
    expect(notJson.body.type).toBe("unsupported_media_type");
  });

  it("declares every tag globally with a description, describes every operation and names a contact (Spectral's spectral:oas)", async () => {
    const document = await fetchDocument();
    expect(document.info.contact).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
    const declared = document.tags.map((tag: any) => tag.name);
    expect(document.tags.every((tag: any) => tag.description.length > 0)).toBe(true);
    const webhookOperations = Object.values(document.webhooks).map((pathItem: any) => ({ name: "webhook", operation: pathItem.post }));
    for (const { name, operation } of [...everyOperation(document), ...webhookOperations]) {
      expect({ name, description: Boolean(operation.description?.trim()) }).toEqual({ name, description: true });
      for (const tag of operation.tags) expect({ name, declared: declared.includes(tag) }).toEqual({ name, declared: true });
    }
  });
});

describe("request bodies are validated as the document says (issue 26)", () => {
  it("refuses a string where the document says integer: rollback {version: \"1\"} is 400, {version: 1} still 200", async () => {
    const tenant = await createTenant();
    const name = `strict_${randomUUID().slice(0, 8)}`;
    expect((await call("POST", "/v1/agents", { key: tenant.key, body: { name, instructions: "Version one." } })).status).toBe(201);
    expect((await call("POST", `/v1/agents/${name}/versions`, { key: tenant.key, body: { instructions: "Version two." } })).status).toBe(201);

    const asString = await call("POST", `/v1/agents/${name}/rollback`, { key: tenant.key, body: { version: "1" } });
    expect(asString.status).toBe(400);
    expect(asString.body.type).toBe("validation_error");
    expect(asString.body.issues.map((issue: any) => issue.path)).toEqual(["version"]);
    expect((await call("GET", `/v1/agents/${name}`, { key: tenant.key })).body.agent.version).toBe(2);

    const asNumber = await call("POST", `/v1/agents/${name}/rollback`, { key: tenant.key, body: { version: 1 } });
    expect(asNumber.status).toBe(200);
    expect(asNumber.body.agent.version).toBe(1);
    // Query strings are still read as numbers where the document says integer.
    expect((await call("GET", "/v1/runs?limit=10&offset=0", { key: tenant.key })).body.limit).toBe(10);
  });

  it("refuses the string form of every number, integer and boolean field of every request body", async () => {
    const document = await fetchDocument();
    const tenant = await createTenant();
    const resolve = (schema: any) => (schema?.$ref ? document.components.schemas[schema.$ref.split("/").pop()] : schema);
    const scalarTypes = (schema: any): string[] => {
      const types = [schema?.type, ...(schema?.anyOf ?? []).map((option: any) => option.type)].flat().filter(Boolean);
      if (schema?.enum?.every((value: unknown) => typeof value === "boolean")) types.push("boolean");
      return types;
    };
    /** [path, string value] for each number/integer/boolean property, through nested objects. */
    const stringForms = (schema: any, prefix: string[] = []): [string[], string][] =>
      Object.entries(resolve(schema)?.properties ?? {}).flatMap(([property, child]: [string, any]) => {
        const types = scalarTypes(child);
        const path = [...prefix, property];
        if (types.includes("boolean")) return [[path, "true"]];
        if (types.includes("integer") || types.includes("number")) return [[path, String(child.minimum ?? child.exclusiveMinimum ?? 1)]];
        const nested = [child, ...(child.anyOf ?? [])].find((option: any) => option.type === "object" && option.properties);
        return nested && prefix.length < 2 ? stringForms(nested, path) : [];
      });

    const checked: string[] = [];
    for (const { name, path, operation } of everyOperation(document)) {
      const schema = operation.requestBody?.content["application/json"]?.schema;
      if (!schema) continue;
      const url = path.replace(/\{(\w+)\}/g, (_match, parameter: string) => (parameter === "name" ? "some_agent" : randomUUID()));
      for (const [fieldPath, value] of stringForms(schema)) {
        const body: Record<string, any> = {};
        fieldPath.reduce((node, key, index) => (node[key] = index === fieldPath.length - 1 ? value : {}), body);
        // The operation's own method (PATCH /v1/settings takes a body too).
        const response = await call(name.split(" ")[0]!, url, { key: tenant.key, body });
        const field = fieldPath.join(".");
        checked.push(`${name} ${field}`);
        expect({ name, field, status: response.status }).toEqual({ name, field, status: 400 });
        expect({ name, field, issue: response.body.issues.some((issue: any) => issue.path === field) }).toEqual({ name, field, issue: true });
      }
    }
    // The document has such fields (rollback's version among them): the loop above is not empty.
    expect(checked).toEqual(expect.arrayContaining(["POST /v1/agents/{name}/rollback version"]));
    expect(checked.length).toBeGreaterThan(3);
  });
});
