// Run events delivered to a real local HTTPS receiver: body and headers per the spec,
// signatures checked with off-the-shelf verifiers, event filtering, per-run and per-batch
// URLs, retries logged with a stable event id, and a receiver that hangs past 10 s.
import { verify as verifyServiceSignature } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, createTenant, type TTenant, waitFor, waitForBatchToFinish, waitForRunToSettle } from "../helpers/api.ts";
import { receiverSet, type TReceivedRequest } from "../helpers/https-receiver.ts";
import { waitUntil } from "../helpers/waiting.ts";

const receivers = receiverSet(inject("certificate"));
const receiver = receivers.start;
afterAll(() => receivers.closeAll());

async function register(tenant: TTenant, url: string, events: string[]) {
  const response = await call("POST", "/v1/webhooks", { key: tenant.key, body: { url, events } });
  expect(response.status).toBe(201);
  return response.body.data as { id: string; secret: string };
}

const waitForRequests = (target: { received: TReceivedRequest[] }, count: number, timeoutMs = 20_000) =>
  waitUntil(() => target.received, { what: `${count} deliveries`, done: (received) => received.length >= count, timeoutMs });

const completingRun = { task: "Quote", agent_type: "rfq_generator", data: { items: [{ description: "hinges", quantity: 12 }] } };
// center routes it to ap_specialist, which cannot use the invoice (refused at acceptance if sent to ap_specialist directly).
const failingRun = { task: "Pay", data: { invoice: { number: "X" } } };
const triageRun = { task: "Route me" }; // center, nothing matches: waits for a person

describe("run event deliveries", () => {
  let tenant: TTenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it("delivers run.completed with the spec's body and headers, verifiable with standard libraries", async () => {
    const endpoint = await receiver();
    const { secret } = await register(tenant, endpoint.url, ["run.completed"]);
    const runId = (await call("POST", "/v1/run", { key: tenant.key, body: completingRun })).body.run_id;
    const [delivery] = await waitForRequests(endpoint, 1);
    const headers = delivery!.headers as Record<string, string>;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-service-event"]).toBe("run.completed");
    expect(headers["x-service-timestamp"]).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(await verifyServiceSignature(secret, delivery!.body, headers["x-service-signature"]!)).toBe(true);
    const body = new StandardWebhook(secret).verify(delivery!.body, headers) as any;
    expect(body).toEqual({
      id: headers["x-service-event-id"],
      event: "run.completed",
      run_id: runId,
      agent_type: "rfq_generator",
      organization_id: tenant.orgId,
      timestamp: expect.any(String),
      data: {
        output: expect.objectContaining({ items: [expect.objectContaining({ description: "hinges", quantity: 12 })] }),
        confidence_score: 0.9,
        requires_triage: false,
        triage_item_id: null,
        error: null,
        agent_version: 1,
        // Addition: the review round (docs/api-conventions.md, "Review rounds").
        review_round: 0,
      },
    });
    expect(headers["webhook-id"]).toBe(body.id);
  });

  it("sends each webhook only the events it subscribed to: run.failed and run.triage_required", async () => {
    const failures = await receiver();
    const triage = await receiver();
    await register(tenant, failures.url, ["run.failed"]);
    await register(tenant, triage.url, ["run.triage_required"]);
    const failedRun = (await call("POST", "/v1/run", { key: tenant.key, body: failingRun })).body.run_id;
    const waitingRun = (await call("POST", "/v1/run", { key: tenant.key, body: triageRun })).body.run_id;

    const [failed] = await waitForRequests(failures, 1);
    expect(JSON.parse(failed!.body)).toMatchObject({ event: "run.failed", run_id: failedRun, data: { error: expect.stringMatching(/invoice/), output: null } });
    const [waiting] = await waitForRequests(triage, 1);
    const settled = await waitForRunToSettle(tenant.key, waitingRun);
    expect(JSON.parse(waiting!.body)).toMatchObject({ event: "run.triage_required", run_id: waitingRun, data: { requires_triage: true, triage_item_id: settled.triage_item.id } });
    // Only the subscribed events arrived (other runs of this tenant completed meanwhile).
    expect(failures.received.map((request) => JSON.parse(request.body).event)).toEqual(["run.failed"]);
    expect(triage.received.every((request) => JSON.parse(request.body).event === "run.triage_required")).toBe(true);
  });

  it("a resent run.triage_required carries the same body, naming the run's review item", async () => {
    const endpoint = await receiver();
    const { id } = await register(tenant, endpoint.url, ["run.triage_required"]);
    const runId = (await call("POST", "/v1/run", { key: tenant.key, body: triageRun })).body.run_id;
    const [original] = await waitForRequests(endpoint, 1);
    const settled = await waitForRunToSettle(tenant.key, runId);
    expect(JSON.parse(original!.body)).toMatchObject({ run_id: runId, data: { triage_item_id: settled.triage_item.id } });
    const log = await waitFor(`/v1/webhooks/${id}/deliveries`, tenant.key, (body: any) => body.total === 1);
    const resent = await call("POST", `/v1/webhooks/${id}/deliveries/${log.data[0].id}/resend`, { key: tenant.key });
    expect(resent.status).toBe(202);
    const [, again] = await waitForRequests(endpoint, 2);
    expect(again!.body).toBe(original!.body);
  });

  it("delivers run.completed when a person approves a waiting run", async () => {
    const other = await createTenant();
    const endpoint = await receiver();
    await register(other, endpoint.url, ["run.completed"]);
    const runId = (await call("POST", "/v1/run", { key: other.key, body: triageRun })).body.run_id;
    const settled = await waitForRunToSettle(other.key, runId);
    await call("POST", `/v1/triage/${settled.triage_item.id}/approve`, { key: other.key, body: { resolution_note: "fine" } });
    const [delivery] = await waitForRequests(endpoint, 1);
    const payload = JSON.parse(delivery!.body);
    expect(payload).toMatchObject({ event: "run.completed", run_id: runId, data: { output: settled.triage_item.proposed_output } });
    // The note stays on the item: it is not part of the agent's output ("Actors and notes").
    expect(payload.data.output).not.toHaveProperty("resolution_note");
  });
});

