// Canary rollouts (docs/api-conventions.md, "Rollouts"): one version of a custom agent gets a
// share of the unpinned runs (the counted splitter in src/domains/runs/rollout-split.ts),
// its runs that complete on their own are spot checked at the rollout's rate, and the guard
// (rollout-guard.ts) rolls it back when people disagree with it. Promote makes the candidate
// active through the release gate; cancel ends it. Statements live in rollout-statements.ts.
import { AppError, conflict, notFound, validationError } from "../../foundation/errors.ts";
import { iso, isoOrNull } from "../../foundation/schemas.ts";
import { db } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { findVersion, lockDefinition } from "../agent-definitions/agent-statements.ts";
import { activateWithGate, changeAgent, findCustomAgent, refuseBuiltInRelease } from "../agent-definitions/agent-definitions.service.ts";
import { rateOf, releaseOf, versionGate } from "../agent-definitions/release-gate.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { actorLabel, tenantScope } from "../auth/tenant.ts";
import { rolloutArmStats } from "../quality/quality-statements.ts";
import { agentQuality } from "../quality/quality.service.ts";
import { endRollout, findLatestRollout, insertRollout, lockRunningRollout, type TRolloutRow } from "./rollout-statements.ts";
import {
  DEFAULT_MIN_AGREEMENT,
  DEFAULT_MIN_JUDGED,
  DEFAULT_ROLLOUT_SPOT_CHECK_RATE,
  type TRollout,
  type TStartRolloutRequest,
} from "./rollouts.schemas.ts";

const definitionOf = (principal: TPrincipal, name: string) => findCustomAgent(principal, name, "roll out");

/**
 * The default bar: the active version's agreement in the quality report over its default
 * period (approved unedited + spot checks correct over every decision) less the candidate's
 * release.max_regression, or DEFAULT_MIN_AGREEMENT when nobody judged the active version.
 */
