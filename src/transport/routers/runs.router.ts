import { idempotent, ZIdempotencyRequestHeaders, ZIdempotencyResponseHeaders } from "../trpc/idempotent.ts";
import { apiProcedure, router } from "../trpc/init.ts";
import { liveSubscription } from "../trpc/live-subscription.ts";
import {
  ZCancelRunResponse,
  ZCreateRunRequest,
  ZCreateRunResponse,
  ZGetRunResponse,
  ZListRunsQuery,
  ZListRunsResponse,
  ZListRunStepsResponse,
  ZRunIdInput,
} from "../../domains/runs/runs.schemas.ts";
import { watchRun } from "../../domains/runs/run-watch.ts";
import { cancelRun, createRun, getRun, listRuns, listRunSteps } from "../../domains/runs/runs.service.ts";
import { listRunDeliveries, ZListRunDeliveriesResponse } from "../../domains/webhooks/run-deliveries.ts";

const CREATE_STATUS = 202;

export const runsRouter = router({
  create: apiProcedure
    .meta({
      scope: "agents:run",
      rateLimit: "strict",
      successStatus: CREATE_STATUS,
      errors: ["insufficient_credits", "test_mode_allowance_exhausted"],
      openapi: {
        method: "POST",
        path: "/v1/run",
        tags: ["runs"],
        summary: "Start an agent run", description: "Accepts the run and answers 202 at once with it `queued`; follow it with `GET /v1/runs/{id}`, its event stream or a webhook. A live key is charged the agent's cost on acceptance (402 `insufficient_credits` creates nothing); test keys are free. `data` that does not fit the agent's input schema is a 400 naming the path. Send an `Idempotency-Key` to retry safely.",
        requestHeaders: ZIdempotencyRequestHeaders,
        responseHeaders: ZIdempotencyResponseHeaders,
      },
    })
    .input(ZCreateRunRequest)
    .output(ZCreateRunResponse)
    .mutation(({ ctx, input }) =>
      idempotent({ ctx, endpoint: "POST /v1/run", input, successStatus: CREATE_STATUS }, (record) =>
        createRun(ctx.principal, input, record),
      ),
    ),

  list: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: { method: "GET", path: "/v1/runs", tags: ["runs"], summary: "List runs, newest first", description: "The runs of the key's organization and mode, newest first (runs created in the same instant by id, descending, so pages never overlap), filtered by `status`, `agent_type`, `q` (text in the task or the invoice, PO or RFQ number) and the creation window [`created_from`, `created_to`). `total` counts at most 1,000 runs past the offset (`total_exact` says whether it is exact); loop on `has_more`." },
    })
    .input(ZListRunsQuery)
    .output(ZListRunsResponse)
    .query(({ ctx, input }) => listRuns(ctx.principal, input)),

  get: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: { method: "GET", path: "/v1/runs/{id}", tags: ["runs"], summary: "Get a run and its triage item", description: "The full run (task, data, output, batch, mode) and, when it needed a person, its triage item with the proposed output and the decision." },
    })
    .input(ZRunIdInput)
    .output(ZGetRunResponse)
    .query(({ ctx, input }) => getRun(ctx.principal, input.id)),

  steps: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/runs/{id}/steps",
        tags: ["runs"],
        summary: "The run's steps in order: model and tool calls, what the agent found, triage and review", description: "The step trace of one run, oldest first: each model call and tool call with its input and answer, what the agent concluded, and the triage and review steps that followed. See docs/api-conventions.md, \"Run steps\".",
      },
    })
    .input(ZRunIdInput)
    .output(ZListRunStepsResponse)
    .query(({ ctx, input }) => listRunSteps(ctx.principal, input.id)),

  cancel: apiProcedure
    .meta({
      scope: "agents:run",
      errors: ["conflict"],
      openapi: { method: "POST", path: "/v1/runs/{id}/cancel", tags: ["runs"], summary: "Cancel a queued, running or waiting run", description: "Stops the run: a queued run never starts, a running agent call finishes but its result is discarded, and a run waiting for a person has its triage item rejected with the note `run cancelled`. A finished run is `409 conflict`. Takes no body." },
    })
    .input(ZRunIdInput)
    .output(ZCancelRunResponse)
    .mutation(({ ctx, input }) => cancelRun(ctx.principal, input.id)),

  // Dashboard-only (no openapi): the run page's live status and its webhook deliveries.
  watch: apiProcedure
    .meta({ scope: "agents:read" })
    .input(ZRunIdInput)
    .subscription(({ ctx, input, signal }) => liveSubscription(ctx, signal, "agents:read", (live) => watchRun(ctx.principal, input.id, live))),

  deliveries: apiProcedure
    .meta({ scope: "webhooks:read" })
    .input(ZRunIdInput)
    .output(ZListRunDeliveriesResponse)
    .query(({ ctx, input }) => listRunDeliveries(ctx.principal, input.id)),
});
