// The shared review queue (docs/api-conventions.md, "Claims, due times and bulk decisions"):
// reason codes, the run's resolution, claims, due times and the queue's filters, bulk
// decisions, and the opt-in triage.overdue webhook event. Waiting runs come from the fixture
// or from real ap_specialist runs; times a test cannot wait for (a 15-minute lease, a due
// time hours away) are moved into the past in the database.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, ISO_PATTERN, signInCookie, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { receiverSet } from "../helpers/https-receiver.ts";
import { until } from "../helpers/waiting.ts";

const REASON_CODES = ["incorrect_output", "incomplete_input", "duplicate", "suspected_fraud", "policy", "other"] as const;
const LEASE_MS = 15 * 60_000;

let tenant: TTenant;
/** Two reviewers of one organization, each with a key of their own (the key's name is the actor's name). */
let ada: { id: string; key: string };
let grace: { id: string; key: string };

async function reviewerKey(name: string, scopes = "all") {
  return admin<{ id: string; key: string }>("create-key", "--org", tenant.orgId, "--member", tenant.memberEmail, "--name", name, "--scopes", scopes, "--mode", "live");
}

const sql = (text: string, values: unknown[] = []) => withDatabase(inject("databaseUrl"), (client) => client.query(text, values));

beforeAll(async () => {
  tenant = await createTenant();
  ada = await reviewerKey("Ada");
  grace = await reviewerKey("Grace");
});

const itemOf = async (key: string, triageItemId: string, status = "pending") => {
  const list = await call("GET", `/v1/triage?status=${status}&limit=100`, { key });
  return list.body.data.find((item: { id: string }) => item.id === triageItemId);
};

describe("reject reason codes", () => {
  it.each(REASON_CODES)("stores %s on the item and the run record, and returns it", async (code) => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const rejected = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: ada.key, body: { reason: "Not ours", reason_code: code } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ id: fixture.triageItemId, status: "rejected", reason_code: code, resolution_note: "Not ours" });
    expect(await itemOf(ada.key, fixture.triageItemId, "rejected")).toMatchObject({ reason_code: code, status: "rejected" });
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: ada.key });
    expect(run.body.run).toMatchObject({ status: "cancelled", resolution: "rejected", reason_code: code });
    expect(run.body.triage_item).toMatchObject({ reason_code: code });
  });

  it("answers 400 for an unknown reason code and leaves the item pending", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const refused = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: ada.key, body: { reason_code: "too_expensive" } });
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation_error");
    expect(JSON.stringify(refused.body)).toContain("reason_code");
    expect(await itemOf(ada.key, fixture.triageItemId)).toMatchObject({ status: "pending", reason_code: null });
  });

  it("a rejection without a code stores null", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const rejected = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: ada.key, body: { reason: "No" } });
    expect(rejected.body.data.reason_code).toBeNull();
    expect((await call("GET", `/v1/runs/${fixture.runId}`, { key: ada.key })).body.run).toMatchObject({ resolution: "rejected", reason_code: null });
  });
});

