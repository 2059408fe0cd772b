// The shared review queue (docs/api-conventions.md, "Claims, due times and bulk decisions"):
// reason codes, the run's resolution, claims, due times and the queue's filters, bulk
// decisions, and the opt-in triage.overdue webhook event. Waiting runs come from the fixture
// or from real ap_specialist runs; times a test cannot wait for (a 15-minute lease, a due
// time hours away) are moved into the past in the database.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, cliEnv, createTenant, ISO_PATTERN, signInCookie, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { receiverSet } from "../helpers/https-receiver.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { runAdminCli } from "../helpers/processes.ts";
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

const runAdmin = (args: string[]) => runAdminCli([...args, "--json"], cliEnv());
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
      claimed_by_actor: { type: "api_key", id: ada.id, name: "API key 'Ada' (Ada Admin)" },
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
    expect(second.body.message).toContain("API key 'Ada' (Ada Admin) is reviewing this until");
  });

  it("refuses another reviewer's approve and reject (409 naming the holder) unless force; the holder decides freely", async () => {
    const forced = await insertRunAwaitingTriage(tenant.orgId);
    expect((await claim(ada.key, forced.triageItemId)).status).toBe(200);
    const approve = await call("POST", `/v1/triage/${forced.triageItemId}/approve`, { key: grace.key, body: {} });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toContain("API key 'Ada' (Ada Admin) is reviewing this until");
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
    expect(unclaimed.body.data).toEqual({ id: fixture.triageItemId, claimed_by: null, claimed_by_name: null, claimed_by_actor: null, claimed_until: null });

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
    return { status: response.status, body: await response.json() };
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
    expect(blocked.body.message).toContain("Dash reviewer is reviewing this until");
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
        { id: claimedByAda.triageItemId, status: "error", error: { type: "conflict", message: expect.stringContaining("API key 'Ada' (Ada Admin) is reviewing this until") } },
        { id: unknown, status: "error", error: { type: "not_found", message: expect.any(String) } },
        { id: alsoOpen.triageItemId, status: "approved" },
      ],
    });
    const run = (await call("GET", `/v1/runs/${open.runId}`, { key: ada.key })).body.run;
    // The note stays on the item, not in the run's output (docs/api-conventions.md, "Actors and notes").
    expect(run).toMatchObject({ status: "completed", resolution: "approved" });
    expect(run.output).not.toHaveProperty("resolution_note");
    expect((await itemOf(ada.key, open.triageItemId, "approved")).resolution_note).toBe("Checked in bulk");
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

describe("due times from the organization's setting", () => {
  const INV_8 = {
    invoice: { number: "INV-8", vendor: "Acme Supplies", currency: "USD", total: 300, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 12, unit_price: 25 }] },
    purchase_order: { number: "PO-3", vendor: "Acme Supplies", currency: "USD", total: 250, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 10, unit_price: 25 }] },
  };

  async function waitingRun(key: string) {
    const created = await call("POST", "/v1/run", { key, body: { agent_type: "ap_specialist", task: "Match invoice INV-8 against PO-3", data: INV_8 } });
    expect(created.status).toBe(202);
    return until("the run to wait for a person", async () => {
      const { body } = await call("GET", `/v1/runs/${created.body.run_id}`, { key });
      return body.run?.status === "pending_triage" ? body : undefined;
    });
  }

  const minutesToDue = (item: { created_at: string; due_at: string }) => (Date.parse(item.due_at) - Date.parse(item.created_at)) / 60_000;

  it("240 minutes by default; the admin CLI's set-triage-sla and an admin in the dashboard change it for new items", async () => {
    const own = await createTenant();
    const first = await waitingRun(own.key);
    expect(minutesToDue(first.triage_item)).toBe(240);
    expect(first.run).toMatchObject({ due_at: first.triage_item.due_at, claimed_by: null, review_round: 0, resolution: null });

    expect(await admin("set-triage-sla", "--org", own.orgId, "--minutes", "30")).toMatchObject({ id: own.orgId, triage_sla_minutes: 30 });
    const second = await waitingRun(own.key);
    expect(minutesToDue(second.triage_item)).toBe(30);
    // Items already open keep their due time.
    expect((await call("GET", `/v1/runs/${first.run.id}`, { key: own.key })).body.triage_item.due_at).toBe(first.triage_item.due_at);

    const adminCookie = await signInCookie(own.memberEmail, "correct horse battery");
    const settings = async (input: unknown, cookie = adminCookie) => {
      const response = await fetch(`${inject("baseUrl")}/api/trpc/organization.updateSettings`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(input),
      });
      return { status: response.status, body: await response.json() };
    };
    const updated = await settings({ triage_sla_minutes: 45 });
    expect(updated.status).toBe(200);
    expect(updated.body.result.data).toMatchObject({ id: own.orgId, triage_sla_minutes: 45 });
    expect(minutesToDue((await waitingRun(own.key)).triage_item)).toBe(45);

    for (const minutes of [0, 10081, 1.5]) expect((await settings({ triage_sla_minutes: minutes })).status).toBe(400);
    // The built-ins' threshold (the Quality page's Apply): alone, it leaves the due time as it is.
    const threshold = await settings({ triage_threshold: 0.82 });
    expect(threshold.status).toBe(200);
    expect(threshold.body.result.data).toMatchObject({ triage_threshold: 0.82, triage_sla_minutes: 45 });
    for (const value of [-0.1, 1.01, "0.8"]) expect((await settings({ triage_threshold: value })).status).toBe(400);
    await admin("create-member", "--org", own.orgId, "--email", `rev-${own.orgId.slice(0, 8)}@example.test`, "--name", "Rev", "--role", "reviewer", "--password", "reviewer password");
    const reviewer = await signInCookie(`rev-${own.orgId.slice(0, 8)}@example.test`, "reviewer password");
    const refused = await settings({ triage_sla_minutes: 60 }, reviewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.body).toMatchObject({ type: "insufficient_role", required: "admin" });
    expect((await settings({ triage_threshold: 0.1 }, reviewer)).status).toBe(403);
  });

  it("the CLI refuses minutes out of bounds and an unknown organization", async () => {
    const own = await createTenant();
    for (const minutes of ["0", "10081", "ten"]) {
      const result = await runAdmin(["set-triage-sla", "--org", own.orgId, "--minutes", minutes]);
      expect(result.code, minutes).not.toBe(0);
      expect(result.stderr).toMatch(/minutes/);
    }
    const unknown = await runAdmin(["set-triage-sla", "--org", randomUUID(), "--minutes", "60"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("not_found");
  });
});

