// POST /v1/webhooks/test/:orgId sends a signed run.completed sample to every active
// webhook; a real HTTPS receiver checks it with off-the-shelf verifiers.
import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { call, createKey, createTenant, type TTenant } from "../helpers/api.ts";
import { startReceiver } from "../helpers/https-receiver.ts";

let tenant: TTenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let failingReceiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  tenant = await createTenant();
  receiver = await startReceiver(inject("certificate"));
  failingReceiver = await startReceiver(inject("certificate"), () => 503);
});

afterAll(async () => {
  await receiver.close();
  await failingReceiver.close();
});

describe("POST /v1/webhooks/test/:orgId", () => {
  it("delivers a signed sample that Standard Webhooks and sha256 verifiers accept, and logs the attempt", async () => {
    const created = await call("POST", "/v1/webhooks", { key: tenant.key, body: { url: receiver.url, events: ["run.completed"] } });
    expect(created.status).toBe(201);
    const { id: webhookId, secret } = created.body.data;

    const response = await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [{ webhook_id: webhookId, status: "succeeded", response_status: 200 }] });

    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    const headers = delivery.headers as Record<string, string>;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-service-event"]).toBe("run.completed");
    expect(await verifyGithubStyle(secret, delivery.body, headers["x-service-signature"]!)).toBe(true);
    const payload = new StandardWebhook(secret).verify(delivery.body, headers) as any;
    expect(payload).toMatchObject({
      id: headers["x-service-event-id"],
      event: "run.completed",
      organization_id: tenant.orgId,
      data: { output: { test: true }, triage_item_id: null, error: null },
    });
    expect(headers["webhook-id"]).toBe(headers["x-service-event-id"]);

    const log = await call("GET", `/v1/webhooks/${webhookId}/deliveries`, { key: tenant.key });
    expect(log.body.total).toBe(1);
    expect(log.body.data[0]).toMatchObject({ event: "run.completed", attempt: 1, status: "succeeded", response_status: 200 });
    expect(log.body.data[0].event_id).toBe(headers["x-service-event-id"]);
  });

  it("sends run_id null, as its delivery record has: a sample has no run", async () => {
    const own = await createTenant();
    const ownReceiver = await startReceiver(inject("certificate"));
    try {
      const created = await call("POST", "/v1/webhooks", { key: own.key, body: { url: ownReceiver.url, events: ["run.completed"] } });
      expect((await call("POST", `/v1/webhooks/test/${own.orgId}`, { key: own.key })).status).toBe(200);
      expect(ownReceiver.received).toHaveLength(1);
      const body = JSON.parse(ownReceiver.received[0]!.body);
      expect(body).toHaveProperty("run_id", null);
      expect(body.data.output).toEqual({ test: true });

      const log = await call("GET", `/v1/webhooks/${created.body.data.id}/deliveries`, { key: own.key });
      expect(log.body.data).toHaveLength(1);
      expect(log.body.data[0]).toMatchObject({ event_id: body.id, run_id: null });
      expect(body.run_id).toBe(log.body.data[0].run_id);
    } finally {
      await ownReceiver.close();
    }
  });

  it("reports and logs a receiver's non-2xx answer as failed", async () => {
    const other = await createTenant();
    const created = await call("POST", "/v1/webhooks", { key: other.key, body: { url: failingReceiver.url, events: ["run.failed"] } });
    const response = await call("POST", `/v1/webhooks/test/${other.orgId}`, { key: other.key });
    expect(response.body.data).toEqual([{ webhook_id: created.body.data.id, status: "failed", response_status: 503 }]);
    const log = await call("GET", `/v1/webhooks/${created.body.data.id}/deliveries`, { key: other.key });
    expect(log.body.data[0]).toMatchObject({ status: "failed", response_status: 503, error: expect.stringContaining("503") });
  });

  it("needs webhooks:write and answers 404 for another organization's id", async () => {
    const readOnly = await createKey(tenant, "webhooks:read");
    expect((await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: readOnly.key })).status).toBe(403);
    const stranger = await createTenant();
    const response = await call("POST", `/v1/webhooks/test/${tenant.orgId}`, { key: stranger.key });
    expect(response.status).toBe(404);
    expect(receiver.received).toHaveLength(1);
  });
});
