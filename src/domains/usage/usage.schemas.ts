// Contracts of the usage endpoints.
import { z } from "zod";

export const ZUsageSummary = z.object({
  plan: z.string(),
  scope: z.string(),
  livemode: z.boolean(),
  period: z.string().regex(/^\d{4}-\d{2}$/),
  included_credits: z.number().int(),
  topup_credits: z.number().int(),
  credits_used: z.number().int(),
  credits_remaining: z.number().int().nullable(),
  unlimited: z.boolean(),
  topup_price_per_1000_usd: z.number(),
});

export const ZLedgerEntry = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  run_id: z.uuid().nullable(),
  member_id: z.uuid().nullable(),
  created_at: z.string(),
});
export const ZUsageHistoryResponse = z.object({ data: z.array(ZLedgerEntry) });

export const ZMemberUsage = z.object({
  member_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  runs: z.number().int(),
  credits_used: z.number().int(),
});
export const ZUsageMembersResponse = z.object({ period: z.string(), data: z.array(ZMemberUsage) });

// Dashboard-only (no /v1 path): the usage page's chart and agent breakdown.
export const ZUsageDailyResponse = z.object({
  period: z.string(),
  livemode: z.boolean(),
  data: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), credits: z.number().int(), runs: z.number().int() })),
});
export const ZUsageByAgentResponse = z.object({
  period: z.string(),
  livemode: z.boolean(),
  data: z.array(z.object({ agent_type: z.string(), runs: z.number().int(), credits: z.number().int() })),
});
