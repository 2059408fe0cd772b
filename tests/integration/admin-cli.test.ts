// The admin CLI's commands and JSON output (docs/contract.md, "Operating the service").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan } from "../../src/domains/organizations/organizations.service.ts";
import { connectDatabase, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { toAppError } from "../../src/foundation/errors.ts";
import type { Plan } from "../../src/generated/prisma/client.ts";
import { admin, call, cliEnv, signInCookie, UUID_PATTERN } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { runAdminCli } from "../helpers/processes.ts";
import { inject } from "vitest";

describe("npm run admin", () => {
  it("bootstraps an organization, a member and a key with the documented JSON", async () => {
    const org = await admin("create-org", "--name", "CLI Co", "--plan", "growth");
    expect(org).toEqual({ id: expect.stringMatching(UUID_PATTERN), name: "CLI Co", plan: "growth" });

    const member = await admin("create-member", "--org", org.id, "--email", "Rev@Example.test", "--name", "Rev", "--role", "reviewer", "--password", "long enough pw");
    expect(member).toEqual({ id: expect.stringMatching(UUID_PATTERN), email: "rev@example.test", role: "reviewer" });

    const key = await admin("create-key", "--org", org.id, "--member", "rev@example.test", "--name", "ci", "--scopes", "agents:read,agents:run", "--mode", "test");
    expect(key).toEqual({
      id: expect.stringMatching(UUID_PATTERN),
      key: expect.stringMatching(/^svc_test_[0-9A-Za-z]{40}$/),
      prefix: key.key.slice(0, 12),
      scopes: ["agents:read", "agents:run"],
      mode: "test",
    });
    expect((await call("GET", "/v1/runs", { key: key.key })).status).toBe(200);
  });

  it("stores the member's password and the key only as hashes", async () => {
    const org = await admin("create-org", "--name", "Hash Co", "--plan", "growth");
    await admin("create-member", "--org", org.id, "--email", "h@example.test", "--name", "H", "--role", "admin", "--password", "plaintext-password-1");
    const key = await admin("create-key", "--org", org.id, "--name", "k", "--scopes", "all", "--mode", "live");
    // "all" is every scope of the API, agent definitions included.
    expect(key.scopes).toContain("agents:write");
    const stored = await withDatabase(inject("databaseUrl"), async (client) => {
      const members = await client.query("SELECT row_to_json(m)::text AS row FROM members m WHERE organization_id = $1", [org.id]);
      const keys = await client.query("SELECT row_to_json(k)::text AS row FROM api_keys k WHERE organization_id = $1", [org.id]);
      const people = await client.query(
        `SELECT row_to_json(u)::text AS row FROM users u WHERE email = 'h@example.test'
         UNION ALL SELECT row_to_json(a)::text FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'h@example.test'`,
      );
      return [...members.rows, ...keys.rows, ...people.rows].map((row) => row.row).join("\n");
    });
    expect(stored).toContain('"provider_id":"credential"');
    expect(stored).toMatch(/"password":"scrypt\$/);
    expect(stored).not.toContain("plaintext-password-1");
    expect(stored).not.toContain(key.key);
    expect(stored).not.toContain(key.key.slice(12));
    expect(stored).toContain(key.prefix);
  });

  it("adds an existing person to a second organization: one user, their own password kept", async () => {
    const [first, second] = [
      await admin("create-org", "--name", "First Co", "--plan", "growth"),
      await admin("create-org", "--name", "Second Co", "--plan", "growth"),
    ];
    await admin("create-member", "--org", first.id, "--email", "both@example.test", "--name", "Bo", "--role", "admin", "--password", "first password");
    const again = await admin("create-member", "--org", second.id, "--email", "Both@Example.test", "--name", "Bo", "--role", "viewer", "--password", "other password");
    expect(again).toEqual({ id: expect.stringMatching(UUID_PATTERN), email: "both@example.test", role: "viewer" });
    const counts = await withDatabase(inject("databaseUrl"), async (client) =>
      (
        await client.query(
          `SELECT (SELECT count(*) FROM users WHERE email = 'both@example.test')::int AS users,
                  (SELECT count(*) FROM members m JOIN users u ON u.id = m.user_id WHERE u.email = 'both@example.test')::int AS memberships`,
        )
      ).rows[0],
    );
    expect(counts).toEqual({ users: 1, memberships: 2 });
    await expect(signInCookie("both@example.test", "first password")).resolves.toMatch(/^aw\.session_token=/);
    await expect(signInCookie("both@example.test", "other password")).rejects.toThrow(/401/);
    // Adding them to the same organization twice is a conflict, not a second membership.
    const twice = await runAdminCli(["create-member", "--org", second.id, "--email", "both@example.test", "--name", "Bo", "--role", "admin", "--password", "x".repeat(10), "--json"], cliEnv());
    expect(twice.code).toBe(1);
    expect(JSON.parse(twice.stderr)).toMatchObject({ error: "conflict" });
  });

  it("revokes a key, sets a plan and tops up credits", async () => {
    const org = await admin("create-org", "--name", "Ops Co", "--plan", "starter");
    const key = await admin("create-key", "--org", org.id, "--name", "k", "--scopes", "all", "--mode", "live");
    expect((await call("GET", "/v1/usage", { key: key.key })).status).toBe(403);
    expect(await admin("set-plan", "--org", org.id, "--plan", "growth")).toMatchObject({ id: org.id, plan: "growth" });
    const topup = await admin("topup", "--org", org.id, "--credits", "250");
    // balance_after is the period's balance after the top-up: Growth's 10,000 + 250.
    expect(topup).toMatchObject({ organization_id: org.id, credits: 250, balance_after: 10_250 });
    expect((await call("GET", "/v1/usage", { key: key.key })).body.topup_credits).toBe(250);
    const revoked = await admin("revoke-key", "--id", key.id);
    expect(revoked).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
    expect((await call("GET", "/v1/usage", { key: key.key })).status).toBe(401);
  });

  it.each([
    [["create-org", "--name", "X", "--plan", "platinum"], /plan/i],
    [["create-org", "--plan", "growth"], /--name/],
    [["create-key", "--org", "not-a-uuid", "--name", "k", "--scopes", "all", "--mode", "live"], /uuid/i],
    [["create-key", "--org", "00000000-0000-4000-8000-000000000000", "--name", "k", "--scopes", "all", "--mode", "live"], /not found/i],
    [["create-key", "--org", "00000000-0000-4000-8000-000000000000", "--name", "k", "--scopes", "agents:fly", "--mode", "live"], /option|scope|invalid/i],
    [["topup", "--org", "00000000-0000-4000-8000-000000000000", "--credits", "-5"], /credits|too small|positive/i],
  ])("refuses bad input %j with a non-zero exit and a message", async (args, message) => {
    const result = await runAdminCli([...args, "--json"], cliEnv());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("set-plan of an unknown organization exits 1 with not_found", async () => {
    const result = await runAdminCli(["set-plan", "--org", "00000000-0000-4000-8000-000000000000", "--plan", "growth", "--json"], cliEnv());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(JSON.parse(result.stderr.trim().split("\n").at(-1)!)).toEqual({ error: "not_found", message: "Organization not found" });
  });

  it("prints usage and exits 2 for an unknown command", async () => {
    const result = await runAdminCli(["frobnicate"], cliEnv());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run admin");
  });
});

// The CLI validates --plan, so a failure other than a missing organization cannot be
// provoked through it: the service is called in-process on the server's database.
describe("setPlan", () => {
  beforeAll(() => {
    connectDatabase(inject("databaseUrl"), 2);
  });
  afterAll(async () => {
    await disconnectDatabase();
  });

  it("surfaces a failure other than a missing organization as itself, not as not_found", async () => {
    const org = await admin("create-org", "--name", "Plan Co", "--plan", "growth");
    const failure = await setPlan({ organizationId: org.id, plan: "platinum" as Plan }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(toAppError(failure).type).toBe("internal_error");
    expect(await setPlan({ organizationId: org.id, plan: "enterprise" })).toEqual({ id: org.id, name: "Plan Co", plan: "enterprise" });
  });

  it("answers not_found for a missing organization", async () => {
    const failure = await setPlan({ organizationId: "00000000-0000-4000-8000-000000000000", plan: "growth" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: "not_found", message: "Organization not found" });
  });
});