// A server of this describe's own: a model (the fake OpenAI-compatible server) for an agent
// whose version sets review.sla_minutes.
describe("due times from the agent version, and the triage.overdue event", () => {
  // How long the test watches for a second triage.overdue that must not come.
  const SETTLE_MS = 1_600;
  let service: TOwnService;
  let fake: TFakeModelServer;
  let receivers: ReturnType<typeof receiverSet>;
  let orgId: string;
  let key: string;

  beforeAll(async () => {
    const certificate = inject("certificate");
    fake = await startFakeModelServer();
    receivers = receiverSet(certificate);
    service = await createOwnService("queue");
    await service.start({
      OPENAI_BASE_URL: fake.baseUrl,
      AGENT_MODEL: "fake-model",
      AGENT_MODEL_TIMEOUT_MS: "2000",
      EXECUTOR_RETRY_BASE_MS: "50",
      NODE_EXTRA_CA_CERTS: certificate.certPath,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_RETRY_SCHEDULE: "1s",
    });
    ({ orgId, key } = await service.createOrgKey("Queue Co"));
  }, 120_000);

  afterAll(async () => {
    await service?.dispose();
    await fake?.close();
    await receivers?.closeAll();
  });

  const api = (method: string, route: string, body?: unknown) => service.api(method, route, key, body);
  const ownSql = (text: string, values: unknown[] = []) => withDatabase(service.databaseUrl, (client) => client.query(text, values));

  /** A run of the always-reviewed agent, waiting for a person. */
  async function waitingRun(agentType: string) {
    fake.script(completion({ output: { category: "invoice" }, confidence: 0.99, needs_review: false, review_reason: null }));
    const created = await api("POST", "/v1/run", { agent_type: agentType, task: "Classify this email: the invoice is attached" });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    return until("the run to wait for a person", async () => {
      const { body } = await api("GET", `/v1/runs/${created.body.run_id}`);
      return body.run?.status === "pending_triage" ? body : undefined;
    });
  }

  it("an agent version's review.sla_minutes and max_rounds are stored, shown and bounded; sla_minutes sets due_at", async () => {
    const defined = await api("POST", "/v1/agents", { name: "quick_sorter", instructions: "Classify.", review: { always: true, sla_minutes: 5, max_rounds: 3 } });
    expect(defined.status, JSON.stringify(defined.body)).toBe(201);
    expect(defined.body.agent.review).toEqual({ confidence_threshold: null, always: true, sla_minutes: 5, max_rounds: 3, spot_check_rate: 0 });
    expect((await api("GET", "/v1/agents/quick_sorter")).body.agent.review).toMatchObject({ sla_minutes: 5, max_rounds: 3 });

    for (const review of [{ sla_minutes: 0 }, { sla_minutes: 10081 }, { sla_minutes: 2.5 }, { max_rounds: 0 }, { max_rounds: 21 }]) {
      const refused = await api("POST", "/v1/agents/quick_sorter/versions", { instructions: "Classify.", review });
      expect(refused.status, JSON.stringify(review)).toBe(400);
      expect(JSON.stringify(refused.body.issues)).toContain(Object.keys(review)[0]);
    }

    const waiting = await waitingRun("quick_sorter");
    expect(Date.parse(waiting.triage_item.due_at) - Date.parse(waiting.triage_item.created_at)).toBe(5 * 60_000);
    // Without sla_minutes the organization's setting applies.
    expect((await api("POST", "/v1/agents", { name: "plain_sorter", instructions: "Classify.", review: { always: true } })).status).toBe(201);
    const plain = await waitingRun("plain_sorter");
    expect(Date.parse(plain.triage_item.due_at) - Date.parse(plain.triage_item.created_at)).toBe(240 * 60_000);
  });

  it("webhook registration accepts triage.overdue and refuses unknown events", async () => {
    const receiver = await receivers.start();
    const accepted = await api("POST", "/v1/webhooks", { url: receiver.url, events: ["triage.overdue"] });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.events).toEqual(["triage.overdue"]);
    expect((await api("DELETE", `/v1/webhooks/${accepted.body.data.id}`)).status).toBe(200);
    const refused = await api("POST", "/v1/webhooks", { url: receiver.url, events: ["triage.late"] });
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("validation_error");
  });

  it("sends triage.overdue once per item past due_at to the webhooks that subscribed, never to others or for decided items", async () => {
    const subscribed = await receivers.start();
    const unsubscribed = await receivers.start();
    const hook = await api("POST", "/v1/webhooks", { url: subscribed.url, events: ["triage.overdue"] });
    expect(hook.status).toBe(201);
    expect((await api("POST", "/v1/webhooks", { url: unsubscribed.url, events: ["run.completed", "run.failed", "run.triage_required"] })).status).toBe(201);
    await api("POST", "/v1/agents", { name: "late_sorter", instructions: "Classify.", review: { always: true } });

    const overdue = await waitingRun("late_sorter");
    const decided = await waitingRun("late_sorter");
    const notYetDue = await waitingRun("late_sorter");
    const overdueItem = overdue.triage_item.id as string;
    expect((await api("POST", `/v1/triage/${overdueItem}/claim`)).status).toBe(200);
    expect((await api("POST", `/v1/triage/${decided.triage_item.id}/approve`)).status).toBe(200);
    // Due times are hours away: move the items' due times, and the pending item's timer, into the past instead of waiting.
    await until("the pending item's overdue timer to wait", async () => {
      const { rows } = await ownSql(
        `SELECT status::text FROM job_runs WHERE function_id = 'announce-triage-overdue' AND payload->>'triageItemId' = $1`,
        [overdueItem],
      );
      return rows[0]?.status === "waiting" ? true : undefined;
    });
    await ownSql(`UPDATE triage_items SET due_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`, [[overdueItem, decided.triage_item.id]]);
    await ownSql(`UPDATE job_runs SET run_after = now() WHERE function_id = 'announce-triage-overdue' AND payload->>'triageItemId' = $1 AND status = 'waiting'`, [
      overdueItem,
    ]);

    const [delivered] = await until("the triage.overdue delivery", () => (subscribed.received.length > 0 ? subscribed.received : undefined), 30_000);
    const dueAt = (await ownSql(`SELECT due_at FROM triage_items WHERE id = $1`, [overdueItem])).rows[0].due_at as Date;
    expect(delivered!.headers["x-service-event"]).toBe("triage.overdue");
    const body = JSON.parse(delivered!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      event: "triage.overdue",
      run_id: overdue.run.id,
      agent_type: "late_sorter",
      organization_id: orgId,
      timestamp: dueAt.toISOString(),
      data: {
        triage_item_id: overdueItem,
        run_id: overdue.run.id,
        agent_type: "late_sorter",
        agent_version: 1,
        round: 0,
        due_at: dueAt.toISOString(),
        claimed_by: expect.stringMatching(/^api_key:/),
      },
    });
    expect(delivered!.headers["webhook-id"]).toBe(body.id);

    // A while later: still exactly one delivery, and the item is marked.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(subscribed.received).toHaveLength(1);
    expect(unsubscribed.received.map((request) => request.headers["x-service-event"])).not.toContain("triage.overdue");
    const marks = await ownSql(`SELECT id, overdue_notified_at FROM triage_items WHERE id = ANY($1::uuid[])`, [[overdueItem, decided.triage_item.id, notYetDue.triage_item.id]]);
    const marked = Object.fromEntries(marks.rows.map((row) => [row.id, row.overdue_notified_at !== null]));
    expect(marked).toEqual({ [overdueItem]: true, [decided.triage_item.id]: false, [notYetDue.triage_item.id]: false });
    expect((await api("GET", "/v1/triage?overdue=true")).body.data.map((item: { id: string }) => item.id)).toEqual([overdueItem]);

    // The delivery log shows it like every event, and a resend sends the same event id.
    const log = await api("GET", `/v1/webhooks/${hook.body.data.id}/deliveries`);
    expect(log.body.data).toEqual([expect.objectContaining({ event: "triage.overdue", event_id: body.id, run_id: overdue.run.id, status: "succeeded" })]);
    const resent = await api("POST", `/v1/webhooks/${hook.body.data.id}/deliveries/${log.body.data[0].id}/resend`);
    expect(resent.status).toBe(202);
    const again = await until("the resent delivery", () => (subscribed.received.length > 1 ? subscribed.received[1] : undefined), 30_000);
    expect(JSON.parse(again.body)).toMatchObject({ id: body.id, event: "triage.overdue", data: { triage_item_id: overdueItem } });
  });
});