describe("per-run and per-batch webhook_url", () => {
  it("delivers a run's events to its own webhook_url, signed with the organization's delivery secret", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver();
    const runId = (await call("POST", "/v1/run", { key: tenant.key, body: { ...completingRun, webhook_url: endpoint.url } })).body.run_id;
    const [delivery] = await waitForRequests(endpoint, 1);
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: "run.completed", run_id: runId });
    expect(delivery!.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(delivery!.headers["webhook-signature"]).toMatch(/^v1,/);
  });

  it("delivers each row's event to the batch's webhook_url", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver();
    const rows = Array.from({ length: 5 }, (_, index) => ({ task: `Quote ${index}`, data: { items: [{ description: "nuts", quantity: index + 1 }] } }));
    const job = (await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "rfq_generator", rows, webhook_url: endpoint.url } })).body.job;
    const finished = await waitForBatchToFinish(tenant.key, job.id);
    const deliveries = await waitForRequests(endpoint, 5);
    const runIds = deliveries.map((request) => JSON.parse(request.body).run_id).sort();
    expect(runIds).toEqual(finished.rows.map((row: any) => row.run_id).sort());
  });
});

describe("retries", () => {
  it("retries a failing receiver, logging every attempt with the same event id", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver((_request, index) => (index < 2 ? 503 : 200));
    const { id: webhookId } = await register(tenant, endpoint.url, ["run.completed"]);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const requests = await waitForRequests(endpoint, 3);
    const eventIds = new Set(requests.map((request) => request.headers["x-service-event-id"]));
    expect(eventIds.size).toBe(1);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1); // identical bytes each time

    const log = await waitFor(`/v1/webhooks/${webhookId}/deliveries`, tenant.key, (body: any) => body.total === 3);
    expect(log.data.map((attempt: any) => [attempt.attempt, attempt.status, attempt.response_status])).toEqual([
      [3, "succeeded", 200],
      [2, "failed", 503],
      [1, "failed", 503],
    ]);
    expect(log.data.every((attempt: any) => attempt.event_id === [...eventIds][0])).toBe(true);
    expect(log.data[1].next_attempt_at).toEqual(expect.any(String));
    expect(log.data[0].next_attempt_at).toBeNull();
    expect(log.data[2].error).toMatch(/503/);
  });

  it("records a receiver that hangs past 10 s as a timeout, then succeeds on the retry", async () => {
    const tenant = await createTenant();
    const endpoint = await receiver((_request, index) => (index === 0 ? { status: 200, delayMs: 12_000 } : 200));
    const { id: webhookId } = await register(tenant, endpoint.url, ["run.completed"]);
    await call("POST", "/v1/run", { key: tenant.key, body: completingRun });
    const log = await waitFor(`/v1/webhooks/${webhookId}/deliveries`, tenant.key, (body: any) => body.total === 2, 40_000);
    expect(log.data[1]).toMatchObject({ attempt: 1, status: "failed", response_status: null, error: expect.stringMatching(/10 s/) });
    expect(log.data[1].duration_ms).toBeGreaterThanOrEqual(9_900);
    expect(log.data[0]).toMatchObject({ attempt: 2, status: "succeeded", response_status: 200 });
  });
});
