// The version list of GET /v1/agents/{name} (docs/api-conventions.md, "Releases"): each version
// with who made it and made it active, and the evidence about it — its newest evaluation with
// the gate that evaluation passes or not by the version's own release, and its newest rollout.
import { sqlQuery } from "../../foundation/db/client.ts";
import { iso, isoOrNull } from "../../foundation/schemas.ts";
import { actorOf } from "../auth/actors.ts";
import type { TActor } from "../auth/actors.schemas.ts";
import type { findVersionSummaries } from "./agent-statements.ts";
import { gateOf, rateOf, releaseOf } from "./release-gate.ts";

/** Where a live version came from: the test-mode version copy-from-test copied, or null. */
export const copiedFrom = (testVersion: number | null) => (testVersion === null ? null : { mode: "test" as const, version: testVersion });

type TLatestEvaluationRow = { id: string; version: number; status: string; agreed: number; disagreed: number; baseline: { agreement_rate?: number | null } | null };
type TReleaseEvidence = Awaited<ReturnType<typeof latestReleaseEvidence>>;

/** Each version's newest evaluation and newest rollout, in two statements for all versions. */
export async function latestReleaseEvidence(agentDefinitionId: string) {
  const [evaluations, rollouts] = await Promise.all([
    sqlQuery<TLatestEvaluationRow>(
      `SELECT DISTINCT ON (version) id, version, status, agreed, disagreed, baseline FROM evaluations
       WHERE agent_definition_id = $1::uuid ORDER BY version, created_at DESC`,
      [agentDefinitionId],
      "agent-latest-evaluations",
    ),
    sqlQuery<{ version: number; status: string }>(
      `SELECT DISTINCT ON (version) version, status FROM rollouts WHERE agent_definition_id = $1::uuid ORDER BY version, started_at DESC`,
      [agentDefinitionId],
      "agent-latest-rollouts",
    ),
  ]);
  return { evaluations: new Map(evaluations.map((row) => [row.version, row])), rollouts: new Map(rollouts.map((row) => [row.version, row])) };
}

/** The versions as the API lists them; `actors` names every author and activator (one lookup). */
export function versionSummaries(
  versions: Awaited<ReturnType<typeof findVersionSummaries>>,
  activeVersion: number,
  evidence: TReleaseEvidence,
  actors: Map<string, TActor>,
) {
  return versions.map((version) => {
    const evaluation = evidence.evaluations.get(version.version);
    const rollout = evidence.rollouts.get(version.version);
    return {
      version: version.version,
      active: version.version === activeVersion,
      created_at: iso(version.createdAt),
      created_by: version.createdBy,
      copied_from: copiedFrom(version.copiedFromTestVersion),
      created_by_actor: actorOf(actors, version.createdBy),
      activated_at: isoOrNull(version.activatedAt),
      activated_by: version.activatedBy,
      activated_by_actor: version.activatedBy ? actorOf(actors, version.activatedBy) : null,
      forced: version.forced,
      latest_evaluation: evaluation
        ? {
            id: evaluation.id,
            status: evaluation.status,
            agreement_rate: rateOf(evaluation.agreed, evaluation.agreed + evaluation.disagreed),
            gate: gateOf(
              { status: evaluation.status, agreed: evaluation.agreed, disagreed: evaluation.disagreed, baselineAgreementRate: evaluation.baseline?.agreement_rate ?? null },
              releaseOf(version.release),
            ),
          }
        : null,
      latest_rollout: rollout ? { status: rollout.status } : null,
    };
  });
}
