// Agent definitions under /v1/agents (docs/api-conventions.md, "Agent definitions").
import { z } from "zod";
import { apiProcedure, router } from "../trpc/init.ts";
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
  listAgents,
  rollbackAgent,
} from "../../domains/agent-definitions/agent-definitions.service.ts";

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
        summary: "List the agents: the built-ins and the organization's own in the key's mode, and the tools",
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
      openapi: { method: "GET", path: "/v1/agents/{name}", tags: ["agents"], summary: "Get an agent and its versions" },
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
});