describe("the run's resolution", () => {
  const resolutionOf = async (runId: string) => (await call("GET", `/v1/runs/${runId}`, { key: ada.key })).body.run;

  it("approved, approved_edited (an output that differs), approved again for an unchanged output", async () => {
    const plain = await insertRunAwaitingTriage(tenant.orgId);
    const edited = await insertRunAwaitingTriage(tenant.orgId);
    const same = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${plain.triageItemId}/approve`, { key: ada.key })).status).toBe(200);
    expect((await call("POST", `/v1/triage/${edited.triageItemId}/approve`, { key: ada.key, body: { output: { decision: "pay", amount_due: 120 } } })).status).toBe(200);
    expect((await call("POST", `/v1/triage/${same.triageItemId}/approve`, { key: ada.key, body: { output: { decision: "hold", amount_due: 120 } } })).status).toBe(200);
    expect(await resolutionOf(plain.runId)).toMatchObject({ status: "completed", resolution: "approved", reason_code: null });
    expect(await resolutionOf(edited.runId)).toMatchObject({ status: "completed", resolution: "approved_edited", output: { decision: "pay" } });
    expect(await resolutionOf(same.runId)).toMatchObject({ status: "completed", resolution: "approved" });
  });

  it("cancelled_by_caller when the caller cancels a waiting run (both show as cancelled)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const cancelled = await call("POST", `/v1/runs/${fixture.runId}/cancel`, { key: ada.key });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.run).toMatchObject({ status: "cancelled", resolution: "cancelled_by_caller" });
    expect(await resolutionOf(fixture.runId)).toMatchObject({ status: "cancelled", resolution: "cancelled_by_caller" });
  });

  it("null while nobody decided", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect(await resolutionOf(fixture.runId)).toMatchObject({ status: "pending_triage", resolution: null });
  });
});

describe("claims", () => {
  const claim = (key: string, id: string) => call("POST", `/v1/triage/${id}/claim`, { key });
  const release = (key: string, id: string) => call("POST", `/v1/triage/${id}/release`, { key });

  it("claims for 15 minutes, names the holder on the item and the run, and refuses a second reviewer (409 naming the holder)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const before = Date.now();
    const claimed = await claim(ada.key, fixture.triageItemId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toEqual({
      id: fixture.triageItemId,
      claimed_by: `api_key:${ada.id}`,
      claimed_by_name: "Ada",
      claimed_until: expect.stringMatching(ISO_PATTERN),
    });
    const until = Date.parse(claimed.body.data.claimed_until);
    expect(until).toBeGreaterThanOrEqual(before + LEASE_MS - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + LEASE_MS + 1000);
    expect(await itemOf(grace.key, fixture.triageItemId)).toMatchObject({ claimed_by: `api_key:${ada.id}`, claimed_by_name: "Ada" });
    expect((await call("GET", `/v1/runs/${fixture.runId}`, { key: grace.key })).body.run).toMatchObject({ claimed_by: `api_key:${ada.id}` });

    const second = await claim(grace.key, fixture.triageItemId);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ type: "conflict" });
    expect(second.body.message).toContain("Ada is reviewing this item");
  });

  it("refuses another reviewer's approve and reject (409 naming the holder) unless force; the holder decides freely", async () => {
    const forced = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, forced.triageItemId)).status).toBe(200);
    const approve = await call("POST", `/v1/triage/${forced.triageItemId}/approve`, { key: grace.key, body: {} });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toContain("Ada is reviewing this item");
    const reject = await call("POST", `/v1/triage/${forced.triageItemId}/reject`, { key: grace.key, body: { reason_code: "duplicate" } });
    expect(reject.status).toBe(409);
    expect(await itemOf(ada.key, forced.triageItemId)).toMatchObject({ status: "pending" });

    const taken = await call("POST", `/v1/triage/${forced.triageItemId}/approve`, { key: grace.key, body: { force: true } });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ status: "approved", resolved_by: `api_key:${grace.id}` });
    // A decided item keeps no claim.
    expect(await itemOf(ada.key, forced.triageItemId, "approved")).toMatchObject({ claimed_by: null, claimed_until: null });

    const own = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, own.triageItemId)).status).toBe(200);
    expect((await call("POST", `/v1/triage/${own.triageItemId}/reject`, { key: ada.key, body: { reason_code: "policy" } })).status).toBe(200);
  });

  it("renews the holder's lease when they claim again", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, fixture.triageItemId)).status).toBe(200);
    // Shorten the lease in the database (waiting minutes is not an option in a test), then renew it.
    await sql(`UPDATE triage_items SET claimed_until = now() + interval '1 minute' WHERE id = $1`, [fixture.triageItemId]);
    const renewed = await claim(ada.key, fixture.triageItemId);
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.body.data.claimed_until)).toBeGreaterThan(Date.now() + LEASE_MS - 60_000);
  });

  it("releases: only the holder; an unclaimed item answers nulls; then anyone may claim", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const unclaimed = await release(grace.key, fixture.triageItemId);
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body.data).toEqual({ id: fixture.triageItemId, claimed_by: null, claimed_by_name: null, claimed_until: null });

    expect((await claim(ada.key, fixture.triageItemId)).status).toBe(200);
    const refused = await release(grace.key, fixture.triageItemId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Ada");
    const released = await release(ada.key, fixture.triageItemId);
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ claimed_by: null, claimed_until: null });
    expect((await claim(grace.key, fixture.triageItemId)).body.data).toMatchObject({ claimed_by: `api_key:${grace.id}`, claimed_by_name: "Grace" });
  });

  it("an expired lease is no claim: another reviewer claims or decides without force", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, fixture.triageItemId)).status).toBe(200);
    // The lease is 15 minutes: end it in the database instead of waiting it out.
    await sql(`UPDATE triage_items SET claimed_until = now() - interval '1 second' WHERE id = $1`, [fixture.triageItemId]);
    expect(await itemOf(grace.key, fixture.triageItemId)).toMatchObject({ claimed_by: null, claimed_by_name: null, claimed_until: null });
    expect((await call("GET", `/v1/runs/${fixture.runId}`, { key: grace.key })).body.run).toMatchObject({ claimed_by: null });
    expect((await claim(grace.key, fixture.triageItemId)).status).toBe(200);

    const other = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, other.triageItemId)).status).toBe(200);
    await sql(`UPDATE triage_items SET claimed_until = now() - interval '1 second' WHERE id = $1`, [other.triageItemId]);
    expect((await call("POST", `/v1/triage/${other.triageItemId}/approve`, { key: grace.key })).status).toBe(200);
  });

  it("refuses to claim a decided item (409), another organization's (404) and without triage:write (403)", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: ada.key })).status).toBe(200);
    const decided = await claim(ada.key, fixture.triageItemId);
    expect(decided.status).toBe(409);
    expect(decided.body.message).toContain("already approved");

    const other = await createTenant();
    const foreign = await insertRunAwaitingTriage(other.orgId);
    expect((await claim(ada.key, foreign.triageItemId)).status).toBe(404);
    expect((await release(ada.key, foreign.triageItemId)).status).toBe(404);
    expect((await claim(ada.key, randomUUID())).status).toBe(404);
    const testMode = await insertRunAwaitingTriage(tenant.orgId, { livemode: false });
    expect((await claim(ada.key, testMode.triageItemId)).status).toBe(404);

    const reader = await reviewerKey("Reader", "triage:read");
    const open = await insertRunAwaitingTriage(tenant.orgId);
    const forbidden = await claim(reader.key, open.triageItemId);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ type: "insufficient_scope", required: "triage:write" });
  });
});

describe("claims in the dashboard", () => {
  const mutation = async (procedure: string, input: unknown, cookie: string) => {
    const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it("a reviewer claims as themselves; a viewer can neither claim nor decide nor bulk-decide (403)", async () => {
    const tag = randomUUID().slice(0, 8);
    for (const role of ["reviewer", "viewer"]) {
      await admin("create-member", "--org", tenant.orgId, "--email", `${role}-${tag}@example.test`, "--name", `Dash ${role}`, "--role", role, "--password", `${role} password`);
    }
    const reviewer = await signInCookie(`reviewer-${tag}@example.test`, "reviewer password");
    const viewer = await signInCookie(`viewer-${tag}@example.test`, "viewer password");
    const fixture = await insertRunAwaitingTriage(tenant.orgId);

    for (const [procedure, input] of [
      ["triage.claim", { id: fixture.triageItemId }],
      ["triage.approve", { id: fixture.triageItemId }],
      ["triage.reject", { id: fixture.triageItemId }],
      ["triage.bulk", { decision: "approve", ids: [fixture.triageItemId] }],
    ] as const) {
      const refused = await mutation(procedure, input, viewer);
      expect(refused.status, procedure).toBe(403);
    }
    const claimed = await mutation("triage.claim", { id: fixture.triageItemId }, reviewer);
    expect(claimed.status).toBe(200);
    expect(claimed.body.result.data).toMatchObject({ data: { claimed_by: expect.stringMatching(/^member:/), claimed_by_name: "Dash reviewer" } });
    const blocked = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: ada.key });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain("Dash reviewer is reviewing this item");
  });
});

describe("bulk decisions", () => {
  it("decides each item on its own, in the order given: open, resolved, foreign, unknown and claimed ids", async () => {
    const open = await insertRunAwaitingTriage(tenant.orgId);
    const alsoOpen = await insertRunAwaitingTriage(tenant.orgId);
    const resolved = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${resolved.triageItemId}/reject`, { key: ada.key })).status).toBe(200);
    const foreign = await insertRunAwaitingTriage((await createTenant()).orgId);
    const claimedByAda = await insertRunAwaitingTriage(tenant.orgId);
    expect((await call("POST", `/v1/triage/${claimedByAda.triageItemId}/claim`, { key: ada.key })).status).toBe(200);
    const unknown = randomUUID();

    const ids = [open.triageItemId, resolved.triageItemId, foreign.triageItemId, claimedByAda.triageItemId, unknown, alsoOpen.triageItemId];
    const bulk = await call("POST", "/v1/triage/bulk", { key: grace.key, body: { decision: "approve", ids, resolution_note: "Checked in bulk" } });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({
      results: [
        { id: open.triageItemId, status: "approved" },
        { id: resolved.triageItemId, status: "error", error: { type: "conflict", message: expect.stringContaining("already rejected") } },
        { id: foreign.triageItemId, status: "error", error: { type: "not_found", message: expect.any(String) } },
        { id: claimedByAda.triageItemId, status: "error", error: { type: "conflict", message: expect.stringContaining("Ada is reviewing this item") } },
        { id: unknown, status: "error", error: { type: "not_found", message: expect.any(String) } },
        { id: alsoOpen.triageItemId, status: "approved" },
      ],
    });
    const run = (await call("GET", `/v1/runs/${open.runId}`, { key: ada.key })).body.run;
    expect(run).toMatchObject({ status: "completed", resolution: "approved", output: { resolution_note: "Checked in bulk" } });
    expect(await itemOf(ada.key, claimedByAda.triageItemId)).toMatchObject({ status: "pending" });
    // The foreign organization's item is untouched.
    const untouched = await sql(`SELECT status::text FROM triage_items WHERE id = $1`, [foreign.triageItemId]);
    expect(untouched.rows[0].status).toBe("pending");

    const forced = await call("POST", "/v1/triage/bulk", {
      key: grace.key,
      body: { decision: "reject", ids: [claimedByAda.triageItemId], reason_code: "duplicate", force: true },
    });
    expect(forced.body.results).toEqual([{ id: claimedByAda.triageItemId, status: "rejected" }]);
    expect((await call("GET", `/v1/runs/${claimedByAda.runId}`, { key: ada.key })).body.run).toMatchObject({ resolution: "rejected", reason_code: "duplicate" });
  });

  it.each([
    [{ decision: "approve", ids: [] }, "ids"],
    [{ decision: "approve", ids: Array.from({ length: 101 }, () => randomUUID()) }, "ids"],
    [{ decision: "defer", ids: [randomUUID()] }, "decision"],
    [{ decision: "approve", ids: ["not-a-uuid"] }, "ids"],
    [{ decision: "reject", ids: [randomUUID()], reason_code: "because" }, "reason_code"],
  ])("answers 400 for %j", async (body, field) => {
    const refused = await call("POST", "/v1/triage/bulk", { key: ada.key, body });
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation_error");
    expect(JSON.stringify(refused.body.issues)).toContain(field);
  });

  it("requires triage:write", async () => {
    const reader = await reviewerKey("Bulk reader", "triage:read");
    const refused = await call("POST", "/v1/triage/bulk", { key: reader.key, body: { decision: "approve", ids: [randomUUID()] } });
    expect(refused.status).toBe(403);
  });
});

