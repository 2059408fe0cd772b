// Charging runs for credits, refunding runs the service failed and adding top-ups
// (docs/contract.md, "Plans and credits"; docs/api-conventions.md, "Credits"). Every ledger
// write is ONE statement that updates the period's running-balance row (credit_balances)
// and inserts the entries: the row's lock orders the writers, so each entry's
// balance_after is the period's running balance in sequence order, and a charge that does
// not fit is refused by the update's condition instead of a lock plus a sum of the ledger.
import type { TPrincipal } from "../auth/authenticate.ts";
import { db, sqlStatement, type TDatabase } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { AppError, notFound } from "../../foundation/errors.ts";
import type { TAgentType } from "../agents/agent-types.ts";
import { billingPeriod, INCLUDED_MONTHLY_CREDITS } from "./plans.ts";
import { costOfRun } from "./prices.ts";
import { allowanceExhausted, countTestModeModelRuns, countTestModeModelRunsSql } from "./test-mode-allowance.ts";

type TClient = TDatabase | Prisma.TransactionClient;

export type TPeriodBalance = {
  /** Included credits of the plan this period; -1 for an unlimited plan. */
  included: number;
  unlimited: boolean;
  topupCredits: number;
  /** Debits of the period minus its refunds. */
  creditsUsed: number;
  /** included + top-ups − used; null for an unlimited plan. */
  remaining: number | null;
};

type TBalanceTotals = { debits: number; refunds: number; topups: number };

/** A plan's included credits in SQL terms: -1 marks an unlimited plan. */
const UNLIMITED = -1;
const PLAN_NAMES = Object.keys(INCLUDED_MONTHLY_CREDITS);
const PLAN_CREDITS = PLAN_NAMES.map((plan) => {
  const credits = INCLUDED_MONTHLY_CREDITS[plan]!;
  return credits === "unlimited" ? UNLIMITED : credits;
});

function toPeriodBalance(includedCredits: number, totals: TBalanceTotals): TPeriodBalance {
  const unlimited = includedCredits === UNLIMITED;
  const included = unlimited ? 0 : includedCredits;
  const creditsUsed = totals.debits - totals.refunds;
  return {
    included: unlimited ? -1 : included,
    unlimited,
    topupCredits: totals.topups,
    creditsUsed,
    remaining: unlimited ? null : included + totals.topups - creditsUsed,
  };
}

const includedCreditsOf = (plan: string): number => {
  const credits = INCLUDED_MONTHLY_CREDITS[plan] ?? 0;
  return credits === "unlimited" ? UNLIMITED : credits;
};

/**
 * The balance of one organization and mode in the current period (UTC month): the plan's
 * included credits plus this period's top-ups minus this period's net usage (debits count
 * as used, refunds give it back), read from the period's balance row (none yet: nothing used).
 */
export async function periodBalance(
  client: TClient,
  organization: { id: string; plan: string },
  livemode: boolean,
  now = new Date(),
): Promise<TPeriodBalance> {
  const period = billingPeriod(now);
  const [totals] = await client.$queryRaw<TBalanceTotals[]>`
    SELECT debits, refunds, topups FROM credit_balances
    WHERE organization_id = ${organization.id}::uuid AND livemode = ${livemode} AND period_start = ${period.start}::timestamptz`;
  return toPeriodBalance(includedCreditsOf(organization.plan), totals ?? { debits: 0, refunds: 0, topups: 0 });
}

type TLedgerEntryInput = {
  amount: number;
  reason: "run" | "refund" | "topup" | "evaluation";
  runId: string | null;
  memberId: string | null;
  /** An evaluation's charge (reason evaluation) or the refund of its cases (docs/api-conventions.md, "Evaluations"). */
  evaluationId?: string | null;
};

type TLedgerWrite = {
  organizationId: string;
  /** Written in this order (sequence order), each with the running balance after it. */
  entries: TLedgerEntryInput[];
  /** Refuse (write nothing) unless the balance covers the write; unlimited plans always fit. */
  mustFit: boolean;
  writtenAt: Date;
};

/**
 * The CTEs of one live-mode ledger write, ending in `charged` (one row when the write
 * happened, none when it was refused or the organization does not exist). The balance row
 * is created by the period's first write (INSERT … ON CONFLICT): when it is not visible yet,
 * the insert itself only fits within the plan's credits, and a row a concurrent writer
 * created meanwhile is updated under its lock with the condition re-checked on its latest
 * version. Included credits come from the organization's plan as the statement reads it.
 */
