// Webhook registration, listing, deletion, delivery log and the test endpoint, as
// docs/contract.md ("Endpoints", "Webhooks") defines them.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, ISO_PATTERN, type TTenant, UUID_PATTERN } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertDeliveryAttempt } from "../helpers/fixtures.ts";

const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;
// The spec's fields plus response_body (the first 2 KB of the answer, issue 11).
const DELIVERY_KEYS = [
  "attempt", "created_at", "duration_ms", "error", "event", "event_id", "id", "next_attempt_at", "response_body", "response_status", "run_id", "status",
];
// A webhook's health and rotation state (issue 11), as a freshly created one has them.
const HEALTHY = { disabled_reason: null, disabled_at: null, consecutive_failures: 0, failing_since: null, previous_secret_expires_at: null };

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

async function registerWebhook(key: string, events: string[] = ["run.completed"]) {
  const response = await call("POST", "/v1/webhooks", { key, body: { url: `https://example.com/hooks/${randomUUID()}`, events } });
  expect(response.status).toBe(201);
  return response.body.data as { id: string; url: string; secret: string };
}

describe("POST /v1/webhooks", () => {
  it("answers 201 with the webhook and its whsec_ secret", async () => {
    const url = "https://example.com/hooks/created";
    const response = await call("POST", "/v1/webhooks", { key: tenant.key, body: { url, events: ["run.completed", "run.failed"] } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: {
        id: expect.stringMatching(UUID_PATTERN),
        url,
        events: ["run.completed", "run.failed"],
        is_active: true,
        ...HEALTHY,
        created_at: expect.stringMatching(ISO_PATTERN),
        secret: expect.stringMatching(SECRET_PATTERN),
      },
    });
  });

  it("gives every webhook a different secret", async () => {
    const [first, second] = await Promise.all([registerWebhook(tenant.key), registerWebhook(tenant.key)]);
    expect(first.secret).not.toBe(second.secret);
  });

  it("de-duplicates repeated event names", async () => {
    const response = await call("POST", "/v1/webhooks", {
      key: tenant.key,
      body: { url: "https://example.com/hooks/dup", events: ["run.failed", "run.failed", "run.triage_required", "run.failed"] },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.events).toEqual(["run.failed", "run.triage_required"]);
  });

  it.each([
    ["an http:// url", { url: "http://example.com/hook", events: ["run.completed"] }, "url"],
    ["a url that is not a url", { url: "not-a-url", events: ["run.completed"] }, "url"],
    ["empty events", { url: "https://example.com/hook", events: [] }, "events"],
    ["an unknown event name", { url: "https://example.com/hook", events: ["run.exploded"] }, "events.0"],
    ["missing events", { url: "https://example.com/hook" }, "events"],
  ])("answers 400 validation_error for %s", async (_label, body, path) => {
    const response = await call("POST", "/v1/webhooks", { key: tenant.key, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", type: "validation_error", message: expect.any(String) });
    expect(response.body.issues).toEqual(expect.arrayContaining([{ path, message: expect.any(String) }]));
  });
});

describe("GET /v1/webhooks", () => {
  it("lists the organization's webhooks without any secret", async () => {
    const created = await registerWebhook(tenant.key, ["run.triage_required"]);
    const response = await call("GET", "/v1/webhooks", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.data).toContainEqual({
      id: created.id,
      url: created.url,
      events: ["run.triage_required"],
      is_active: true,
      ...HEALTHY,
      created_at: expect.stringMatching(ISO_PATTERN),
    });
    expect(response.text).not.toContain('"secret"');
    expect(response.text).not.toContain(created.secret);
    expect(response.text).not.toContain("whsec_");
  });

  it("does not store the secret in plaintext", async () => {
    const created = await registerWebhook(tenant.key);
    const base64Part = created.secret.slice("whsec_".length);
    const rows = await withDatabase(inject("databaseUrl"), async (client) => (await client.query("SELECT * FROM webhooks WHERE id = $1", [created.id])).rows);
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0] as Record<string, unknown>)) {
      const text = JSON.stringify(value) ?? "";
      expect(text).not.toContain(created.secret);
      expect(text).not.toContain(base64Part);
      expect(text).not.toContain(Buffer.from(base64Part, "base64").toString("hex"));
    }
  });
});

