// The state changes of carrying a run out, called from the execute-run function's steps.
// Each is one conditional update in a transaction, so a step that runs again after a
// crash or retry finds the work done and changes nothing.
import { runAgent, needsTriage } from "../agents/registry.ts";
import {
  runAssistant,
  type TConversationContinuation,
  type TModelAgentRun,
  type TModelCall,
  type TModelTranscript,
  type TModelUsage,
} from "../agents/assistant.ts";
import { ASSISTANT_TOOLS } from "../agents/model-tools.ts";
import { centerWithModel, rfqWithModel, wantsModel } from "../agents/model-assisted.ts";
import { AgentInputError, type TAgentResult } from "../agents/types.ts";
import { db, sqlStatement } from "../../foundation/db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { env, modelSettings } from "../../foundation/env.ts";
import { isBuiltInAgentType, type TAgentType } from "../agents/agent-types.ts";
import { runCustomAgent } from "../agents/custom-agent.ts";
import { customAgentVersionOf } from "../agent-definitions/run-agent.ts";
import { modelNotAllowedProblem } from "../agents/model-allow-list.ts";
import { refundRun } from "../usage/credits.ts";
import type { TRunEventName, TRunOutcome } from "./run-events.ts";
import { settledCountersAssignments } from "./batch-row-settlement.ts";
import { publishRunChange, publishTriageChange } from "./run-notifier.ts";
import { apResultWithHistory, takesApControls } from "./ap-history.ts";
import { takesRfqNumber, withOrganizationRfqNumber } from "./rfq-numbers.ts";

export type TStartedRun = {
  runId: string;
  /** A built-in's type or a custom agent's name. */
  agentType: TAgentType | string;
  task: string;
  data: Record<string, unknown> | null;
  organizationId: string;
  batchJobId: string | null;
  /** The mode and agent version the run was accepted in (a custom agent's version is read by them). */
  livemode?: boolean;
  agentVersion?: number;
  /** The mode of the agent definition when it is not the run's (a live agent tried in test mode); null: the run's. */
  agentLivemode?: boolean | null;
  /** How many times a reviewer sent the run back (docs/api-conventions.md, "Review rounds"); 0 at first. */
  reviewRound?: number;
};

type TStartedRow = {
  id: string;
  agent_type: string;
  task: string;
  data: Record<string, unknown> | null;
  organization_id: string;
  batch_job_id: string | null;
  status: string;
  livemode: boolean;
  agent_version: number;
  review_round: number;
  agent_livemode: boolean | null;
};

/**
 * queued → running, with the batch row, in one statement (the hot path of every run).
 * A run already running is this step repeated after a crash: carry on with it. Returns
 * null when the run is no longer waiting (e.g. cancelled).
 */
export async function startRun(runId: string): Promise<TStartedRun | null> {
  const [row] = await sqlStatement<TStartedRow>(Prisma.sql`
    WITH started AS (
      UPDATE runs SET status = 'running', started_at = COALESCE(started_at, now()), updated_at = now()
      WHERE id = ${runId}::uuid AND status = 'queued'
      RETURNING id, agent_type, task, data, organization_id, batch_job_id, status::text, livemode, agent_version, review_round, agent_livemode),
    row_started AS (
      UPDATE batch_rows SET status = 'running', updated_at = now()
      WHERE run_id IN (SELECT id FROM started) AND status = 'pending')
    SELECT * FROM started
    UNION ALL
    SELECT id, agent_type, task, data, organization_id, batch_job_id, status::text, livemode, agent_version, review_round, agent_livemode FROM runs
    WHERE id = ${runId}::uuid AND NOT EXISTS (SELECT 1 FROM started)`);
  if (!row || row.status !== "running") return null;
  publishRunChange(runId);
  return {
    runId: row.id,
    agentType: row.agent_type,
    task: row.task,
    data: row.data ?? null,
    organizationId: row.organization_id,
    batchJobId: row.batch_job_id,
    livemode: row.livemode,
    agentVersion: row.agent_version,
    agentLivemode: row.agent_livemode,
    reviewRound: row.review_round,
  };
}

