// Credit usage read from the ledger: the period summary, the newest entries, per member.
// Debits are negative ledger amounts, top-ups and refunds positive.
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";
import { iso } from "../../foundation/schemas.ts";
import { periodBalance } from "./credits.ts";
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
  const entries = await db().creditLedgerEntry.findMany({
    where: tenantScope(principal),
    // Write order, newest first: one batch's entries share a created_at, and only the
    // sequence keeps them in the order their balance_after was computed.
    orderBy: { sequence: "desc" },
    take: HISTORY_LENGTH,
  });
  return {
    data: entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      reason: entry.reason,
      run_id: entry.runId,
      member_id: entry.memberId,
      created_at: iso(entry.createdAt),
    })),
  };
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
