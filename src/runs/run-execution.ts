// The state changes of carrying a run out, called from the execute-run function's steps.
// Each is one conditional update in a transaction, so a step that runs again after a
// crash or retry finds the work done and changes nothing.
import { runAgent, needsTriage } from "../agents/registry.ts";
import { AgentInputError, type TAgentResult } from "../agents/types.ts";
import { settleBatchRowForRun } from "../batches/batch-progress.ts";
import { db } from "../db/client.ts";
import { env } from "../env.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { TAgentType } from "./agent-types.ts";
import { publishRunChange } from "./run-notifier.ts";

export type TStartedRun = { runId: string; agentType: TAgentType; task: string; data: Record<string, unknown> | null; organizationId: string; batchJobId: string | null };

type TStartedRow = {
  id: string;
  agent_type: string;
  task: string;
  data: Record<string, unknown> | null;
  organization_id: string;
  batch_job_id: string | null;
  status: string;
};

/**
 * queued → running, with the batch row, in one statement (the hot path of every run).
 * A run already running is this step repeated after a crash: carry on with it. Returns
 * null when the run is no longer waiting (e.g. cancelled).
 */
export async function startRun(runId: string): Promise<TStartedRun | null> {
  const [row] = await db().$queryRaw<TStartedRow[]>`
    WITH started AS (
      UPDATE runs SET status = 'running', started_at = now(), updated_at = now()
      WHERE id = ${runId}::uuid AND status = 'queued'
      RETURNING id, agent_type, task, data, organization_id, batch_job_id, status::text),
    row_started AS (
      UPDATE batch_rows SET status = 'running', updated_at = now()
      WHERE run_id IN (SELECT id FROM started) AND status = 'pending')
    SELECT * FROM started
    UNION ALL
    SELECT id, agent_type, task, data, organization_id, batch_job_id, status::text FROM runs
    WHERE id = ${runId}::uuid AND NOT EXISTS (SELECT 1 FROM started)`;
  if (!row || row.status !== "running") return null;
  publishRunChange(runId);
  return {
    runId: row.id,
    agentType: row.agent_type as TAgentType,
    task: row.task,
    data: row.data ?? null,
    organizationId: row.organization_id,
    batchJobId: row.batch_job_id,
  };
}

export type TAgentOutcome = { kind: "result"; result: TAgentResult } | { kind: "input_error"; message: string };

/** Calls the agent. Input problems are an outcome (the run fails); anything else throws and is retried. */
export async function callAgent(run: TStartedRun): Promise<TAgentOutcome> {
  try {
    const result = await runAgent(run.agentType, { task: run.task, data: run.data }, { latencyMs: env().AGENT_LATENCY_MS });
    return { kind: "result", result };
  } catch (error) {
    if (error instanceof AgentInputError) return { kind: "input_error", message: error.message };
    throw error;
  }
}

export type TRecordedOutcome = {
  /** The event to emit, or null when nothing changed (the run was cancelled meanwhile, or already recorded). */
  event: "app/run.completed" | "app/run.failed" | "app/run.triage_required" | null;
  triageItemId: string | null;
};

function outcomeOfRecordedRun(status: string, triageItemId: string | null): TRecordedOutcome {
  if (status === "completed") return { event: "app/run.completed", triageItemId: null };
  if (status === "failed") return { event: "app/run.failed", triageItemId: null };
  if (status === "pending_triage") return { event: "app/run.triage_required", triageItemId };
  return { event: null, triageItemId: null };
}

/** running → completed | pending_triage | failed, with the triage item and batch row in the same transaction. */
export async function recordOutcome(
  run: TStartedRun,
  outcome: TAgentOutcome | { kind: "service_error"; message: string },
): Promise<TRecordedOutcome> {
  const recorded = await db().$transaction(async (tx): Promise<TRecordedOutcome> => {
    const current = await tx.run.findUnique({
      where: { id: run.runId },
      include: { organization: { select: { triageThreshold: true } }, triageItem: { select: { id: true } } },
    });
    if (!current) return { event: null, triageItemId: null };
    // Already recorded (this step is running again after a crash): report the same outcome,
    // so its event is still emitted (event ids make a repeat harmless). Cancelled: nothing.
    if (current.status !== "running") return outcomeOfRecordedRun(current.status, current.triageItem?.id ?? null);
    const running = { id: run.runId, status: "running" as const };
    const now = new Date();
    let recordedEvent: TRecordedOutcome;

    if (outcome.kind !== "result") {
      await tx.run.updateMany({ where: running, data: { status: "failed", errorMessage: outcome.message, completedAt: now } });
      recordedEvent = { event: "app/run.failed", triageItemId: null };
    } else {
      const { output, confidence_score: confidenceScore } = outcome.result;
      const json = output as Prisma.InputJsonValue;
      const reason = needsTriage(outcome.result, current.organization.triageThreshold);
      if (reason) {
        await tx.run.updateMany({ where: running, data: { status: "pending_triage", confidenceScore, requiresTriage: true } });
        const item = await tx.triageItem.create({
          data: { organizationId: current.organizationId, livemode: current.livemode, runId: run.runId, triageReason: reason, proposedOutput: json },
        });
        recordedEvent = { event: "app/run.triage_required", triageItemId: item.id };
      } else {
        await tx.run.updateMany({ where: running, data: { status: "completed", confidenceScore, output: json, completedAt: now } });
        recordedEvent = { event: "app/run.completed", triageItemId: null };
      }
    }
    await settleBatchRowForRun(tx, await tx.run.findUniqueOrThrow({ where: { id: run.runId } }));
    return recordedEvent;
  });
  publishRunChange(run.runId);
  return recorded;
}
