import { apiProcedure, router } from "../trpc/init.ts";
import { liveSubscription } from "../trpc/live-subscription.ts";
import {
  ZApproveTriageRequest,
  ZBulkDecisionRequest,
  ZBulkDecisionResponse,
  ZClaimRequest,
  ZClaimResponse,
  ZListTriageQuery,
  ZListTriageResponse,
  ZRejectTriageRequest,
  ZRequestChangesRequest,
  ZRequestChangesResponse,
  ZResolveTriageResponse,
  ZReviewSchemasQuery,
  ZReviewSchemasResponse,
  ZVerdictRequest,
  ZVerdictResponse,
} from "../../domains/triage/triage.schemas.ts";
import { requestChanges } from "../../domains/reviews/request-changes.service.ts";
import { triageChanges } from "../../domains/triage/triage-changes.ts";
import { decideInBulk, listTriage, resolveTriageItem } from "../../domains/triage/triage.service.ts";
import { claimTriageItem, releaseTriageItem } from "../../domains/reviews/claims.ts";
import { recordVerdict } from "../../domains/reviews/spot-checks.ts";
import { reviewSchemas } from "../../domains/reviews/review-schemas.ts";
import { ZTriageNotificationsInput, ZTriageNotificationsResponse } from "../../domains/review-reach/review-reach.schemas.ts";
import { listTriageNotifications } from "../../domains/review-reach/review-reach.service.ts";

