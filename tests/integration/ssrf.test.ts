// SSRF guard over HTTP: a second server WITHOUT WEBHOOK_ALLOW_PRIVATE_URLS (the shared test
// server allows private URLs so its suites can use https://localhost receivers) refuses
// webhook URLs that point at loopback, private, link-local or metadata addresses, at
// registration and again when delivering (DNS rebinding: tests/integration/webhook-egress.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;
const api = (...args: Parameters<TOwnService["api"]>) => service.api(...args);

function expectRefused(response: { status: number; body: any }, issuePath: string) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ type: "validation_error" });
  expect(response.body.issues).toEqual([{ path: issuePath, message: expect.stringMatching(/^webhook URL (points|resolves) to a .+ address \(.+\)$/) }]);
}

let tenant: { orgId: string; key: string };

beforeAll(async () => {
  service = await createOwnService("ssrf");
  await service.start({ WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
  tenant = await service.createOrgKey("SSRF Co");
});

afterAll(async () => {
  await service?.dispose();
});

describe("SSRF guard at registration", () => {
  it.each(["https://169.254.169.254/latest/meta-data", "https://127.0.0.1:8443/hook", "https://localhost/hook", "https://[::1]/hook"])(
    "POST /v1/webhooks refuses %s",
    async (url) => {
      const response = await api("POST", "/v1/webhooks", tenant.key, { url, events: ["run.completed"] });
      expectRefused(response, "url");
    },
  );

  it("names the metadata address in the message", async () => {
    const response = await api("POST", "/v1/webhooks", tenant.key, { url: "https://169.254.169.254/latest/meta-data", events: ["run.completed"] });
    expect(response.body.message).toBe("webhook URL points to a cloud metadata address (169.254.169.254)");
  });

  it("stores none of the refused webhooks", async () => {
    const listed = await api("GET", "/v1/webhooks", tenant.key);
    expect(listed.status).toBe(200);
    expect(listed.body.data.filter((webhook: any) => !webhook.url.startsWith("https://93.184.216.34"))).toEqual([]);
  });

  it("accepts a public IP literal", async () => {
    const response = await api("POST", "/v1/webhooks", tenant.key, { url: "https://93.184.216.34/hook", events: ["run.completed"] });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ url: "https://93.184.216.34/hook", is_active: true });
  });

  it("POST /v1/run refuses a private webhook_url and creates no run", async () => {
    const response = await api("POST", "/v1/run", tenant.key, { task: "Quote 10 bolts", webhook_url: "https://10.0.0.1/x" });
    expectRefused(response, "webhook_url");
    expect(response.body.message).toBe("webhook URL points to a private address (10.0.0.1)");
    const runs = await api("GET", "/v1/runs", tenant.key);
    expect(runs.body.total).toBe(0);
  });

  it("POST /v1/batches refuses a private webhook_url and creates no batch", async () => {
    const response = await api("POST", "/v1/batches", tenant.key, {
      agent_type: "center",
      webhook_url: "https://10.0.0.1/x",
      rows: [{ task: "Row 1" }, { task: "Row 2" }],
    });
    expectRefused(response, "webhook_url");
    const batches = await api("GET", "/v1/batches", tenant.key);
    expect(batches.body.total).toBe(0);
    await withDatabase(service.databaseUrl, async (client) => {
      const counts = await client.query(
        "SELECT (SELECT count(*)::int FROM runs) AS runs, (SELECT count(*)::int FROM batch_jobs) AS jobs, (SELECT count(*)::int FROM batch_rows) AS rows",
      );
      expect(counts.rows[0]).toEqual({ runs: 0, jobs: 0, rows: 0 });
    });
  });
});

describe("SSRF guard at delivery", () => {
  it("records a webhook whose URL is now private as a failed attempt without posting", async () => {
    // Registered with a public address, then moved in the database, as if its host had
    // resolved publicly at registration and elsewhere since (a rebinding name:
    // tests/integration/webhook-egress.test.ts).
    const other = await service.createOrgKey("Rebound Co");
    const registered = await api("POST", "/v1/webhooks", other.key, { url: "https://93.184.216.34/hook", events: ["run.completed"] });
    expect(registered.status).toBe(201);
    const webhookId: string = registered.body.data.id;
    await withDatabase(service.databaseUrl, (client) => client.query("UPDATE webhooks SET url = 'https://127.0.0.1:9/hook' WHERE id = $1", [webhookId]));

    const test = await api("POST", `/v1/webhooks/test/${other.orgId}`, other.key);
    expect(test.status).toBe(200);
    expect(test.body.data).toEqual([{ webhook_id: webhookId, status: "failed", response_status: null }]);

    const deliveries = await api("GET", `/v1/webhooks/${webhookId}/deliveries`, other.key);
    expect(deliveries.body.data).toHaveLength(1);
    expect(deliveries.body.data[0]).toMatchObject({
      attempt: 1,
      status: "failed",
      response_status: null,
      // The neutral reason of every refused delivery (docs/api-conventions.md, "Webhook egress").
      error: "Address not allowed: the receiver's host is not a public address (ADDRESS_NOT_ALLOWED)",
      response_body: null,
    });
  });
});
