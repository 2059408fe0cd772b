// The OpenAPI document is generated from the routers; the snapshot makes contract changes
// deliberate (update it with `npx vitest run tests/integration/openapi.test.ts --update`).
import { describe, expect, inject, it } from "vitest";
import { call, createTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

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
    ].sort());
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
    expect(Object.keys(document.paths["/v1/agents/{name}/rollback"].post.responses)).toEqual(expect.arrayContaining(["200", "404", "409", "403"]));
    expect(Object.keys(document.paths["/v1/run"].post.responses)).not.toContain("200");
  });

  it("describes every error response with the one error schema", async () => {
    const document = await fetchDocument();
    for (const [path, methods] of Object.entries(document.paths) as [string, any][]) {
      for (const operation of Object.values(methods) as any[]) {
        for (const [status, response] of Object.entries(operation.responses) as [string, any][]) {
          // Health's 503 is its own body with status "degraded", not an error.
          if (Number(status) >= 400 && !(path === "/v1/health" && status === "503")) {
            expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
          }
        }
      }
    }
    expect(document.components.schemas.Error.required).toEqual(["error", "type", "message"]);
    expect(Object.keys(document.components.schemas)).toEqual(["Error"]);
  });

  it("marks a request body optional exactly when the server accepts none (approve, reject)", async () => {
    const document = await fetchDocument();
    for (const path of ["/v1/triage/{id}/approve", "/v1/triage/{id}/reject"]) {
      expect(document.paths[path].post.requestBody.required).toBe(false);
    }
    for (const [path, methods] of Object.entries(document.paths) as [string, any][]) {
      for (const [method, operation] of Object.entries(methods) as [string, any][]) {
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
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/openapi.json");
  });
});
