// Agents as data (docs/api-conventions.md, "Agent definitions"): the built-ins, read-only,
// and each organization's own agents per mode, whose versions are immutable. A new version
// or a rollback only moves `active_version`; runs record the version that did them.
import { setImmediate as letOtherRequestsRun } from "node:timers/promises";
import { modelSettings } from "../../foundation/env.ts";
import { AppError, conflict, notFound, validationError } from "../../foundation/errors.ts";
import { TOOL_NAMES } from "../agents/model-tools.ts";
import { iso, isoOrNull } from "../../foundation/schemas.ts";
import { Prisma, type AgentDefinition } from "../../generated/prisma/client.ts";
import { AGENT_NAME_PATTERN, AGENT_TYPES, isBuiltInAgentType, type TAgentType } from "../agents/agent-types.ts";
import { BUILT_IN_INPUT_SCHEMAS, customerSchemaProblem, type TJsonSchema } from "../agents/input-schemas.ts";
import { ASSISTANT_TOOLS, TOOLS_BY_NAME } from "../agents/model-tools.ts";
import { assertModelAllowed, modelChoices } from "../agents/model-allow-list.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { resolveActors } from "../auth/actors.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import type { TAgent, TAgentVersionBody, TCreateAgentRequest } from "./agent-definitions.schemas.ts";
import { assertGatePassed, gateNotPassed, releaseOf } from "./release-gate.ts";
import { copiedFrom, latestReleaseEvidence, versionSummaries } from "./version-list.ts";
import {
  activateVersion,
  appendVersion,
  findActiveDefinitions,
  findDefinition,
  newestVersionNumber,
  findVersion,
  findVersionSummaries,
  findVersionOf,
  countDefinitions,
  insertDefinition,
  lockDefinition,
  markArchived,
  type TDefinitionWithActive,
  type TVersionContent,
} from "./agent-statements.ts";
import { db } from "../../foundation/db/client.ts";

/** Agents per organization and mode, archived included (they keep their names); 409 beyond. */
export const MAX_AGENTS_PER_MODE = 100;
/** Versions per agent; 409 beyond (define a new agent). */
export const MAX_VERSIONS_PER_AGENT = 1000;

/** A custom agent's output schema when none is given: any JSON object. */
export const DEFAULT_OUTPUT_SCHEMA: TJsonSchema = { type: "object" };

const BUILT_IN_DESCRIPTIONS: Record<TAgentType, string> = {
  center: "Routes a task to the specialist that fits it (rules, then the model when one is configured).",
  rfq_generator: "Drafts a request for quotation from items in data or in the task's text.",
  ap_specialist: "Checks a supplier invoice's arithmetic and matches it 2- and 3-way against a purchase order and a goods receipt.",
  assistant: "A model reads any task and its data and answers with a structured result; it may use the tools.",
};

/** Built-ins the server offers now: `assistant` only when a model is configured. */
function builtInAgents(): TAgent[] {
  const settings = modelSettings();
  return AGENT_TYPES.filter((name) => name !== "assistant" || settings !== null).map((name) => ({
    name,
    kind: "built_in" as const,
    description: BUILT_IN_DESCRIPTIONS[name],
    version: 1,
    instructions: null,
    output_schema: { type: "object" },
    input_schema: BUILT_IN_INPUT_SCHEMAS[name],
    tools: name === "assistant" ? ASSISTANT_TOOLS.map((tool) => tool.definition.function.name) : [],
    review: { confidence_threshold: null, always: false, sla_minutes: null, max_rounds: null },
    model: name === "assistant" ? (settings?.model ?? null) : null,
    created_at: null,
    updated_at: null,
  }));
}

const asSchema = (value: unknown): TJsonSchema | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as TJsonSchema) : null;

type TStoredReview = {
  confidence_threshold?: number | null;
  always?: boolean | null;
  sla_minutes?: number | null;
  max_rounds?: number | null;
  spot_check_rate?: number | null;
};