describe("the queue's order and filters", () => {
  it("orders pending items by due_at, filters overdue and claims (mine, none, others)", async () => {
    const own = await createTenant();
    const mine = await admin<{ id: string; key: string }>("create-key", "--org", own.orgId, "--member", own.memberEmail, "--name", "Me", "--scopes", "all", "--mode", "live");
    const later = await insertRunAwaitingTriage(own.orgId);
    const sooner = await insertRunAwaitingTriage(own.orgId);
    const overdue = await insertRunAwaitingTriage(own.orgId);
    // Due times hours away are moved in the database; the oldest item is due last.
    await sql(`UPDATE triage_items SET due_at = now() + interval '3 hours' WHERE id = $1`, [later.triageItemId]);
    await sql(`UPDATE triage_items SET due_at = now() + interval '1 hour' WHERE id = $1`, [sooner.triageItemId]);
    await sql(`UPDATE triage_items SET due_at = now() - interval '5 minutes' WHERE id = $1`, [overdue.triageItemId]);
    const ids = async (query: string, key = own.key) => (await call("GET", `/v1/triage${query}`, { key })).body.data.map((item: { id: string }) => item.id);

    expect(await ids("")).toEqual([overdue.triageItemId, sooner.triageItemId, later.triageItemId]);
    expect(await ids("?overdue=true")).toEqual([overdue.triageItemId]);
    expect(await ids("?overdue=false")).toEqual([sooner.triageItemId, later.triageItemId]);

    expect((await call("POST", `/v1/triage/${sooner.triageItemId}/claim`, { key: mine.key })).status).toBe(200);
    expect((await call("POST", `/v1/triage/${later.triageItemId}/claim`, { key: own.key })).status).toBe(200);
    expect(await ids("?claimed=mine", mine.key)).toEqual([sooner.triageItemId]);
    expect(await ids("?claimed=others", mine.key)).toEqual([later.triageItemId]);
    expect(await ids("?claimed=none", mine.key)).toEqual([overdue.triageItemId]);
    expect(await ids("?claimed=none&overdue=false", mine.key)).toEqual([]);
    // An expired claim counts as none.
    await sql(`UPDATE triage_items SET claimed_until = now() - interval '1 second' WHERE id = $1`, [later.triageItemId]);
    expect(await ids("?claimed=none", mine.key)).toEqual([overdue.triageItemId, later.triageItemId]);
    expect(await ids("?claimed=others", mine.key)).toEqual([]);
    const page = await call("GET", "/v1/triage?overdue=true", { key: own.key });
    expect(page.body).toMatchObject({ total: 1, data: [{ id: overdue.triageItemId, due_at: expect.stringMatching(ISO_PATTERN) }] });
  });

  it.each(["claimed=everyone", "overdue=yes", "status=approved&overdue=true", "status=resolved&claimed=mine"])("answers 400 for %s", async (query) => {
    const refused = await call("GET", `/v1/triage?${query}`, { key: ada.key });
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation_error");
  });
});