/**
 * `input_error`: the run's own input cannot be used; `unusable_answer`: the model answered
 * but no answer could be used (its message starts with the reason's code). Both fail the
 * run and keep its charge; only a service error is refunded.
 */
export type TAgentOutcome =
  | { kind: "result"; result: TAgentResult }
  | { kind: "input_error"; message: string }
  | { kind: "unusable_answer"; message: string };

/** Calls the agent. Input problems are an outcome (the run fails); anything else throws and is retried. */
export async function callAgent(run: TStartedRun): Promise<TAgentOutcome> {
  try {
    const result = await runAgent(run.agentType as TAgentType, { task: run.task, data: run.data }, { latencyMs: env().AGENT_LATENCY_MS });
    return { kind: "result", result };
  } catch (error) {
    if (error instanceof AgentInputError) return { kind: "input_error", message: error.message };
    throw error;
  }
}

export type TServiceErrorOutcome = { kind: "service_error"; message: string };

/**
 * Whether this run talks to the model (so it is carried out in steps, one per call):
 * `assistant` always; with a model configured, `center` for a task its rules cannot place
 * and `rfq_generator` for items in free text.
 */
export function usesModel(run: Pick<TStartedRun, "agentType" | "task" | "data">): boolean {
  if (run.agentType === "assistant" || !isBuiltInAgentType(run.agentType)) return true;
  return modelSettings() !== null && wantsModel(run.agentType, { task: run.task, data: run.data });
}

/**
 * What a round after the first builds on (docs/api-conventions.md, "Review rounds"): the
 * usage and conversation stored so far and the reviewer's feedback. Read once per round in
 * a durable step, so a replay after this round saved its record does not build on itself.
 */
export type TPriorRounds = { round: number; usage: TModelUsage | null; transcript: TModelTranscript | null; feedback: string | null };

export async function loadPriorRounds(runId: string, round: number): Promise<TPriorRounds> {
  const stored = await db().run.findUnique({
    where: { id: runId },
    select: { modelUsage: true, modelTranscript: true, triageItems: { where: { round: round - 1, kind: "review" }, select: { feedback: true } } },
  });
  return {
    round,
    usage: (stored?.modelUsage ?? null) as TModelUsage | null,
    transcript: (stored?.modelTranscript ?? null) as TModelTranscript | null,
    feedback: stored?.triageItems[0]?.feedback ?? null,
  };
}

/** A model-backed agent's conversation goes on with the feedback; the built-ins' model paths start afresh on the patched data. */
function continuationOf(run: TStartedRun, prior: TPriorRounds | null): TConversationContinuation | undefined {
  const continues = run.agentType === "assistant" || !isBuiltInAgentType(run.agentType);
  const messages = prior?.transcript?.messages;
  if (!continues || !prior?.feedback || !Array.isArray(messages) || messages.length === 0) return undefined;
  return { messages, feedback: prior.feedback };
}

/** This round's record on top of the earlier rounds': usage summed, every message kept, where the round began marked. */
function withPriorRounds(done: TModelAgentRun, prior: TPriorRounds | null, continued: boolean): TModelAgentRun {
  if (!prior || (!prior.transcript && !prior.usage)) return done;
  const before = prior.transcript?.messages ?? [];
  const usage = prior.usage
    ? {
        model: done.usage.model,
        calls: prior.usage.calls + done.usage.calls,
        input_tokens: prior.usage.input_tokens + done.usage.input_tokens,
        output_tokens: prior.usage.output_tokens + done.usage.output_tokens,
      }
    : done.usage;
  const transcript: TModelTranscript = {
    // A continued conversation already holds the earlier messages.
    messages: continued ? done.transcript.messages : [...before, ...done.transcript.messages],
    tool_calls: [...(prior.transcript?.tool_calls ?? []), ...done.transcript.tool_calls],
    rounds: [...(prior.transcript?.rounds ?? []), { round: prior.round, first_message: before.length }],
  };
  return { ...done, usage, transcript };
}

