// Which agent version a run is pinned to, decided when the run (or batch) is accepted and
// before anything is charged; and that version read back when the run is carried out.
// Built-ins have one version (1) and cost no database read here; a custom agent must
// exist, not be archived, have a model to talk to, and its input_schema must fit `data`.
import { validationError } from "../../foundation/errors.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { assertAgentTypeAvailable } from "../agents/assistant.ts";
import type { TCustomAgentVersion } from "../agents/custom-agent.ts";
import { assertInputsFit, type TJsonSchema } from "../agents/input-schemas.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { modelSettings } from "../../foundation/env.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { findDefinition, findRunningRollout, findVersion, type TTenant } from "./agent-statements.ts";

/** The work being accepted: its agent, the pinned version (if any) and each run's `data` with its path. */
export type TAgentRequest = {
  agentType: string;
  agentVersion?: number;
  inputs: { data: unknown; root: string }[];
  /** false: never split by a running rollout (a run of the other mode's agent, the dashboard's "Try it"). */
  split?: boolean;
};

const refuse = (path: string, message: string) => validationError(message, [{ path, message }]);

/**
 * The version the accepted runs are pinned to, or a 400 naming what is wrong (nothing is
 * charged): an unknown or archived agent, a version that does not exist, no model (or a
 * version naming a model the server no longer allows), or a
 * `data` that does not fit the version's input_schema.
 */
export async function pinAgentVersion(principal: TPrincipal, request: TAgentRequest): Promise<TPinnedAgent> {
  if (isBuiltInAgentType(request.agentType)) {
    assertAgentTypeAvailable(request.agentType);
    if (request.agentVersion !== undefined && request.agentVersion !== 1) {
      throw refuse("agent_version", `agent_version ${request.agentVersion} does not exist: built-in agent ${request.agentType} has version 1 only`);
    }
    return { version: 1, split: null };
  }
  return pinCustomAgentVersion(principal, request);
}

/**
 * The version the runs are pinned to (the active one when they pin none), and the running
 * canary that splits them: only runs that pin no version are split (docs/api-conventions.md,
 * "Rollouts"); the statement that accepts them decides which go to the candidate.
 */
export type TPinnedAgent = { version: number; split: TRolloutSplit | null };
/** The running rollout unpinned runs are split by: its id and candidate version. */
export type TRolloutSplit = { rolloutId: string; candidateVersion: number };

async function pinCustomAgentVersion(principal: TPrincipal, request: TAgentRequest): Promise<TPinnedAgent> {
  const tenant = tenantScope(principal);
  const definition = await findDefinition(tenant, request.agentType);
  if (!definition || definition.archivedAt) {
    throw refuse("agent_type", `Unknown agent_type ${request.agentType}: no built-in agent and no agent of this organization in this mode has that name (GET /v1/agents)`);
  }
  // A custom agent talks to a model: the same refusal as assistant's, naming the settings.
  if (!modelSettings()) {
    throw refuse("agent_type", `agent_type ${request.agentType} needs a model: the server has no OPENAI_BASE_URL and AGENT_MODEL configured`);
  }
  const version = request.agentVersion ?? definition.activeVersion;
  const pinned = version === definition.activeVersion ? definition.active : await findVersion(tenant, request.agentType, version);
  if (!pinned) throw refuse("agent_version", `agent_version ${version} does not exist: GET /v1/agents/${request.agentType} lists the versions of ${request.agentType}`);
  // A version stored before the operator narrowed AGENT_MODELS: refused before anything is charged or asked.
  const modelProblem = modelNotAllowedProblem(pinned.model);
  if (modelProblem) {
    throw refuse(request.agentVersion === undefined ? "agent_type" : "agent_version", `agent ${request.agentType} version ${version} cannot run: ${modelProblem}; add a version with an allowed model`);
  }
  const inputSchema = pinned.inputSchema as TJsonSchema | null;
  const inputs = request.inputs.map((input) => ({ data: input.data ?? {}, root: input.root }));
  if (inputSchema) assertInputsFit(inputSchema, inputs);
  if (request.agentVersion !== undefined || request.split === false) return { version, split: null };
  const rollout = await findRunningRollout(definition.id);
  if (!rollout || rollout.version === version) return { version, split: null };
  // A split run may go to either version: its data must fit the candidate's input_schema too.
  const candidate = await findVersion(tenant, request.agentType, rollout.version);
  if (!candidate) return { version, split: null };
  const candidateModelProblem = modelNotAllowedProblem(candidate.model);
  if (candidateModelProblem) {
    throw refuse("agent_type", `agent ${request.agentType} version ${rollout.version} (rolling out) cannot run: ${candidateModelProblem}; cancel the rollout or pin agent_version`);
  }
  const candidateSchema = candidate.inputSchema as TJsonSchema | null;
  if (candidateSchema) assertInputsFit(candidateSchema, inputs);
  return { version, split: { rolloutId: rollout.id, candidateVersion: rollout.version } };
}

/** A filter on runs by agent: a built-in or one of the tenant's agents (archived too: its runs stay listed), else 400. */
export async function assertAgentKnown(principal: TPrincipal, agentType: string): Promise<void> {
  if (isBuiltInAgentType(agentType) || (await findDefinition(tenantScope(principal), agentType))) return;
  throw refuse("agent_type", `Unknown agent_type ${agentType}: no built-in agent and no agent of this organization in this mode has that name`);
}

/** The version a custom run is pinned to, as its execution needs it; null when it cannot be found. */
export async function customAgentVersionOf(tenant: TTenant, name: string, version: number): Promise<TCustomAgentVersion | null> {
  const found = await findVersion(tenant, name, version);
  if (!found) return null;
  return {
    name,
    version,
    instructions: found.instructions,
    outputSchema: found.outputSchema as TJsonSchema,
    tools: found.tools,
    review: (found.review ?? {}) as TCustomAgentVersion["review"],
    model: found.model,
  };
}
