// Members are invited, not attached (issue 18): the dashboard's tRPC procedures over HTTP
// against the built server. Inviting reveals nothing about the email's account; the invited
// person (and only they) accepts, once, before the link expires; removing a member revokes
// the keys they created unless the admin keeps them; the plan is the operator's alone.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, call, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";

type TTrpc = { status: number; body: any };

async function trpcQuery(procedure: string, input: unknown, cookie?: string): Promise<TTrpc> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}${query}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json() };
}

async function trpcMutation(procedure: string, input: unknown, cookie?: string): Promise<TTrpc> {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: inject("baseUrl"), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
}

const result = (response: TTrpc) => {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.result.data;
};
const errorBody = (response: TTrpc) => response.body.error.data.body;
const tokenOf = (url: string) => url.split("/invite/")[1]!;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** A person with an account in their own organization (so "an account elsewhere"). */
async function personElsewhere(name: string) {
  const tenant = await createTenant();
  const email = uniqueEmail("elsewhere");
  const password = "elsewhere password";
  await admin("create-member", "--org", tenant.orgId, "--email", email, "--name", name, "--role", "viewer", "--password", password);
  return { email, password, name, orgId: tenant.orgId, cookie: await signInCookie(email, password) };
}

let tenant: TTenant;
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  tenant = await createTenant({ name: "Inviting Co" });
  adminCookie = await signInCookie(tenant.memberEmail, "correct horse battery");
  const viewerEmail = uniqueEmail("viewer");
  await admin("create-member", "--org", tenant.orgId, "--email", viewerEmail, "--name", "Vic Viewer", "--role", "viewer", "--password", "viewer password");
  viewerCookie = await signInCookie(viewerEmail, "viewer password");
});

const invite = (email: string, role = "viewer") => trpcMutation("members.invite", { email, role }, adminCookie);
const memberEmails = async () => (result(await trpcQuery("members.list", {}, adminCookie)).data as { email: string }[]).map((member) => member.email);

