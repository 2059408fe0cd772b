// The migration that added the running-balance rows
// (prisma/migrations/20261123100000_credit_balances), on a ledger written before it: each
// organization, mode and month gets the totals its entries sum to, so balances read from
// the rows are the ones summed from the ledger before.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, withDatabase } from "../helpers/database.ts";
import { migrationsBefore } from "../helpers/migrations.ts";
import { runAdminCli } from "../helpers/processes.ts";

const MIGRATION = "20261123100000_credit_balances";
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


describe(`migration ${MIGRATION}`, () => {
  it("backfills each organization's, mode's and month's totals from the ledger", async () => {
    const database = await createDatabase("aw_balance_migration");
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-balance-migration-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const settings = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const older = { ...settings, MIGRATIONS_DIR: migrationsBefore(MIGRATION, cleanups) };

    const first = await runAdminCli(["create-org", "--name", "Ledger Co", "--plan", "growth", "--json"], older);
    expect(first.code, first.stderr).toBe(0);
    const orgId = (first.json as { id: string }).id;
    const otherId = ((await runAdminCli(["create-org", "--name", "Other Co", "--plan", "growth", "--json"], older)).json as { id: string }).id;

    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const inMonth = (month: Date, hours: number) => new Date(month.getTime() + hours * 3_600_000).toISOString();
    await withDatabase(database.url, async (client) => {
      const entry = (org: string, livemode: boolean, amount: number, reason: string, createdAt: string) =>
        client.query(
          `INSERT INTO credit_ledger (id, organization_id, livemode, amount, balance_after, reason, created_at)
           VALUES (gen_random_uuid(), $1, $2, $3, 0, $4, $5)`,
          [org, livemode, amount, reason, createdAt],
        );
      // Last month: only its own row gets these.
      await entry(orgId, true, -100, "run", inMonth(lastMonth, 5));
      await entry(orgId, true, 50, "topup", inMonth(lastMonth, 6));
      // This month: charges, a refund, top-ups; a test-mode entry; another organization.
      await entry(orgId, true, -5, "run", inMonth(thisMonth, 1));
      await entry(orgId, true, -3, "run", inMonth(thisMonth, 1));
      await entry(orgId, true, 3, "refund", inMonth(thisMonth, 2));
      await entry(orgId, true, 200, "topup", inMonth(thisMonth, 2));
      await entry(orgId, false, -7, "run", inMonth(thisMonth, 3));
      await entry(otherId, true, -1, "run", inMonth(thisMonth, 1));
    });

    const after = await runAdminCli(["create-org", "--name", "New Co", "--plan", "growth", "--json"], settings);
    expect(after.code, after.stderr).toBe(0);

    const rows = await withDatabase(database.url, async (client) =>
      (
        await client.query(
          `SELECT organization_id, livemode, period_start, debits, refunds, topups FROM credit_balances
           ORDER BY organization_id = $1 DESC, period_start, livemode DESC`,
          [orgId],
        )
      ).rows,
    );
    expect(rows.map((row) => [row.organization_id, row.livemode, row.period_start.toISOString(), row.debits, row.refunds, row.topups])).toEqual([
      [orgId, true, lastMonth.toISOString(), 100, 0, 50],
      [orgId, true, thisMonth.toISOString(), 8, 3, 200],
      [orgId, false, thisMonth.toISOString(), 7, 0, 0],
      [otherId, true, thisMonth.toISOString(), 1, 0, 0],
    ]);

    // The next write continues from the backfilled row.
    const topup = await runAdminCli(["topup", "--org", orgId, "--credits", "10"], settings);
    expect(topup.code, topup.stderr).toBe(0);
    expect(topup.json).toMatchObject({ credits: 10, balance_after: 10_000 - 8 + 3 + 200 + 10 });
  });
});
