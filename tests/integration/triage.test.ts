// Triage: the queue of runs waiting for a person, approve and reject (api-spec.md
// "Triage list", decisions.md "Runs"). Runs reach pending_triage through the fixture.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, ISO_PATTERN, type TTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

let tenant: TTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((item) => item.id);

describe("GET /v1/triage", () => {
  it("lists pending items with their run summary", async () => {
    const other = await createTenant();
    const fixture = await insertRunAwaitingTriage(other.orgId, { agentType: "rfq_generator", confidence: 0.6, reason: "items inferred from free text" });
    const response = await call("GET", "/v1/triage", { key: other.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        expect.objectContaining({
          id: fixture.triageItemId,
          run_id: fixture.runId,
          status: "pending",
          triage_reason: "items inferred from free text",
          proposed_output: { decision: "hold", amount_due: 120 },
          created_at: expect.stringMatching(ISO_PATTERN),
          resolved_at: null,
          agent_runs: { id: fixture.runId, agent_type: "rfq_generator", confidence_score: 0.6 },
        }),
      ],
      total: 1,
      limit: 20,
      offset: 0,
    });
  });

  it("lists pending items only, paginated, with the correct total", async () => {
    const other = await createTenant();
    const fixtures = [];
    for (let index = 0; index < 4; index++) fixtures.push(await insertRunAwaitingTriage(other.orgId));
    const resolved = fixtures.pop()!;
    expect((await call("POST", `/v1/triage/${resolved.triageItemId}/approve`, { key: other.key })).status).toBe(200);

    const all = await call("GET", "/v1/triage", { key: other.key });
    expect(all.body.total).toBe(3);
    expect(ids(all).sort()).toEqual(fixtures.map((fixture) => fixture.triageItemId).sort());
    expect(all.body.data.every((item: { status: string }) => item.status === "pending")).toBe(true);

    const first = await call("GET", "/v1/triage?limit=2", { key: other.key });
    const rest = await call("GET", "/v1/triage?limit=2&offset=2", { key: other.key });
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(rest.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(first.body.data).toHaveLength(2);
    expect(rest.body.data).toHaveLength(1);
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(3);
  });

  it.each(["limit=101", "limit=0", "offset=-1"])("answers 400 validation_error for %s", async (query) => {
    const response = await call("GET", `/v1/triage?${query}`, { key: tenant.key });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe("validation_error");
  });

  it("does not list another organization's or the other mode's items", async () => {
    const other = await createTenant();
    const liveItem = await insertRunAwaitingTriage(other.orgId);
    const testItem = await insertRunAwaitingTriage(other.orgId, { livemode: false });
    expect(ids(await call("GET", "/v1/triage", { key: other.key }))).toEqual([liveItem.triageItemId]);
    expect(ids(await call("GET", "/v1/triage", { key: other.testKey }))).toEqual([testItem.triageItemId]);
    expect(ids(await call("GET", "/v1/triage?limit=100", { key: tenant.key }))).not.toContain(liveItem.triageItemId);
  });
});

describe("POST /v1/triage/:id/approve", () => {
  it("answers 200 {data} with status approved and resolved_at", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: expect.objectContaining({ id: fixture.triageItemId, status: "approved", resolved_at: expect.stringMatching(ISO_PATTERN) }),
    });
  });

  it("completes the run with the proposed output and removes the item from the list", async () => {
    const proposedOutput = { decision: "hold", amount_due: 99.5, discrepancies: [{ field: "total" }] };
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput });
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key })).status).toBe(200);
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run).toMatchObject({ status: "completed", completed_at: expect.stringMatching(ISO_PATTERN) });
    expect(run.body.run.output).toEqual(proposedOutput);
    expect(run.body.triage_item).toMatchObject({ status: "approved", resolved_at: expect.stringMatching(ISO_PATTERN) });
    expect(ids(await call("GET", "/v1/triage?limit=100", { key: tenant.key }))).not.toContain(fixture.triageItemId);
  });

  it("adds resolution_note to the output and records it on the item", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "hold" } });
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, {
      key: tenant.key, body: { resolution_note: "Vendor confirmed the price" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.resolution_note).toBe("Vendor confirmed the price");
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.output).toEqual({ decision: "hold", resolution_note: "Vendor confirmed the price" });
    expect(run.body.triage_item).toMatchObject({ resolution_note: "Vendor confirmed the price", resolved_by: expect.stringContaining(tenant.keyId) });
  });

  it("answers 409 conflict when the item is already approved or rejected", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key })).status).toBe(200);
    for (const action of ["approve", "reject"]) {
      const again = await call("POST", `/v1/triage/${fixture.triageItemId}/${action}`, { key: tenant.key });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: "conflict", type: "conflict", message: expect.any(String) });
    }
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.status).toBe("completed");
  });
});

describe("POST /v1/triage/:id/reject", () => {
  it("cancels the run, rejects the item and records the reason and who decided", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, {
      key: tenant.key, body: { reason: "Duplicate invoice" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: fixture.triageItemId, status: "rejected", resolved_at: expect.stringMatching(ISO_PATTERN), resolution_note: "Duplicate invoice",
    });
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run).toMatchObject({ status: "cancelled", completed_at: expect.stringMatching(ISO_PATTERN) });
    expect(run.body.triage_item).toMatchObject({
      status: "rejected",
      resolution_note: "Duplicate invoice",
      resolved_by: expect.stringContaining(tenant.keyId),
      resolved_at: expect.stringMatching(ISO_PATTERN),
    });
    expect(ids(await call("GET", "/v1/triage?limit=100", { key: tenant.key }))).not.toContain(fixture.triageItemId);
  });

  it("accepts resolution_note instead of reason, and records the deciding key", async () => {
    const reviewer = await createKey(tenant, "triage:write");
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, {
      key: reviewer.key, body: { resolution_note: "Not ours" },
    });
    expect(response.status).toBe(200);
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.triage_item).toMatchObject({ resolution_note: "Not ours", resolved_by: expect.stringContaining(reviewer.id) });
  });

  it("answers 409 conflict when rejecting twice or approving a rejected item", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: tenant.key })).status).toBe(200);
    for (const action of ["reject", "approve"]) {
      const again = await call("POST", `/v1/triage/${fixture.triageItemId}/${action}`, { key: tenant.key });
      expect(again.status).toBe(409);
      expect(again.body.type).toBe("conflict");
    }
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.status).toBe("cancelled");
  });
});

describe("unknown and foreign triage items", () => {
  it.each(["approve", "reject"])("%s answers 404 not_found for an unknown id", async (action) => {
    const response = await call("POST", `/v1/triage/${randomUUID()}/${action}`, { key: tenant.key });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "not_found", type: "not_found", message: expect.any(String) });
  });

  it("answers 404 for another organization's item and leaves it pending", async () => {
    const other = await createTenant();
    const fixture = await insertRunAwaitingTriage(other.orgId);
    for (const action of ["approve", "reject"]) {
      expect((await call("POST", `/v1/triage/${fixture.triageItemId}/${action}`, { key: tenant.key })).status).toBe(404);
    }
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: other.testKey })).status).toBe(404);
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: other.key });
    expect(run.body.triage_item.status).toBe("pending");
  });

  it("requires triage:write to decide and triage:read to list", async () => {
    const readOnly = await createKey(tenant, "triage:read");
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const approve = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: readOnly.key });
    expect(approve.status).toBe(403);
    expect(approve.body.required).toBe("triage:write");
    expect((await call("GET", "/v1/triage", { key: readOnly.key })).status).toBe(200);
  });
});
