// The quality loop's reads (docs/api-conventions.md, "Quality"): how often people agreed with
// an agent version per confidence band, the threshold that evidence supports, and the
// judged runs as a dataset. Statements live in quality-statements.ts.
import { db } from "../../foundation/db/client.ts";
import { notFound, validationError } from "../../foundation/errors.ts";
import { AGENT_NAME_PATTERN, isBuiltInAgentType } from "../agents/agent-types.ts";
import { findDefinition, findVersion } from "../agent-definitions/agent-statements.ts";
import { rateOf as rate } from "../agent-definitions/release-gate.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import {
  DEFAULT_PERIOD_DAYS,
  DEFAULT_TARGET_AGREEMENT,
  MIN_JUDGED_FOR_RECOMMENDATION,
  QUALITY_DECISIONS,
  type TCorrectionLine,
  type TCorrectionsQuery,
  type TQualityDecision,
  type TQualityQuery,
  type TQualityResponse,
} from "./quality.schemas.ts";
import { correctionsChunk, findRunningRolloutOf, qualityBands, rolloutArmStats, type TBandRow } from "./quality-statements.ts";

/** Confidence bands 0.1 wide, of the report and of evaluations (src/domains/evaluations). */
export const BANDS = 10;
/** The band edges 0.1 … 1.0 as the doubles a threshold is (3 / 10 === 0.3). */
export const EDGES = Array.from({ length: BANDS }, (_, index) => (index + 1) / BANDS);
/** Rows per statement of the corrections export. */
export const CORRECTIONS_CHUNK_ROWS = 500;

const AGREED: ReadonlySet<TQualityDecision> = new Set(["approved", "spot_correct"]);

type TPeriod = { from: Date; to: Date };

/** [from, to) of a report, an export or an evaluation: default the last DEFAULT_PERIOD_DAYS, from before to. */
export function period(query: { from?: string; to?: string }): TPeriod {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * 86_400_000);
  if (Number.isNaN(to.getTime())) throw validationError("to is not a valid date", [{ path: "to", message: "not a valid date" }]);
  if (Number.isNaN(from.getTime())) throw validationError("from is not a valid date", [{ path: "from", message: "not a valid date" }]);
  if (from >= to) throw validationError("from must be before to", [{ path: "from", message: "must be before to" }]);
  return { from, to };
}

/**
 * The agent (built-in or the tenant's own, archived included) and the version to report on,
 * with the threshold that version runs under: its own review.confidence_threshold, else the
 * organization's. Another organization's or mode's agent is not found.
 */
async function resolveAgent(principal: TPrincipal, name: string, version: number | undefined) {
  // No agent has any other name; checked before the database sees it (a NUL byte would fail the query).
  if (!AGENT_NAME_PATTERN.test(name)) throw notFound("Agent");
  const tenant = tenantScope(principal);
  const organization = await db().organization.findUnique({ where: { id: tenant.organizationId }, select: { triageThreshold: true } });
  if (!organization) throw notFound("Agent");
  if (isBuiltInAgentType(name)) {
    // Built-ins have one version; they count per agent type.
    if (version !== undefined && version !== 1) throw notFound(`Version ${version} of agent ${name}`);
    return { name, version: 1, threshold: organization.triageThreshold };
  }
  const definition = await findDefinition(tenant, name);
  if (!definition) throw notFound("Agent");
  let review = definition.active.review;
  if (version !== undefined && version !== definition.activeVersion) {
    const found = await findVersion(tenant, name, version);
    if (!found) throw notFound(`Version ${version} of agent ${name}`);
    review = found.review;
  }
  const own = (review as { confidence_threshold?: number | null } | null)?.confidence_threshold;
  return { name, version: version ?? definition.activeVersion, threshold: typeof own === "number" ? own : organization.triageThreshold };
}


type TBandTotals = { runs: number; judged: number; agreed: number };

/**
 * The lowest threshold (a band edge 0.0 … 1.0) whose judged runs at or above it reach the
 * target with enough of them; otherwise why not.
 */
function recommend(bands: TBandTotals[], target: number): { recommended: number | null; reason?: string } {
  const judgedTotal = bands.reduce((sum, band) => sum + band.judged, 0);
  for (let edge = 0; edge <= BANDS; edge++) {
    const above = bands.slice(edge);
    const judged = above.reduce((sum, band) => sum + band.judged, 0);
    const agreed = above.reduce((sum, band) => sum + band.agreed, 0);
    if (judged >= MIN_JUDGED_FOR_RECOMMENDATION && agreed / judged >= target) return { recommended: edge / BANDS };
  }
  if (judgedTotal < MIN_JUDGED_FOR_RECOMMENDATION) {
    return {
      recommended: null,
      reason: `Only ${judgedTotal} run${judgedTotal === 1 ? " was" : "s were"} judged in the period: a recommendation needs at least ${MIN_JUDGED_FOR_RECOMMENDATION} judged runs at or above the threshold`,
    };
  }
  return {
    recommended: null,
    reason: `No threshold reaches an agreement of ${target} with at least ${MIN_JUDGED_FOR_RECOMMENDATION} judged runs at or above it`,
  };
}

