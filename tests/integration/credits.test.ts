// Credits: every accepted live run is charged by agent type, test mode is free, a request
// the balance cannot cover is refused with 402 and creates nothing (docs/contract.md, "Plans and
// credits"; docs/api-conventions.md "Credits").
import { describe, expect, it } from "vitest";
import { AP_DATA, call, createTenant, type TTenant } from "../helpers/api.ts";
import { insertLedgerEntry } from "../helpers/fixtures.ts";

const COSTS = { center: 1, rfq_generator: 5, ap_specialist: 3 } as const; // assistant (10) needs a model: tests/integration/model-agents.test.ts

const remaining = async (key: string): Promise<number | null> => (await call("GET", "/v1/usage", { key })).body.credits_remaining;
const runsTotal = async (key: string): Promise<number> => (await call("GET", "/v1/runs?limit=1", { key })).body.total;
const batchesTotal = async (key: string): Promise<number> => (await call("GET", "/v1/batches?limit=1", { key })).body.total;
const startRun = (key: string, agentType: string, headers: Record<string, string> = {}) =>
  // ap_specialist needs an invoice at acceptance: without one it is refused, uncharged.
  call("POST", "/v1/run", { key, body: { task: "Credit check", agent_type: agentType, ...(agentType === "ap_specialist" ? { data: AP_DATA } : {}) }, headers });

/** Leaves exactly `left` credits of a fresh Growth organization's 10,000. */
async function drainTo(tenant: TTenant, left: number) {
  await insertLedgerEntry(tenant.orgId, { amount: -(10_000 - left), balanceAfter: left, reason: "run" });
  expect(await remaining(tenant.key)).toBe(left);
}

describe("charging runs", () => {
  it.each(Object.entries(COSTS))("charges %s runs %i credits, with a ledger entry", async (agentType, cost) => {
    const tenant = await createTenant();
    const before = await remaining(tenant.key);
    const response = await startRun(tenant.key, agentType);
    expect(response.status).toBe(202);
    expect(await remaining(tenant.key)).toBe(before! - cost);

    const usage = await call("GET", "/v1/usage", { key: tenant.key });
    expect(usage.body).toMatchObject({ credits_used: cost, credits_remaining: 10_000 - cost });
    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      amount: -cost,
      reason: "run",
      run_id: response.body.run_id,
      member_id: tenant.memberId,
      balance_after: 10_000 - cost,
    });
  });

  it("keeps balance_after as the running remaining balance across runs", async () => {
    const tenant = await createTenant();
    for (const agentType of ["center", "rfq_generator", "ap_specialist"]) expect((await startRun(tenant.key, agentType)).status).toBe(202);
    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(history.body.data.map((entry: { balance_after: number }) => entry.balance_after)).toEqual([9_991, 9_994, 9_999]);
  });

  it("charges nothing in test mode", async () => {
    const tenant = await createTenant();
    expect((await startRun(tenant.testKey, "rfq_generator")).status).toBe(202);
    const batch = await call("POST", "/v1/batches", { key: tenant.testKey, body: { agent_type: "ap_specialist", rows: [{ task: "a", data: AP_DATA }, { task: "b", data: AP_DATA }] } });
    expect(batch.status).toBe(201);
    expect((await call("GET", "/v1/usage", { key: tenant.testKey })).body).toMatchObject({ credits_used: 0, credits_remaining: 10_000 });
    expect((await call("GET", "/v1/usage/history", { key: tenant.testKey })).body).toEqual({ data: [] });
    expect(await remaining(tenant.key)).toBe(10_000);
  });

  it("charges a batch one entry per row", async () => {
    const tenant = await createTenant();
    const batch = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows: ["a", "b", "c"].map((task) => ({ task, data: AP_DATA })) } });
    expect(batch.status).toBe(201);
    expect(await remaining(tenant.key)).toBe(10_000 - 9);
    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(history.body.data).toHaveLength(3);
    expect(history.body.data.every((entry: { amount: number; reason: string; run_id: string }) => entry.amount === -3 && entry.reason === "run" && entry.run_id)).toBe(true);
  });

  it("does not charge an Idempotency-Key replay twice", async () => {
    const tenant = await createTenant();
    const headers = { "idempotency-key": `credits-${tenant.orgId}` };
    const first = await startRun(tenant.key, "rfq_generator", headers);
    const replay = await startRun(tenant.key, "rfq_generator", headers);
    expect(first.status).toBe(202);
    expect(replay.status).toBe(202);
    expect(replay.body.run_id).toBe(first.body.run_id);
    expect(await remaining(tenant.key)).toBe(10_000 - 5);
    expect((await call("GET", "/v1/usage/history", { key: tenant.key })).body.data).toHaveLength(1);
  });
});

