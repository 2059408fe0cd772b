// People are names (docs/api-conventions.md, "Actors and notes"): beside every `…_by` label
// the API answers `…_by_actor: {type, id, name}` — a member by name, a key as "API key
// 'live' (Ada Admin)" — in decisions, the triage list, the run record and its steps, claims
// and agent versions; a claim conflict names the holder and the time in words; approving
// leaves the reviewer's note on the item, out of the run's output.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

let tenant: TTenant;
/** A second member of the organization with a key of their own. */
let grace: { id: string; key: string };

const sql = (text: string, values: unknown[] = []) => withDatabase(inject("databaseUrl"), (client) => client.query(text, values));

async function dashboardMutation(procedure: string, input: unknown, cookie: string) {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}

const keyActor = () => ({ type: "api_key", id: tenant.keyId, name: "API key 'live' (Ada Admin)" });
const itemIn = async (status: string, triageItemId: string) =>
  ((await call("GET", `/v1/triage?status=${status}&limit=100`, { key: tenant.key })).body.data as { id: string }[]).find((item) => item.id === triageItemId) as any;

beforeAll(async () => {
  tenant = await createTenant();
  const email = `grace-${randomUUID().slice(0, 8)}@example.test`;
  await admin("create-member", "--org", tenant.orgId, "--email", email, "--name", "Grace Hopper", "--role", "reviewer", "--password", "grace password 1");
  grace = await admin("create-key", "--org", tenant.orgId, "--member", email, "--name", "grace-laptop", "--scopes", "all", "--mode", "live");
});

describe("decisions name who made them", () => {
  it("a decision made with an API key names the key and its creator everywhere it shows", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const approved = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key });
    expect(approved.status).toBe(200);
    // The label stays for programs; the actor sits beside it.
    expect(approved.body.data).toMatchObject({ resolved_by: `api_key:${tenant.keyId}`, resolved_by_name: "live", resolved_by_actor: keyActor() });

    expect(await itemIn("approved", fixture.triageItemId)).toMatchObject({ resolved_by: `api_key:${tenant.keyId}`, resolved_by_actor: keyActor() });
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.triage_item).toMatchObject({ resolved_by_actor: keyActor(), claimed_by_actor: null });
    expect(run.body.run.claimed_by_actor).toBeNull();
    const steps = await call("GET", `/v1/runs/${fixture.runId}/steps`, { key: tenant.key });
    const review = steps.body.data.find((step: { type: string }) => step.type === "review");
    expect(review.detail).toMatchObject({ resolved_by: `api_key:${tenant.keyId}`, resolved_by_actor: keyActor() });
  });

  it("a decision made in the dashboard names the member, and a renamed member shows their name now", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const cookie = await signInCookie(tenant.memberEmail, "correct horse battery");
    const approved = await dashboardMutation("triage.approve", { id: fixture.triageItemId }, cookie);
    expect(approved.status).toBe(200);
    const item = await itemIn("approved", fixture.triageItemId);
    expect(item.resolved_by).toMatch(/^member:/);
    expect(item.resolved_by_actor).toEqual({ type: "member", id: item.resolved_by.slice("member:".length), name: "Ada Admin" });

    await sql(`UPDATE users SET name = 'Ada Lovelace' WHERE email = $1`, [tenant.memberEmail]);
    try {
      expect((await itemIn("approved", fixture.triageItemId)).resolved_by_actor.name).toBe("Ada Lovelace");
      // The key's actor names its creator as they are called now, too.
      const other = await insertRunAwaitingTriage(tenant.orgId);
      const byKey = await call("POST", `/v1/triage/${other.triageItemId}/reject`, { key: tenant.key, body: { reason: "Not ours" } });
      expect(byKey.body.data.resolved_by_actor.name).toBe("API key 'live' (Ada Lovelace)");
    } finally {
      await sql(`UPDATE users SET name = 'Ada Admin' WHERE email = $1`, [tenant.memberEmail]);
    }
  });
});

