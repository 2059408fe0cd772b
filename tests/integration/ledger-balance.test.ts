// Every ledger entry's balance_after is the period's running balance after it: the plan's
// included credits + the sum of the period's entries up to and including it, in sequence
// (write) order. Charges (POST /v1/run, POST /v1/batches), refunds (a run the service
// fails) and top-ups (admin CLI) run concurrently against the real server's database.
// Refunds are driven in-process, as in credits-refund.test.ts: over HTTP a service failure
// cannot be provoked on demand.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { recordOutcome } from "../../src/domains/runs/run-execution.ts";
import { debitForRuns } from "../../src/domains/usage/credits.ts";
import { admin, AP_DATA, call, createKey, createTenant, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";

const INCLUDED = 10_000; // Growth
const OPENING_TOPUP = 30;
const TOPUPS = [100, 250, 400];
const CHARGED_AGENT_TYPES = ["center", "rfq_generator", "ap_specialist"] as const;
// Each charging key stays under the strict limiter's 60 requests a minute.
const MAX_CHARGES_PER_KEY = 45;

type TLedgerRow = { amount: number; balance_after: number; reason: string };

let tenant: TTenant;

beforeAll(async () => {
  connectDatabase(inject("databaseUrl"), 5);
  tenant = await createTenant();
});

afterAll(async () => {
  await disconnectDatabase();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Charges one run over HTTP with a live key, as a caller does. */
async function chargeOverHttp(key: string, index: number) {
  const agentType = CHARGED_AGENT_TYPES[index % CHARGED_AGENT_TYPES.length];
  const response = await call("POST", "/v1/run", { key, body: { task: `Charge ${index}`, agent_type: agentType, ...(agentType === "ap_specialist" ? { data: AP_DATA } : {}) } });
  expect(response.status).toBe(202);
}

/** Charges a batch: several entries written by one statement, sharing a created_at. */
async function chargeBatch() {
  const rows = ["a", "b", "c"].map((task) => ({ task, data: AP_DATA }));
  const response = await call("POST", "/v1/batches", { key: tenant.key, body: { agent_type: "ap_specialist", rows } });
  expect(response.status).toBe(201);
}

/**
 * A live running run charged the way accepting it charges (debitForRuns under the
 * organization lock), then failed by the service, which refunds it.
 */
async function chargeThenRefund(principal: TPrincipal) {
  const runId = randomUUID();
  await db().$transaction(async (tx) => {
    await tx.run.create({
      data: {
        id: runId,
        organizationId: principal.organizationId,
        livemode: true,
        agentType: "rfq_generator",
        task: "refund me",
        status: "running",
        startedAt: new Date(),
        apiKeyId: principal.apiKeyId,
      },
    });
    await debitForRuns(tx, principal, [{ runId, agentType: "rfq_generator" }]);
  });
  const outcome = await recordOutcome(
    { runId, agentType: "rfq_generator", task: "refund me", data: null, organizationId: principal.organizationId, batchJobId: null },
    { kind: "service_error", message: "agent gave up" },
  );
  expect(outcome?.event).toBe("run.failed");
}

/** Repeats `work` until `stop` settles (at most `limit` times), then `after` more times. */
async function repeatWhilePending(stop: Promise<unknown>, work: (index: number) => Promise<void>, options: { limit: number; after: number; pauseMs: number }) {
  let stopped = false;
  const markStopped = () => {
    stopped = true;
  };
  void stop.then(markStopped, markStopped);
  let index = 0;
  while (!stopped && index < options.limit) {
    await work(index++);
    await pause(options.pauseMs);
  }
  await stop.catch(() => undefined);
  for (let extra = 0; extra < options.after; extra++) await work(index++);
}

const readLedger = () =>
  withDatabase(inject("databaseUrl"), async (client) =>
    (
      await client.query<TLedgerRow>(
        `SELECT amount, balance_after, reason FROM credit_ledger
         WHERE organization_id = $1 AND livemode ORDER BY sequence`,
        [tenant.orgId],
      )
    ).rows,
  );

describe("ledger running balance", () => {
  it("keeps balance_after the period's running balance while charges, refunds and top-ups interleave", async () => {
    const chargingKeys = await Promise.all([createKey(tenant, "agents:run"), createKey(tenant, "agents:run")]);
    const principal: TPrincipal = {
      kind: "api_key",
      organizationId: tenant.orgId,
      livemode: true,
      apiKeyId: tenant.keyId,
      memberId: tenant.memberId,
      role: null,
      scopes: ["agents:run"],
      plan: "growth",
      actor: { id: `api_key:${tenant.keyId}`, name: "ledger test" },
    };

    // The period opens with a top-up: its balance is the plan's credits plus it.
    await admin("topup", "--org", tenant.orgId, "--credits", String(OPENING_TOPUP));

    // Every writer has written before the other top-ups start, and keeps writing until the
    // last top-up has committed and a little after, so top-ups land between charges and refunds.
    await Promise.all([...chargingKeys.map((key) => chargeOverHttp(key.key, 0)), chargeThenRefund(principal)]);
    const topups = Promise.all(TOPUPS.map((credits) => admin("topup", "--org", tenant.orgId, "--credits", String(credits))));
    await Promise.all([
      ...chargingKeys.map((key) =>
        repeatWhilePending(topups, (index) => chargeOverHttp(key.key, index + 1), { limit: MAX_CHARGES_PER_KEY, after: 2, pauseMs: 60 }),
      ),
      repeatWhilePending(topups, chargeBatch, { limit: 100, after: 1, pauseMs: 30 }),
      repeatWhilePending(topups, () => chargeThenRefund(principal), { limit: 200, after: 2, pauseMs: 20 }),
    ]);
    await topups; // a failed top-up fails the test with the CLI's message

    const ledger = await readLedger();
    const reasons = ledger.map((entry) => entry.reason);
    expect(reasons[0]).toBe("topup");
    expect(reasons.filter((reason) => reason === "topup")).toHaveLength(TOPUPS.length + 1);
    expect(reasons).toContain("refund");
    // The writes really interleaved: every concurrent top-up has charges before and after it.
    for (const [position, reason] of reasons.entries()) {
      if (reason !== "topup" || position === 0) continue;
      expect(reasons.slice(0, position)).toContain("run");
      expect(reasons.slice(position + 1)).toContain("run");
    }
    let running = INCLUDED;
    const expected = ledger.map((entry) => (running += entry.amount));
    expect(ledger.map((entry) => entry.balance_after)).toEqual(expected);

    const usage = await call("GET", "/v1/usage", { key: tenant.key });
    expect(usage.body.credits_remaining).toBe(ledger.at(-1)!.balance_after);
    expect(usage.body.topup_credits).toBe(TOPUPS.reduce((sum, credits) => sum + credits, OPENING_TOPUP));
  });
});

describe("top-up balance_after", () => {
  it("continues the period balance: included credits on an empty ledger, the last of a batch's entries after one", async () => {
    const fresh = await createTenant();
    expect(await admin("topup", "--org", fresh.orgId, "--credits", "50")).toMatchObject({ credits: 50, balance_after: INCLUDED + 50 });
    const batch = await call("POST", "/v1/batches", { key: fresh.key, body: { agent_type: "rfq_generator", rows: [{ task: "a" }, { task: "b" }, { task: "c" }] } });
    expect(batch.status).toBe(201);
    expect(await admin("topup", "--org", fresh.orgId, "--credits", "20")).toMatchObject({ balance_after: INCLUDED + 50 - 15 + 20 });
    expect((await call("GET", "/v1/usage", { key: fresh.key })).body.credits_remaining).toBe(INCLUDED + 50 - 15 + 20);
  });

  it("records 0 on an unlimited plan", async () => {
    const enterprise = await createTenant({ plan: "enterprise" });
    expect((await call("POST", "/v1/run", { key: enterprise.key, body: { task: "Plan the week" } })).status).toBe(202);
    expect(await admin("topup", "--org", enterprise.orgId, "--credits", "500")).toMatchObject({ credits: 500, balance_after: 0 });
    const history = await call("GET", "/v1/usage/history", { key: enterprise.key });
    expect(history.body.data.map((entry: { reason: string; balance_after: number }) => [entry.reason, entry.balance_after])).toEqual([["topup", 0], ["run", 0]]);
  });
});