describe("DELETE /v1/webhooks/:id", () => {
  it("deletes once, then answers 404, and the webhook leaves the list", async () => {
    const created = await registerWebhook(tenant.key);
    const first = await call("DELETE", `/v1/webhooks/${created.id}`, { key: tenant.key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });

    const second = await call("DELETE", `/v1/webhooks/${created.id}`, { key: tenant.key });
    expect(second.status).toBe(404);
    expect(second.body).toMatchObject({ error: "not_found", type: "not_found", message: expect.any(String) });

    const list = await call("GET", "/v1/webhooks", { key: tenant.key });
    expect(list.body.data.map((webhook: { id: string }) => webhook.id)).not.toContain(created.id);
  });

  it("answers 404 for an id that never existed", async () => {
    const response = await call("DELETE", `/v1/webhooks/${randomUUID()}`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body.type).toBe("not_found");
  });
});

describe("GET /v1/webhooks/:id/deliveries", () => {
  let webhookId: string;
  let ids: string[]; // newest first

  beforeAll(async () => {
    webhookId = (await registerWebhook(tenant.key)).id;
    const now = Date.now();
    const oldest = await insertDeliveryAttempt(tenant.orgId, webhookId, { attempt: 1, status: "failed", responseStatus: 500, createdAt: new Date(now - 30_000) });
    const middle = await insertDeliveryAttempt(tenant.orgId, webhookId, { attempt: 2, status: "failed", responseStatus: 502, createdAt: new Date(now - 20_000) });
    const newest = await insertDeliveryAttempt(tenant.orgId, webhookId, { attempt: 3, status: "succeeded", responseStatus: 200, createdAt: new Date(now - 10_000) });
    ids = [newest, middle, oldest];
  });

  it("answers {data, total, limit, offset} with attempts newest first", async () => {
    const response = await call("GET", `/v1/webhooks/${webhookId}/deliveries`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "limit", "offset", "total"]);
    expect(response.body).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(response.body.data.map((delivery: { id: string }) => delivery.id)).toEqual(ids);
    expect(response.body.data.map((delivery: { attempt: number }) => delivery.attempt)).toEqual([3, 2, 1]);
  });

  it("returns attempt records with exactly the documented fields", async () => {
    const response = await call("GET", `/v1/webhooks/${webhookId}/deliveries`, { key: tenant.key });
    for (const delivery of response.body.data) expect(Object.keys(delivery).sort()).toEqual(DELIVERY_KEYS);
    expect(response.body.data[0]).toEqual({
      id: ids[0],
      event_id: `evt_${ids[0]!.replaceAll("-", "")}`,
      event: "run.completed",
      run_id: null,
      attempt: 3,
      status: "succeeded",
      response_status: 200,
      error: null,
      duration_ms: null,
      created_at: expect.stringMatching(ISO_PATTERN),
      next_attempt_at: null,
      response_body: null,
    });
  });

  it("paginates with limit and offset", async () => {
    const page = await call("GET", `/v1/webhooks/${webhookId}/deliveries?limit=1&offset=1`, { key: tenant.key });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([ids[1]]);

    const past = await call("GET", `/v1/webhooks/${webhookId}/deliveries?limit=2&offset=3`, { key: tenant.key });
    expect(past.body).toMatchObject({ data: [], total: 3 });

    const tooLarge = await call("GET", `/v1/webhooks/${webhookId}/deliveries?limit=101`, { key: tenant.key });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.type).toBe("validation_error");
  });

  it("answers 404 for an unknown webhook", async () => {
    const response = await call("GET", `/v1/webhooks/${randomUUID()}/deliveries`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body.type).toBe("not_found");
  });

  it("requires webhooks:read", async () => {
    const key = await createKey(tenant, "agents:read");
    const response = await call("GET", `/v1/webhooks/${webhookId}/deliveries`, { key: key.key });
    expect(response.status).toBe(403);
    expect(response.body.required).toBe("webhooks:read");
  });
});

describe("POST /v1/webhooks/test/:orgId", () => {
  it("answers 404 for another organization's id", async () => {
    const other = await createTenant();
    const response = await call("POST", `/v1/webhooks/test/${other.orgId}`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: "not_found", type: "not_found" });
  });

  it("answers 200 {data: []} for the key's own organization without webhooks", async () => {
    const fresh = await createTenant();
    const response = await call("POST", `/v1/webhooks/test/${fresh.orgId}`, { key: fresh.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [] });
  });

  it("requires webhooks:write", async () => {
    const key = await createKey(tenant, "webhooks:read");
    const response = await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: key.key });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ type: "insufficient_scope", required: "webhooks:write", provided: ["webhooks:read"] });
  });
});
