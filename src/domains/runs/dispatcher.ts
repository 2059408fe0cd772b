// The seam between accepting work and carrying it out. Services call `workDispatcher()`
// after the accepting transaction commits; which engine runs the work (a real Inngest
// server or the embedded executor) is installed once at start-up by the jobs layer, so
// no domain knows it.
import type { TRunOutcome } from "./run-events.ts";

export type TRunPriority = "low" | "normal" | "high";

export interface TWorkDispatcher {
  /**
   * A run to carry out: newly accepted, or sent back by a reviewer (`reviewRound` > 0; a
   * batch row's run keeps its batch's concurrency key).
   */
  runAccepted(run: { runId: string; priority: TRunPriority; batchJobId?: string | null; reviewRound?: number }): Promise<void>;
  batchAccepted(batchJobId: string): Promise<void>;
  /** A run reached an outcome outside the execution engine (a triage decision). */
  runOutcome(outcome: TRunOutcome): Promise<void>;
}

/**
 * Runs nothing: accepted runs stay `queued` and batches `pending`. Installed only until
 * start-up has chosen the engine (and in processes, like the admin CLI, that never execute).
 */
export const noExecutionEngine: TWorkDispatcher = {
  runAccepted: async () => undefined,
  batchAccepted: async () => undefined,
  runOutcome: async () => undefined,
};

type TDispatcherStore = { __agentWorkforceDispatcher?: TWorkDispatcher };
const store = globalThis as unknown as TDispatcherStore;

export function workDispatcher(): TWorkDispatcher {
  return store.__agentWorkforceDispatcher ?? noExecutionEngine;
}

export function setWorkDispatcher(dispatcher: TWorkDispatcher): void {
  store.__agentWorkforceDispatcher = dispatcher;
}
