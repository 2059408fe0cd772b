// Tells open status streams that a run changed. In-process for now: every state change
// made by this process is published here after its transaction commits.
import { EventEmitter } from "node:events";

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function publishRunChange(runId: string): void {
  emitter.emit(runId);
}

export function subscribeToRun(runId: string, listener: () => void): () => void {
  emitter.on(runId, listener);
  return () => emitter.off(runId, listener);
}
