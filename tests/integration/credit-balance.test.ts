// The period's running-balance row (credit_balances): concurrent charges that would
// overdraw it are refused exactly where the balance runs out, and every ledger write
// (charge, refund, top-up) keeps the row equal to the sums of the period's entries.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { recordOutcome } from "../../src/domains/runs/run-execution.ts";
import { debitForRuns } from "../../src/domains/usage/credits.ts";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { admin, AP_DATA, call, createKey, createTenant, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertLedgerEntry } from "../helpers/fixtures.ts";

const INCLUDED = 10_000; // Growth

beforeAll(() => {
  connectDatabase(inject("databaseUrl"), 5);
});

afterAll(async () => {
  await disconnectDatabase();
});

type TLedgerRow = { amount: number; balance_after: number; reason: string; run_id: string | null };

const ledgerOf = (orgId: string) =>
  withDatabase(inject("databaseUrl"), async (client) =>
    (
      await client.query<TLedgerRow>(
        "SELECT amount, balance_after, reason, run_id FROM credit_ledger WHERE organization_id = $1 AND livemode ORDER BY sequence",
        [orgId],
      )
    ).rows,
  );

/** The balance row next to the same totals summed from the period's ledger entries. */
const rowAndLedgerSums = (orgId: string) =>
  withDatabase(inject("databaseUrl"), async (client) => {
    const row = (
      await client.query("SELECT debits, refunds, topups FROM credit_balances WHERE organization_id = $1 AND livemode AND period_start = date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'", [orgId])
    ).rows[0];
    const sums = (
      await client.query(
        `SELECT COALESCE(SUM(-amount) FILTER (WHERE amount < 0), 0)::int AS debits,
                COALESCE(SUM(amount) FILTER (WHERE reason = 'refund'), 0)::int AS refunds,
                COALESCE(SUM(amount) FILTER (WHERE reason = 'topup'), 0)::int AS topups
         FROM credit_ledger WHERE organization_id = $1 AND livemode AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [orgId],
      )
    ).rows[0];
    return { row, sums };
  });

/** balance_after is the included credits plus every entry up to it, in sequence order. */
function expectRunningBalance(ledger: TLedgerRow[], included = INCLUDED) {
  let running = included;
  expect(ledger.map((entry) => entry.balance_after)).toEqual(ledger.map((entry) => (running += entry.amount)));
}

async function drainTo(tenant: TTenant, left: number) {
  await insertLedgerEntry(tenant.orgId, { amount: -(INCLUDED - left), balanceAfter: left, reason: "run" });
}

describe("concurrent charges against the balance row", () => {
  it("accepts exactly the runs the balance covers and refuses the rest with 402", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 23); // four rfq_generator runs (5 each) fit, a fifth does not
    const keys = await Promise.all([createKey(tenant, "agents:run"), createKey(tenant, "agents:run")]);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call("POST", "/v1/run", { key: keys[index % keys.length]!.key, body: { task: `Overdraw ${index}`, agent_type: "rfq_generator" } }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 202);
    const refused = responses.filter((response) => response.status === 402);
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(8);
    for (const response of refused) expect(response.body.error).toBe("insufficient_credits");

    const ledger = await ledgerOf(tenant.orgId);
    const charges = ledger.filter((entry) => entry.reason === "run" && entry.run_id !== null);
    // One charge per accepted run, none for a refused one.
    expect(charges.map((entry) => entry.run_id).sort()).toEqual(accepted.map((response) => response.body.run_id).sort());
    expect(charges.every((entry) => entry.amount === -5)).toBe(true);
    expectRunningBalance(ledger);
    expect((await call("GET", "/v1/usage", { key: tenant.key })).body).toMatchObject({ credits_used: INCLUDED - 3, credits_remaining: 3 });
    const runs = await call("GET", "/v1/runs?limit=100", { key: tenant.key });
    expect(runs.body.total).toBe(4);
  });

  it("charges a batch and single runs from the same row without overdrawing it", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 10);
    const key = await createKey(tenant, "agents:run");
    const [batch, ...runs] = await Promise.all([
      call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows: [{ task: "a", data: AP_DATA }, { task: "b", data: AP_DATA }] } }),
      ...Array.from({ length: 6 }, (_, index) => call("POST", "/v1/run", { key: key.key, body: { task: `Mix ${index}`, agent_type: "center" } })),
    ]);
    const charged = (batch.status === 201 ? 6 : 0) + runs.filter((response) => response.status === 202).length;
    expect([201, 402]).toContain(batch.status);
    expect(runs.every((response) => response.status === 202 || response.status === 402)).toBe(true);
    const ledger = await ledgerOf(tenant.orgId);
    expect(-ledger.slice(1).reduce((sum, entry) => sum + entry.amount, 0)).toBe(charged);
    expect(charged).toBeLessThanOrEqual(10);
    expectRunningBalance(ledger);
    const { row, sums } = await rowAndLedgerSums(tenant.orgId);
    expect(row).toEqual(sums);
  });
});

describe("refunds and top-ups", () => {
  it("keep the balance row and the ledger in agreement", async () => {
    const tenant = await createTenant();
    expect((await call("POST", "/v1/run", { key: tenant.key, body: { task: "Charged", agent_type: "rfq_generator" } })).status).toBe(202);
    expect(await admin("topup", "--org", tenant.orgId, "--credits", "40")).toMatchObject({ credits: 40, balance_after: INCLUDED - 5 + 40 });

    // A live run charged on acceptance, then failed by the service: refunded once.
    const runId = randomUUID();
    const principal = { organizationId: tenant.orgId, livemode: true, memberId: tenant.memberId, apiKeyId: tenant.keyId } as TPrincipal;
    await db().$transaction(async (tx) => {
      await tx.run.create({
        data: { id: runId, organizationId: tenant.orgId, livemode: true, agentType: "ap_specialist", task: "refund me", status: "running", startedAt: new Date() },
      });
      await debitForRuns(tx, principal, [{ runId, agentType: "ap_specialist" }]);
    });
    const outcome = await recordOutcome(
      { runId, agentType: "ap_specialist", task: "refund me", data: null, organizationId: tenant.orgId, batchJobId: null },
      { kind: "service_error", message: "agent gave up" },
    );
    expect(outcome?.event).toBe("run.failed");

    const ledger = await ledgerOf(tenant.orgId);
    expect(ledger.map((entry) => [entry.reason, entry.amount])).toEqual([
      ["run", -5],
      ["topup", 40],
      ["run", -3],
      ["refund", 3],
    ]);
    expectRunningBalance(ledger);
    const { row, sums } = await rowAndLedgerSums(tenant.orgId);
    expect(row).toEqual({ debits: 8, refunds: 3, topups: 40 });
    expect(row).toEqual(sums);
    expect((await call("GET", "/v1/usage", { key: tenant.key })).body).toMatchObject({
      topup_credits: 40,
      credits_used: 5,
      credits_remaining: INCLUDED - 5 + 40,
    });
  });

  it("lets a top-up cover a charge the plan alone could not", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 0);
    expect((await call("POST", "/v1/run", { key: tenant.key, body: { task: "Too soon", agent_type: "center" } })).status).toBe(402);
    await admin("topup", "--org", tenant.orgId, "--credits", "1");
    expect((await call("POST", "/v1/run", { key: tenant.key, body: { task: "Covered", agent_type: "center" } })).status).toBe(202);
    const refused = await call("POST", "/v1/run", { key: tenant.key, body: { task: "Spent", agent_type: "center" } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: "insufficient_credits", credits_remaining: 0 });
    expectRunningBalance(await ledgerOf(tenant.orgId));
  });
});
