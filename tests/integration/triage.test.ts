// Triage: the queue of runs waiting for a person, approve and reject (docs/contract.md,
// "Endpoints" and "Triage items"). Runs reach pending_triage through the fixture.
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
          // task and data: optional additions for the reviewer (the fixture run has no data).
          // output: what the run completed with (null while it waits; an approved item's approved output).
          agent_runs: { id: fixture.runId, agent_type: "rfq_generator", confidence_score: 0.6, task: "fixture task", data: null, output: null },
          resolved_by_name: null,
          output_edited: false,
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

  it("records resolution_note on the item and leaves the output the proposal", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "hold" } });
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, {
      key: tenant.key, body: { resolution_note: "Vendor confirmed the price" },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.resolution_note).toBe("Vendor confirmed the price");
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.output).toEqual({ decision: "hold" });
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

describe("POST /v1/triage/:id/approve with an edited output (extension)", () => {
  it("completes the run with the edited output and records output_edited and who decided", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "hold", amount_due: 120 } });
    const edited = { decision: "pay", amount_due: 100, lines: [{ sku: "A-1" }] };
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key, body: { output: edited } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: fixture.triageItemId, status: "approved", output_edited: true, resolved_by_name: "live" });
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run).toMatchObject({ status: "completed", output: edited });
    expect(run.body.triage_item).toMatchObject({ status: "approved", output_edited: true, resolved_by_name: "live" });
  });

  it("keeps output_edited false when the output sent equals the proposal (key order aside)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: { decision: "hold", amount_due: 120 } });
    const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, {
      key: tenant.key, body: { output: { amount_due: 120, decision: "hold" } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.output_edited).toBe(false);
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.output).toEqual({ decision: "hold", amount_due: 120 });
  });

  it.each([["a string", "pay"], ["an array", [1, 2]], ["a number", 3], ["null", null]])(
    "answers 400 validation_error when output is %s and leaves the item pending",
    async (_label, output) => {
      const fixture = await insertRunAwaitingTriage(tenant.orgId);
      const response = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key, body: { output } });
      expect(response.status).toBe(400);
      expect(response.body.type).toBe("validation_error");
      const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
      expect(run.body).toMatchObject({ run: { status: "pending_triage" }, triage_item: { status: "pending" } });
    },
  );
});

describe("GET /v1/triage?status= (extension)", () => {
  it("lists decisions newest first with the run's task and data, who decided and whether the output was edited", async () => {
    const other = await createTenant();
    const [first, second, pending] = [
      await insertRunAwaitingTriage(other.orgId),
      await insertRunAwaitingTriage(other.orgId),
      await insertRunAwaitingTriage(other.orgId),
    ];
    await call("POST", `/v1/triage/${first.triageItemId}/approve`, { key: other.key, body: { output: { decision: "pay" } } });
    await call("POST", `/v1/triage/${second.triageItemId}/reject`, { key: other.key, body: { reason: "Duplicate" } });

    const resolved = await call("GET", "/v1/triage?status=resolved", { key: other.key });
    expect(resolved.status).toBe(200);
    expect(ids(resolved)).toEqual([second.triageItemId, first.triageItemId]);
    expect(resolved.body.data[0]).toMatchObject({ status: "rejected", resolution_note: "Duplicate", resolved_by_name: "live", output_edited: false });
    expect(resolved.body.data[1]).toMatchObject({
      status: "approved",
      output_edited: true,
      resolved_by_name: "live",
      agent_runs: { id: first.runId, task: "fixture task" },
    });
    expect(ids(await call("GET", "/v1/triage?status=approved", { key: other.key }))).toEqual([first.triageItemId]);
    expect(ids(await call("GET", "/v1/triage?status=rejected", { key: other.key }))).toEqual([second.triageItemId]);
    expect(ids(await call("GET", "/v1/triage", { key: other.key }))).toEqual([pending.triageItemId]);
    expect(ids(await call("GET", "/v1/triage?status=pending", { key: other.key }))).toEqual([pending.triageItemId]);
  });

  it("answers 400 validation_error for an unknown status", async () => {
    const response = await call("GET", "/v1/triage?status=done", { key: tenant.key });
    expect(response.status).toBe(400);
    expect(response.body.type).toBe("validation_error");
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
