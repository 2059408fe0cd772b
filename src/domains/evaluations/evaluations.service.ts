// Evaluations (docs/api-conventions.md, "Evaluations"): a version replayed over the agent's
// judged runs as durable work, each case compared with what people decided. Starting one
// charges it, stores the evaluation, its cases (snapshots of each run's task, final data and
// judgement) and one job per case in ONE transaction; the jobs (src/jobs/functions/evaluate-case.ts)
// record each case's outcome and the counters. Statements live in evaluation-statements.ts.
import { randomUUID } from "node:crypto";
import { db, sqlStatement } from "../../foundation/db/client.ts";
import { modelSettings } from "../../foundation/env.ts";
import { conflict, notFound, validationError } from "../../foundation/errors.ts";
import type { TPagination } from "../../foundation/pagination.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { findVersion } from "../agent-definitions/agent-statements.ts";
import { findCustomAgent } from "../agent-definitions/agent-definitions.service.ts";
import { gateOf, rateOf as rate, releaseOf } from "../agent-definitions/release-gate.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { BANDS, EDGES, period } from "../quality/quality.service.ts";
import { chargeEvaluation, evaluationCost } from "../usage/credits.ts";
import { announceWorkQueued, enqueueWork } from "../work-queue/enqueue.ts";
import { evaluateCaseWork } from "./evaluation-work.ts";
import { baselineCounts, bandCounts, cancelEvaluationStatement, judgedCases, type TBandCount, type TTenant } from "./evaluation-statements.ts";
import {
  DEFAULT_EVALUATION_CASES,
  type TEvaluation,
  type TStartEvaluationRequest,
} from "./evaluations.schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored baseline: people's decisions on the cases whose runs ran the baseline version. */
type TStoredBaseline = { version: number; agreement_rate: number | null; review_rate: number | null; runs: number; judgements: number };

const customAgent = (principal: TPrincipal, name: string) => findCustomAgent(principal, name, "evaluate");

/** The cases an evaluation would replay, and the version it evaluates (checked it can run). */
async function plan(principal: TPrincipal, request: TStartEvaluationRequest) {
  const definition = await customAgent(principal, request.name);
  const tenant = tenantScope(principal);
  const version = request.version === definition.activeVersion ? definition.active : await findVersion(tenant, request.name, request.version);
  if (!version) throw notFound(`Version ${request.version} of agent ${request.name}`);
  if (definition.archivedAt) throw conflict(`Agent ${request.name} is archived: it cannot be evaluated`);
  if (!modelSettings()) {
    throw validationError(`agent ${request.name} needs a model: the server has no OPENAI_BASE_URL and AGENT_MODEL configured`, [{ path: "name", message: "no model configured" }]);
  }
  const modelProblem = modelNotAllowedProblem(version.model);
  if (modelProblem) throw validationError(`agent ${request.name} version ${request.version} cannot run: ${modelProblem}`, [{ path: "version", message: modelProblem }]);
  const window = period(request);
  const cases = await judgedCases(tenant, request.name, window, request.limit ?? DEFAULT_EVALUATION_CASES);
  if (cases.length === 0) {
    throw conflict(
      `Agent ${request.name} has no judged runs created between ${window.from.toISOString()} and ${window.to.toISOString()} in this mode: nothing to evaluate against`,
    );
  }
  return { definition, version, window, cases };
}

