// Canary rollouts under /v1/agents/{name}/rollout (docs/api-conventions.md, "Rollouts").
import { apiProcedure, router } from "../trpc/init.ts";
import { ZPromoteRolloutRequest, ZRolloutNameInput, ZRolloutResponse, ZStartRolloutRequest } from "../../domains/rollouts/rollouts.schemas.ts";
import { cancelRollout, getRollout, promoteRollout, startRollout } from "../../domains/rollouts/rollouts.service.ts";

export const rolloutsRouter = router({
  start: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/rollout",
        tags: ["rollouts"],
        summary: "Start a canary: send a share of the unpinned runs to a version, rolled back if people disagree with it",
        description:
          "A built-in agent's name: `400 validation_error`. A rollout already running for the agent, the active version, or an archived agent: `409 conflict`. Not gated: the gate applies when it is promoted. See docs/api-conventions.md, \"Rollouts\".",
      },
    })
    .input(ZStartRolloutRequest)
    .output(ZRolloutResponse)
    .mutation(({ ctx, input }) => startRollout(ctx.principal, input)),

  get: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: { method: "GET", path: "/v1/agents/{name}/rollout", tags: ["rollouts"], summary: "Get the agent's current or last rollout", description: "`404 not_found` before its first rollout." },
    })
    .input(ZRolloutNameInput)
    .output(ZRolloutResponse)
    .query(({ ctx, input }) => getRollout(ctx.principal, input.name)),

  promote: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict", "gate_not_passed"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/rollout/promote",
        tags: ["rollouts"],
        summary: "Promote the candidate: it becomes the active version and the rollout ends promoted",
        description: "The candidate's release gate applies (`409 gate_not_passed`; `force: true` overrides it). No running rollout: `409 conflict`.",
      },
    })
    .input(ZPromoteRolloutRequest)
    .output(ZRolloutResponse)
    .mutation(({ ctx, input }) => promoteRollout(ctx.principal, input.name, input.force)),

  cancel: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/rollout/cancel",
        tags: ["rollouts"],
        summary: "Cancel the rollout: new runs go to the active version again",
        description: "No running rollout: `409 conflict`.",
      },
    })
    .input(ZRolloutNameInput)
    .output(ZRolloutResponse)
    .mutation(({ ctx, input }) => cancelRollout(ctx.principal, input.name)),
});