function serializeAgent(definition: TDefinitionWithActive): TAgent {
  const { active } = definition;
  const review = (active.review ?? {}) as TStoredReview;
  return {
    name: definition.name,
    kind: "custom",
    description: active.description,
    version: definition.activeVersion,
    instructions: active.instructions,
    output_schema: asSchema(active.outputSchema) ?? DEFAULT_OUTPUT_SCHEMA,
    input_schema: asSchema(active.inputSchema),
    tools: active.tools,
    review: {
      confidence_threshold: review.confidence_threshold ?? null,
      always: review.always ?? false,
      sla_minutes: review.sla_minutes ?? null,
      max_rounds: review.max_rounds ?? null,
      spot_check_rate: review.spot_check_rate ?? 0,
    },
    model: active.model,
    release: releaseOf(active.release),
    created_at: iso(definition.createdAt),
    updated_at: iso(definition.updatedAt),
    archived_at: isoOrNull(definition.archivedAt),
    copied_from: copiedFrom(active.copiedFromTestVersion),
  };
}


const toolList = () =>
  Object.values(TOOLS_BY_NAME).map((tool) => ({ name: tool.definition.function.name, description: tool.definition.function.description ?? "" }));

export async function listAgents(principal: TPrincipal) {
  const custom = await findActiveDefinitions(tenantScope(principal));
  return { data: [...builtInAgents(), ...custom.map(serializeAgent)], tools: toolList(), models: modelChoices() };
}

export async function getAgent(principal: TPrincipal, name: string) {
  const builtIn = builtInAgents().find((agent) => agent.name === name);
  if (builtIn) {
    const version = {
      version: 1, active: true, created_at: null, created_by: null, created_by_actor: null, activated_at: null, activated_by: null,
      activated_by_actor: null, forced: false, latest_evaluation: null, latest_rollout: null,
    };
    return { agent: builtIn, versions: [version] };
  }
  const definition = await findDefinition(tenantScope(principal), name);
  if (!definition) throw notFound("Agent");
  const [versions, evidence] = await Promise.all([findVersionSummaries(definition.id), latestReleaseEvidence(definition.id)]);
  // Every version's author named in one lookup, however many versions there are.
  const actors = await resolveActors(principal.organizationId, versions.flatMap((version) => [version.createdBy, version.activatedBy]));
  return {
    agent: serializeAgent(definition),
    versions: versionSummaries(versions, definition.activeVersion, evidence, actors),
  };
}

/**
 * One version's content as an agent (the dashboard's version diff): `version` is that
 * version's number, whichever is active. A built-in has only its version 1.
 */
export async function getAgentVersion(principal: TPrincipal, name: string, version: number): Promise<TAgent> {
  const builtIn = builtInAgents().find((agent) => agent.name === name);
  if (builtIn) {
    if (version !== 1) throw notFound("Agent version");
    return builtIn;
  }
  const found = await findVersion(tenantScope(principal), name, version);
  if (!found) throw notFound("Agent version");
  const { definition, ...content } = found;
  return { ...serializeAgent({ ...definition, active: content }), version };
}

function invalidSchema(field: "output_schema" | "input_schema", problem: string): AppError {
  const message = `${field} is not a usable JSON Schema: ${problem}`;
  return validationError(message, [{ path: field, message: problem }]);
}

/**
 * A version's content checked: an allowed model, both schemas within the limits and compiled
 * (Ajv, draft 2020-12, patterns on the linear-time engine; input-schemas.ts) and the output
 * is an object.
 */