async function defaultMinAgreement(principal: TPrincipal, name: string, activeVersion: number, candidateRelease: unknown): Promise<number> {
  const report = await agentQuality(principal, { name, version: activeVersion });
  const judged = Object.values(report.outcomes).reduce((sum, count) => sum + count, 0);
  if (judged === 0) return DEFAULT_MIN_AGREEMENT;
  const agreement = (report.outcomes.approved + report.outcomes.spot_correct) / judged;
  return Math.min(1, Math.max(0, agreement - releaseOf(candidateRelease).max_regression));
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError &&
  (error.code === "P2002" || (error.code === "P2010" && (error.meta as { code?: string } | undefined)?.code === "23505"));

const alreadyRunning = (name: string) => conflict(`Agent ${name} already has a running rollout: promote or cancel it first (one rollout per agent at a time)`);

export async function startRollout(principal: TPrincipal, request: TStartRolloutRequest): Promise<{ rollout: TRollout }> {
  const { name } = request;
  const definition = await definitionOf(principal, name);
  if (definition.archivedAt) throw conflict(`Agent ${name} is archived`);
  const candidate = await findVersion(tenantScope(principal), name, request.version);
  if (!candidate) throw notFound(`Version ${request.version} of agent ${name}`);
  if (request.version === definition.activeVersion) throw conflict(`Version ${request.version} is already the active version of ${name}: roll out another version`);
  // Its runs would be refused at acceptance: say so now rather than refuse the unpinned runs.
  const modelProblem = modelNotAllowedProblem(candidate.model);
  if (modelProblem) throw validationError(`Version ${request.version} of ${name} cannot run: ${modelProblem}`, [{ path: "version", message: modelProblem }]);
  const minAgreement = request.min_agreement ?? (await defaultMinAgreement(principal, name, definition.activeVersion, candidate.release));
  let row: TRolloutRow;
  try {
    row = await db().$transaction(async (tx) => {
      // Under the definition's lock: the active version and archive state as they are now, and
      // two starts one after the other (the second sees the first's running rollout).
      const locked = await lockDefinition(tx, tenantScope(principal), name);
      if (!locked) throw notFound("Agent");
      if (locked.archivedAt) throw conflict(`Agent ${name} is archived`);
      if (locked.activeVersion === request.version) throw conflict(`Version ${request.version} is already the active version of ${name}: roll out another version`);
      if (await lockRunningRollout(tx, { agentDefinitionId: locked.id })) throw alreadyRunning(name);
      return insertRollout(tx, {
        ...tenantScope(principal),
        agentDefinitionId: locked.id,
        agentName: name,
        version: request.version,
        baselineVersion: locked.activeVersion,
        percent: request.percent,
        minJudged: request.min_judged ?? DEFAULT_MIN_JUDGED,
        minAgreement,
        spotCheckRate: request.spot_check_rate ?? DEFAULT_ROLLOUT_SPOT_CHECK_RATE,
        createdBy: actorLabel(principal),
      });
    });
  } catch (error) {
    // rollouts_one_running_per_agent: a concurrent start won.
    if (isUniqueViolation(error)) throw alreadyRunning(name);
    throw error;
  }
  return { rollout: await serializeRollout(row, candidate.release) };
}

export async function getRollout(principal: TPrincipal, name: string): Promise<{ rollout: TRollout }> {
  const definition = await definitionOf(principal, name);
  const rollout = await findLatestRollout(definition.id);
  if (!rollout) throw notFound(`Rollout of agent ${name}`);
  return { rollout: await serializeWithRelease(principal, rollout) };
}

export async function promoteRollout(principal: TPrincipal, name: string, force: boolean | undefined): Promise<{ rollout: TRollout }> {
  refuseBuiltInRelease(name, "roll out");
  let ended: TRolloutRow | null = null;
  // The definition's lock, then the rollout's: the candidate becomes active (its release gate
  // applies; force overrides it and is recorded on the version) and the rollout ends, together.
  await changeAgent(principal, name, async (tx, definition) => {
    const rollout = await lockRunningRollout(tx, { agentDefinitionId: definition.id });
    if (!rollout) throw noRunningRollout(name);
    const agent = await activateWithGate(tx, principal, definition, rollout.version, force);
    ended = await endRollout(tx, rollout.id, { status: "promoted", by: actorLabel(principal), reason: `promoted by ${principal.actor.name ?? actorLabel(principal)}` });
    if (!ended) throw noRunningRollout(name);
    return agent;
  });
  return { rollout: await serializeWithRelease(principal, ended!) };
}

export async function cancelRollout(principal: TPrincipal, name: string): Promise<{ rollout: TRollout }> {
  const definition = await definitionOf(principal, name);
  const ended = await db().$transaction(async (tx) => {
    const rollout = await lockRunningRollout(tx, { agentDefinitionId: definition.id });
    if (!rollout) throw noRunningRollout(name);
    return endRollout(tx, rollout.id, { status: "cancelled", by: actorLabel(principal), reason: `cancelled by ${principal.actor.name ?? actorLabel(principal)}` });
  });
  if (!ended) throw noRunningRollout(name);
  return { rollout: await serializeWithRelease(principal, ended) };
}

const noRunningRollout = (name: string): AppError => conflict(`Agent ${name} has no running rollout`);

async function serializeWithRelease(principal: TPrincipal, rollout: TRolloutRow): Promise<TRollout> {
  const candidate = await findVersion(tenantScope(principal), rollout.agent_name, rollout.version);
  return serializeRollout(rollout, candidate?.release ?? null);
}

/** A rollout with both arms' counts as they are now and the candidate's gate. */
async function serializeRollout(rollout: TRolloutRow, candidateRelease: unknown): Promise<TRollout> {
  const [arms, gate] = await Promise.all([rolloutArmStats(rollout.id), versionGate(rollout.agent_definition_id, rollout.version, candidateRelease)]);
  return {
    id: rollout.id,
    agent: rollout.agent_name,
    version: rollout.version,
    baseline_version: rollout.baseline_version,
    percent: rollout.percent,
    min_judged: rollout.min_judged,
    min_agreement: rollout.min_agreement,
    spot_check_rate: rollout.spot_check_rate,
    status: rollout.status,
    runs: arms.candidate.runs,
    judged: arms.candidate.judged,
    agreed: arms.candidate.agreed,
    agreement_rate: rateOf(arms.candidate.agreed, arms.candidate.judged),
    baseline: { runs: arms.baseline.runs, judged: arms.baseline.judged, agreement_rate: rateOf(arms.baseline.agreed, arms.baseline.judged) },
    gate,
    started_at: iso(rollout.started_at),
    ended_at: isoOrNull(rollout.ended_at),
    reason: rollout.reason,
  };
}
