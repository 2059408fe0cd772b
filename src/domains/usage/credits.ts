// Charging runs for credits, refunding runs the service failed and adding top-ups
// (decisions.md, "Usage and credits"; docs/api-conventions.md, "Credits"). The period
// balance is computed in ONE place, periodBalance, used by the usage summary and by every
// ledger write (charge, refund, top-up), each under the organization lock.
import type { TPrincipal } from "../auth/authenticate.ts";
import { lockTenant } from "../auth/tenant.ts";
import { db, type TDatabase } from "../../foundation/db/client.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { AppError } from "../../foundation/errors.ts";
import type { TAgentType } from "../agents/agent-types.ts";
import { billingPeriod, INCLUDED_MONTHLY_CREDITS } from "./plans.ts";
import { costOfRun } from "./prices.ts";

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

/**
 * The balance of one organization and mode in the current period (UTC month): the plan's
 * included credits plus this period's top-ups minus this period's net usage (debits count
 * as used, refunds give it back). One statement, so it reads one snapshot.
 */
export async function periodBalance(
  client: TClient,
  organization: { id: string; plan: string },
  livemode: boolean,
  now = new Date(),
): Promise<TPeriodBalance> {
  const period = billingPeriod(now);
  const [sums] = await client.$queryRaw<{ topups: number; debits: number; refunds: number }[]>`
    SELECT COALESCE(SUM(amount) FILTER (WHERE reason = 'topup'), 0)::int AS topups,
           COALESCE(SUM(amount) FILTER (WHERE amount < 0), 0)::int AS debits,
           COALESCE(SUM(amount) FILTER (WHERE reason = 'refund'), 0)::int AS refunds
    FROM credit_ledger
    WHERE organization_id = ${organization.id}::uuid AND livemode = ${livemode}
      AND created_at >= ${period.start} AND created_at < ${period.end}`;
  const plan = INCLUDED_MONTHLY_CREDITS[organization.plan] ?? 0;
  const unlimited = plan === "unlimited";
  const included = unlimited ? 0 : plan;
  const topupCredits = sums?.topups ?? 0;
  const creditsUsed = -(sums?.debits ?? 0) - (sums?.refunds ?? 0);
  return {
    included: unlimited ? -1 : included,
    unlimited,
    topupCredits,
    creditsUsed,
    remaining: unlimited ? null : included + topupCredits - creditsUsed,
  };
}

/** A ledger entry's balance_after: the period balance after `amount` (0 on unlimited plans). */
const balanceAfter = (balance: TPeriodBalance, amount: number): number => (balance.remaining === null ? 0 : balance.remaining + amount);

type TLedgerWrite = { organization: { id: string; plan: string }; balance: TPeriodBalance; writtenAt: Date };

/**
 * What every ledger write starts with: the organization locked, then one instant that is
 * both the entries' created_at and the period whose balance they continue. Taken after
 * the lock, so every entry of the period written before holds a smaller sequence and is
 * in the balance, and none written after is: balance_after is the period's running
 * balance in sequence order.
 */
async function beginLedgerWrite(tx: Prisma.TransactionClient, organizationId: string): Promise<TLedgerWrite> {
  // Every ledger write of an organization goes through this lock.
  const organization = await lockTenant(tx, organizationId);
  const writtenAt = new Date();
  const balance = await periodBalance(tx, organization, true, writtenAt);
  return { organization, balance, writtenAt };
}

/**
 * Charges accepted runs, inside the transaction that inserted them. Test mode is free
 * (nothing is written). Live mode: with the organization row locked, the whole cost must
 * fit the period balance, else `insufficient_credits` (402) is thrown and the caller's
 * transaction (runs, batch, idempotency record) rolls back. Each run gets one "run" entry
 * whose balance_after is credits_remaining after it; unlimited plans record entries with
 * balance_after 0.
 */
export async function debitForRuns(
  tx: Prisma.TransactionClient,
  principal: TPrincipal,
  runs: { runId: string; agentType: TAgentType | string }[],
): Promise<void> {
  if (!principal.livemode || runs.length === 0) return;
  const { balance, writtenAt } = await beginLedgerWrite(tx, principal.organizationId);
  const total = runs.reduce((sum, run) => sum + costOfRun(run.agentType), 0);
  if (balance.remaining !== null && total > balance.remaining) {
    const remaining = Math.max(0, balance.remaining);
    throw new AppError(
      "insufficient_credits",
      `This request costs ${total} credits but only ${remaining} remain this period; top up to continue`,
      { credits_remaining: remaining },
    );
  }
  let charged = 0;
  // One statement, rows in this order: their sequence follows the running balance.
  await tx.creditLedgerEntry.createMany({
    data: runs.map((run) => {
      const cost = costOfRun(run.agentType);
      charged += cost;
      return {
        organizationId: principal.organizationId,
        livemode: true,
        amount: -cost,
        balanceAfter: balanceAfter(balance, -charged),
        reason: "run",
        runId: run.runId,
        memberId: principal.memberId,
        createdAt: writtenAt,
      };
    }),
  });
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
  const { organization, balance, writtenAt } = await beginLedgerWrite(tx, first!.organizationId);
  await tx.creditLedgerEntry.create({
    data: {
      organizationId: organization.id,
      livemode: true,
      amount,
      balanceAfter: balanceAfter(balance, amount),
      reason: "refund",
      runId,
      memberId: first!.memberId,
      createdAt: writtenAt,
    },
  });
  return amount;
}

/**
 * Adds purchased credits (live mode) as a ledger entry whose balance_after is the period
 * balance after it, like every other entry (0 on unlimited plans).
 */
export async function topUpCredits(input: { organizationId: string; credits: number }) {
  return db().$transaction(async (tx) => {
    const { balance, writtenAt } = await beginLedgerWrite(tx, input.organizationId);
    const entry = await tx.creditLedgerEntry.create({
      data: {
        organizationId: input.organizationId,
        livemode: true,
        amount: input.credits,
        balanceAfter: balanceAfter(balance, input.credits),
        reason: "topup",
        createdAt: writtenAt,
      },
    });
    return { id: entry.id, organization_id: input.organizationId, credits: entry.amount, balance_after: entry.balanceAfter };
  });
}
