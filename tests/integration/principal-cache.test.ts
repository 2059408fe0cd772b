// The API key principal cache (src/domains/auth/principal-cache.ts), in process on the
// suite's database: revocations and plan changes apply at once through the change channel,
// a change whose notification never comes is bounded by the TTL, and a key is refused at its
// expires_at even while cached. The clock is faked (Date only), never waited on. The server
// side of it (a key revoked by the CLI, another process) is in auth.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import { authenticate, type TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { revokeApiKeyFor } from "../../src/domains/organizations/api-keys.service.ts";
import { changeMemberRole } from "../../src/domains/organizations/members.service.ts";
import { createApiKey, createMember, createOrganization, revokeApiKey, setPlan } from "../../src/domains/organizations/organizations.service.ts";
import { connectDatabase, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { toAppError } from "../../src/foundation/errors.ts";
import type { Plan } from "../../src/generated/prisma/client.ts";
import { withDatabase } from "../helpers/database.ts";

const TTL_MS = 60_000;

beforeAll(() => {
  // A long TTL: anything refused below was refused by an invalidation or a check, not by age.
  process.env.PRINCIPAL_CACHE_TTL_MS = String(TTL_MS);
  connectDatabase(inject("databaseUrl"), 2);
});
afterAll(async () => {
  await disconnectDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

const headersFor = (key: string) => (name: string) => (name === "authorization" ? `Bearer ${key}` : undefined);

async function refusal(key: string): Promise<{ type: string; message: string } | undefined> {
  try {
    await authenticate(headersFor(key));
    return undefined;
  } catch (error) {
    const appError = toAppError(error);
    return { type: appError.type, message: appError.message };
  }
}

async function tenantWithKey(plan: Plan = "enterprise", expiresAt?: Date) {
  const organization = await createOrganization({ name: "Cache Co", plan });
  const key = await createApiKey({ organizationId: organization.id, name: "k", scopes: ["agents:read"], mode: "live", expiresAt });
  return { organizationId: organization.id, keyId: key.id, key: key.key };
}

const sql = (text: string, values: unknown[]) => withDatabase(inject("databaseUrl"), (client) => client.query(text, values));

describe("principal cache", () => {
  it("serves a key from the cache: a change made behind its back shows only after the TTL", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { key, keyId } = await tenantWithKey();
    expect(await refusal(key)).toBeUndefined();
    // Revoked without the service, so no notification: the cached principal still answers…
    await sql("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [keyId]);
    expect(await refusal(key)).toBeUndefined();
    // …but never beyond the TTL.
    vi.setSystemTime(Date.now() + TTL_MS);
    expect(await refusal(key)).toMatchObject({ type: "authentication_error", message: expect.stringMatching(/revoked/) });
  });

  it("refuses a key at once when it is revoked (admin CLI's service and the dashboard's)", async () => {
    const cli = await tenantWithKey();
    expect(await refusal(cli.key)).toBeUndefined();
    await revokeApiKey({ apiKeyId: cli.keyId });
    expect(await refusal(cli.key)).toMatchObject({ message: expect.stringMatching(/revoked/) });

    const dashboard = await tenantWithKey();
    expect(await refusal(dashboard.key)).toBeUndefined();
    const principal = await authenticate(headersFor(dashboard.key));
    await revokeApiKeyFor(principal, dashboard.keyId);
    expect(await refusal(dashboard.key)).toMatchObject({ message: expect.stringMatching(/revoked/) });
  });

  it("applies a plan change at once: a downgrade loses API access, an upgrade regains it", async () => {
    const { key, organizationId } = await tenantWithKey("growth");
    expect((await authenticate(headersFor(key))).plan).toBe("growth");
    await setPlan({ organizationId, plan: "starter" });
    expect(await refusal(key)).toMatchObject({ type: "plan_required" });
    await setPlan({ organizationId, plan: "enterprise" });
    expect((await authenticate(headersFor(key))).plan).toBe("enterprise");
  });

  it("limits a member's key to the member's current role at once when the role changes; an operator's key keeps its scopes", async () => {
    const organization = await createOrganization({ name: "Role Co", plan: "enterprise" });
    const email = `role-${Date.now()}@example.test`;
    const member = await createMember({ organizationId: organization.id, email, name: "Ro", role: "admin", password: "a long password" });
    await createMember({ organizationId: organization.id, email: `other-${email}`, name: "Other", role: "admin", password: "a long password" });
    const scopes = ["agents:read", "agents:write", "triage:write"] as const;
    const memberKey = await createApiKey({ organizationId: organization.id, memberEmail: email, name: "m", scopes: [...scopes], mode: "live" });
    const operatorKey = await createApiKey({ organizationId: organization.id, name: "o", scopes: [...scopes], mode: "live" });
    const scopesOf = async (key: string) => (await authenticate(headersFor(key))).scopes;
    expect(await scopesOf(memberKey.key)).toEqual([...scopes]);

    const adminPrincipal = { organizationId: organization.id } as TPrincipal;
    await changeMemberRole(adminPrincipal, member.id, "reviewer");
    expect(await scopesOf(memberKey.key)).toEqual(["agents:read", "triage:write"]);
    await changeMemberRole(adminPrincipal, member.id, "viewer");
    expect(await scopesOf(memberKey.key)).toEqual(["agents:read"]);
    expect(await scopesOf(operatorKey.key)).toEqual([...scopes]);
    await changeMemberRole(adminPrincipal, member.id, "admin");
    expect(await scopesOf(memberKey.key)).toEqual([...scopes]);
  });

  it("follows a role changed behind the service's back (any path) within the TTL: the role is read at authentication", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const organization = await createOrganization({ name: "Any Path Co", plan: "enterprise" });
    const email = `any-${Date.now()}@example.test`;
    const member = await createMember({ organizationId: organization.id, email, name: "Any", role: "admin", password: "a long password" });
    const { key } = await createApiKey({ organizationId: organization.id, memberEmail: email, name: "m", scopes: ["agents:read", "agents:write"], mode: "live" });
    expect((await authenticate(headersFor(key))).scopes).toEqual(["agents:read", "agents:write"]);
    await sql(`UPDATE members SET role = 'viewer' WHERE id = $1`, [member.id]);
    vi.setSystemTime(Date.now() + TTL_MS);
    expect((await authenticate(headersFor(key))).scopes).toEqual(["agents:read"]);
  });

  it("refuses a cached key from its expires_at on", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const expiresAt = new Date(Date.now() + 5_000);
    const { key } = await tenantWithKey("enterprise", expiresAt);
    expect(await refusal(key)).toBeUndefined();
    vi.setSystemTime(expiresAt.getTime() - 1);
    expect(await refusal(key)).toBeUndefined();
    vi.setSystemTime(expiresAt.getTime());
    expect(await refusal(key)).toMatchObject({ message: expect.stringMatching(/expired/) });
  });

  it("keeps the throttled last_used_at write: once per minute, cached or not", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { key, keyId } = await tenantWithKey();
    const lastUsed = async () => (await sql("SELECT last_used_at FROM api_keys WHERE id = $1", [keyId])).rows[0].last_used_at as Date | null;
    await authenticate(headersFor(key));
    await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
    const first = await lastUsed();
    await authenticate(headersFor(key));
    vi.setSystemTime(Date.now() + 30_000);
    await authenticate(headersFor(key));
    expect(await lastUsed()).toEqual(first);
    vi.setSystemTime(Date.now() + 31_000);
    await authenticate(headersFor(key));
    await vi.waitFor(async () => expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime()));
  });
});
