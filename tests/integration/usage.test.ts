// Credit usage: the period summary, the ledger history and per-member usage
// (docs/contract.md, "Resources" and "Plans and credits").
import { describe, expect, it } from "vitest";
import { admin, AP_DATA, call, createKey, createTenant, ISO_PATTERN, UUID_PATTERN } from "../helpers/api.ts";
import { insertLedgerEntry } from "../helpers/fixtures.ts";

const currentPeriod = () => new Date().toISOString().slice(0, 7);

describe("GET /v1/usage", () => {
  it("reports exactly the summary of a fresh Growth organization", async () => {
    const tenant = await createTenant({ plan: "growth" });
    const response = await call("GET", "/v1/usage", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plan: "growth",
      scope: "organization",
      livemode: true,
      period: currentPeriod(),
      included_credits: 10_000,
      topup_credits: 0,
      credits_used: 0,
      credits_remaining: 10_000,
      unlimited: false,
      topup_price_per_1000_usd: 10,
    });
  });

  it("reports Enterprise as unlimited", async () => {
    const tenant = await createTenant({ plan: "enterprise" });
    const response = await call("GET", "/v1/usage", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ plan: "enterprise", included_credits: -1, credits_remaining: null, unlimited: true, period: currentPeriod() });
  });

  it("counts a CLI top-up in topup_credits and credits_remaining", async () => {
    const tenant = await createTenant();
    await admin("topup", "--org", tenant.orgId, "--credits", "500");
    const response = await call("GET", "/v1/usage", { key: tenant.key });
    expect(response.body).toMatchObject({ topup_credits: 500, credits_used: 0, credits_remaining: 10_500 });
  });

  it("counts seeded debits in credits_used", async () => {
    const tenant = await createTenant();
    await insertLedgerEntry(tenant.orgId, { amount: -5, balanceAfter: -5, reason: "run" });
    await insertLedgerEntry(tenant.orgId, { amount: -3, balanceAfter: -8, reason: "run" });
    const response = await call("GET", "/v1/usage", { key: tenant.key });
    expect(response.body).toMatchObject({ topup_credits: 0, credits_used: 8, credits_remaining: 9_992 });
  });

  it("gives a test-mode key its own ledger, not the live one", async () => {
    const tenant = await createTenant();
    await admin("topup", "--org", tenant.orgId, "--credits", "700");
    await insertLedgerEntry(tenant.orgId, { amount: -40, balanceAfter: 660, reason: "run" });
    const summary = await call("GET", "/v1/usage", { key: tenant.testKey });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ livemode: false, topup_credits: 0, credits_used: 0, credits_remaining: 10_000 });
    const history = await call("GET", "/v1/usage/history", { key: tenant.testKey });
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ data: [] });

    const testEntry = await insertLedgerEntry(tenant.orgId, { amount: -2, balanceAfter: -2, reason: "run", livemode: false });
    const testHistory = await call("GET", "/v1/usage/history", { key: tenant.testKey });
    expect(testHistory.body.data.map((entry: { id: string }) => entry.id)).toEqual([testEntry]);
    const liveHistory = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(liveHistory.body.data).toHaveLength(2);
    expect(liveHistory.body.data.map((entry: { id: string }) => entry.id)).not.toContain(testEntry);
  });
});

