// The seam between accepting work and carrying it out. Routes and services call
// `workDispatcher()` after the accepting transaction commits; the execution engine
// (embedded executor or a real Inngest server) registers itself here at start-up.
export interface TWorkDispatcher {
  runAccepted(runId: string): Promise<void>;
  batchAccepted(batchJobId: string): Promise<void>;
}

/**
 * Records nothing and runs nothing: accepted runs stay `queued` and batches `pending`
 * until an execution engine is installed with setWorkDispatcher.
 */
export const noExecutionEngine: TWorkDispatcher = {
  runAccepted: async () => undefined,
  batchAccepted: async () => undefined,
};

let current: TWorkDispatcher = noExecutionEngine;

export function workDispatcher(): TWorkDispatcher {
  return current;
}

export function setWorkDispatcher(dispatcher: TWorkDispatcher): void {
  current = dispatcher;
}
