// A key acts with at most its creator's current rights (docs/api-conventions.md, "Effective
// scopes of a key"): a member's key is limited to what the member's role allows now, decided
// at authentication and cleared from the principal cache when the role changes; a key made
// by the operator (CLI, no member) keeps its scopes; the keys list shows both. And an open
// /v1 run stream ends once its key no longer holds.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { changeMemberRole } from "../../src/domains/organizations/members.service.ts";
import { publishThroughDatabase } from "../../src/foundation/change-notifier.ts";
import { connectDatabase, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { admin, call, createKey, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";
import { openStream, type TSseEvent, type TSseStream } from "../helpers/sse.ts";
import { waitUntil } from "../helpers/waiting.ts";

let tenant: TTenant;
let adminCookie: string;

beforeAll(async () => {
  tenant = await createTenant();
  adminCookie = await signInCookie(tenant.memberEmail, "correct horse battery");
});

type TTrpc = { status: number; body: any };

async function trpcQuery(procedure: string, input: unknown, cookie: string): Promise<TTrpc> {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
  return { status: response.status, body: await response.json() };
}

async function trpcMutation(procedure: string, input: unknown, cookie: string): Promise<TTrpc> {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: inject("baseUrl"), cookie },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}

const result = (response: TTrpc) => {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.result.data;
};

/** A second admin of the tenant's organization and a key they created with these scopes. */
async function adminWithKey(scopes: string) {
  const email = `grace-${randomUUID().slice(0, 8)}@example.test`;
  const member = await admin<{ id: string }>("create-member", "--org", tenant.orgId, "--email", email, "--name", "Grace Admin", "--role", "admin", "--password", "a long password");
  const key = await admin<{ id: string; key: string }>("create-key", "--org", tenant.orgId, "--member", email, "--name", `grace ${scopes}`, "--scopes", scopes, "--mode", "live");
  return { memberId: member.id, keyId: key.id, key: key.key };
}

const setRole = async (memberId: string, role: "admin" | "reviewer" | "viewer") =>
  expect(result(await trpcMutation("members.changeRole", { member_id: memberId, role }, adminCookie)).data.role).toBe(role);

const createAgent = (key: string) =>
  call("POST", "/v1/agents", { key, body: { name: `agent_${randomUUID().slice(0, 8)}`, instructions: "Classify the supplier email." } });
const createWebhook = (key: string) =>
  call("POST", "/v1/webhooks", { key, body: { url: `https://example.com/hooks/${randomUUID()}`, events: ["run.completed"] } });

const listedKey = async (keyId: string) =>
  (result(await trpcQuery("keys.list", {}, adminCookie)).data as { id: string }[]).find((each) => each.id === keyId) as any;

describe("a member's key acts with at most the member's current role", () => {
  it("a demoted admin's key is refused agents:write and webhooks:write at once (403 naming the effective scopes); re-promoted, it works again", async () => {
    const grace = await adminWithKey("agents:read,agents:write,webhooks:write");
    // Used first, so the server holds the key in its principal cache.
    expect((await createAgent(grace.key)).status).toBe(201);
    expect((await createWebhook(grace.key)).status).toBe(201);

    await setRole(grace.memberId, "viewer");
    const agent = await createAgent(grace.key);
    const webhook = await createWebhook(grace.key);
    expect(agent.status).toBe(403);
    expect(agent.body).toMatchObject({ error: "Insufficient scope", type: "insufficient_scope", required: "agents:write", provided: ["agents:read"] });
    expect(agent.body.message).toMatch(/viewer/);
    expect(webhook.status).toBe(403);
    expect(webhook.body).toMatchObject({ type: "insufficient_scope", required: "webhooks:write", provided: ["agents:read"] });
    // What the viewer role still allows, the key still does.
    expect((await call("GET", "/v1/agents", { key: grace.key })).status).toBe(200);

    await setRole(grace.memberId, "admin");
    expect((await createAgent(grace.key)).status).toBe(201);
    expect((await createWebhook(grace.key)).status).toBe(201);
  });

  it("a role changed by another process reaches this server's principal cache at once (NOTIFY, as a revocation does)", async () => {
    // This test process plays the other instance: the role service, its NOTIFY through PostgreSQL.
    connectDatabase(inject("databaseUrl"), 1);
    publishThroughDatabase(true);
    try {
      const grace = await adminWithKey("agents:read,agents:write");
      expect((await createAgent(grace.key)).status).toBe(201);
      await changeMemberRole({ organizationId: tenant.orgId } as TPrincipal, grace.memberId, "viewer");
      // The server caches keys for 5 s (PRINCIPAL_CACHE_TTL_MS): refused well before that.
      const startedAt = Date.now();
      const status = await waitUntil(async () => (await createAgent(grace.key)).status, {
        what: "the demoted member's key to be refused",
        done: (seen) => seen === 403,
        timeoutMs: 1_500,
      });
      expect(status).toBe(403);
      expect(Date.now() - startedAt).toBeLessThan(1_500);
    } finally {
      publishThroughDatabase(false);
      await disconnectDatabase();
    }
  });

  it("a key made by the operator (CLI, no member) keeps its scopes", async () => {
    const operator = await admin<{ id: string; key: string }>("create-key", "--org", tenant.orgId, "--name", "operator", "--scopes", "all", "--mode", "live");
    expect((await createAgent(operator.key)).status).toBe(201);
    const listed = await listedKey(operator.id);
    expect(listed).toMatchObject({ created_by: null, created_by_role: null });
    expect(listed.effective_scopes).toEqual(listed.scopes);
  });

  it("the keys list shows the effective scopes next to the granted ones, and the creator's role", async () => {
    const grace = await adminWithKey("agents:run,agents:read,agents:write,triage:write,webhooks:read");
    expect(await listedKey(grace.keyId)).toMatchObject({
      scopes: ["agents:run", "agents:read", "agents:write", "triage:write", "webhooks:read"],
      effective_scopes: ["agents:run", "agents:read", "agents:write", "triage:write", "webhooks:read"],
      created_by: "Grace Admin",
      created_by_role: "admin",
    });
    await setRole(grace.memberId, "reviewer");
    expect(await listedKey(grace.keyId)).toMatchObject({
      scopes: ["agents:run", "agents:read", "agents:write", "triage:write", "webhooks:read"],
      effective_scopes: ["agents:run", "agents:read", "triage:write", "webhooks:read"],
      created_by_role: "reviewer",
    });
    await setRole(grace.memberId, "viewer");
    expect((await listedKey(grace.keyId)).effective_scopes).toEqual(["agents:read", "webhooks:read"]);
    // Authentication applies the same rule: a reviewer's triage:write is gone with the role.
    const refused = await call("POST", "/v1/triage/bulk", { key: grace.key, body: { decision: "approve", ids: [randomUUID()] } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required: "triage:write", provided: ["agents:read", "webhooks:read"] });
  });
});

/** Reads a stream until the server closes it: every event it sent, and when it closed. */
async function readToEnd(stream: TSseStream, timeoutMs: number): Promise<{ events: TSseEvent[]; closedAfterMs: number }> {
  const started = Date.now();
  const events: TSseEvent[] = [];
  for (;;) {
    const event = await stream.next(Math.max(1, timeoutMs - (Date.now() - started)));
    if (event === null) return { events, closedAfterMs: Date.now() - started };
    events.push(event);
  }
}

describe("an open /v1 run stream ends when its key no longer holds", () => {
  it("sends nothing more after the key is revoked: the run's completion does not reach it, and the stream ends", async () => {
    const reader = await createKey(tenant, "agents:read");
    const { runId, triageItemId } = await insertRunAwaitingTriage(tenant.orgId, { confidence: 0.4, proposedOutput: { decision: "secret" } });
    const stream = await openStream(`/v1/runs/${runId}/stream`, { key: reader.key });
    try {
      expect(stream.response.status).toBe(200);
      expect((await stream.nextData(5_000))?.json).toMatchObject({ status: "pending_triage", result: null });

      // Through the CLI (another process): its NOTIFY clears the server's cached principal.
      await admin("revoke-key", "--id", reader.id);
      expect((await call("GET", "/v1/runs", { key: reader.key })).status).toBe(401);
      // The organization completes the run right after: its result must not reach the revoked key.
      expect((await call("POST", `/v1/triage/${triageItemId}/approve`, { key: tenant.key })).status).toBe(200);

      const ended = await readToEnd(stream, 15_000);
      expect(ended.events.filter((event) => event.data !== undefined)).toEqual([]);
      // Ended by the re-check before the update, not by the 30 s limit or the 10 s timer.
      expect(ended.closedAfterMs).toBeLessThan(8_000);
      expect(ended.events.flatMap((event) => event.comments)).toContain("access ended (authentication_error)");
      // The client's reconnect gets what a new call gets.
      expect((await call("GET", `/v1/runs/${runId}/stream`, { key: reader.key })).status).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it("ends within STREAM_ACCESS_RECHECK_MS (10 s) of the revocation though the run does not change", async () => {
    const reader = await createKey(tenant, "agents:read");
    const { runId } = await insertRunAwaitingTriage(tenant.orgId);
    const stream = await openStream(`/v1/runs/${runId}/stream`, { key: reader.key });
    try {
      expect((await stream.nextData(5_000))?.json).toMatchObject({ status: "pending_triage" });
      await admin("revoke-key", "--id", reader.id);
      const ended = await readToEnd(stream, 20_000);
      expect(ended.events.filter((event) => event.data !== undefined)).toEqual([]);
      // Old code: open until the 30 s limit.
      expect(ended.closedAfterMs).toBeLessThan(15_000);
    } finally {
      await stream.close();
    }
  });
});