/**
 * Runs a model-backed agent, each model call through `call` (a durable step), and stores
 * the conversation and token usage with the run. A model that gives no answer (refuses,
 * keeps failing, times out) fails the run as a service error (refunded); a model that
 * answered but whose answers cannot be used (malformed or breaking the agent's
 * output_schema twice, the call limit) fails it as an unusable answer (charged). In a later
 * review round (`prior`), an assistant or custom agent continues its conversation with the
 * reviewer's feedback; usage and transcript accumulate over the rounds.
 */
export async function callModelAgent(
  run: TStartedRun,
  call: TModelCall,
  prior: TPriorRounds | null = null,
): Promise<TAgentOutcome | TServiceErrorOutcome> {
  const settings = modelSettings();
  if (!settings) return { kind: "service_error", message: "No model is configured (OPENAI_BASE_URL and AGENT_MODEL)" };
  const input = { task: run.task, data: run.data };
  const continueFrom = continuationOf(run, prior);
  let done: TModelAgentRun;
  try {
    if (run.agentType === "center") done = await centerWithModel(input, call, settings.model);
    else if (run.agentType === "rfq_generator") done = await rfqWithModel(input, call, settings.model);
    else if (run.agentType === "assistant") done = await runAssistant(input, call, settings.model, ASSISTANT_TOOLS, continueFrom);
    else {
      // A custom agent: the version the run was pinned to at acceptance (archived or not).
      const version = await customAgentVersionOf(
        { organizationId: run.organizationId, livemode: run.agentLivemode ?? run.livemode ?? false },
        run.agentType,
        run.agentVersion ?? 1,
      );
      if (!version) return { kind: "service_error", message: `Agent ${run.agentType} version ${run.agentVersion ?? 1} could not be found` };
      // Accepted before the operator took its model off AGENT_MODELS: nothing is asked, the charge is given back.
      const modelProblem = modelNotAllowedProblem(version.model);
      if (modelProblem) return { kind: "service_error", message: `Agent ${run.agentType} version ${version.version} cannot run: ${modelProblem}` };
      done = await runCustomAgent(version, input, call, settings.model, continueFrom);
    }
  } catch (error) {
    if (error instanceof AgentInputError) return { kind: "input_error", message: error.message };
    throw error;
  }
  done = withPriorRounds(done, prior, continueFrom !== undefined);
  await saveModelRecord(run.runId, done);
  if (done.outcome.kind === "result") return { kind: "result", result: done.outcome.result };
  if (done.outcome.kind === "input_error") return { kind: "input_error", message: done.outcome.message };
  if (done.outcome.kind === "unusable_answer") return { kind: "unusable_answer", message: `${done.outcome.code}: ${done.outcome.message}` };
  return { kind: "service_error", message: done.outcome.message };
}

/** Usage and transcript, written while the run is running (a replay writes the same again). */
export async function saveModelRecord(runId: string, done: Pick<TModelAgentRun, "usage" | "transcript">): Promise<void> {
  await sqlStatement(Prisma.sql`
    UPDATE runs SET model_usage = ${JSON.stringify(done.usage)}::jsonb, model_transcript = ${JSON.stringify(done.transcript)}::jsonb
    WHERE id = ${runId}::uuid AND status = 'running'`);
}

/**
 * The outcome recorded, or null when nothing changed (the run was cancelled meanwhile).
 * `announce` says whether anyone listens to it: an active webhook of the run's organization
 * and mode subscribed to the event, or a webhook_url on the run or its batch. Without one
 * the outcome event is not sent at all (no fan-out job that would find nothing to do).
 */
export type TRecordedOutcome = (TRunOutcome & { announce: boolean }) | null;

/** Read with the run, under its lock: who would receive each of its events. */
type TDestinations = { subscribed_events: string[]; has_own_destination: boolean; review_round: number };