export const triageRouter = router({
  list: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/triage",
        tags: ["triage"],
        summary: "List pending triage items, soonest due first",
        description:
          "Pending items by default, ordered by `due_at` (then oldest first). Extension: `status` = `approved`, " +
          "`rejected` or `resolved` (both) lists decided items instead, newest decision first, with `resolved_by_name` " +
          "and `output_edited`. The pending queue can be narrowed by `claimed` (`mine`, `none`, `others`) and " +
          "`overdue` (`true`: past `due_at`; `false`: not yet due). `kind` (`review`, `spot_check`) lists one kind " +
          "of item (default both); `status=checked` lists spot checks with their verdict (`resolved` includes them, and " +
          "rounds sent back for changes). `batch_id` lists the items of one batch's runs.",
      },
    })
    .input(ZListTriageQuery)
    .output(ZListTriageResponse)
    .query(({ ctx, input }) => listTriage(ctx.principal, input)),

  // Dashboard only: the input and output schemas the reviewer's forms are built from.
  schemas: apiProcedure
    .meta({ scope: "triage:read", rateLimit: "standard" })
    .input(ZReviewSchemasQuery)
    .output(ZReviewSchemasResponse)
    .query(({ ctx, input }) => reviewSchemas(ctx.principal, input.id)),

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
          "The run completes with the proposed output; `resolution_note` stays on the item (it is not copied into the " +
          "output). Extension: `output`, " +
          "an object, is the reviewer's edit of the proposed output: when it differs from the proposal the run " +
          "completes with it instead, the item records `output_edited: true`, and the `run.completed` webhook " +
          "event carries it. The run's `resolution` is `approved` or `approved_edited`. An item someone else " +
          "has claimed answers 409 naming them, unless `force` is true. A spot check answers 409: it takes a verdict.",
      },
    })
    .input(ZApproveTriageRequest)
    .output(ZResolveTriageResponse)
    .mutation(({ ctx, input }) =>
      resolveTriageItem(ctx.principal, input.id, { approve: true, note: input.resolution_note, output: input.output, force: input.force }),
    ),

  reject: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/reject",
        tags: ["triage"],
        summary: "Reject: the run is cancelled",
        description:
          "The run is cancelled with `resolution: rejected`. Extension: `reason_code` (`incorrect_output`, " +
          "`incomplete_input`, `duplicate`, `suspected_fraud`, `policy`, `other`) is stored beside `reason` and " +
          "returned on the item and the run. An item someone else has claimed answers 409 naming them, unless " +
          "`force` is true. A spot check answers 409: it takes a verdict.",
      },
    })
    .input(ZRejectTriageRequest)
    .output(ZResolveTriageResponse)
    .mutation(({ ctx, input }) =>
      resolveTriageItem(ctx.principal, input.id, {
        approve: false,
        note: input.reason ?? input.resolution_note,
        reasonCode: input.reason_code,
        force: input.force,
      }),
    ),

  requestChanges: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict", "test_mode_allowance_exhausted"],
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

  verdict: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/verdict",
        tags: ["triage"],
        summary: "Give a spot check its verdict",
        description:
          "Extension (docs/api-conventions.md, \"Spot checks\"): a person judges the output of a run that completed on " +
          "its own, `correct` or `incorrect` (with `corrected_output`, the output that would have been right, and a " +
          "`note`). The item becomes `checked`; the run, its output, credits, batch and webhooks do not change. A review " +
          "item answers 409 (approve, reject or request changes instead), as do an item already decided and one " +
          "someone else has claimed unless `force` is true.",
      },
    })
    .input(ZVerdictRequest)
    .output(ZVerdictResponse)
    .mutation(({ ctx, input }) => recordVerdict(ctx.principal, input.id, input)),

  notifications: apiProcedure
    .meta({
      scope: "triage:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/triage/{id}/notifications",
        tags: ["triage", "review-routes"],
        summary: "The review messages sent about an item",
        description:
          "Extension (docs/api-conventions.md, \"Review routes\"): one entry per message to one recipient (on opening, and per escalation step), oldest first, with its delivery status and attempts. Chat webhook URLs are masked.",
      },
    })
    .input(ZTriageNotificationsInput)
    .output(ZTriageNotificationsResponse)
    .query(({ ctx, input }) => listTriageNotifications(ctx.principal, input.id)),

  claim: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/claim",
        tags: ["triage"],
        summary: "Claim a pending item for 15 minutes",
        description:
          "Extension: says who is deciding the item, for 15 minutes from now; claiming it again renews the lease. " +
          "An item another caller holds, or one already decided, answers 409. Decisions by anyone but the holder " +
          "answer 409 unless they send `force: true`. An expired lease is no claim.",
      },
    })
    .input(ZClaimRequest)
    .output(ZClaimResponse)
    .mutation(({ ctx, input }) => claimTriageItem(ctx.principal, input.id)),

  release: apiProcedure
    .meta({
      scope: "triage:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/triage/{id}/release",
        tags: ["triage"],
        summary: "Release the caller's claim on an item",
        description:
          "Extension: ends the caller's claim (the answer has nulls). Releasing an item nobody holds is fine; " +
          "an item another caller holds answers 409.",
      },
    })
    .input(ZClaimRequest)
    .output(ZClaimResponse)
    .mutation(({ ctx, input }) => releaseTriageItem(ctx.principal, input.id)),

  bulk: apiProcedure
    .meta({
      scope: "triage:write",
      // Up to 100 decisions in one call: bounded like the other calls that fan out.
      rateLimit: "batches",
      openapi: {
        method: "POST",
        path: "/v1/triage/bulk",
        tags: ["triage"],
        summary: "Approve or reject up to 100 items",
        description:
          "Extension: one decision on each of `ids` (1–100), each on its own: the answer lists every id in the " +
          "order given with `approved`, `rejected` or `error` (with the error's `type` and `message`: `not_found` " +
          "for an unknown id, `conflict` for an item already decided or claimed by someone else unless `force`). " +
          "One item that cannot be decided does not stop the others.",
      },
    })
    .input(ZBulkDecisionRequest)
    .output(ZBulkDecisionResponse)
    .mutation(({ ctx, input }) => decideInBulk(ctx.principal, input)),

  // Dashboard-only (no /v1 path): the open queue refreshes on every change, over SSE.
  changes: apiProcedure
    .meta({ scope: "triage:read" })
    .subscription(({ ctx, signal }) => liveSubscription(ctx, signal, "triage:read", (live) => triageChanges(ctx.principal, live))),
});
