// Evaluations under /v1/agents/{name}/evaluations (docs/api-conventions.md, "Evaluations").
import { apiProcedure, router } from "../trpc/init.ts";
import {
  ZEvaluationIdInput,
  ZEvaluationResponse,
  ZListEvaluationCasesQuery,
  ZListEvaluationCasesResponse,
  ZListEvaluationsQuery,
  ZListEvaluationsResponse,
  ZStartEvaluationRequest,
  ZStartEvaluationResponse,
} from "../../domains/evaluations/evaluations.schemas.ts";
import {
  cancelEvaluation,
  getEvaluation,
  listEvaluationCases,
  listEvaluations,
  startEvaluation,
} from "../../domains/evaluations/evaluations.service.ts";

const CUSTOM_ONLY = "A built-in agent's name: `400 validation_error` (built-ins are code, not versions to evaluate).";

export const evaluationsRouter = router({
  start: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      successStatus: 202,
      alsoAnswers: { status: 200, description: "`dry_run`: the estimate `{cases, credits}`; nothing was started or charged." },
      errors: ["conflict", "insufficient_credits", "test_mode_allowance_exhausted"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/evaluations",
        tags: ["evaluations"],
        summary: "Evaluate a version: replay the agent's judged runs through it",
        description: `${CUSTOM_ONLY} The cases are the agent's judged runs (any version) created in [from, to), newest first, at most \`limit\`; each costs what a run of the agent costs, charged now and refunded for cases the service fails. No judged runs in the period: \`409 conflict\`. See docs/api-conventions.md, "Evaluations".`,
      },
    })
    .input(ZStartEvaluationRequest)
    .output(ZStartEvaluationResponse)
    .mutation(async ({ ctx, input }) => {
      const answer = await startEvaluation(ctx.principal, input);
      if (input.dry_run) ctx.setStatus(200);
      return answer;
    }),

  list: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/agents/{name}/evaluations",
        tags: ["evaluations"],
        summary: "List an agent's evaluations, newest first",
        description: `${CUSTOM_ONLY} Paged (\`limit\`, \`offset\`); \`version\` keeps one version's evaluations. An unknown agent: \`404 not_found\`.`,
      },
    })
    .input(ZListEvaluationsQuery)
    .output(ZListEvaluationsResponse)
    .query(({ ctx, input }) => listEvaluations(ctx.principal, input)),

  get: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/agents/{name}/evaluations/{id}",
        tags: ["evaluations"],
        summary: "Get an evaluation: its progress, outcomes per band, baseline and gate",
        description: `${CUSTOM_ONLY} Poll it until \`status\` is completed, failed or cancelled; \`gate\` says whether it passes the version's release gate and why not. Another agent's, organization's or mode's evaluation: \`404 not_found\`.`,
      },
    })
    .input(ZEvaluationIdInput)
    .output(ZEvaluationResponse)
    .query(({ ctx, input }) => getEvaluation(ctx.principal, input.name, input.id)),

  cases: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/agents/{name}/evaluations/{id}/cases",
        tags: ["evaluations"],
        summary: "List an evaluation's cases: what people decided, what the version did, and where they differ",
        description: `${CUSTOM_ONLY} Paged, in the order the cases were taken (newest judged run first); \`outcome\` keeps one outcome. \`differences\` are JSON Pointers from the output's root.`,
      },
    })
    .input(ZListEvaluationCasesQuery)
    .output(ZListEvaluationCasesResponse)
    .query(({ ctx, input }) => listEvaluationCases(ctx.principal, input)),

  cancel: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/evaluations/{id}/cancel",
        tags: ["evaluations"],
        summary: "Cancel an evaluation: cases not started are refunded",
        description: "An evaluation that already ended: `409 conflict`.",
      },
    })
    .input(ZEvaluationIdInput)
    .output(ZEvaluationResponse)
    .mutation(({ ctx, input }) => cancelEvaluation(ctx.principal, input.name, input.id)),
});