async function versionContent(principal: TPrincipal, body: TAgentVersionBody): Promise<TVersionContent> {
  // Only the operator's models (AGENT_MODEL, AGENT_MODELS): 400 listing them.
  assertModelAllowed(body.model);
  const outputSchema = body.output_schema ?? DEFAULT_OUTPUT_SCHEMA;
  const outputProblem = customerSchemaProblem(outputSchema);
  if (outputProblem) throw invalidSchema("output_schema", outputProblem);
  // A run's output is a JSON object (GET /v1/runs/{id}): the schema must describe one.
  if (outputSchema.type !== "object") throw invalidSchema("output_schema", 'its top-level "type" must be "object"');
  if (body.input_schema) {
    // One bounded compile at a time holds the event loop: other tenants' requests run between the two.
    await letOtherRequestsRun();
    const inputProblem = customerSchemaProblem(body.input_schema);
    if (inputProblem) throw invalidSchema("input_schema", inputProblem);
  }
  const review: TStoredReview = {};
  if (body.review?.confidence_threshold !== undefined) review.confidence_threshold = body.review.confidence_threshold;
  if (body.review?.always !== undefined) review.always = body.review.always;
  if (body.review?.sla_minutes !== undefined) review.sla_minutes = body.review.sla_minutes;
  if (body.review?.max_rounds !== undefined) review.max_rounds = body.review.max_rounds;
  if (body.review?.spot_check_rate !== undefined) review.spot_check_rate = body.review.spot_check_rate;
  return {
    release: body.release ?? null,
    description: body.description ?? null,
    instructions: body.instructions,
    outputSchema: outputSchema as Prisma.InputJsonValue,
    inputSchema: (body.input_schema ?? null) as Prisma.InputJsonValue | null,
    tools: [...new Set(body.tools ?? [])],
    review: review as Prisma.InputJsonValue,
    model: body.model ?? null,
    createdBy: actorLabel(principal),
  };
}

const builtInIsReadOnly = (name: string) => conflict(`${name} is a built-in agent: it is read-only`);

export async function createAgent(principal: TPrincipal, request: TCreateAgentRequest) {
  if (isBuiltInAgentType(request.name)) throw conflict(`${request.name} is the name of a built-in agent`);
  const { name, ...body } = request;
  // The cap first: an organization at its cap costs no schema compile.
  if ((await countDefinitions(tenantScope(principal))) >= MAX_AGENTS_PER_MODE) {
    throw conflict(`An organization has at most ${MAX_AGENTS_PER_MODE} agents per mode, archived ones included`);
  }
  const content = await versionContent(principal, body);
  try {
    return { agent: serializeAgent(await insertDefinition(tenantScope(principal), name, content)) };
  } catch (error) {
    // The name is taken in this organization and mode (an archived agent keeps its name: past runs name it).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(`An agent named ${name} already exists in this mode (archived agents keep their names)`);
    }
    throw error;
  }
}

type TReleaseAction = "evaluate" | "roll out";

/** A release action on a built-in: 400 naming the rule (built-ins are code, not stored versions). */
export function refuseBuiltInRelease(name: string, action: TReleaseAction): void {
  if (!isBuiltInAgentType(name)) return;
  const message = `${name} is a built-in agent: built-ins are code, not versions to ${action}; ${action} your own agents (POST /v1/agents)`;
  throw validationError(message, [{ path: "name", message: "built-ins are code" }]);
}

/**
 * The tenant's own agent (archived included) for a release action (evaluate, roll out): a
 * built-in's name is 400 (built-ins are code: they have no stored versions), another
 * organization's or mode's agent, or a name no agent can have, 404.
 */
export async function findCustomAgent(principal: TPrincipal, name: string, action: TReleaseAction): Promise<TDefinitionWithActive> {
  refuseBuiltInRelease(name, action);
  // No agent has any other name; checked before the database sees it.
  if (!AGENT_NAME_PATTERN.test(name)) throw notFound("Agent");
  const definition = await findDefinition(tenantScope(principal), name);
  if (!definition) throw notFound("Agent");
  return definition;
}

/** Runs `change` on the tenant's (non-archived) custom agent, locked for the transaction. */
export function changeAgent(
  principal: TPrincipal,
  name: string,
  change: (tx: Prisma.TransactionClient, definition: AgentDefinition) => Promise<TDefinitionWithActive>,
) {
  if (isBuiltInAgentType(name)) throw builtInIsReadOnly(name);
  return db().$transaction(async (tx) => {
    const definition = await lockDefinition(tx, tenantScope(principal), name);
    if (!definition) throw notFound("Agent");
    if (definition.archivedAt) throw conflict(`Agent ${name} is archived`);
    return { agent: serializeAgent(await change(tx, definition)) };
  });
}

