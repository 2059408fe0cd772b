// The migration that turned members into users with memberships
// (prisma/migrations/20261123090000_users_and_memberships), on data written under the old
// schema: nothing is lost, one person per email, their password still signs them in.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword, hashPassword } from "../../src/domains/auth/passwords.ts";
import { createDatabase, withDatabase } from "../helpers/database.ts";
import { migrationsBefore } from "../helpers/migrations.ts";
import { runAdminCli } from "../helpers/processes.ts";

const MIGRATION = "20261123090000_users_and_memberships";
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


describe(`migration ${MIGRATION}`, () => {
  it("turns every member into a membership of one user per email, keeping passwords, keys and ledger links", async () => {
    const database = await createDatabase("aw_users_migration");
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-users-migration-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const settings = { DATABASE_URL: database.url, DATA_DIR: dataDir };

    // The schema as it was: the CLI applies the older migrations only.
    const before = await runAdminCli(["create-org", "--name", "Old Co", "--plan", "growth", "--json"], { ...settings, MIGRATIONS_DIR: migrationsBefore(MIGRATION, cleanups) });
    expect(before.code, before.stderr).toBe(0);
    const firstOrg = (before.json as { id: string }).id;
    const secondOrg = ((await runAdminCli(["create-org", "--name", "Other Co", "--plan", "growth", "--json"], { ...settings, MIGRATIONS_DIR: migrationsBefore(MIGRATION, cleanups) })).json as { id: string }).id;

    const [adaHash, adaOtherHash, bobHash] = await Promise.all([hashPassword("ada's password"), hashPassword("ada's second"), hashPassword("bob's password")]);
    const ids = await withDatabase(database.url, async (client) => {
      const insert = async (org: string, email: string, name: string, role: string, hash: string, createdAt: string) =>
        (
          await client.query(
            `INSERT INTO members (id, organization_id, email, name, role, password_hash, created_at)
             VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6) RETURNING id`,
            [org, email, name, role, hash, createdAt],
          )
        ).rows[0].id as string;
      const ada = await insert(firstOrg, "Ada@Old.test", "Ada", "admin", adaHash, "2026-01-01T00:00:00Z");
      const adaElsewhere = await insert(secondOrg, "ada@old.test", "Ada L.", "viewer", adaOtherHash, "2026-02-01T00:00:00Z");
      const bob = await insert(firstOrg, "bob@old.test", "Bob", "reviewer", bobHash, "2026-01-02T00:00:00Z");
      await client.query(
        `INSERT INTO api_keys (id, organization_id, livemode, name, key_hash, prefix, scopes, created_by)
         VALUES (gen_random_uuid(), $1, true, 'k', $2, 'svc_live_abc', '{agents:run}', $3)`,
        [firstOrg, "e".repeat(64), bob],
      );
      return { ada, adaElsewhere, bob };
    });

    // Now every migration, this one included.
    const after = await runAdminCli(["create-org", "--name", "New Co", "--plan", "growth", "--json"], settings);
    expect(after.code, after.stderr).toBe(0);

    const state = await withDatabase(database.url, async (client) => ({
      users: (await client.query("SELECT id, email, name FROM users ORDER BY email")).rows,
      accounts: (await client.query("SELECT a.user_id, a.account_id, a.provider_id, a.password, u.email FROM accounts a JOIN users u ON u.id = a.user_id ORDER BY u.email")).rows,
      members: (await client.query("SELECT m.id, m.organization_id, m.role, u.email FROM members m JOIN users u ON u.id = m.user_id ORDER BY m.created_at")).rows,
      keyCreator: (await client.query("SELECT created_by FROM api_keys WHERE key_hash = $1", ["e".repeat(64)])).rows[0].created_by,
    }));

    // One user per lower-cased email; the earliest membership's name.
    expect(state.users.map((user) => [user.email, user.name])).toEqual([
      ["ada@old.test", "Ada"],
      ["bob@old.test", "Bob"],
    ]);
    // Every membership kept, with its id (keys and ledger entries point at it) and role.
    expect(state.members.map((member) => [member.id, member.organization_id, member.role, member.email])).toEqual([
      [ids.ada, firstOrg, "admin", "ada@old.test"],
      [ids.bob, firstOrg, "reviewer", "bob@old.test"],
      [ids.adaElsewhere, secondOrg, "viewer", "ada@old.test"],
    ]);
    expect(state.keyCreator).toBe(ids.bob);
    // One credential account per user, whose password is the earliest membership's.
    expect(state.accounts.map((account) => [account.email, account.provider_id, account.account_id === account.user_id])).toEqual([
      ["ada@old.test", "credential", true],
      ["bob@old.test", "credential", true],
    ]);
    await expect(verifyPassword("ada's password", state.accounts[0].password)).resolves.toBe(true);
    await expect(verifyPassword("bob's password", state.accounts[1].password)).resolves.toBe(true);
  });
});