const destinationsSql = Prisma.sql`
  ARRAY(SELECT DISTINCT e FROM webhooks w, unnest(w.events) e
        WHERE w.organization_id = r.organization_id AND w.livemode = r.livemode AND w.is_active) AS subscribed_events,
  (r.webhook_url IS NOT NULL OR EXISTS (
     SELECT 1 FROM batch_jobs b WHERE b.id = r.batch_job_id AND b.webhook_url IS NOT NULL)) AS has_own_destination,
  r.review_round`;

const EVENT_BY_SETTLED_STATUS: Record<string, TRunEventName> = {
  completed: "run.completed",
  failed: "run.failed",
  pending_triage: "run.triage_required",
};

function outcomeOfRecordedRun(
  run: Pick<TStartedRun, "runId" | "organizationId" | "batchJobId">,
  status: string,
  triageItemId: string | null,
  destinations: TDestinations,
): TRecordedOutcome {
  const event = EVENT_BY_SETTLED_STATUS[status];
  if (!event) return null;
  return {
    announce: destinations.has_own_destination || destinations.subscribed_events.includes(event),
    event,
    runId: run.runId,
    organizationId: run.organizationId,
    batchJobId: run.batchJobId,
    triageItemId: event === "run.triage_required" ? triageItemId : null,
    reviewRound: destinations.review_round,
  };
}

type TRecordTarget = {
  status: "completed" | "failed" | "pending_triage";
  confidenceScore: number | null;
  output: unknown;
  errorMessage: string | null;
  triageReason: string | null;
};

function recordTarget(outcome: TAgentOutcome | { kind: "service_error"; message: string }, threshold: number): TRecordTarget {
  if (outcome.kind !== "result") {
    return { status: "failed", confidenceScore: null, output: null, errorMessage: outcome.message, triageReason: null };
  }
  const reason = needsTriage(outcome.result, threshold);
  return {
    status: reason ? "pending_triage" : "completed",
    confidenceScore: outcome.result.confidence_score,
    output: outcome.result.output,
    errorMessage: null,
    triageReason: reason,
  };
}

type TCurrentRun = { status: string; livemode: boolean; triage_item_id: string | null } & TDestinations;

/**
 * Minutes until a new triage item of `recorded` is due: the agent version's review.sla_minutes,
 * else the organization's triage_sla_minutes (docs/api-conventions.md, "Claims and due times").
 */
const dueMinutesSql = Prisma.sql`COALESCE(
  (SELECT (v.review->>'sla_minutes')::int FROM agent_definitions d
     JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = recorded.agent_version
   WHERE d.organization_id = recorded.organization_id AND d.livemode = recorded.livemode AND d.name = recorded.agent_type),
  (SELECT triage_sla_minutes FROM organizations WHERE id = recorded.organization_id))`;

/**
 * The share of `recorded`'s agent version sent to a spot check: the custom agent version's
 * review.spot_check_rate, else the organization's rate for the built-in type, else 0. Numeric,
 * so 0.29 × 100 is 29, not 28.999….
 */
const spotCheckRateSql = Prisma.sql`COALESCE(
  (SELECT (v.review->>'spot_check_rate')::numeric FROM agent_definitions d
     JOIN agent_versions v ON v.agent_definition_id = d.id AND v.version = recorded.agent_version
   WHERE d.organization_id = recorded.organization_id AND d.livemode = recorded.livemode AND d.name = recorded.agent_type),
  (SELECT (spot_check_rates->>recorded.agent_type)::numeric FROM organizations WHERE id = recorded.organization_id),
  0)`;

/**
 * The counted spot-check sampler (docs/api-conventions.md, "Spot checks"), for a run that
 * completed on its own: only an agent version with a rate above 0 touches its counter. The
 * n-th completed run is sampled when floor(n × rate) passes floor((n − 1) × rate), so a steady
 * rate r samples exactly floor(n × r) of n, decided from the counter's new value alone (the
 * upsert serialises concurrent runs on the counter's row). The spot check is a triage item of
 * kind spot_check; the run, its batch row, credits and webhooks are left as they are.
 */