function ledgerWriteSql(write: TLedgerWrite): Prisma.Sql {
  const { organizationId, entries, writtenAt } = write;
  const periodStart = billingPeriod(writtenAt).start;
  const totals: TBalanceTotals = { debits: 0, refunds: 0, topups: 0 };
  let running = 0;
  const runningAfter: number[] = [];
  for (const entry of entries) {
    if (entry.amount < 0) totals.debits -= entry.amount;
    if (entry.reason === "refund") totals.refunds += entry.amount;
    if (entry.reason === "topup") totals.topups += entry.amount;
    running += entry.amount;
    runningAfter.push(running);
  }
  const net = running;
  const mustFit = write.mustFit && net < 0;
  return Prisma.sql`
    plan AS (
      SELECT COALESCE(included.credits, 0) AS included
      FROM organizations org
      LEFT JOIN unnest(${PLAN_NAMES}::text[], ${PLAN_CREDITS}::int[]) AS included(plan, credits) ON included.plan = org.plan::text
      WHERE org.id = ${organizationId}::uuid
    ),
    balance AS (
      INSERT INTO credit_balances AS kept (organization_id, livemode, period_start, debits, refunds, topups, updated_at)
      SELECT ${organizationId}::uuid, true, ${periodStart}::timestamptz, ${totals.debits}::int, ${totals.refunds}::int, ${totals.topups}::int, ${writtenAt}::timestamptz
      FROM plan
      WHERE NOT ${mustFit}::boolean OR plan.included = ${UNLIMITED}::int OR plan.included + ${net}::int >= 0
         OR EXISTS (SELECT 1 FROM credit_balances WHERE organization_id = ${organizationId}::uuid AND livemode AND period_start = ${periodStart}::timestamptz)
      ON CONFLICT (organization_id, livemode, period_start) DO UPDATE
        SET debits = kept.debits + EXCLUDED.debits, refunds = kept.refunds + EXCLUDED.refunds,
            topups = kept.topups + EXCLUDED.topups, updated_at = EXCLUDED.updated_at
        WHERE NOT ${mustFit}::boolean OR (SELECT included FROM plan) = ${UNLIMITED}::int
           OR (SELECT included FROM plan) + kept.topups + kept.refunds - kept.debits + ${net}::int >= 0
      RETURNING kept.debits, kept.refunds, kept.topups, (SELECT included FROM plan) AS included
    ),
    entries AS (
      INSERT INTO credit_ledger (id, organization_id, livemode, amount, balance_after, reason, run_id, member_id, evaluation_id, created_at)
      SELECT gen_random_uuid(), ${organizationId}::uuid, true, entry.amount,
             CASE WHEN balance.included = ${UNLIMITED}::int THEN 0
                  ELSE balance.included + balance.topups + balance.refunds - balance.debits - ${net}::int + entry.running END,
             entry.reason, NULLIF(entry.run_id, '')::uuid, NULLIF(entry.member_id, '')::uuid, NULLIF(entry.evaluation_id, '')::uuid, ${writtenAt}::timestamptz
      FROM balance,
           unnest(${entries.map((entry) => entry.amount)}::int[], ${runningAfter}::int[], ${entries.map((entry) => entry.reason)}::text[],
                  ${entries.map((entry) => entry.runId ?? "")}::text[], ${entries.map((entry) => entry.memberId ?? "")}::text[],
                  ${entries.map((entry) => entry.evaluationId ?? "")}::text[])
             WITH ORDINALITY AS entry(amount, running, reason, run_id, member_id, evaluation_id, position)
      ORDER BY entry.position
      RETURNING id, balance_after, sequence
    ),
    charged AS (SELECT included, debits, refunds, topups FROM balance)`;
}

type TWriteResult = {
  included: number;
  /** Whether the write happened (false: refused, nothing written). */
  written: boolean;
  /** The balance row before the statement (its snapshot): what a refused charge saw. */
  before: TBalanceTotals | null;
  /** The last entry written, in sequence order. */
  last_entry_id: string | null;
  last_balance_after: number | null;
};

/**
 * The SELECT that ends a ledger write: null-free when the organization exists (no row
 * otherwise). `before` reads the statement's snapshot, so a refused charge reports the
 * balance it was refused against.
 */
const writeOutcomeSql = (organizationId: string, writtenAt: Date) => Prisma.sql`
  SELECT plan.included, EXISTS (SELECT 1 FROM charged) AS written,
         (SELECT json_build_object('debits', debits, 'refunds', refunds, 'topups', topups) FROM credit_balances
          WHERE organization_id = ${organizationId}::uuid AND livemode AND period_start = ${billingPeriod(writtenAt).start}::timestamptz) AS before,
         newest.id AS last_entry_id, newest.balance_after AS last_balance_after
  FROM plan LEFT JOIN (SELECT id, balance_after FROM entries ORDER BY sequence DESC LIMIT 1) AS newest ON true`;

