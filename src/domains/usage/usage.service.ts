// Credit usage read from the ledger: the period summary, the newest entries, per member.
// Debits are negative ledger amounts, top-ups and refunds positive.
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";
import { periodBalance } from "./credits.ts";
import { fillDays, type TDayUsage } from "./daily.ts";
import { readEntries, serialize } from "./ledger.ts";
import { billingPeriod, TOPUP_PRICE_PER_1000_USD } from "./plans.ts";

const HISTORY_LENGTH = 50;

export async function usageSummary(principal: TPrincipal) {
  const now = new Date();
  const period = billingPeriod(now);
  const organization = await db().organization.findUnique({ where: { id: principal.organizationId } });
  if (!organization) throw notFound("Organization");
  const balance = await periodBalance(db(), organization, principal.livemode, now);
  return {
    plan: organization.plan,
    scope: "organization",
    livemode: principal.livemode,
    period: period.label,
    included_credits: balance.included,
    topup_credits: balance.topupCredits,
    credits_used: balance.creditsUsed,
    credits_remaining: balance.remaining,
    unlimited: balance.unlimited,
    topup_price_per_1000_usd: TOPUP_PRICE_PER_1000_USD,
  };
}

export async function usageHistory(principal: TPrincipal) {
  // Write order, newest first: one batch's entries share a created_at, and only the
  // sequence keeps them in the order their balance_after was computed.
  const entries = await readEntries(principal, undefined, HISTORY_LENGTH);
  return { data: entries.map(serialize) };
}

export async function usageByMember(principal: TPrincipal) {
  const period = billingPeriod();
  const inPeriod = { gte: period.start, lt: period.end };
  const scope = tenantScope(principal);
  const members = await db().member.findMany({
    where: { organizationId: principal.organizationId },
    orderBy: { createdAt: "asc" },
    include: { user: { select: { name: true, email: true } } },
  });
  const [runCounts, credits] = await Promise.all([
    db().run.groupBy({
      by: ["apiKeyId"],
      where: { ...scope, createdAt: inPeriod, apiKeyId: { not: null } },
      _count: { _all: true },
    }),
    db().creditLedgerEntry.groupBy({
      by: ["memberId"],
      where: { ...scope, createdAt: inPeriod, memberId: { not: null } },
      _sum: { amount: true },
    }),
  ]);
  // Runs are attributed to the member who created the key that started them.
  const keys = await db().apiKey.findMany({
    where: { organizationId: principal.organizationId },
    select: { id: true, createdByMemberId: true },
  });
  const memberOfKey = new Map(keys.map((key) => [key.id, key.createdByMemberId]));
  const runsByMember = new Map<string, number>();
  for (const entry of runCounts) {
    const memberId = entry.apiKeyId ? memberOfKey.get(entry.apiKeyId) : undefined;
    if (memberId) runsByMember.set(memberId, (runsByMember.get(memberId) ?? 0) + entry._count._all);
  }
  const creditsByMember = new Map(credits.map((entry) => [entry.memberId, -(entry._sum.amount ?? 0)]));
  return {
    period: period.label,
    data: members.map((member) => ({
      member_id: member.id,
      name: member.user.name,
      email: member.user.email,
      runs: runsByMember.get(member.id) ?? 0,
      credits_used: Math.max(0, creditsByMember.get(member.id) ?? 0),
    })),
  };
}

/**
 * Credits used and runs started per UTC day of the current period, every day up to today.
 * Credits are the ledger's debits minus refunds (as periodBalance counts them, so the days
 * add up to credits_used); runs come from the runs table, so test mode (free) still shows
 * its runs. One statement, grouped in the database.
 */
export async function usageDaily(principal: TPrincipal, now = new Date()) {
  const period = billingPeriod(now);
  const rows = await db().$queryRaw<TDayUsage[]>`
    WITH ledger AS (
      SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day,
             COALESCE(SUM(-amount) FILTER (WHERE amount < 0 OR reason = 'refund'), 0)::int AS credits
      FROM credit_ledger
      WHERE organization_id = ${principal.organizationId}::uuid AND livemode = ${principal.livemode}
        AND created_at >= ${period.start} AND created_at < ${period.end}
      GROUP BY 1
    ), started AS (
      SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, COUNT(*)::int AS runs
      FROM runs
      WHERE organization_id = ${principal.organizationId}::uuid AND livemode = ${principal.livemode}
        AND created_at >= ${period.start} AND created_at < ${period.end}
      GROUP BY 1
    )
    SELECT to_char(COALESCE(ledger.day, started.day), 'YYYY-MM-DD') AS date,
           COALESCE(ledger.credits, 0)::int AS credits,
           COALESCE(started.runs, 0)::int AS runs
    FROM ledger FULL OUTER JOIN started ON ledger.day = started.day`;
  return {
    period: period.label,
    livemode: principal.livemode,
    data: fillDays(rows, { periodStart: period.start, periodEnd: period.end, today: now }),
  };
}

/**
 * Runs started this period per agent type, with the credits they used (their debits minus
 * refunds). One grouped statement.
 */
export async function usageByAgent(principal: TPrincipal, now = new Date()) {
  const period = billingPeriod(now);
  const rows = await db().$queryRaw<{ agent_type: string; runs: number; credits: number }[]>`
    SELECT runs.agent_type,
           COUNT(DISTINCT runs.id)::int AS runs,
           COALESCE(SUM(-ledger.amount), 0)::int AS credits
    FROM runs
    LEFT JOIN credit_ledger AS ledger
      ON ledger.run_id = runs.id AND ledger.organization_id = runs.organization_id
     AND ledger.livemode = runs.livemode AND (ledger.amount < 0 OR ledger.reason = 'refund')
    WHERE runs.organization_id = ${principal.organizationId}::uuid AND runs.livemode = ${principal.livemode}
      AND runs.created_at >= ${period.start} AND runs.created_at < ${period.end}
    GROUP BY runs.agent_type
    ORDER BY 2 DESC, 1`;
  return { period: period.label, livemode: principal.livemode, data: rows };
}
