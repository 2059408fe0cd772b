// Agent definitions under /v1/agents (docs/api-conventions.md, "Agent definitions").
import { z } from "zod";
import { AppError, conflict } from "../../foundation/errors.ts";
import { idempotent } from "../trpc/idempotent.ts";
import { apiProcedure, router } from "../trpc/init.ts";
import { ZCreateRunRequest, ZCreateRunResponse } from "../../domains/runs/runs.schemas.ts";
import { createRun } from "../../domains/runs/runs.service.ts";
import {
  ZAddVersionRequest,
  ZAgentNameInput,
  ZAgentResponse,
  ZArchiveAgentResponse,
  ZCreateAgentRequest,
  ZGetAgentResponse,
  ZListAgentsResponse,
  ZRollbackRequest,
} from "../../domains/agent-definitions/agent-definitions.schemas.ts";
import {
  addAgentVersion,
  archiveAgent,
  createAgent,
  getAgent,
  getAgentVersion,
  listAgents,
  rollbackAgent,
} from "../../domains/agent-definitions/agent-definitions.service.ts";
import { ZQualityQuery, ZQualityResponse } from "../../domains/quality/quality.schemas.ts";
import { agentQuality } from "../../domains/quality/quality.service.ts";

// The dashboard's "Try it": a task for one agent, in test mode (free), no webhook.
const ZTryRunRequest = z.object({
  name: ZCreateRunRequest.shape.agent_type,
  task: ZCreateRunRequest.shape.task,
  data: ZCreateRunRequest.shape.data,
});

const BUILT_IN_READ_ONLY = "A built-in agent's name, or an archived agent: `409 conflict` (built-ins are read-only).";

export const agentsRouter = router({
  list: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/agents",
        tags: ["agents"],
        summary: "List the agents: the built-ins and the organization's own in the key's mode, and the tools", description: "The built-in agents and the organization's own that are not archived, each with its active version, plus the tools a custom agent may name.",
      },
    })
    .input(z.object({}))
    .output(ZListAgentsResponse)
    .query(({ ctx }) => listAgents(ctx.principal)),

  create: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      successStatus: 201,
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents",
        tags: ["agents"],
        summary: "Define an agent (its version 1)",
        description:
          "The name is unique per organization and mode, archived agents included; a built-in's name is `409 conflict`, and so is a 101st agent in one mode.",
      },
    })
    .input(ZCreateAgentRequest)
    .output(ZAgentResponse)
    .mutation(({ ctx, input }) => createAgent(ctx.principal, input)),

  get: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: { method: "GET", path: "/v1/agents/{name}", tags: ["agents"], summary: "Get an agent and its versions", description: "One agent, built-in or the organization's own, with every version and which one is active." },
    })
    .input(ZAgentNameInput)
    .output(ZGetAgentResponse)
    .query(({ ctx, input }) => getAgent(ctx.principal, input.name)),

  addVersion: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      successStatus: 201,
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/versions",
        tags: ["agents"],
        summary: "Add an immutable version, active from now on",
        description: BUILT_IN_READ_ONLY,
      },
    })
    .input(ZAddVersionRequest)
    .output(ZAgentResponse)
    .mutation(({ ctx, input: { name, ...body } }) => addAgentVersion(ctx.principal, name, body)),

  rollback: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/rollback",
        tags: ["agents"],
        summary: "Make an earlier version active again (no new version)",
        description: `${BUILT_IN_READ_ONLY} An unknown version is \`404 not_found\`.`,
      },
    })
    .input(ZRollbackRequest)
    .output(ZAgentResponse)
    .mutation(({ ctx, input }) => rollbackAgent(ctx.principal, input.name, input.version)),

  archive: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict"],
      openapi: {
        method: "DELETE",
        path: "/v1/agents/{name}",
        tags: ["agents"],
        summary: "Archive an agent: new runs are refused; past runs and versions stay readable",
        description: "A built-in agent: `409 conflict`.",
      },
    })
    .input(ZAgentNameInput)
    .output(ZArchiveAgentResponse)
    .mutation(({ ctx, input }) => archiveAgent(ctx.principal, input.name)),

  quality: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/agents/{name}/quality",
        tags: ["agents"],
        summary: "How often people agreed with an agent version, per confidence band, and the threshold that evidence supports",
        description:
          "Runs of one version (default: the active one; built-ins: 1) created in [from, to) (default: the last 30 days), judged by their first decision. See docs/api-conventions.md, \"Quality\".",
      },
    })
    .input(ZQualityQuery)
    .output(ZQualityResponse)
    .query(({ ctx, input }) => agentQuality(ctx.principal, input)),

  // Dashboard-only (no openapi): one version's content, for the version diff.
  version: apiProcedure
    .meta({ scope: "agents:read" })
    .input(ZRollbackRequest)
    .output(ZAgentResponse)
    .query(async ({ ctx, input }) => ({ agent: await getAgentVersion(ctx.principal, input.name, input.version) })),

  // Dashboard-only (no openapi): "Try it" starts a test-mode run through the same createRun
  // as POST /v1/run, so input checks, version pinning, the model requirement, credits and
  // an Idempotency-Key apply alike. Live mode is refused rather than switched: agents are
  // defined per mode, and the run must be readable (runs.watch) in the dashboard's mode.
  tryRun: apiProcedure
    .meta({ scope: "agents:run", rateLimit: "strict", errors: ["conflict", "insufficient_credits", "test_mode_allowance_exhausted"] })
    .input(ZTryRunRequest)
    .output(ZCreateRunResponse)
    .mutation(({ ctx, input }) => {
      if (ctx.credentials !== "session") throw new AppError("not_found", "No such route");
      if (ctx.principal.livemode) throw conflict("Try it runs in test mode: switch the dashboard to test mode (agents are defined per mode)");
      const request = { task: input.task, agent_type: input.name, data: input.data, priority: "normal" as const };
      return idempotent({ ctx, endpoint: "dashboard agents.tryRun", input, successStatus: 200 }, (record) =>
        createRun(ctx.principal, request, record),
      );
    }),
});