/** Runs a ledger write alone; null when the organization does not exist. */
async function writeLedger(client: TClient, write: TLedgerWrite): Promise<TWriteResult | null> {
  const [result] = await client.$queryRaw<TWriteResult[]>`WITH ${ledgerWriteSql(write)} ${writeOutcomeSql(write.organizationId, write.writtenAt)}`;
  return result ?? null;
}

/** The 402 for a charge the balance did not cover, with the credits that remained. */
function insufficientCredits(entries: TLedgerEntryInput[], outcome: TWriteResult): AppError {
  const total = -entries.reduce((sum, entry) => sum + entry.amount, 0);
  const before = toPeriodBalance(outcome.included, outcome.before ?? { debits: 0, refunds: 0, topups: 0 });
  const left = Math.max(0, before.remaining ?? 0);
  return new AppError("insufficient_credits", `This request costs ${total} credits but only ${left} remain this period; top up to continue`, {
    credits_remaining: left,
  });
}

/**
 * A run being accepted: `modelBacked` when its agent will call the model (then, in test
 * mode, it counts against the day's allowance instead of being charged).
 */
export type TChargedRun = { runId: string; agentType: TAgentType | string; modelBacked?: boolean };

const modelBackedCount = (runs: TChargedRun[]) => runs.filter((run) => run.modelBacked).length;

const runEntries = (principal: TPrincipal, runs: TChargedRun[]): TLedgerEntryInput[] =>
  runs.map((run) => ({ amount: -costOfRun(run.agentType), reason: "run", runId: run.runId, memberId: principal.memberId }));

/**
 * Charges accepted runs, inside the transaction that inserted them. Test mode is free
 * (nothing is written), but its model-backed runs count against the day's allowance, all
 * or nothing (429 test_mode_allowance_exhausted). Live mode: the whole cost must fit the period balance, else
 * `insufficient_credits` (402) is thrown and the caller's transaction (runs, batch,
 * idempotency record) rolls back. Each run gets one "run" entry whose balance_after is
 * credits_remaining after it; unlimited plans record entries with balance_after 0.
 */
export async function debitForRuns(
  tx: Prisma.TransactionClient,
  principal: TPrincipal,
  runs: TChargedRun[],
): Promise<void> {
  if (!principal.livemode) return countTestModeModelRuns(tx, principal.organizationId, modelBackedCount(runs));
  if (runs.length === 0) return;
  const entries = runEntries(principal, runs);
  const outcome = await writeLedger(tx, { organizationId: principal.organizationId, entries, mustFit: true, writtenAt: new Date() });
  if (!outcome) throw notFound("Organization");
  if (!outcome.written) throw insufficientCredits(entries, outcome);
}

/**
 * One statement that charges `runs` and, only if the charge went through, runs `insert`
 * (an INSERT … SELECT … FROM charged, e.g. the run itself): both commit or neither, with
 * no transaction round trips around them. Test mode charges nothing: it inserts, counting
 * model-backed runs against the day's allowance (429 test_mode_allowance_exhausted beyond).
 * Throws `insufficient_credits` (402) when the balance does not cover the runs.
 */
export async function chargeAndInsert(
  client: TClient,
  principal: TPrincipal,
  runs: TChargedRun[],
  insert: Prisma.Sql,
  // Another data-modifying statement of the same acceptance (the run's job), run in the same statement.
  alongside?: Prisma.Sql,
  // CTEs the insert reads, after the charge (a canary's split counter, which counts only charged runs).
  ctes?: Prisma.Sql,
): Promise<void> {
  const also = alongside ? Prisma.sql`, alongside AS (${alongside})` : Prisma.empty;
  const before = ctes ? Prisma.sql`${ctes},` : Prisma.empty;
  // Outside a transaction the statement goes straight to the shared pool (the hot path of
  // POST /v1/run: Prisma's raw-query pipeline was a sixth of its CPU).
  const query = <T>(statement: Prisma.Sql) => (client === db() ? sqlStatement<T>(statement) : client.$queryRaw<T[]>(statement));
  if (!principal.livemode) {
    const modelRuns = modelBackedCount(runs);
    if (modelRuns === 0) {
      await query(Prisma.sql`WITH charged AS (SELECT 1), ${before} accepted AS (${insert})${also} SELECT 1`);
      return;
    }
    // Counted against the day's test-mode allowance in the same statement: inserted only if counted.
    const countedAt = new Date();
    const [outcome] = await query<{ counted: boolean }>(Prisma.sql`
      WITH ${countTestModeModelRunsSql(principal.organizationId, modelRuns, countedAt)}, ${before}
      accepted AS (${insert})${also}
      SELECT EXISTS (SELECT 1 FROM charged) AS counted`);
    if (!outcome?.counted) throw await allowanceExhausted(client, principal.organizationId, modelRuns, countedAt);
    return;
  }
  const writtenAt = new Date();
  const entries = runEntries(principal, runs);
  const [outcome] = await query<TWriteResult>(Prisma.sql`
    WITH ${ledgerWriteSql({ organizationId: principal.organizationId, entries, mustFit: true, writtenAt })}, ${before}
    accepted AS (${insert})${also}
    ${writeOutcomeSql(principal.organizationId, writtenAt)}`);
  if (!outcome) throw notFound("Organization");
  if (!outcome.written) throw insufficientCredits(entries, outcome);
}