export async function startEvaluation(principal: TPrincipal, request: TStartEvaluationRequest): Promise<{ evaluation: TEvaluation } | { cases: number; credits: number }> {
  const { definition, window, cases } = await plan(principal, request);
  if (request.dry_run) return { cases: cases.length, credits: evaluationCost(principal.livemode, request.name, cases.length) };

  const baselineVersion = definition.activeVersion;
  const counts = await baselineCounts(cases.map((row) => row.run_id), baselineVersion);
  const baseline: TStoredBaseline = {
    version: baselineVersion,
    agreement_rate: rate(counts.agreed, counts.judgements),
    review_rate: rate(counts.sent_to_review, counts.runs),
    runs: counts.runs,
    judgements: counts.judgements,
  };
  const id = randomUUID();
  const works = cases.map((_, position) => evaluateCaseWork(id, position));
  await db().$transaction(
    async (tx) => {
      // Charged first: a 402 or 429 rolls everything back, so nothing is created.
      const credits = await chargeEvaluation(tx, principal, { id, agentName: request.name, cases: cases.length });
      await tx.evaluation.create({
        data: {
          id,
          organizationId: principal.organizationId,
          livemode: principal.livemode,
          agentDefinitionId: definition.id,
          agentName: request.name,
          version: request.version,
          baselineVersion,
          periodFrom: window.from,
          periodTo: window.to,
          cases: cases.length,
          credits,
          baseline: baseline,
          createdBy: principal.actor.id,
          memberId: principal.memberId,
        },
      });
      await tx.evaluationCase.createMany({
        data: cases.map((row, position) => ({
          evaluationId: id,
          position,
          runId: row.run_id,
          task: row.task,
          data: row.data === null || row.data === undefined ? Prisma.DbNull : (row.data as Prisma.InputJsonValue),
          expectedKind: row.expected_kind,
          expected: row.expected === null ? Prisma.DbNull : (row.expected as Prisma.InputJsonValue),
          decision: row.decision,
        })),
      });
      await enqueueWork(tx, works);
    },
    { timeout: 30_000 },
  );
  announceWorkQueued();
  return { evaluation: await evaluationOf(tenantScope(principal), request.name, id) };
}

type TEvaluationRow = {
  id: string;
  agent_name: string;
  version: number;
  baseline_version: number;
  status: TEvaluation["status"];
  cases: number;
  completed_cases: number;
  agreed: number;
  disagreed: number;
  sent_to_review: number;
  failed_cases: number;
  credits: number;
  refunded_credits: number;
  baseline: TStoredBaseline;
  release: unknown;
  created_at: Date;
  completed_at: Date | null;
};

const EVALUATION_COLUMNS = Prisma.sql`
  e.id, e.agent_name, e.version, e.baseline_version, e.status, e.cases, e.completed_cases, e.agreed, e.disagreed,
  e.sent_to_review, e.failed_cases, e.credits, e.refunded_credits, e.baseline, v.release, e.created_at, e.completed_at`;

const FROM_EVALUATIONS = Prisma.sql`
  FROM evaluations e JOIN agent_versions v ON v.agent_definition_id = e.agent_definition_id AND v.version = e.version`;

function bandsOf(counts: TBandCount[]): TEvaluation["by_band"] {
  const bands = Array.from({ length: BANDS }, (_, index) => ({ min: index / BANDS, max: (index + 1) / BANDS, cases: 0, agreed: 0, disagreed: 0, sent_to_review: 0 }));
  for (const count of counts) {
    // A confidence of 1.0 (bucket 10) is reported in the last band, as in the quality report.
    const band = bands[Math.min(Math.max(count.band, 0), BANDS - 1)]!;
    band.cases += count.cases;
    if (count.outcome === "agreed" || count.outcome === "disagreed" || count.outcome === "sent_to_review") band[count.outcome] += count.cases;
  }
  return bands;
}

