// Refunds: a run the service fails (not its input) gets its credits back exactly once,
// in the transaction that marks it failed. Driven in-process against a fresh database:
// over HTTP a service failure cannot be provoked on demand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { recordOutcome, type TStartedRun } from "../../src/domains/runs/run-execution.ts";
import type { TPrincipal } from "../../src/domains/auth/authenticate.ts";
import { debitForRuns, periodBalance } from "../../src/domains/usage/credits.ts";
import { createDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;

beforeAll(async () => {
  database = await createDatabase("aw_credits");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 5);
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

/** A live running run of a fresh Growth organization, charged as createRun would have. */
async function chargedRunningRun(options: { agentType?: "center" | "rfq_generator" | "ap_specialist"; livemode?: boolean; charged?: boolean } = {}) {
  const agentType = options.agentType ?? "rfq_generator";
  const livemode = options.livemode ?? true;
  const organization = await db().organization.create({ data: { name: "Refunds", plan: "growth" } });
  const run = await db().run.create({
    data: { organizationId: organization.id, livemode, agentType, task: "refund me", status: "running", startedAt: new Date() },
  });
  if (options.charged ?? true) {
    const principal = { organizationId: organization.id, livemode, memberId: null } as TPrincipal;
    await db().$transaction((tx) => debitForRuns(tx, principal, [{ runId: run.id, agentType }]));
  }
  const started: TStartedRun = { runId: run.id, agentType, task: run.task, data: null, organizationId: organization.id, batchJobId: null };
  return { organization, run, started };
}

const entriesOf = (runId: string) => db().creditLedgerEntry.findMany({ where: { runId }, orderBy: { createdAt: "asc" } });

describe("refunds", () => {
  it("refunds a service failure once, restoring the balance", async () => {
    const { organization, run, started } = await chargedRunningRun();
    expect((await periodBalance(db(), organization, true)).remaining).toBe(9_995);

    const first = await recordOutcome(started, { kind: "service_error", message: "agent gave up" });
    expect(first?.event).toBe("run.failed");
    // The step running again (after a crash) changes nothing.
    await recordOutcome(started, { kind: "service_error", message: "agent gave up" });

    expect((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("failed");
    const entries = await entriesOf(run.id);
    expect(entries.map((entry) => [entry.reason, entry.amount])).toEqual([["run", -5], ["refund", 5]]);
    expect(entries[1]).toMatchObject({ livemode: true, balanceAfter: 10_000 });
    expect(await periodBalance(db(), organization, true)).toMatchObject({ creditsUsed: 0, remaining: 10_000 });
  });

  it("does not refund an input error", async () => {
    const { organization, run, started } = await chargedRunningRun({ agentType: "ap_specialist" });
    await recordOutcome(started, { kind: "input_error", message: "no invoice" });
    expect((await db().run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("failed");
    expect((await entriesOf(run.id)).map((entry) => entry.reason)).toEqual(["run"]);
    expect((await periodBalance(db(), organization, true)).remaining).toBe(9_997);
  });

  it("refunds nothing for a run that was never charged (test mode)", async () => {
    const { run, started } = await chargedRunningRun({ livemode: false, charged: false });
    await recordOutcome(started, { kind: "service_error", message: "agent gave up" });
    expect(await entriesOf(run.id)).toEqual([]);
  });

  it("does not refund a run that completed", async () => {
    const { run, started } = await chargedRunningRun({ agentType: "center" });
    await recordOutcome(started, { kind: "result", result: { confidence_score: 0.99, output: { ok: true } } });
    expect((await entriesOf(run.id)).map((entry) => entry.reason)).toEqual(["run"]);
  });
});
