// The release gate (docs/api-conventions.md, "Releases"): whether an evaluation of a version
// is evidence enough to make that version active, by the version's own `release` settings.
// Making a version active (a new version with activate, a rollback to a version that was never
// active, promoting a rollout) asks `assertGatePassed`; `force` overrides it and is recorded.
import { AppError } from "../../foundation/errors.ts";
import { sqlQuery } from "../../foundation/db/client.ts";
import { RELEASE_DEFAULTS, type TRelease } from "./agent-definitions.schemas.ts";

export type TGate = { passed: boolean; reasons: string[] };

/** A stored release policy (any subset of fields, or null) with the defaults filled in. */
export function releaseOf(stored: unknown): TRelease {
  const release = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Partial<TRelease>) : {};
  return {
    require_evaluation: typeof release.require_evaluation === "boolean" ? release.require_evaluation : RELEASE_DEFAULTS.require_evaluation,
    max_regression: typeof release.max_regression === "number" ? release.max_regression : RELEASE_DEFAULTS.max_regression,
    min_cases: typeof release.min_cases === "number" ? release.min_cases : RELEASE_DEFAULTS.min_cases,
  };
}

/** What the gate reads of an evaluation. */
export type TGateEvidence = {
  status: string;
  agreed: number;
  disagreed: number;
  baselineAgreementRate: number | null;
};

/** A share, null without a whole: the agreement and review rates of evaluations, rollouts and the quality report. */
export const rateOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** A rate as people read it: 0.9 is "90%". */
export const percentText = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * Whether an agreement reaches a bar computed in doubles: within 1e-9 counts as reaching it
 * (0.92 − 0.02 is 0.9000000000000001). The gate and the rollout guard compare alike.
 */
export const reaches = (agreement: number, bar: number) => agreement >= bar - 1e-9;

/**
 * An evaluation passes when it completed, has at least `min_cases` judged cases (agreed +
 * disagreed) and its agreement is at least the baseline's less `max_regression` (a baseline
 * without judged cases sets no bar). Every reason it does not is listed.
 */
export function gateOf(evidence: TGateEvidence, release: TRelease): TGate {
  const reasons: string[] = [];
  if (evidence.status !== "completed") reasons.push(`the evaluation is ${evidence.status}, not completed`);
  const judged = evidence.agreed + evidence.disagreed;
  if (judged < release.min_cases) reasons.push(`${judged} judged cases, fewer than release.min_cases (${release.min_cases})`);
  const agreement = rateOf(evidence.agreed, judged);
  if (evidence.baselineAgreementRate !== null) {
    const bar = evidence.baselineAgreementRate - release.max_regression;
    if (agreement === null || !reaches(agreement, bar)) {
      reasons.push(
        `agreement ${agreement === null ? "unknown" : percentText(agreement)} is below the baseline's ${percentText(evidence.baselineAgreementRate)} less release.max_regression (${percentText(release.max_regression)})`,
      );
    }
  }
  return { passed: reasons.length === 0, reasons };
}

type TLatestEvaluation = { id: string; status: string; agreed: number; disagreed: number; baseline: { agreement_rate?: number | null } | null };

/**
 * The gate of one version as it stands: its newest completed evaluation judged by the
 * version's release settings; without one, why not.
 */
export async function versionGate(agentDefinitionId: string, version: number, storedRelease: unknown): Promise<TGate> {
  const [latest] = await sqlQuery<TLatestEvaluation>(
    `SELECT id, status, agreed, disagreed, baseline FROM evaluations
     WHERE agent_definition_id = $1::uuid AND version = $2::int AND status = 'completed'
     ORDER BY created_at DESC LIMIT 1`,
    [agentDefinitionId, version],
    "release-gate-latest-evaluation",
  );
  if (!latest) return { passed: false, reasons: [`version ${version} has no completed evaluation (POST /v1/agents/{name}/evaluations)`] };
  return gateOf(
    { status: latest.status, agreed: latest.agreed, disagreed: latest.disagreed, baselineAgreementRate: latest.baseline?.agreement_rate ?? null },
    releaseOf(storedRelease),
  );
}

/** 409 gate_not_passed naming the reasons; nothing is changed by the caller. */
export function gateNotPassed(version: number, gate: TGate): AppError {
  return new AppError(
    "gate_not_passed",
    `Version ${version} has not passed its release gate: ${gate.reasons.join("; ")}. Evaluate it, or pass "force": true`,
    { reasons: gate.reasons },
  );
}

/**
 * Refuses to make `version` active when its release requires an evaluation and none passed,
 * unless forced. Answers whether the activation is forced past a gate that did not pass.
 */
export async function assertGatePassed(
  target: { agentDefinitionId: string; version: number; release: unknown },
  force: boolean | undefined,
): Promise<{ forced: boolean }> {
  const release = releaseOf(target.release);
  if (!release.require_evaluation) return { forced: false };
  const gate = await versionGate(target.agentDefinitionId, target.version, target.release);
  if (gate.passed) return { forced: false };
  if (force) return { forced: true };
  throw gateNotPassed(target.version, gate);
}