export async function agentQuality(principal: TPrincipal, query: TQualityQuery): Promise<TQualityResponse> {
  const window = period(query);
  const agent = await resolveAgent(principal, query.name, query.version);
  const target = query.target_agreement ?? DEFAULT_TARGET_AGREEMENT;
  const rows: TBandRow[] = await qualityBands(tenantScope(principal), agent, window, agent.threshold, EDGES);

  // Index 0–9: the bands; 10: a confidence of 1.0 (reported in the last band, but a threshold of 1.0 needs it apart).
  const byEdge: TBandTotals[] = Array.from({ length: BANDS + 1 }, () => ({ runs: 0, judged: 0, agreed: 0 }));
  const outcomes = Object.fromEntries(QUALITY_DECISIONS.map((decision) => [decision, 0])) as Record<TQualityDecision, number>;
  let runs = 0;
  let completedOnOwn = 0;
  let sentToReview = 0;
  let belowCurrent = 0;
  for (const row of rows) {
    runs += row.runs;
    completedOnOwn += row.completed_on_own;
    sentToReview += row.sent_to_review;
    belowCurrent += row.below_current;
    // Every decided round is one judgement, in the band of its own confidence; one whose
    // confidence is unknown (migrated without one) is an outcome in no band.
    if (row.decision) outcomes[row.decision] += row.judgements;
    if (row.band === null) continue;
    const totals = byEdge[Math.min(Math.max(row.band, 0), BANDS)]!;
    totals.runs += row.runs;
    if (row.decision) {
      totals.judged += row.judgements;
      if (AGREED.has(row.decision)) totals.agreed += row.judgements;
    }
  }

  const buckets = Array.from({ length: BANDS }, (_, index) => {
    const band = index === BANDS - 1 ? [byEdge[index]!, byEdge[BANDS]!] : [byEdge[index]!];
    const totals = band.reduce((sum, part) => ({ runs: sum.runs + part.runs, judged: sum.judged + part.judged, agreed: sum.agreed + part.agreed }));
    return { min: index / BANDS, max: (index + 1) / BANDS, ...totals, agreement_rate: rate(totals.agreed, totals.judged) };
  });

  const rollout = isBuiltInAgentType(agent.name) ? null : await rolloutSideBySide(principal, agent.name);
  const { recommended, reason } = recommend(byEdge, target);
  const belowRecommended = recommended === null ? 0 : byEdge.slice(0, Math.round(recommended * BANDS)).reduce((sum, band) => sum + band.runs, 0);
  return {
    agent: agent.name,
    version: agent.version,
    period: { from: window.from.toISOString(), to: window.to.toISOString() },
    runs,
    completed_on_own: completedOnOwn,
    sent_to_review: sentToReview,
    outcomes,
    buckets,
    threshold: {
      current: agent.threshold,
      recommended,
      target_agreement: target,
      review_rate_now: rate(belowCurrent, runs),
      review_rate_at_recommended: recommended === null ? null : rate(belowRecommended, runs),
      ...(reason ? { reason } : {}),
    },
    ...(rollout ? { rollout } : {}),
  };
}

/** A running canary's two versions over the runs it split, or null without one. */
async function rolloutSideBySide(principal: TPrincipal, name: string) {
  const running = await findRunningRolloutOf(tenantScope(principal), name);
  if (!running) return null;
  const arms = await rolloutArmStats(running.id);
  const side = (version: number, stats: { runs: number; judged: number; agreed: number }) => ({
    version,
    runs: stats.runs,
    judged: stats.judged,
    agreement_rate: rate(stats.agreed, stats.judged),
  });
  return { percent: running.percent, candidate: side(running.version, arms.candidate), baseline: side(running.baseline_version, arms.baseline) };
}

/**
 * The judged runs of an agent (every version) created in the period, one line each, read in
 * chunks of CORRECTIONS_CHUNK_ROWS: a year of decisions never sits in memory at once. The
 * agent is checked first (404 before anything streams).
 */
export async function openCorrections(principal: TPrincipal, query: TCorrectionsQuery): Promise<AsyncGenerator<TCorrectionLine>> {
  const window = period(query);
  await resolveAgent(principal, query.name, undefined);
  const tenant = tenantScope(principal);
  return (async function* lines() {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const chunk = await correctionsChunk(tenant, query.name, window, after, CORRECTIONS_CHUNK_ROWS);
      for (const row of chunk) {
        yield {
          run_id: row.run_id,
          agent_version: row.agent_version,
          task: row.task,
          data: row.data ?? null,
          proposed_output: row.proposed_output ?? null,
          final_output: row.final_output ?? null,
          decision: row.decision,
          feedback: row.feedback,
          reason_code: row.reason_code,
          judged_at: row.judged_at.toISOString(),
        };
      }
      const last = chunk.at(-1);
      if (!last || chunk.length < CORRECTIONS_CHUNK_ROWS) return;
      after = { createdAt: last.created_at, id: last.run_id };
    }
  })();
}
