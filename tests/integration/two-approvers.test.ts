// Two approvers (docs/api-conventions.md, "Two approvers"): an item whose route requires two
// approvals above an amount stays pending until two distinct people approved it; one
// rejection decides at once; the same person cannot approve twice; bulk adds one approval;
// an approver's edit is the proposal the next approver sees and the run ends with.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { seedReviewLink } from "../helpers/review-link.ts";

let tenant: TTenant;
let secondKey: { id: string; key: string };

const invoice = (total: number) => ({ invoice: { number: "INV-9", vendor: "Acme Supplies", currency: "USD", total } });
const approve = (key: string, id: string, body: Record<string, unknown> = {}) => call("POST", `/v1/triage/${id}/approve`, { key, body });
const read = async (runId: string) => (await call("GET", `/v1/runs/${runId}`, { key: tenant.key })).body;

beforeAll(async () => {
  tenant = await createTenant();
  secondKey = await createKey(tenant, "all");
  const route = await call("PUT", "/v1/review-routes/ap_specialist", {
    key: tenant.key,
    body: { notify: [], escalation: [], approvals: { required: 2, when: { path: "/invoice/total", gt: 10000 } } },
  });
  expect(route.status).toBe(200);
});

describe("an item above the amount", () => {
  it("stays pending after one approval, refuses the same person again, and completes on the second", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(40000) });
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/claim`, { key: tenant.key })).status).toBe(200);

    const first = await approve(tenant.key, fixture.triageItemId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: fixture.triageItemId, status: "pending", resolved_at: null, resolved_by: null });
    expect(first.body.data.approvals).toEqual({
      required: 2,
      given: [{ by: `api_key:${tenant.keyId}`, by_actor: expect.objectContaining({ type: "api_key", id: tenant.keyId }), at: expect.any(String), output_edited: false }],
    });
    const waiting = await read(fixture.runId);
    expect(waiting.run.status).toBe("pending_triage");
    // The approver's claim ended with their approval, so the next approver can take it.
    expect(waiting.triage_item).toMatchObject({ status: "pending", claimed_by: null, approvals: { required: 2, given: [expect.objectContaining({ by: `api_key:${tenant.keyId}` })] } });
    const listed = (await call("GET", "/v1/triage?limit=100", { key: tenant.key })).body.data.find((entry: { id: string }) => entry.id === fixture.triageItemId);
    expect(listed.approvals.given).toHaveLength(1);

    const repeat = await approve(tenant.key, fixture.triageItemId);
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe("You already approved this item; it needs 1 more");

    const second = await approve(secondKey.key, fixture.triageItemId);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ status: "approved", resolved_by: `api_key:${secondKey.id}` });
    expect(second.body.data.approvals.given.map((given: { by: string }) => given.by)).toEqual([`api_key:${tenant.keyId}`, `api_key:${secondKey.id}`]);
    const done = await read(fixture.runId);
    expect(done.run).toMatchObject({ status: "completed", resolution: "approved" });

  });

  it("decides at once on a rejection after one approval", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(25000) });
    expect((await approve(tenant.key, fixture.triageItemId)).body.data.status).toBe("pending");
    const rejected = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: secondKey.key, body: { reason_code: "suspected_fraud" } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe("rejected");
    expect((await read(fixture.runId)).run).toMatchObject({ status: "cancelled", resolution: "rejected" });
  });

  it("keeps the first approver's edit as the proposal the second sees, and completes with it (the second through a link)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(50000), proposedOutput: { decision: "hold", amount_due: 50000 } });
    const edited = { decision: "approve_payment", amount_due: 49000 };
    const first = await approve(tenant.key, fixture.triageItemId, { output: edited });
    expect(first.body.data).toMatchObject({ status: "pending", output_edited: true });
    expect(first.body.data.approvals.given[0].output_edited).toBe(true);
    expect((await read(fixture.runId)).triage_item.proposed_output).toEqual(edited);

    const { token, linkId } = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { recipient: "cfo@example.test" });
    const baseUrl = inject("baseUrl");
    const html = await (await fetch(`${baseUrl}/review/${token}`)).text();
    expect(html).toContain("49000");
    expect(html).toContain("Needs 2 approvals");
    const posted = await fetch(`${baseUrl}/review/${token}/decide`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({ action: "approve", name: "Chris CFO" }).toString(),
    });
    expect(new URL(posted.headers.get("location")!, baseUrl).searchParams.get("done")).toBe("approved");

    const { run, triage_item: decided } = await read(fixture.runId);
    expect(run).toMatchObject({ status: "completed", resolution: "approved_edited", output: edited });
    expect(decided).toMatchObject({ status: "approved", output_edited: true, resolved_by: `link:${linkId}` });
    expect(decided.approvals.given.map((given: { by: string }) => given.by)).toEqual([`api_key:${tenant.keyId}`, `link:${linkId}`]);
    expect(decided.approvals.given[1].by_actor).toEqual({ type: "link", id: linkId, name: "Chris CFO", channel: "email", recipient: "cfo@example.test" });
  });

  it("counts a person once across their links: two messages to one address approve once", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(30000) });
    const baseUrl = inject("baseUrl");
    const send = (token: string, name: string) =>
      fetch(`${baseUrl}/review/${token}/decide`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
        body: new URLSearchParams({ action: "approve", name }).toString(),
      }).then((response) => new URL(response.headers.get("location")!, baseUrl).searchParams);
    const opened = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { recipient: "Controller@Example.test" });
    const escalated = await seedReviewLink(inject("databaseUrl"), fixture.triageItemId, { recipient: "controller@example.test" });
    expect((await send(opened.token, "Carla")).get("done")).toBe("pending");
    // The used link changes nothing more, and says so.
    expect(await (await fetch(`${baseUrl}/review/${opened.token}`)).text()).toContain("Approved through this link at");
    expect((await send(escalated.token, "Carla again")).get("error")).toBe("You already approved this item; it needs 1 more");
    expect((await read(fixture.runId)).triage_item.approvals.given).toHaveLength(1);
    expect((await approve(tenant.key, fixture.triageItemId)).body.data.status).toBe("approved");
  });

  it("adds one approval per item in a bulk approval", async () => {
    const above = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(12000) });
    const below = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(900) });
    const bulk = await call("POST", "/v1/triage/bulk", { key: tenant.key, body: { decision: "approve", ids: [above.triageItemId, below.triageItemId] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([
      { id: above.triageItemId, status: "pending" },
      { id: below.triageItemId, status: "approved" },
    ]);
    expect((await read(above.runId)).triage_item.approvals.given).toHaveLength(1);
    const again = await call("POST", "/v1/triage/bulk", { key: tenant.key, body: { decision: "approve", ids: [above.triageItemId] } });
    expect(again.body.results[0]).toMatchObject({ status: "error", error: { type: "conflict" } });
    expect((await call("POST", "/v1/triage/bulk", { key: secondKey.key, body: { decision: "approve", ids: [above.triageItemId] } })).body.results[0].status).toBe("approved");
  });
});

describe("an item at or below the amount", () => {
  it("is decided by one approval", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { data: invoice(10000) });
    const response = await approve(tenant.key, fixture.triageItemId);
    expect(response.body.data.status).toBe("approved");
    expect((await read(fixture.runId)).triage_item.approvals).toEqual({ required: 1, given: [] });
  });
});