describe("inviting", () => {
  it("answers the same for an email with an account elsewhere as for a new one, names nobody and attaches nobody", async () => {
    const existing = await personElsewhere("Zelda Secretname");
    const fresh = uniqueEmail("fresh");
    const [forExisting, forFresh] = [await invite(existing.email, "reviewer"), await invite(fresh, "reviewer")];
    for (const [response, email] of [[forExisting, existing.email], [forFresh, fresh]] as const) {
      expect(response.status).toBe(200);
      const body = result(response);
      expect(Object.keys(body)).toEqual(["invitation"]);
      expect(Object.keys(body.invitation).sort()).toEqual(["email", "expires_at", "id", "role", "url"]);
      expect(body.invitation).toMatchObject({ email, role: "reviewer" });
      expect(body.invitation.url).toMatch(new RegExp(`^${inject("baseUrl")}/invite/inv_[A-Za-z0-9_-]{43}$`));
      const days = (Date.parse(body.invitation.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
    }
    expect(JSON.stringify(forExisting.body)).not.toContain("Zelda");
    // Nobody joined: the existing person is not a member until they accept.
    expect(await memberEmails()).not.toContain(existing.email);
    const pending = result(await trpcQuery("members.invitations", {}, adminCookie)).data as { email: string }[];
    expect(pending.map((invitation) => invitation.email)).toEqual(expect.arrayContaining([existing.email, fresh]));
  });

  it("stores only the token's hash", async () => {
    const url = result(await invite(uniqueEmail("hashed"))).invitation.url as string;
    const rows = await withDatabase(inject("databaseUrl"), (client) => client.query("SELECT token_hash FROM invitations"));
    const token = tokenOf(url);
    expect(rows.rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it("has no members.add any more: the old call is a 404 and attaches nobody", async () => {
    const existing = await personElsewhere("Probe Target");
    const response = await trpcMutation("members.add", { email: existing.email, name: "x", role: "admin" }, adminCookie);
    expect(response.status).toBe(404);
    expect(errorBody(response)).toMatchObject({ type: "not_found" });
    expect(JSON.stringify(response.body)).not.toContain("Probe Target");
    expect(await memberEmails()).not.toContain(existing.email);
  });

  it("is for admins only: a viewer cannot invite, list, revoke or remove (403)", async () => {
    const calls = [
      trpcMutation("members.invite", { email: uniqueEmail("nope"), role: "admin" }, viewerCookie),
      trpcQuery("members.invitations", {}, viewerCookie),
      trpcMutation("members.revokeInvitation", { id: randomUUID() }, viewerCookie),
      trpcMutation("members.remove", { member_id: tenant.memberId }, viewerCookie),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(errorBody(response)).toMatchObject({ type: "insufficient_role", required: "admin", role: "viewer" });
    }
    expect(await memberEmails()).toContain(tenant.memberEmail);
  });
});

describe("answering an invitation", () => {
  it("a signed-in person of another organization sees it, accepts it and becomes a member with its role; the link is then used up", async () => {
    const person = await personElsewhere("Otto Other");
    const { invitation } = result(await invite(person.email, "reviewer"));
    const token = tokenOf(invitation.url);

    const preview = result(await trpcQuery("invitations.preview", { token }));
    expect(preview.invitation).toMatchObject({ id: invitation.id, email: person.email, role: "reviewer", organization_id: tenant.orgId, organization_name: "Inviting Co" });
    const received = result(await trpcQuery("invitations.list", {}, person.cookie)).data;
    expect(received).toEqual([expect.objectContaining({ id: invitation.id, organization_name: "Inviting Co", role: "reviewer" })]);

    const accepted = result(await trpcMutation("invitations.accept", { id: invitation.id }, person.cookie));
    expect(accepted.data).toMatchObject({ organization_id: tenant.orgId, role: "reviewer" });
    const me = result(await trpcQuery("session.me", undefined, `${person.cookie}; aw_org=${tenant.orgId}`));
    expect(me.current).toMatchObject({ organization_id: tenant.orgId, role: "reviewer" });
    expect(me.memberships).toHaveLength(2);

    // Single use: the link and the id are spent.
    const again = await trpcMutation("invitations.accept", { id: invitation.id }, person.cookie);
    expect(again.status).toBe(409);
    const reopened = await trpcQuery("invitations.preview", { token });
    expect(reopened.status).toBe(409);
    expect(errorBody(reopened)).toMatchObject({ type: "conflict" });
    expect(result(await trpcQuery("invitations.list", {}, person.cookie)).data).toEqual([]);
  });

  it("someone new sets a name and password through the link, joins, and signs in; the token works once", async () => {
    const email = uniqueEmail("newcomer");
    const { invitation } = result(await invite(email, "viewer"));
    const token = tokenOf(invitation.url);
    const joined = result(await trpcMutation("invitations.createAccount", { token, name: "Nina Newcomer", password: "nina password" }));
    expect(joined.data).toMatchObject({ email, organization_id: tenant.orgId, role: "viewer" });

    const cookie = await signInCookie(email, "nina password");
    const me = result(await trpcQuery("session.me", undefined, cookie));
    expect(me.user).toMatchObject({ email, name: "Nina Newcomer" });
    expect(me.current).toMatchObject({ organization_id: tenant.orgId, role: "viewer" });

    const reused = await trpcMutation("invitations.createAccount", { token, name: "Mallory", password: "another password" });
    expect(reused.status).toBe(409);
    await expect(signInCookie(email, "another password")).rejects.toThrow(/sign-in failed/);
  });

  it("an email that has an account cannot get a second one through the link: sign in instead", async () => {
    const person = await personElsewhere("Has Account");
    const { invitation } = result(await invite(person.email));
    const response = await trpcMutation("invitations.createAccount", { token: tokenOf(invitation.url), name: "Takeover", password: "takeover password" });
    expect(response.status).toBe(409);
    expect(errorBody(response).message).toMatch(/sign in/);
    await expect(signInCookie(person.email, "takeover password")).rejects.toThrow(/sign-in failed/);
    // Still open for the real person.
    expect(result(await trpcMutation("invitations.accept", { id: invitation.id }, person.cookie)).data.role).toBe("viewer");
  });

  it("only the invited email can accept or decline: anyone else gets a 404 and it stays open", async () => {
    const invited = await personElsewhere("Ivy Invited");
    const intruder = await personElsewhere("Ian Intruder");
    const { invitation } = result(await invite(invited.email, "admin"));
    for (const procedure of ["invitations.accept", "invitations.decline"]) {
      const response = await trpcMutation(procedure, { id: invitation.id }, intruder.cookie);
      expect(response.status).toBe(404);
    }
    expect(result(await trpcQuery("invitations.list", {}, intruder.cookie)).data).toEqual([]);
    const me = result(await trpcQuery("session.me", undefined, `${intruder.cookie}; aw_org=${tenant.orgId}`));
    expect(me.current.organization_id).toBe(intruder.orgId);
    // Signed out: no answer at all.
    expect((await trpcMutation("invitations.accept", { id: invitation.id })).status).toBe(401);
    expect(result(await trpcMutation("invitations.accept", { id: invitation.id }, invited.cookie)).data.role).toBe("admin");
  });

  it("declining dismisses it: it cannot be accepted afterwards and nobody joins", async () => {
    const person = await personElsewhere("Dee Decliner");
    const { invitation } = result(await invite(person.email));
    expect(result(await trpcMutation("invitations.decline", { id: invitation.id }, person.cookie)).data.id).toBe(invitation.id);
    expect((await trpcMutation("invitations.accept", { id: invitation.id }, person.cookie)).status).toBe(409);
    expect((await trpcQuery("invitations.preview", { token: tokenOf(invitation.url) })).status).toBe(409);
    expect(await memberEmails()).not.toContain(person.email);
    const pending = result(await trpcQuery("members.invitations", {}, adminCookie)).data as { id: string }[];
    expect(pending.map((entry) => entry.id)).not.toContain(invitation.id);
  });

  it("an expired invitation is refused with invitation_expired (410), by link and by id", async () => {
    const person = await personElsewhere("Old Link");
    const newcomer = uniqueEmail("late");
    const forPerson = result(await invite(person.email)).invitation;
    const forNewcomer = result(await invite(newcomer)).invitation;
    await withDatabase(inject("databaseUrl"), (client) =>
      client.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ANY($1::uuid[])", [[forPerson.id, forNewcomer.id]]),
    );
    const refusals = [
      await trpcQuery("invitations.preview", { token: tokenOf(forPerson.url) }),
      await trpcMutation("invitations.accept", { id: forPerson.id }, person.cookie),
      await trpcMutation("invitations.createAccount", { token: tokenOf(forNewcomer.url), name: "Late", password: "late password" }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(410);
      expect(errorBody(response)).toMatchObject({ type: "invitation_expired", error: "invitation_expired" });
    }
    expect(result(await trpcQuery("invitations.list", {}, person.cookie)).data).toEqual([]);
    const pending = result(await trpcQuery("members.invitations", {}, adminCookie)).data as { id: string; expired: boolean }[];
    expect(pending.find((entry) => entry.id === forPerson.id)?.expired).toBe(true);
  });

  it("a revoked invitation's link stops working; inviting again replaces the previous link", async () => {
    const email = uniqueEmail("revoked");
    const first = result(await invite(email)).invitation;
    const second = result(await invite(email)).invitation;
    expect((await trpcQuery("invitations.preview", { token: tokenOf(first.url) })).status).toBe(409);
    expect(result(await trpcMutation("members.revokeInvitation", { id: second.id }, adminCookie)).data.id).toBe(second.id);
    expect((await trpcQuery("invitations.preview", { token: tokenOf(second.url) })).status).toBe(409);
    expect((await trpcQuery("invitations.preview", { token: "inv_unknown" })).status).toBe(404);
  });
});

describe("removing a member", () => {
  async function memberWithKeys(role: string) {
    const email = uniqueEmail("keyholder");
    const member = await admin<{ id: string }>("create-member", "--org", tenant.orgId, "--email", email, "--name", "Kim Keys", "--role", role, "--password", "kim password");
    const keys = await Promise.all(
      (["live", "test"] as const).map((mode) =>
        admin<{ key: string }>("create-key", "--org", tenant.orgId, "--member", email, "--name", `kim ${mode}`, "--scopes", "all", "--mode", mode),
      ),
    );
    // Each key has been used, so the server holds it in its principal cache.
    for (const { key } of keys) expect((await call("GET", "/v1/runs", { key })).status).toBe(200);
    return { memberId: member.id, keys: keys.map(({ key }) => key) };
  }

  it("revokes the API keys they created, in both modes, at once", async () => {
    const { memberId, keys } = await memberWithKeys("admin");
    const removed = result(await trpcMutation("members.remove", { member_id: memberId }, adminCookie));
    expect(removed.data).toMatchObject({ id: memberId, removed: true, keys_revoked: 2 });
    for (const key of keys) {
      const response = await call("GET", "/v1/runs", { key });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ type: "authentication_error" });
    }
    // The organization's own key (another creator) is untouched.
    expect((await call("GET", "/v1/runs", { key: tenant.key })).status).toBe(200);
  });

  it("keeps them when the admin says so (keep_keys)", async () => {
    const { memberId, keys } = await memberWithKeys("reviewer");
    const removed = result(await trpcMutation("members.remove", { member_id: memberId, keep_keys: true }, adminCookie));
    expect(removed.data).toMatchObject({ removed: true, keys_revoked: 0 });
    for (const key of keys) expect((await call("GET", "/v1/runs", { key })).status).toBe(200);
  });
});

describe("the plan", () => {
  it("cannot be changed from the dashboard: organization.setPlan is gone and the plan stays", async () => {
    const response = await trpcMutation("organization.setPlan", { plan: "enterprise" }, adminCookie);
    expect(response.status).toBe(404);
    expect(errorBody(response)).toMatchObject({ type: "not_found" });
    const usage = await call("GET", "/v1/usage", { key: tenant.key });
    expect(usage.body).toMatchObject({ plan: "growth", unlimited: false });
    expect(result(await trpcQuery("organization.get", {}, adminCookie)).plan).toBe("growth");
  });
});
