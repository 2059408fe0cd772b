import { apiProcedure, router } from "../trpc/init.ts";
import { liveSubscription } from "../trpc/live-subscription.ts";
import {
  ZApproveTriageRequest,
  ZListTriageQuery,
  ZListTriageResponse,
  ZRejectTriageRequest,
  ZRequestChangesRequest,
  ZRequestChangesResponse,
  ZResolveTriageResponse,
} from "../../domains/triage/triage.schemas.ts";
import { requestChanges } from "../../domains/reviews/request-changes.service.ts";
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

  requestChanges: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/request-changes",
        tags: ["triage"],
        summary: "Request changes: the agent runs again with the reviewer's feedback",
        description:
          "Extension (docs/api-conventions.md, \"Review rounds\"): the item closes as `changes_requested` and the run goes " +
          "back to work with `review_round` + 1 and `resolution: changes_requested`. A built-in agent runs again on the " +
          "run's `data` with `data_patch` applied (JSON Merge Patch, RFC 7386); a model-backed agent continues its " +
          "conversation with `feedback` as the next message. The run then completes, fails or waits again with a new " +
          "item of the new round. 409 past the round limit (REVIEW_MAX_ROUNDS, default 5, or the agent version's " +
          "`review.max_rounds`), on an item already decided, or on an item someone else claimed unless `force` is true.",
      },
    })
    .input(ZRequestChangesRequest)
    .output(ZRequestChangesResponse)
    .mutation(({ ctx, input }) => requestChanges(ctx.principal, input.id, input)),

  // Dashboard-only (no /v1 path): the open queue refreshes on every change, over SSE.
  changes: apiProcedure
    .meta({ scope: "triage:read" })
    .subscription(({ ctx, signal }) => liveSubscription(ctx, signal, "triage:read", (live) => triageChanges(ctx.principal, live))),
});
