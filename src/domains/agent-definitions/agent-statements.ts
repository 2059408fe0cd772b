// The statements of agent definitions, apart from what orchestrates them
// (agent-definitions.service.ts): every read is scoped to one organization and mode.
import { db, sqlQuery } from "../../foundation/db/client.ts";
import { conflict } from "../../foundation/errors.ts";
import type { AgentDefinition, AgentVersion, Prisma } from "../../generated/prisma/client.ts";

type TTx = Prisma.TransactionClient;
export type TTenant = { organizationId: string; livemode: boolean };
export type TDefinitionWithActive = AgentDefinition & { active: AgentVersion };

/** What a version row holds besides its number and owner. */
export type TVersionContent = Pick<AgentVersion, "description" | "instructions" | "model" | "tools" | "createdBy"> & {
  outputSchema: Prisma.InputJsonValue;
  inputSchema: Prisma.InputJsonValue | null;
  review: Prisma.InputJsonValue;
  /** A live version copied from a test-mode one (copy-from-test): that version's number. */
  copiedFromTestVersion?: number | null;
  release?: Prisma.InputJsonValue | null;
};

/** Who makes a version active, and whether past a gate that did not pass. */
export type TActivation = { by: string; forced: boolean };

const versionData = (content: TVersionContent) => ({
  description: content.description,
  instructions: content.instructions,
  outputSchema: content.outputSchema,
  inputSchema: content.inputSchema ?? undefined,
  tools: content.tools,
  review: content.review,
  model: content.model,
  createdBy: content.createdBy,
  copiedFromTestVersion: content.copiedFromTestVersion ?? null,
  release: content.release ?? undefined,
});

const activationData = (activation: TActivation, at = new Date()) => ({ activatedAt: at, activatedBy: activation.by, forced: activation.forced });

async function withActive(definition: AgentDefinition | null, client: TTx | ReturnType<typeof db> = db()): Promise<TDefinitionWithActive | null> {
  if (!definition) return null;
  const active = await client.agentVersion.findUnique({
    where: { agentDefinitionId_version: { agentDefinitionId: definition.id, version: definition.activeVersion } },
  });
  return active ? { ...definition, active } : null;
}

/** The tenant's agents that are not archived, each with its active version, by name. */
export async function findActiveDefinitions(tenant: TTenant): Promise<TDefinitionWithActive[]> {
  const rows = await db().agentDefinition.findMany({
    where: { ...tenant, archivedAt: null },
    include: { versions: true },
    orderBy: { name: "asc" },
  });
  return rows.flatMap(({ versions, ...definition }) => {
    const active = versions.find((version) => version.version === definition.activeVersion);
    return active ? [{ ...definition, active }] : [];
  });
}

/** One agent of the tenant (archived included) with its active version, or null. */
export async function findDefinition(tenant: TTenant, name: string): Promise<TDefinitionWithActive | null> {
  return withActive(await db().agentDefinition.findUnique({ where: { organizationId_livemode_name: { ...tenant, name } } }));
}

/**
 * The agent's running canary rollout, if any (at most one: the partial unique index
 * rollouts_one_running_per_agent). Read on each unpinned run's acceptance; the accepting
 * statement counts the run only if the rollout is still running then.
 */
export async function findRunningRollout(agentDefinitionId: string): Promise<{ id: string; version: number } | null> {
  const [row] = await sqlQuery<{ id: string; version: number }>(
    `SELECT id, version FROM rollouts WHERE agent_definition_id = $1::uuid AND status = 'running'`,
    [agentDefinitionId],
    "agent-running-rollout",
  );
  return row ?? null;
}

export function findVersionSummaries(agentDefinitionId: string) {
  return db().agentVersion.findMany({
    where: { agentDefinitionId },
    select: { version: true, createdAt: true, createdBy: true, copiedFromTestVersion: true, activatedAt: true, activatedBy: true, forced: true, release: true },
    orderBy: { version: "asc" },
  });
}

/** One version of one of the tenant's agents (archived included: a run accepted before the archive still runs). */
export async function findVersion(tenant: TTenant, name: string, version: number): Promise<(AgentVersion & { definition: AgentDefinition }) | null> {
  return db().agentVersion.findFirst({
    where: { version, definition: { ...tenant, name } },
    include: { definition: true },
  });
}

export const countDefinitions = (tenant: TTenant): Promise<number> => db().agentDefinition.count({ where: tenant });

/** Inserts an agent and its version 1 (the unique name per tenant refuses a second one: P2002). */
export async function insertDefinition(tenant: TTenant, name: string, content: TVersionContent): Promise<TDefinitionWithActive> {
  return db().$transaction(async (tx) => {
    const definition = await tx.agentDefinition.create({ data: { ...tenant, name, activeVersion: 1 } });
    // Active from the moment it is made: one instant for both.
    const at = new Date();
    const active = await tx.agentVersion.create({
      data: { agentDefinitionId: definition.id, version: 1, ...versionData(content), createdAt: at, ...activationData({ by: content.createdBy, forced: false }, at) },
    });
    return { ...definition, active };
  });
}

