import { apiProcedure, router } from "../trpc/init.ts";
import { liveSubscription } from "../trpc/live-subscription.ts";
import {
  ZApproveTriageRequest,
  ZListTriageQuery,
  ZListTriageResponse,
  ZRejectTriageRequest,
  ZResolveTriageResponse,
} from "../../domains/triage/triage.schemas.ts";
import { triageChanges } from "../../domains/triage/triage-changes.ts";
import { listTriage, resolveTriageItem } from "../../domains/triage/triage.service.ts";

export const triageRouter = router({
  list: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/triage",
        tags: ["triage"],
        summary: "List pending triage items, oldest first",
        description:
          "Pending items by default, oldest first. Extension: `status` = `approved`, `rejected` or `resolved` " +
          "(both) lists decided items instead, newest decision first, with `resolved_by_name` and `output_edited`.",
      },
    })
    .input(ZListTriageQuery)
    .output(ZListTriageResponse)
    .query(({ ctx, input }) => listTriage(ctx.principal, input)),

  approve: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/approve",
        tags: ["triage"],
        summary: "Approve: the run completes",
        description:
          "The run completes with the proposed output (plus `resolution_note`, when given). Extension: `output`, " +
          "an object, is the reviewer's edit of the proposed output: when it differs from the proposal the run " +
          "completes with it instead, the item records `output_edited: true`, and the `run.completed` webhook " +
          "event carries it.",
      },
    })
    .input(ZApproveTriageRequest)
    .output(ZResolveTriageResponse)
    .mutation(({ ctx, input }) =>
      resolveTriageItem(ctx.principal, input.id, { approve: true, note: input.resolution_note, output: input.output }),
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

  // Dashboard-only (no /v1 path): the open queue refreshes on every change, over SSE.
  changes: apiProcedure
    .meta({ scope: "triage:read" })
    .subscription(({ ctx, signal }) => liveSubscription(ctx, signal, "triage:read", (live) => triageChanges(ctx.principal, live))),
});
