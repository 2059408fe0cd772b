// Starting a run: queued → running (run-statements.ts), called first by the execute-run
// function. A run already running is this step repeated after a crash: carry on with it.
import { sqlStatement } from "../../foundation/db/client.ts";
import type { TAgentType } from "../agents/agent-types.ts";
import { publishRunChange } from "./run-notifier.ts";
import { runStartedStatement, type TStartedRow } from "./run-statements.ts";

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

/**
 * queued → running, with the batch row, in one statement (the hot path of every run).
 * Returns null when the run is no longer waiting (e.g. cancelled).
 */
export async function startRun(runId: string): Promise<TStartedRun | null> {
  const [row] = await sqlStatement<TStartedRow>(runStartedStatement(runId));
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
