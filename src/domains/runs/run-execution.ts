// Carrying out a run, as the execute-run function's steps call it: starting it
// (run-start.ts), calling its agent (agent-calls.ts) or its model in rounds (model-rounds.ts),
// and recording the outcome (run-outcome.ts). The state changes themselves are the
// statements of run-statements.ts: each is one conditional update, so a step that runs again
// after a crash or retry finds the work done and changes nothing.
export { startRun, type TStartedRun } from "./run-start.ts";
export { callAgent, usesModel, type TAgentOutcome, type TServiceErrorOutcome } from "./agent-calls.ts";
export { callModelAgent, loadPriorRounds, saveModelRecord, type TPriorRounds } from "./model-rounds.ts";
export { failRunAsServiceError, recordedOutcomeOf, recordOutcome, type TRecordedOutcome } from "./run-outcome.ts";
