// Recording a run's outcome: running → completed | pending_triage | failed, with the triage
// item, the batch row and the batch counters (this is every run's hot path; the statements
// are in run-statements.ts). One statement when the outcome does not depend on what it cannot
// know beforehand; otherwise (a score that may fall below the organization's threshold, a
// refund to make, a concurrent change) one transaction.
import { needsTriage } from "../agents/registry.ts";
import { db, sqlStatement } from "../../foundation/db/client.ts";
import { refundRun } from "../usage/credits.ts";
import type { TAgentOutcome, TServiceErrorOutcome } from "./agent-calls.ts";
import { apResultWithHistory, takesApControls } from "./ap-history.ts";
import { takesRfqNumber, withOrganizationRfqNumber } from "./rfq-numbers.ts";
import type { TRunEventName, TRunOutcome } from "./run-events.ts";
import { publishRunChange, publishTriageChange } from "./run-notifier.ts";
import { startRun, type TStartedRun } from "./run-start.ts";
import {
  currentRunStatement,
  lockRunForOutcome,
  recordedInOneStatement,
  recordOnLockedRun,
  type TCurrentRun,
  type TDestinations,
  type TOneStatementRecord,
  type TRecordTarget,
} from "./run-statements.ts";

/**
 * The outcome recorded, or null when nothing changed (the run was cancelled meanwhile).
 * `announce` says whether anyone listens to it: an active webhook of the run's organization
 * and mode subscribed to the event, or a webhook_url on the run or its batch. Without one
 * the outcome event is not sent at all (no fan-out job that would find nothing to do).
 */
export type TRecordedOutcome = (TRunOutcome & { announce: boolean; /** A spot check this outcome opened (its reviewers are told). */ spotCheckItemId?: string | null }) | null;

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

function recordTarget(outcome: TAgentOutcome | TServiceErrorOutcome, threshold: number): TRecordTarget {
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

/** Records the outcome on the running run and announces the change to open pages. */
export async function recordOutcome(run: TStartedRun, outcome: TAgentOutcome | TServiceErrorOutcome): Promise<TRecordedOutcome> {
  // An AP result is decided again in the recording transaction, with the organization's
  // history and tolerances under a per-vendor lock (ap-history.ts): never the one statement.
  // An RFQ document is numbered in the one statement too (rfq-numbers.ts).
  const inTransaction = outcome.kind === "service_error" || takesApControls(run.agentType, outcome);
  const recorded = inTransaction
    ? undefined
    : await recordInOneStatement(run, outcome);
  const { outcome: settled, livemode, spotCheckItemId } = recorded ?? (await recordInTransaction(run, outcome));
  publishRunChange(run.runId);
  // A new item in the queue: open triage pages refresh (a repeat after a crash is harmless).
  if ((settled?.event === "run.triage_required" || spotCheckItemId) && livemode !== null) publishTriageChange(run.organizationId, livemode);
  return withSpotCheck(settled, spotCheckItemId);
}

/**
 * The outcome with the spot check it opened. `undefined`: not known (the run was recorded
 * by an earlier try of this step): read, so a repeat still asks for the spot check's messages
 * (keyed by the item: asking twice tells its reviewers once).
 */
async function withSpotCheck(settled: TRecordedOutcome, spotCheckItemId: string | null | undefined): Promise<TRecordedOutcome> {
  if (!settled || settled.event !== "run.completed") return settled;
  const id = spotCheckItemId === undefined ? await spotCheckOf(settled.runId, settled.reviewRound ?? 0) : spotCheckItemId;
  return id ? { ...settled, spotCheckItemId: id } : settled;
}

async function spotCheckOf(runId: string, round: number): Promise<string | null> {
  const item = await db().triageItem.findFirst({ where: { runId, kind: "spot_check", round }, select: { id: true } });
  return item?.id ?? null;
}

/** `spotCheckItemId`: the run was sampled for a spot check (a new item in the queue). */
type TRecording = { outcome: TRecordedOutcome; livemode: boolean | null; spotCheckItemId?: string | null };

/**
 * The outcome as if the score met the threshold (an agent's own triage reason and input
 * errors do not depend on it), guarded in the statement by the stored threshold. Undefined
 * when the statement could not decide: the transaction does.
 */
async function recordInOneStatement(run: TStartedRun, outcome: TAgentOutcome): Promise<TRecording | undefined> {
  const target = recordTarget(outcome, Number.NEGATIVE_INFINITY);
  if (outcome.kind === "result" && takesRfqNumber(run.agentType, outcome.result)) target.rfqDrafted = outcome.result.output.rfq_number as string;
  // A custom agent's own threshold already decided; otherwise the organization's is checked in the statement.
  const ownThreshold = outcome.kind === "result" && outcome.result.reviewThreshold !== undefined;
  const score = target.status === "completed" && !ownThreshold ? target.confidenceScore : null;
  const [current] = await sqlStatement<TOneStatementRecord>(recordedInOneStatement(run.runId, target, score));
  if (!current) return { outcome: null, livemode: null };
  if (current.recorded) {
    return {
      outcome: outcomeOfRecordedRun(run, target.status, current.new_triage_item_id, current),
      livemode: current.livemode,
      spotCheckItemId: current.spot_check_id,
    };
  }
  // Settled before this statement began (a repeat after a crash) or cancelled: as recorded.
  if (current.status !== "running") {
    return { outcome: outcomeOfRecordedRun(run, current.status, current.triage_item_id, current), livemode: current.livemode };
  }
  return undefined;
}

async function recordInTransaction(run: TStartedRun, outcome: TAgentOutcome | TServiceErrorOutcome): Promise<TRecording> {
  return db().$transaction(async (tx) => {
    const current = await lockRunForOutcome(tx, run.runId);
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
    const written = await recordOnLockedRun(tx, run.runId, target);
    // A run the service failed gives its credits back, in this same transaction, once.
    if (target.status === "failed" && outcome.kind === "service_error") await refundRun(tx, run.runId);
    return {
      outcome: outcomeOfRecordedRun(run, target.status, written?.triage_item_id ?? null, current),
      livemode: current.livemode,
      spotCheckItemId: written?.spot_check_id ?? null,
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
  const [row] = await db().$queryRaw<TCurrentRun[]>(currentRunStatement(runId));
  if (!row) return null;
  return withSpotCheck(outcomeOfRecordedRun({ runId, organizationId: row.organization_id, batchJobId: row.batch_job_id }, row.status, row.triage_item_id, row), undefined);
}
