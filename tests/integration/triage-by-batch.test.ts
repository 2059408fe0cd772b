// The triage list by batch, and what status=resolved lists (docs/api-conventions.md, "Triage by
// batch, and what \"resolved\" lists"): `batch_id` narrows the queue to one batch's runs, and a
// round sent back for changes is a decided item like the others.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, type TTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

let tenant: TTenant;
let other: TTenant;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});

async function createBatch(key: string) {
  const rows = [{ task: "Row task", data: { items: [{ description: "bolts", quantity: 1 }] } }];
  const response = await call("POST", "/v1/batches", { key, body: { agent_type: "rfq_generator", rows } });
  expect(response.status).toBe(201);
  return response.body.job.id as string;
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((item) => item.id).sort();

describe("GET /v1/triage?batch_id=", () => {
  it("lists only the items of that batch's runs, with the other filters and the total", async () => {
    const [batchA, batchB] = await Promise.all([createBatch(tenant.key), createBatch(tenant.key)]);
    const inA = await Promise.all([1, 2].map(() => insertRunAwaitingTriage(tenant.orgId, { batchJobId: batchA })));
    const inB = await insertRunAwaitingTriage(tenant.orgId, { batchJobId: batchB });
    const loose = await insertRunAwaitingTriage(tenant.orgId);

    const listed = await call("GET", `/v1/triage?batch_id=${batchA}&limit=100`, { key: tenant.key });
    expect(listed.status).toBe(200);
    expect(idsOf(listed.body)).toEqual(inA.map((item) => item.triageItemId).sort());
    expect(listed.body.total).toBe(2);
    expect(idsOf((await call("GET", `/v1/triage?batch_id=${batchB}&claimed=none`, { key: tenant.key })).body)).toEqual([inB.triageItemId]);
    // Without the filter every waiting item is listed, the loose one included.
    const all = idsOf((await call("GET", "/v1/triage?limit=100", { key: tenant.key })).body);
    expect(all).toEqual(expect.arrayContaining([...inA.map((item) => item.triageItemId), inB.triageItemId, loose.triageItemId]));
    // Decided items of the batch, by the same filter.
    expect((await call("POST", `/v1/triage/${inA[0]!.triageItemId}/approve`, { key: tenant.key, body: {} })).status).toBe(200);
    expect(idsOf((await call("GET", `/v1/triage?batch_id=${batchA}&status=resolved`, { key: tenant.key })).body)).toEqual([inA[0]!.triageItemId]);
  });

  it("lists nothing for another organization's batch and answers 400 for a batch_id that is not a UUID", async () => {
    const batch = await createBatch(tenant.key);
    await insertRunAwaitingTriage(tenant.orgId, { batchJobId: batch });
    const foreign = await call("GET", `/v1/triage?batch_id=${batch}`, { key: other.key });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ data: [], total: 0 });
    const refused = await call("GET", "/v1/triage?batch_id=nope", { key: tenant.key });
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation_error");
    expect(JSON.stringify(refused.body)).toContain("batch_id");
  });
});

describe("GET /v1/triage?status=resolved", () => {
  it("includes rounds sent back for changes, beside approved and rejected items", async () => {
    const sentBack = await insertRunAwaitingTriage(tenant.orgId);
    const approved = await insertRunAwaitingTriage(tenant.orgId);
    const rejected = await insertRunAwaitingTriage(tenant.orgId);
    const changes = await call("POST", `/v1/triage/${sentBack.triageItemId}/request-changes`, { key: tenant.key, body: { feedback: "Check the PO" } });
    expect(changes.status).toBe(200);
    expect((await call("POST", `/v1/triage/${approved.triageItemId}/approve`, { key: tenant.key, body: {} })).status).toBe(200);
    expect((await call("POST", `/v1/triage/${rejected.triageItemId}/reject`, { key: tenant.key, body: { reason: "no" } })).status).toBe(200);
    const resolved = await call("GET", "/v1/triage?status=resolved&limit=100", { key: tenant.key });
    const byId = new Map(resolved.body.data.map((item: { id: string; status: string }) => [item.id, item]));
    expect(byId.get(sentBack.triageItemId)).toMatchObject({ status: "changes_requested", feedback: "Check the PO" });
    expect(byId.get(approved.triageItemId)).toMatchObject({ status: "approved" });
    expect(byId.get(rejected.triageItemId)).toMatchObject({ status: "rejected" });
  });
});