/** Locks the tenant's agent row for the rest of the transaction (versions are numbered under it). */
export async function lockDefinition(tx: TTx, tenant: TTenant, name: string): Promise<AgentDefinition | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM agent_definitions
    WHERE organization_id = ${tenant.organizationId}::uuid AND livemode = ${tenant.livemode} AND name = ${name}
    FOR UPDATE`;
  return row ? tx.agentDefinition.findUnique({ where: { id: row.id } }) : null;
}

/**
 * Appends version n+1 (under the definition's lock) and, with `activation`, makes it active;
 * without, the version is stored and the active one stays. Answers the agent as it now is
 * and the version added.
 */
export async function appendVersion(
  tx: TTx,
  definition: AgentDefinition,
  content: TVersionContent,
  maxVersions: number,
  activation: TActivation | null = { by: content.createdBy, forced: false },
): Promise<TDefinitionWithActive & { added: number }> {
  const newest = await tx.agentVersion.aggregate({ where: { agentDefinitionId: definition.id }, _max: { version: true } });
  const version = (newest._max.version ?? 0) + 1;
  if (version > maxVersions) throw conflict(`Agent ${definition.name} has ${maxVersions} versions, the most one agent keeps: define a new agent`);
  const at = new Date();
  const added = await tx.agentVersion.create({
    data: { agentDefinitionId: definition.id, version, ...versionData(content), createdAt: at, ...(activation ? activationData(activation, at) : {}) },
  });
  if (!activation) {
    const active = await tx.agentVersion.findUniqueOrThrow({
      where: { agentDefinitionId_version: { agentDefinitionId: definition.id, version: definition.activeVersion } },
    });
    const touched = await tx.agentDefinition.update({ where: { id: definition.id }, data: { updatedAt: new Date() } });
    return { ...touched, active, added: version };
  }
  const updated = await tx.agentDefinition.update({ where: { id: definition.id }, data: { activeVersion: version } });
  await endSupersededRollout(tx, definition.id, version, activation.by);
  return { ...updated, active: added, added: version };
}

/**
 * A person made another version active while a canary of a different one was running: the
 * canary's baseline is gone, so it ends `cancelled`, saying why (docs/api-conventions.md,
 * "Rollouts"). Promoting the candidate itself makes the candidate active and is not this.
 */
function endSupersededRollout(tx: TTx, agentDefinitionId: string, activeVersion: number, by: string): Promise<number> {
  return tx.$executeRaw`
    UPDATE rollouts SET status = 'cancelled', ended_at = now(), ended_by = ${by},
      reason = ${`cancelled: version ${activeVersion} was made active by ${by}`}
    WHERE agent_definition_id = ${agentDefinitionId}::uuid AND status = 'running' AND version <> ${activeVersion}::int`;
}

/** The highest version number an agent has (0 without any). */
export async function newestVersionNumber(agentDefinitionId: string): Promise<number> {
  const newest = await db().agentVersion.aggregate({ where: { agentDefinitionId }, _max: { version: true } });
  return newest._max.version ?? 0;
}

/** One version of a locked definition, or null. */
export function findVersionOf(tx: TTx, agentDefinitionId: string, version: number): Promise<AgentVersion | null> {
  return tx.agentVersion.findUnique({ where: { agentDefinitionId_version: { agentDefinitionId, version } } });
}

/** Makes an existing version active (no new version), recording who made it so. */
export async function activateVersion(tx: TTx, definition: AgentDefinition, target: AgentVersion, activation: TActivation): Promise<TDefinitionWithActive> {
  const active = await tx.agentVersion.update({ where: { id: target.id }, data: activationData(activation) });
  const updated = await tx.agentDefinition.update({ where: { id: definition.id }, data: { activeVersion: target.version } });
  if (definition.activeVersion !== target.version) await endSupersededRollout(tx, definition.id, target.version, activation.by);
  return { ...updated, active };
}

/** Archives the agent; a canary running on it ends `cancelled` in the same transaction. */
export async function markArchived(tenant: TTenant, name: string, by: string): Promise<number> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.agentDefinition.updateMany({ where: { ...tenant, name, archivedAt: null }, data: { archivedAt: new Date() } });
    if (count > 0) {
      await tx.$executeRaw`
        UPDATE rollouts SET status = 'cancelled', ended_at = now(), ended_by = ${by}, reason = ${`cancelled: the agent was archived by ${by}`}
        WHERE organization_id = ${tenant.organizationId}::uuid AND livemode = ${tenant.livemode} AND agent_name = ${name} AND status = 'running'`;
    }
    return count;
  });
}
