import { apiProcedure, router } from "../trpc/init.ts";
import {
  ZApproveTriageRequest,
  ZListTriageQuery,
  ZListTriageResponse,
  ZRejectTriageRequest,
  ZResolveTriageResponse,
} from "../../domains/triage/triage.schemas.ts";
import { listPendingTriage, resolveTriageItem } from "../../domains/triage/triage.service.ts";

export const triageRouter = router({
  list: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: { method: "GET", path: "/v1/triage", tags: ["triage"], summary: "List pending triage items, oldest first" },
    })
    .input(ZListTriageQuery)
    .output(ZListTriageResponse)
    .query(({ ctx, input }) => listPendingTriage(ctx.principal, input)),

  approve: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: { method: "POST", path: "/v1/triage/{id}/approve", tags: ["triage"], summary: "Approve: the run completes" },
    })
    .input(ZApproveTriageRequest)
    .output(ZResolveTriageResponse)
    .mutation(({ ctx, input }) =>
      resolveTriageItem(ctx.principal, input.id, { approve: true, note: input.resolution_note }),
    ),

  reject: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: { method: "POST", path: "/v1/triage/{id}/reject", tags: ["triage"], summary: "Reject: the run is cancelled" },
    })
    .input(ZRejectTriageRequest)
    .output(ZResolveTriageResponse)
    .mutation(({ ctx, input }) =>
      resolveTriageItem(ctx.principal, input.id, { approve: false, note: input.reason ?? input.resolution_note }),
    ),
});