const spotCheckSql = Prisma.sql`,
    spot_rate AS (
      SELECT recorded.*, ${spotCheckRateSql} AS rate FROM recorded),
    spot_counted AS (
      INSERT INTO spot_check_counters AS c (organization_id, livemode, agent_type, agent_version, completed_runs, sampled_runs)
      SELECT organization_id, livemode, agent_type, agent_version, 1, floor(rate)::int FROM spot_rate WHERE rate > 0
      ON CONFLICT (organization_id, livemode, agent_type, agent_version) DO UPDATE SET
        completed_runs = c.completed_runs + 1,
        sampled_runs = c.sampled_runs
          + (floor((c.completed_runs + 1) * (SELECT rate FROM spot_rate)) > floor(c.completed_runs * (SELECT rate FROM spot_rate)))::int
      RETURNING completed_runs),
    spot_item AS (
      INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, status, triage_reason, proposed_output, agent_version, confidence_score, due_at)
      SELECT gen_random_uuid(), s.organization_id, s.livemode, s.id, s.review_round, 'spot_check', 'pending',
        'Spot check: ' || CASE WHEN mod(1, s.rate) = 0 THEN '1 in ' || (1 / s.rate)::int ELSE trim_scale(s.rate * 100) || '%' END
          || ' of completed runs of ' || s.agent_type || ' v' || s.agent_version,
        s.output, s.agent_version, s.confidence_score, now() + make_interval(mins => ${dueMinutesSql})
      FROM recorded, spot_rate s, spot_counted n
      WHERE floor(n.completed_runs * s.rate) > floor((n.completed_runs - 1) * s.rate)
      RETURNING id)`;

/** The new spot check's id in the statement's answer (only a completed run has the CTE). */
const spotCheckIdSql = (target: TRecordTarget) => (target.status === "completed" ? Prisma.sql`(SELECT id FROM spot_item)` : Prisma.sql`NULL::uuid`);

/**
 * The statement that records a target on a running run (`guard` must hold too), with the
 * triage item, the batch row and the batch counters (and, for a run that completed on its
 * own, the spot-check sampler); answers the new triage item's id.
 */
function recordSql(runId: string, target: TRecordTarget, guard: Prisma.Sql): Prisma.Sql {
  const terminal = target.status !== "pending_triage";
  const output = target.output === null ? null : JSON.stringify(target.output);
  const runOutput = target.status === "completed" ? output : null; // a person decides on pending output
  return Prisma.sql`
    recorded AS (
      UPDATE runs SET status = ${target.status}::"RunStatus", confidence_score = ${target.confidenceScore},
        requires_triage = ${target.status === "pending_triage"}, output = ${runOutput}::jsonb,
        error_message = ${target.errorMessage}, completed_at = ${terminal ? new Date() : null}, updated_at = now()
      WHERE id = ${runId}::uuid AND status = 'running' AND ${guard}
      RETURNING id, organization_id, livemode, agent_type, agent_version, review_round, output, confidence_score),
    -- The round's confidence goes with its item: a later round overwrites the run's (quality bands, steps).
    item AS (
      INSERT INTO triage_items (id, organization_id, livemode, run_id, round, status, triage_reason, proposed_output, agent_version, confidence_score, due_at)
      SELECT gen_random_uuid(), organization_id, livemode, id, review_round, 'pending', ${target.triageReason}, ${output}::jsonb, agent_version,
        confidence_score, now() + make_interval(mins => ${dueMinutesSql})
      FROM recorded WHERE ${target.triageReason}::text IS NOT NULL
      RETURNING id),
    row_settled AS (
      UPDATE batch_rows SET status = ${target.status}::"BatchRowStatus", result = ${runOutput}::jsonb,
        error_message = ${target.errorMessage}, updated_at = now()
      WHERE run_id IN (SELECT id FROM recorded) AND status NOT IN ('completed', 'failed', 'cancelled')
      RETURNING batch_job_id),
    job AS (
      UPDATE batch_jobs SET ${settledCountersAssignments({
        settled: terminal ? 1 : 0,
        completed: target.status === "completed" ? 1 : 0,
        failed: target.status === "failed" ? 1 : 0,
      })}
      WHERE id IN (SELECT batch_job_id FROM row_settled) AND ${terminal})${target.status === "completed" ? spotCheckSql : Prisma.empty}`;
}