describe("GET /v1/usage/history", () => {
  it("shows a CLI top-up as a ledger entry", async () => {
    const tenant = await createTenant();
    const topup = await admin<{ id: string }>("topup", "--org", tenant.orgId, "--credits", "500");
    const response = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        {
          id: topup.id,
          amount: 500,
          balance_after: expect.any(Number),
          reason: "topup",
          run_id: null,
          member_id: null,
          created_at: expect.stringMatching(ISO_PATTERN),
        },
      ],
    });
    expect(response.body.data[0].id).toMatch(UUID_PATTERN);
  });

  it("returns the newest 50 entries, newest first", async () => {
    const tenant = await createTenant();
    const ids: string[] = [];
    for (let index = 0; index < 55; index++) {
      ids.push(await insertLedgerEntry(tenant.orgId, { amount: -1, balanceAfter: -(index + 1), reason: "run" }));
    }
    const response = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(50);
    expect(response.body.data.map((entry: { id: string }) => entry.id)).toEqual(ids.slice(5).reverse());
    expect(response.body.data[0].balance_after).toBe(-55);
    const times = response.body.data.map((entry: { created_at: string }) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("GET /v1/usage/history order", () => {
  it("lists one batch's entries in the order they were written, newest first", async () => {
    const tenant = await createTenant();
    const rows = ["a", "b", "c", "d", "e"].map((task) => ({ task, data: AP_DATA }));
    const batch = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows } });
    expect(batch.status).toBe(201);
    const topup = await admin<{ id: string }>("topup", "--org", tenant.orgId, "--credits", "100");

    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(history.status).toBe(200);
    const entries = history.body.data as { id: string; amount: number; balance_after: number; reason: string; run_id: string; created_at: string }[];
    expect(entries.map((entry) => [entry.reason, entry.amount, entry.balance_after])).toEqual([
      ["topup", 100, 10_085],
      ["run", -3, 9_985],
      ["run", -3, 9_988],
      ["run", -3, 9_991],
      ["run", -3, 9_994],
      ["run", -3, 9_997],
    ]);
    expect(entries[0]!.id).toBe(topup.id);
    // The batch's entries share one created_at; the rows were charged in row order.
    const charges = entries.slice(1);
    expect(new Set(charges.map((entry) => entry.created_at)).size).toBe(1);
    const detail = await call("GET", `/v1/batches/${batch.body.job.id}`, { key: tenant.key });
    const runIdsByRow = detail.body.rows.map((row: { run_id: string }) => row.run_id);
    expect(charges.map((entry) => entry.run_id)).toEqual([...runIdsByRow].reverse());
  });
});

describe("GET /v1/usage/members", () => {
  it("counts runs created this period with each member's keys", async () => {
    const tenant = await createTenant();
    const secondEmail = `reviewer-${Date.now()}@example.test`;
    const second = await admin<{ id: string }>(
      "create-member", "--org", tenant.orgId, "--email", secondEmail, "--name", "Rita Reviewer", "--role", "reviewer", "--password", "correct horse battery",
    );
    const secondKey = await admin<{ key: string }>(
      "create-key", "--org", tenant.orgId, "--member", secondEmail, "--name", "rita", "--scopes", "agents:run,agents:read", "--mode", "live",
    );
    const firstExtraKey = await createKey(tenant, "agents:run");

    const start = (key: string) => call("POST", "/v1/run", { key, body: { task: "Summarise the week" } });
    for (const key of [tenant.key, tenant.key, firstExtraKey.key, secondKey.key]) expect((await start(key)).status).toBe(202);
    expect((await start(tenant.testKey)).status).toBe(202); // test mode: not in the live view

    const response = await call("GET", "/v1/usage/members", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.period).toBe(currentPeriod());
    expect(response.body.data).toHaveLength(2);
    const byId = new Map(response.body.data.map((entry: { member_id: string }) => [entry.member_id, entry]));
    expect(byId.get(tenant.memberId)).toEqual({
      member_id: tenant.memberId, name: "Ada Admin", email: tenant.memberEmail, runs: 3, credits_used: expect.any(Number),
    });
    expect(byId.get(second.id)).toEqual({ member_id: second.id, name: "Rita Reviewer", email: secondEmail, runs: 1, credits_used: expect.any(Number) });
  });

  it("reports zero runs for a fresh organization", async () => {
    const tenant = await createTenant();
    const response = await call("GET", "/v1/usage/members", { key: tenant.key });
    expect(response.body).toEqual({
      period: currentPeriod(),
      data: [{ member_id: tenant.memberId, name: "Ada Admin", email: tenant.memberEmail, runs: 0, credits_used: 0 }],
    });
  });
});