describe("insufficient credits", () => {
  it("answers 402 with credits_remaining and creates no run", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 4);
    const runsBefore = await runsTotal(tenant.key);
    const response = await startRun(tenant.key, "rfq_generator");
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: "insufficient_credits", type: "insufficient_credits", message: expect.any(String), credits_remaining: 4 });
    expect(await runsTotal(tenant.key)).toBe(runsBefore);
    expect(await remaining(tenant.key)).toBe(4);

    // What the balance covers is still accepted.
    expect((await startRun(tenant.key, "ap_specialist")).status).toBe(202);
    expect(await remaining(tenant.key)).toBe(1);
  });

  it("refuses a batch it cannot fully cover, creating no batch, rows or runs", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 12);
    const rows = [{ task: "a" }, { task: "b" }, { task: "c" }]; // 3 × 5 = 15 > 12
    const response = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "rfq_generator", rows } });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ type: "insufficient_credits", credits_remaining: 12 });
    expect(await batchesTotal(tenant.key)).toBe(0);
    expect(await runsTotal(tenant.key)).toBe(0);
    expect(await remaining(tenant.key)).toBe(12);
    expect((await call("GET", "/v1/usage/history", { key: tenant.key })).body.data).toHaveLength(1);
  });

  it("refuses an idempotent request without recording it, so a retry after a top-up succeeds", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 0);
    const headers = { "idempotency-key": `broke-${tenant.orgId}` };
    expect((await startRun(tenant.key, "center", headers)).status).toBe(402);
    await insertLedgerEntry(tenant.orgId, { amount: 10, balanceAfter: 10, reason: "topup" });
    const retry = await startRun(tenant.key, "center", headers);
    expect(retry.status).toBe(202);
    expect(await remaining(tenant.key)).toBe(9);
  });

  it("never refuses an Enterprise organization", async () => {
    const tenant = await createTenant({ plan: "enterprise" });
    await insertLedgerEntry(tenant.orgId, { amount: -1_000_000, balanceAfter: 0, reason: "run" });
    const response = await startRun(tenant.key, "rfq_generator");
    expect(response.status).toBe(202);
    const batch = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "rfq_generator", rows: [{ task: "a" }, { task: "b" }] } });
    expect(batch.status).toBe(201);
    const usage = await call("GET", "/v1/usage", { key: tenant.key });
    expect(usage.body).toMatchObject({ unlimited: true, credits_remaining: null, credits_used: 1_000_015 });
    const [newest] = (await call("GET", "/v1/usage/history", { key: tenant.key })).body.data;
    expect(newest).toMatchObject({ amount: -5, reason: "run", balance_after: 0 });
  });

  it("accepts exactly what the balance covers under 50 concurrent requests", async () => {
    const tenant = await createTenant();
    await drainTo(tenant, 20);
    const responses = await Promise.all(Array.from({ length: 50 }, () => startRun(tenant.key, "center")));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.filter((status) => status === 402)).toHaveLength(30);
    expect(await remaining(tenant.key)).toBe(0);
    expect(await runsTotal(tenant.key)).toBe(20);
    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    const balances = history.body.data.map((entry: { balance_after: number }) => entry.balance_after);
    expect(Math.min(...balances)).toBe(0);
    expect(balances.filter((balance: number) => balance < 0)).toEqual([]);
  });
});