function serialize(row: TEvaluationRow, counts: TBandCount[]): TEvaluation {
  const judged = row.agreed + row.disagreed;
  const finished = row.agreed + row.disagreed + row.sent_to_review;
  const baselineAgreement = row.baseline?.agreement_rate ?? null;
  return {
    id: row.id,
    agent: row.agent_name,
    version: row.version,
    baseline_version: row.baseline_version,
    status: row.status,
    cases: row.cases,
    completed_cases: row.completed_cases,
    agreed: row.agreed,
    disagreed: row.disagreed,
    sent_to_review: row.sent_to_review,
    failed_cases: row.failed_cases,
    agreement_rate: rate(row.agreed, judged),
    review_rate: rate(row.sent_to_review, finished),
    by_band: bandsOf(counts.filter((count) => count.evaluation_id === row.id)),
    baseline: { version: row.baseline_version, agreement_rate: baselineAgreement, review_rate: row.baseline?.review_rate ?? null },
    gate: gateOf({ status: row.status, agreed: row.agreed, disagreed: row.disagreed, baselineAgreementRate: baselineAgreement }, releaseOf(row.release)),
    credits: row.credits - row.refunded_credits,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

async function findEvaluation(tenant: TTenant, name: string, id: string): Promise<TEvaluationRow> {
  if (!UUID.test(id)) throw notFound("Evaluation");
  const [row] = await sqlStatement<TEvaluationRow>(Prisma.sql`
    SELECT ${EVALUATION_COLUMNS} ${FROM_EVALUATIONS}
    WHERE e.id = ${id}::uuid AND e.organization_id = ${tenant.organizationId}::uuid AND e.livemode = ${tenant.livemode} AND e.agent_name = ${name}`);
  if (!row) throw notFound("Evaluation");
  return row;
}

export async function listEvaluations(principal: TPrincipal, query: TPagination & { name: string; version?: number }) {
  const definition = await customAgent(principal, query.name);
  const versionFilter = query.version === undefined ? Prisma.empty : Prisma.sql`AND e.version = ${query.version}::int`;
  const where = Prisma.sql`WHERE e.agent_definition_id = ${definition.id}::uuid ${versionFilter}`;
  const [rows, [total]] = await Promise.all([
    sqlStatement<TEvaluationRow>(Prisma.sql`
      SELECT ${EVALUATION_COLUMNS} ${FROM_EVALUATIONS} ${where}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${query.limit}::int OFFSET ${query.offset}::int`),
    sqlStatement<{ count: number }>(Prisma.sql`SELECT count(*)::int AS count FROM evaluations e ${where}`),
  ]);
  const counts = await bandCounts(rows.map((row) => row.id), EDGES);
  return { data: rows.map((row) => serialize(row, counts)), total: total?.count ?? 0, limit: query.limit, offset: query.offset };
}

async function evaluationOf(tenant: TTenant, name: string, id: string): Promise<TEvaluation> {
  const row = await findEvaluation(tenant, name, id);
  return serialize(row, await bandCounts([row.id], EDGES));
}

export async function getEvaluation(principal: TPrincipal, name: string, id: string): Promise<{ evaluation: TEvaluation }> {
  await customAgent(principal, name);
  return { evaluation: await evaluationOf(tenantScope(principal), name, id) };
}

type TCaseRow = {
  run_id: string;
  status: "pending" | "running" | "done" | "failed" | "cancelled";
  outcome: "agreed" | "disagreed" | "sent_to_review" | null;
  expected_kind: "output" | "review";
  expected: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  confidence: number | null;
  differences: string[] | null;
  error_message: string | null;
};

export async function listEvaluationCases(principal: TPrincipal, query: TPagination & { name: string; id: string; outcome?: string }) {
  await customAgent(principal, query.name);
  const evaluation = await findEvaluation(tenantScope(principal), query.name, query.id);
  const outcomeFilter = query.outcome === undefined ? Prisma.empty : Prisma.sql`AND outcome = ${query.outcome}`;
  const where = Prisma.sql`WHERE evaluation_id = ${evaluation.id}::uuid ${outcomeFilter}`;
  const [rows, [total]] = await Promise.all([
    sqlStatement<TCaseRow>(Prisma.sql`
      SELECT run_id, status, outcome, expected_kind, expected, output, confidence, differences, error_message
      FROM evaluation_cases ${where} ORDER BY position LIMIT ${query.limit}::int OFFSET ${query.offset}::int`),
    sqlStatement<{ count: number }>(Prisma.sql`SELECT count(*)::int AS count FROM evaluation_cases ${where}`),
  ]);
  return {
    data: rows.map((row) => ({
      run_id: row.run_id,
      outcome: row.outcome,
      status: row.status,
      expected: row.expected_kind === "output" && row.expected ? { output: row.expected } : { review: true as const },
      output: row.output,
      confidence: row.confidence,
      // The version routed the case to a person: sent_to_review, or agreeing with a rejection.
      sent_to_review: row.outcome === "sent_to_review" || (row.outcome === "agreed" && row.expected_kind === "review"),
      differences: row.differences ?? [],
      error: row.error_message,
    })),
    total: total?.count ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function cancelEvaluation(principal: TPrincipal, name: string, id: string): Promise<{ evaluation: TEvaluation }> {
  await customAgent(principal, name);
  const tenant = tenantScope(principal);
  const row = await findEvaluation(tenant, name, id);
  if (!(await cancelEvaluationStatement(tenant, row.id))) throw conflict(`Evaluation ${id} has already ended (${(await findEvaluation(tenant, name, id)).status})`);
  return { evaluation: await evaluationOf(tenant, name, id) };
}
