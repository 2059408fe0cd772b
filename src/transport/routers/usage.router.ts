import { z } from "zod";
import { apiProcedure, router } from "../trpc/init.ts";
import { ZUsageByAgentResponse, ZUsageDailyResponse, ZUsageHistoryResponse, ZUsageMembersResponse, ZUsageSummary } from "../../domains/usage/usage.schemas.ts";
import { ledgerPage, ZLedgerPage, ZLedgerQuery } from "../../domains/usage/ledger.ts";
import { usageByAgent, usageByMember, usageDaily, usageHistory, usageSummary } from "../../domains/usage/usage.service.ts";

export const usageRouter = router({
  summary: apiProcedure
    .meta({ scope: "agents:read", openapi: { method: "GET", path: "/v1/usage", tags: ["usage"], summary: "Credit summary for this period", description: "The current UTC month's credits for the key's organization and mode: included, used, remaining. Test mode is free, so its usage stays at 0." } })
    .input(z.object({}))
    .output(ZUsageSummary)
    .query(({ ctx }) => usageSummary(ctx.principal)),

  history: apiProcedure
    .meta({ scope: "agents:read", openapi: { method: "GET", path: "/v1/usage/history", tags: ["usage"], summary: "The newest 50 ledger entries", description: "Charges, refunds and top-ups, newest first, each with the running `balance_after`." } })
    .input(z.object({}))
    .output(ZUsageHistoryResponse)
    .query(({ ctx }) => usageHistory(ctx.principal)),

  members: apiProcedure
    .meta({ scope: "agents:read", openapi: { method: "GET", path: "/v1/usage/members", tags: ["usage"], summary: "Runs and credits per member this period", description: "Every member of the organization with the runs made and credits used this period through the keys they created (zeros for those who did nothing)." } })
    .input(z.object({}))
    .output(ZUsageMembersResponse)
    .query(({ ctx }) => usageByMember(ctx.principal)),

  // Dashboard-only (no openapi meta): the usage page's chart and agent breakdown.
  daily: apiProcedure
    .meta({ scope: "agents:read" })
    .input(z.object({}).optional())
    .output(ZUsageDailyResponse)
    .query(({ ctx }) => usageDaily(ctx.principal)),

  // Dashboard-only: the usage page pages the ledger for its CSV download (the API's
  // GET /v1/usage/ledger is a route outside tRPC: src/transport/stream/usage-ledger.ts).
  ledger: apiProcedure
    .meta({ scope: "agents:read" })
    .input(ZLedgerQuery.pick({ limit: true, cursor: true }))
    .output(ZLedgerPage)
    .query(({ ctx, input }) => ledgerPage(ctx.principal, input)),

  byAgent: apiProcedure
    .meta({ scope: "agents:read" })
    .input(z.object({}).optional())
    .output(ZUsageByAgentResponse)
    .query(({ ctx }) => usageByAgent(ctx.principal)),
});