/**
 * Gives back what a run was charged, inside the transaction that marks it failed for a
 * reason of the service. Only a live run that was debited, and at most once per run (no
 * existing refund for its run_id). Returns the refunded amount (0 when nothing was done).
 */
export async function refundRun(tx: Prisma.TransactionClient, runId: string): Promise<number> {
  const debits = await tx.creditLedgerEntry.findMany({ where: { runId, livemode: true, reason: { in: ["run", "refund"] } } });
  const charged = debits.filter((entry) => entry.reason === "run");
  if (charged.length === 0 || debits.some((entry) => entry.reason === "refund")) return 0;
  const amount = -charged.reduce((sum, entry) => sum + entry.amount, 0);
  if (amount <= 0) return 0;
  const [first] = charged;
  await writeLedger(tx, {
    organizationId: first!.organizationId,
    entries: [{ amount, reason: "refund", runId, memberId: first!.memberId }],
    mustFit: false,
    writtenAt: new Date(),
  });
  return amount;
}

/**
 * Charges an evaluation (docs/api-conventions.md, "Evaluations"), inside the transaction that
 * creates it: `cases` × what one run of the agent costs, as ONE ledger entry (reason
 * evaluation, evaluation_id set). Test mode charges nothing but counts every case against the
 * day's model-run allowance (429 test_mode_allowance_exhausted). Live mode: 402
 * insufficient_credits when the balance does not cover it, and the transaction rolls back.
 * Returns the credits charged.
 */
export async function chargeEvaluation(
  tx: Prisma.TransactionClient,
  principal: TPrincipal,
  evaluation: { id: string; agentName: string; cases: number },
): Promise<number> {
  if (!principal.livemode) {
    await countTestModeModelRuns(tx, principal.organizationId, evaluation.cases);
    return 0;
  }
  const credits = evaluation.cases * costOfRun(evaluation.agentName);
  if (credits === 0) return 0;
  const entries: TLedgerEntryInput[] = [{ amount: -credits, reason: "evaluation", runId: null, memberId: principal.memberId, evaluationId: evaluation.id }];
  const outcome = await writeLedger(tx, { organizationId: principal.organizationId, entries, mustFit: true, writtenAt: new Date() });
  if (!outcome) throw notFound("Organization");
  if (!outcome.written) throw insufficientCredits(entries, outcome);
  return credits;
}

/** What an evaluation's cases cost in live mode (its dry-run estimate); 0 in test mode. */
export const evaluationCost = (livemode: boolean, agentName: string, cases: number): number => (livemode ? cases * costOfRun(agentName) : 0);

/**
 * Gives back what `cases` of a live evaluation were charged (cases the service failed, or
 * cancelled before they started), inside the transaction that settles them: one refund
 * entry with the evaluation's id. The caller guarantees each case is refunded once (its
 * status changes in the same transaction). Returns the credits refunded.
 */
export async function refundEvaluationCases(
  tx: Prisma.TransactionClient,
  evaluation: { id: string; organizationId: string; livemode: boolean; agentName: string; memberId: string | null },
  cases: number,
): Promise<number> {
  if (!evaluation.livemode || cases <= 0) return 0;
  const amount = cases * costOfRun(evaluation.agentName);
  await writeLedger(tx, {
    organizationId: evaluation.organizationId,
    entries: [{ amount, reason: "refund", runId: null, memberId: evaluation.memberId, evaluationId: evaluation.id }],
    mustFit: false,
    writtenAt: new Date(),
  });
  return amount;
}

/**
 * Adds purchased credits (live mode) as a ledger entry whose balance_after is the period
 * balance after it, like every other entry (0 on unlimited plans).
 */
export async function topUpCredits(input: { organizationId: string; credits: number }) {
  const outcome = await writeLedger(db(), {
    organizationId: input.organizationId,
    entries: [{ amount: input.credits, reason: "topup", runId: null, memberId: null }],
    mustFit: false,
    writtenAt: new Date(),
  });
  if (!outcome) throw notFound("Organization");
  return { id: outcome.last_entry_id!, organization_id: input.organizationId, credits: input.credits, balance_after: outcome.last_balance_after! };
}