/**
 * running → completed | pending_triage | failed, with the triage item, the batch row and
 * the batch counters (this is every run's hot path). One statement when the outcome does
 * not depend on what it cannot know beforehand; otherwise (a score that may fall below the
 * organization's threshold, a refund to make, a concurrent change) one transaction.
 */
export async function recordOutcome(
  run: TStartedRun,
  outcome: TAgentOutcome | { kind: "service_error"; message: string },
): Promise<TRecordedOutcome> {
  // An AP result is decided again in the recording transaction, with the organization's
  // history and tolerances under a per-vendor lock (ap-history.ts): never the one statement.
  const inTransaction = outcome.kind === "service_error" || takesApControls(run.agentType, outcome)
    || (outcome.kind === "result" && takesRfqNumber(run.agentType, outcome.result));
  const recorded = inTransaction
    ? undefined
    : await recordInOneStatement(run, outcome);
  const { outcome: settled, livemode, spotChecked } = recorded ?? (await recordInTransaction(run, outcome));
  publishRunChange(run.runId);
  // A new item in the queue: open triage pages refresh (a repeat after a crash is harmless).
  if ((settled?.event === "run.triage_required" || spotChecked) && livemode !== null) publishTriageChange(run.organizationId, livemode);
  return settled;
}

/** `spotChecked`: the run was sampled for a spot check (a new item in the queue). */
type TRecording = { outcome: TRecordedOutcome; livemode: boolean | null; spotChecked?: boolean };

/**
 * The outcome as if the score met the threshold (an agent's own triage reason and input
 * errors do not depend on it), guarded in the statement by the stored threshold. Undefined
 * when the statement could not decide: the transaction does.
 */
async function recordInOneStatement(run: TStartedRun, outcome: TAgentOutcome): Promise<TRecording | undefined> {
  const target = recordTarget(outcome, Number.NEGATIVE_INFINITY);
  // A custom agent's own threshold already decided; otherwise the organization's is checked in the statement.
  const ownThreshold = outcome.kind === "result" && outcome.result.reviewThreshold !== undefined;
  const score = target.status === "completed" && !ownThreshold ? target.confidenceScore : null;
  const [current] = await sqlStatement<TCurrentRun & { fits: boolean; recorded: boolean; new_triage_item_id: string | null; spot_check_id: string | null }>(Prisma.sql`
    WITH current AS (
      SELECT r.status::text AS status, r.livemode, t.id AS triage_item_id, ${destinationsSql},
        (${score}::float8 IS NULL OR ${score}::float8 >= o.triage_threshold) AS fits
      FROM runs r JOIN organizations o ON o.id = r.organization_id LEFT JOIN LATERAL (SELECT id FROM triage_items WHERE run_id = r.id AND kind = 'review' ORDER BY round DESC LIMIT 1) t ON true
      WHERE r.id = ${run.runId}::uuid),
    ${recordSql(run.runId, target, Prisma.sql`(SELECT fits FROM current)`)}
    SELECT c.*, EXISTS (SELECT 1 FROM recorded) AS recorded, (SELECT id FROM item) AS new_triage_item_id,
      ${spotCheckIdSql(target)} AS spot_check_id FROM current c`);
  if (!current) return { outcome: null, livemode: null };
  if (current.recorded) {
    return {
      outcome: outcomeOfRecordedRun(run, target.status, current.new_triage_item_id, current),
      livemode: current.livemode,
      spotChecked: current.spot_check_id !== null,
    };
  }
  // Settled before this statement began (a repeat after a crash) or cancelled: as recorded.
  if (current.status !== "running") {
    return { outcome: outcomeOfRecordedRun(run, current.status, current.triage_item_id, current), livemode: current.livemode };
  }
  return undefined;
}