/**
 * What refuses a new version before its schemas are compiled (an unknown or archived agent,
 * one at its version cap), so such a request costs no compile. The transaction that appends
 * the version checks again under its lock.
 */
async function refuseVersionEarly(principal: TPrincipal, name: string): Promise<void> {
  if (isBuiltInAgentType(name)) throw builtInIsReadOnly(name);
  const definition = await findDefinition(tenantScope(principal), name);
  if (!definition) throw notFound("Agent");
  if (definition.archivedAt) throw conflict(`Agent ${name} is archived`);
  if ((await newestVersionNumber(definition.id)) >= MAX_VERSIONS_PER_AGENT) {
    throw conflict(`Agent ${name} has ${MAX_VERSIONS_PER_AGENT} versions, the most one agent keeps: define a new agent`);
  }
}

/**
 * A new version, active from now on unless `activate` is false. Made active, it must pass its
 * own release gate (a version just made has no evaluation: with require_evaluation only
 * `force` passes); a refused create stores nothing.
 */
export async function addAgentVersion(principal: TPrincipal, name: string, body: TAgentVersionBody & { activate?: boolean; force?: boolean }) {
  const { activate = true, force, ...content } = body;
  await refuseVersionEarly(principal, name);
  const checked = await versionContent(principal, content);
  return changeAgent(principal, name, (tx, definition) =>
    activate ? appendActiveVersion(tx, principal, definition, checked, force) : appendVersion(tx, definition, checked, MAX_VERSIONS_PER_AGENT, null),
  );
}

/**
 * Appends a version that is active at once (a new version, or a copy from test mode onto an
 * existing live agent). A version not stored yet has no evaluation: under its own
 * require_evaluation only force passes, and the reason says how to get the evidence instead.
 */
async function appendActiveVersion(
  tx: Prisma.TransactionClient,
  principal: TPrincipal,
  definition: AgentDefinition,
  content: TVersionContent,
  force: boolean | undefined,
): Promise<TDefinitionWithActive> {
  const requiresEvaluation = releaseOf(content.release).require_evaluation;
  if (requiresEvaluation && !force) {
    const next = (await newestVersionNumber(definition.id)) + 1;
    throw gateNotPassed(next, {
      passed: false,
      reasons: [
        `a new version has no evaluation yet: add it with "activate": false (POST /v1/agents/{name}/versions), evaluate it (POST /v1/agents/{name}/evaluations), then make it active (rollback, or promote a rollout)`,
      ],
    });
  }
  return appendVersion(tx, definition, content, MAX_VERSIONS_PER_AGENT, { by: actorLabel(principal), forced: requiresEvaluation });
}

/**
 * Makes `version` of a locked definition active, by `principal`: a version that was never
 * active must pass its release gate (else 409 gate_not_passed, unless `force`). Also how a
 * rollout's promotion makes its candidate active (src/domains/rollouts/rollouts.service.ts).
 */
export async function activateWithGate(
  tx: Prisma.TransactionClient,
  principal: TPrincipal,
  definition: AgentDefinition,
  version: number,
  force: boolean | undefined,
): Promise<TDefinitionWithActive> {
  const target = await findVersionOf(tx, definition.id, version);
  if (!target) throw notFound(`Version ${version} of agent ${definition.name}`);
  const gate = target.activatedAt ? { forced: false } : await assertGatePassed({ agentDefinitionId: definition.id, version, release: target.release }, force);
  return activateVersion(tx, definition, target, { by: actorLabel(principal), forced: gate.forced });
}

export function rollbackAgent(principal: TPrincipal, name: string, version: number, force?: boolean) {
  return changeAgent(principal, name, (tx, definition) => activateWithGate(tx, principal, definition, version, force));
}