describe("claims name their holder", () => {
  it("claimed_by_actor shows in the claim, the queue and the run; a conflict says who and until when in words", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const claimed = await call("POST", `/v1/triage/${fixture.triageItemId}/claim`, { key: tenant.key });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ claimed_by: `api_key:${tenant.keyId}`, claimed_by_name: "live", claimed_by_actor: keyActor() });
    expect(await itemIn("pending", fixture.triageItemId)).toMatchObject({ claimed_by_actor: keyActor() });
    expect((await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key })).body.run).toMatchObject({ claimed_by_actor: keyActor() });

    const until = new Date(claimed.body.data.claimed_until as string).toISOString().slice(11, 16);
    const refused = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: grace.key });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`API key 'live' (Ada Admin) is reviewing this until ${until} UTC; send force: true to decide anyway`);
    const claimAgain = await call("POST", `/v1/triage/${fixture.triageItemId}/claim`, { key: grace.key });
    expect(claimAgain.status).toBe(409);
    expect(claimAgain.body.message).toBe(`API key 'live' (Ada Admin) is reviewing this until ${until} UTC`);
  });

  it("a member's claim from the dashboard reads 'Ada Admin is reviewing this until HH:MM UTC'", async () => {
    const fixture = await insertRunAwaitingTriage(tenant.orgId);
    const cookie = await signInCookie(tenant.memberEmail, "correct horse battery");
    const claimed = await dashboardMutation("triage.claim", { id: fixture.triageItemId }, cookie);
    expect(claimed.status).toBe(200);
    const claim = claimed.body.result.data.data;
    expect(claim.claimed_by_actor).toEqual({ type: "member", id: claim.claimed_by.slice("member:".length), name: "Ada Admin" });
    const until = new Date(claim.claimed_until as string).toISOString().slice(11, 16);
    const refused = await call("POST", `/v1/triage/${fixture.triageItemId}/reject`, { key: grace.key });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Ada Admin is reviewing this until ${until} UTC`);
  });
});

describe("agent versions name their author", () => {
  it("created_by_actor beside created_by, for every version", async () => {
    const name = `actors_${randomUUID().slice(0, 8).replace(/-/g, "")}`;
    const created = await call("POST", "/v1/agents", { key: tenant.key, body: { name, instructions: "Classify the supplier email." } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const cookie = await signInCookie(tenant.memberEmail, "correct horse battery");
    const second = await dashboardMutation("agents.addVersion", { name, instructions: "Classify the supplier email, briefly." }, cookie);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const agent = await call("GET", `/v1/agents/${name}`, { key: tenant.key });
    expect(agent.status).toBe(200);
    const byVersion = new Map((agent.body.versions as { version: number }[]).map((version) => [version.version, version]));
    expect(byVersion.get(1)).toMatchObject({ created_by: `api_key:${tenant.keyId}`, created_by_actor: keyActor() });
    const v2 = byVersion.get(2) as unknown as { created_by: string; created_by_actor: unknown };
    expect(v2.created_by).toMatch(/^member:/);
    expect(v2.created_by_actor).toEqual({ type: "member", id: v2.created_by.slice("member:".length), name: "Ada Admin" });
    // A built-in has no author.
    expect((await call("GET", "/v1/agents/center", { key: tenant.key })).body.versions[0]).toMatchObject({ created_by: null, created_by_actor: null });
  });
});

describe("resolution_note stays on the item", () => {
  it("approving with a note leaves the run's output exactly the proposal", async () => {
    const proposal = { decision: "approve_payment", amount_due: 50 };
    const fixture = await insertRunAwaitingTriage(tenant.orgId, { proposedOutput: proposal });
    const approved = await call("POST", `/v1/triage/${fixture.triageItemId}/approve`, { key: tenant.key, body: { resolution_note: "PO was amended" } });
    expect(approved.status).toBe(200);
    expect(approved.body.data.resolution_note).toBe("PO was amended");
    const run = await call("GET", `/v1/runs/${fixture.runId}`, { key: tenant.key });
    expect(run.body.run.output).toEqual(proposal);
    expect(run.body.triage_item).toMatchObject({ resolution_note: "PO was amended", status: "approved" });
  });
});