async function recordInTransaction(run: TStartedRun, outcome: TAgentOutcome | { kind: "service_error"; message: string }): Promise<TRecording> {
  return db().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<(TCurrentRun & { threshold: number })[]>`
      SELECT r.status::text AS status, r.livemode, o.triage_threshold AS threshold, t.id AS triage_item_id, ${destinationsSql}
      FROM runs r JOIN organizations o ON o.id = r.organization_id LEFT JOIN LATERAL (SELECT id FROM triage_items WHERE run_id = r.id AND kind = 'review' ORDER BY round DESC LIMIT 1) t ON true
      WHERE r.id = ${run.runId}::uuid FOR UPDATE OF r`;
    if (!current) return { outcome: null, livemode: null };
    // Already recorded (this step is running again after a crash): report the same outcome,
    // so its event is still emitted (event ids make a repeat harmless). Cancelled: nothing.
    if (current.status !== "running") {
      return { outcome: outcomeOfRecordedRun(run, current.status, current.triage_item_id, current), livemode: current.livemode };
    }
    let decided = takesApControls(run.agentType, outcome)
      ? ({ kind: "result", result: await apResultWithHistory(tx, run) } as const)
      : outcome;
    if (decided.kind === "result" && takesRfqNumber(run.agentType, decided.result)) {
      decided = { kind: "result", result: await withOrganizationRfqNumber(tx, run.organizationId, decided.result) };
    }
    const target = recordTarget(decided, current.threshold);
    const [written] = await tx.$queryRaw<{ triage_item_id: string | null; spot_check_id: string | null }[]>`
      WITH ${recordSql(run.runId, target, Prisma.sql`true`)}
      SELECT (SELECT id FROM item) AS triage_item_id, ${spotCheckIdSql(target)} AS spot_check_id`;
    // A run the service failed gives its credits back, in this same transaction, once.
    if (target.status === "failed" && outcome.kind === "service_error") await refundRun(tx, run.runId);
    return {
      outcome: outcomeOfRecordedRun(run, target.status, written?.triage_item_id ?? null, current),
      livemode: current.livemode,
      spotChecked: (written?.spot_check_id ?? null) !== null,
    };
  });
}

/**
 * The run's execution failed for good (its job used up every attempt, e.g. the executor
 * could not save a step): the run must not stay `queued` or `running`. It fails as a
 * service error, refunded, with its batch row and counters settled like any outcome. A run
 * already settled reports its recorded outcome (so a lost announcement is sent again; event
 * ids make that harmless); a cancelled run reports nothing. Reads no `data`: the run's own
 * input may be what could not be handled.
 */
export async function failRunAsServiceError(runId: string, message: string): Promise<TRecordedOutcome> {
  const stored = await db().run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, agentType: true, organizationId: true, batchJobId: true },
  });
  if (!stored) return null;
  // queued → running first, so the batch row moves through the states it always does.
  if (stored.status === "queued") await startRun(runId);
  const run: TStartedRun = {
    runId: stored.id,
    agentType: stored.agentType,
    task: "",
    data: null,
    organizationId: stored.organizationId,
    batchJobId: stored.batchJobId,
  };
  return recordOutcome(run, { kind: "service_error", message });
}

/**
 * The outcome a run already settled has (to announce it again when the step that recorded
 * it runs again after a crash, before its result was saved); null while it is not settled,
 * or when it was cancelled.
 */
export async function recordedOutcomeOf(runId: string): Promise<TRecordedOutcome> {
  const [row] = await db().$queryRaw<({ status: string; organization_id: string; batch_job_id: string | null; triage_item_id: string | null } & TDestinations)[]>`
    SELECT r.status::text AS status, r.organization_id, r.batch_job_id, t.id AS triage_item_id, ${destinationsSql}
    FROM runs r LEFT JOIN LATERAL (SELECT id FROM triage_items WHERE run_id = r.id AND kind = 'review' ORDER BY round DESC LIMIT 1) t ON true WHERE r.id = ${runId}::uuid`;
  if (!row) return null;
  return outcomeOfRecordedRun({ runId, organizationId: row.organization_id, batchJobId: row.batch_job_id }, row.status, row.triage_item_id, row);
}