export async function archiveAgent(principal: TPrincipal, name: string) {
  if (isBuiltInAgentType(name)) throw builtInIsReadOnly(name);
  const tenant = tenantScope(principal);
  const archived = await markArchived(tenant, name, actorLabel(principal));
  // Archiving twice answers the same; an agent that never existed here is 404.
  if (archived === 0 && !(await findDefinition(tenant, name))) throw notFound("Agent");
  return { archived: true as const };
}

/**
 * Moves an agent from test to live (docs/api-conventions.md, "Copying an agent to live"):
 * with a live-mode key, test-mode version `version` of `name` becomes the live agent's
 * version 1, or its next version, active from now on, recording where it came from. The
 * copy passes the checks a new version passes today (model allow-list, schema limits,
 * caps): a test version stored before the operator narrowed them is refused, not copied.
 */
export async function copyAgentFromTest(principal: TPrincipal, name: string, version: number) {
  if (!principal.livemode) {
    throw validationError("copy-from-test needs a live-mode key: it copies a test-mode version into live mode (call it with sk_live_…)", [
      { path: "(key)", message: "a test-mode key cannot copy into live mode" },
    ]);
  }
  if (isBuiltInAgentType(name)) {
    throw validationError(`${name} is a built-in agent: built-ins exist in both modes and are not copied`, [
      { path: "name", message: "a built-in agent's name" },
    ]);
  }
  const source = await findVersion({ organizationId: principal.organizationId, livemode: false }, name, version);
  if (!source) throw notFound(`Test-mode version ${version} of agent ${name}`);
  const unknownTool = source.tools.find((tool) => !(TOOL_NAMES as readonly string[]).includes(tool));
  if (unknownTool) throw validationError(`tools names ${unknownTool}, which this server no longer offers`, [{ path: "tools", message: `unknown tool ${unknownTool}` }]);
  const body: TAgentVersionBody = {
    description: source.description ?? undefined,
    instructions: source.instructions,
    output_schema: asSchema(source.outputSchema) ?? undefined,
    input_schema: asSchema(source.inputSchema) ?? undefined,
    tools: source.tools as TAgentVersionBody["tools"],
    review: reviewBody(source.review as TStoredReview | null),
    model: source.model ?? undefined,
    release: asSchema(source.release) ?? undefined,
  };
  const content: TVersionContent = { ...(await versionContent(principal, body)), copiedFromTestVersion: version };
  // The live agent exists: a new version of it, active at once (archived: 409; the version
  // cap applies; a copied release that requires an evaluation refuses it: 409 gate_not_passed).
  if (await findDefinition(tenantScope(principal), name)) {
    return changeAgent(principal, name, (tx, definition) => appendActiveVersion(tx, principal, definition, content, false));
  }
  if ((await countDefinitions(tenantScope(principal))) >= MAX_AGENTS_PER_MODE) {
    throw conflict(`An organization has at most ${MAX_AGENTS_PER_MODE} agents per mode, archived ones included`);
  }
  try {
    return { agent: serializeAgent(await insertDefinition(tenantScope(principal), name, content)) };
  } catch (error) {
    // A concurrent copy (or create) made the live agent first: this copy becomes its next version.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return changeAgent(principal, name, (tx, definition) => appendActiveVersion(tx, principal, definition, content, false));
    }
    throw error;
  }
}

/** A stored review policy as the request body that would store it again (nulls left out). */
function reviewBody(review: TStoredReview | null): TAgentVersionBody["review"] {
  const body: NonNullable<TAgentVersionBody["review"]> = {};
  if (review?.confidence_threshold != null) body.confidence_threshold = review.confidence_threshold;
  if (review?.always != null) body.always = review.always;
  if (review?.sla_minutes != null) body.sla_minutes = review.sla_minutes;
  if (review?.max_rounds != null) body.max_rounds = review.max_rounds;
  if (review?.spot_check_rate != null) body.spot_check_rate = review.spot_check_rate;
  return body;
}
