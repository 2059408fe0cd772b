// @agent-workforce/sdk: the client, its typed errors, webhook verification and the API's types.
export { AgentWorkforce } from "./client.js";
export type { ClientOptions, FetchLike, RequestOptions } from "./http.js";
export {
  AgentWorkforceError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  GateNotPassedError,
  InsufficientCreditsError,
  MessageNotDeliveredError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServiceUnavailableError,
  TestModeAllowanceError,
  ValidationError,
  WaitTimeoutError,
  WebhookVerificationError,
} from "./errors.js";
export type { ErrorBody, ErrorType, ValidationIssue } from "./errors.js";
export { PagedList, type PageInfo } from "./paging.js";
export { parseSse, type SseFrame } from "./sse.js";
export { verifyWebhook, type VerifyOptions, type WebhookHeaders } from "./webhook-verify.js";
export { SETTLED_RUN_STATUSES, TERMINAL_RUN_STATUSES, type CreateOptions, type ListOptions, type StreamOptions, type WaitOptions } from "./resources/runs.js";
export { FINISHED_BATCH_STATUSES, type BatchWaitOptions } from "./resources/batches.js";
export type { Runs } from "./resources/runs.js";
export type { Triage } from "./resources/triage.js";
export type { Batches } from "./resources/batches.js";
export type { Webhooks } from "./resources/webhooks.js";
export type { Usage } from "./resources/usage.js";
export type { Agents } from "./resources/agents.js";
export { FINISHED_EVALUATION_STATUSES, type EvaluationWaitOptions } from "./resources/evaluations.js";
export type { Evaluations } from "./resources/evaluations.js";
export type { Rollouts } from "./resources/rollouts.js";
export type { ReviewRoutes } from "./resources/review-routes.js";
export type * from "./types.js";
export type { paths, operations, components } from "./generated/openapi.js";
