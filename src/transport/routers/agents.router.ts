// Agent definitions under /v1/agents (docs/api-conventions.md, "Agent definitions").
import { z } from "zod";
import { AppError } from "../../foundation/errors.ts";
import { idempotent } from "../trpc/idempotent.ts";
import { apiProcedure, router } from "../trpc/init.ts";
import { ZCreateRunRequest, ZCreateRunResponse, ZListRunStepsResponse, ZRun, ZRunIdInput } from "../../domains/runs/runs.schemas.ts";
import { createRun, getRun, listRunSteps } from "../../domains/runs/runs.service.ts";
import {
  ZAddVersionRequest,
  ZAgentNameInput,
  ZAgentResponse,
  ZArchiveAgentResponse,
  ZCopyFromTestRequest,
  ZCreateAgentRequest,
  ZGetAgentResponse,
  ZListAgentsResponse,
  ZRollbackRequest,
  ZVersionInput,
  MAX_AGENT_DEFINITION_BODY_BYTES,
} from "../../domains/agent-definitions/agent-definitions.schemas.ts";
import {
  addAgentVersion,
  archiveAgent,
  copyAgentFromTest,
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
      maxBodyBytes: MAX_AGENT_DEFINITION_BODY_BYTES,
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
      maxBodyBytes: MAX_AGENT_DEFINITION_BODY_BYTES,
      errors: ["conflict", "gate_not_passed"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/versions",
        tags: ["agents"],
        summary: "Add an immutable version, active from now on unless `activate: false`",
        description: `${BUILT_IN_READ_ONLY} \`activate: false\` stores the version without making it active (evaluate it, roll it out, pin runs to it, roll back to it later). Made active with \`release.require_evaluation\`, it needs a passed evaluation, which a new version cannot have: \`409 gate_not_passed\` and nothing is stored, unless \`force: true\` (recorded as \`forced\`). See docs/api-conventions.md, "Releases".`,
      },
    })
    .input(ZAddVersionRequest)
    .output(ZAgentResponse)
    .mutation(({ ctx, input: { name, ...body } }) => addAgentVersion(ctx.principal, name, body)),

  rollback: apiProcedure
    .meta({
      scope: "agents:write",
      errors: ["conflict", "gate_not_passed"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/rollback",
        tags: ["agents"],
        summary: "Make another version active (no new version): an earlier one, or one stored with `activate: false`",
        description: `${BUILT_IN_READ_ONLY} An unknown version is \`404 not_found\`. A version that was never active must pass its release gate (\`409 gate_not_passed\`, unless \`force: true\`); one that was active before is not gated. See docs/api-conventions.md, "Releases".`,
      },
    })
    .input(ZRollbackRequest)
    .output(ZAgentResponse)
    .mutation(({ ctx, input }) => rollbackAgent(ctx.principal, input.name, input.version, input.force)),

  copyFromTest: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      successStatus: 201,
      errors: ["conflict", "gate_not_passed"],
      openapi: {
        method: "POST",
        path: "/v1/agents/{name}/copy-from-test",
        tags: ["agents"],
        summary: "Copy a test-mode version into live mode: the live agent's version 1, or its next version, active from now on",
        description:
          "With a live-mode key only (a test-mode key or a built-in's name: `400 validation_error`). Copies everything that defines the version (instructions, schemas, tools, model, review policy, release settings, description); the new live version records `copied_from: {mode: \"test\", version}`. An unknown test-mode agent or version: `404 not_found`. The checks of a new version apply (model allow-list, schema limits: `400`); an archived live agent, the 101st live agent or a version past the cap: `409 conflict`. A copy onto an existing live agent whose copied `release` requires an evaluation: `409 gate_not_passed` (add it with `POST /v1/agents/{name}/versions` and `activate: false` instead). See docs/api-conventions.md, \"Copying an agent to live\" and \"Releases\".",
      },
    })
    .input(ZCopyFromTestRequest)
    .output(ZAgentResponse)
    // The dashboard's "Copy to live" is used from the test-mode page: a signed-in member's mode
    // is a choice of the page (a cookie), not of a credential, so a session copies into live.
    .mutation(({ ctx, input }) =>
      copyAgentFromTest(ctx.credentials === "session" ? { ...ctx.principal, livemode: true } : ctx.principal, input.name, input.version),
    ),

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
    .input(ZVersionInput)
    .output(ZAgentResponse)
    .query(async ({ ctx, input }) => ({ agent: await getAgentVersion(ctx.principal, input.name, input.version) })),

  // Dashboard-only (no openapi): "Try it" starts a test-mode run through the same createRun
  // as POST /v1/run, so input checks, version pinning, the model requirement, credits, the
  // test-mode allowance of model-backed runs and an Idempotency-Key apply alike. In live mode
  // it tries the live agent (its active version) in test mode, so trying costs nothing; the
  // run belongs to test mode, where tryResult reads it.
  tryRun: apiProcedure
    .meta({ scope: "agents:run", rateLimit: "strict", errors: ["conflict", "insufficient_credits", "test_mode_allowance_exhausted"] })
    .input(ZTryRunRequest)
    .output(ZCreateRunResponse)
    .mutation(({ ctx, input }) => {
      if (ctx.credentials !== "session") throw new AppError("not_found", "No such route");
      const request = { task: input.task, agent_type: input.name, data: input.data, priority: "normal" as const };
      const inTestMode = { ...ctx.principal, livemode: false };
      return idempotent({ ctx: { ...ctx, principal: inTestMode }, endpoint: "dashboard agents.tryRun", input, successStatus: 200 }, (record) =>
        createRun(inTestMode, request, record, { agentLivemode: ctx.principal.livemode }),
      );
    }),

  // Dashboard-only (no openapi): a "Try it" run and its steps, read in test mode whichever
  // mode the page is in (a live agent's Try it runs in test mode).
  tryResult: apiProcedure
    .meta({ scope: "agents:run" })
    .input(ZRunIdInput)
    .output(z.object({ run: ZRun, steps: ZListRunStepsResponse.shape.data }))
    .query(async ({ ctx, input }) => {
      if (ctx.credentials !== "session") throw new AppError("not_found", "No such route");
      const inTestMode = { ...ctx.principal, livemode: false };
      const [{ run }, steps] = await Promise.all([getRun(inTestMode, input.id), listRunSteps(inTestMode, input.id)]);
      return { run, steps: steps.data };
    }),
});
