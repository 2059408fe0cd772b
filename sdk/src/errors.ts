// Typed errors, one class per row group of the service's error table (src/foundation/errors.ts,
// docs/api-conventions.md "Errors"). Every API error carries the HTTP status, the `type` from
// the body and the request id the server sent (X-Request-Id), for support and logs.
import type { components } from "./generated/openapi.js";

/** The one error body every /v1 error has. */
export type ErrorBody = components["schemas"]["Error"];
export type ErrorType = ErrorBody["type"];
export type ValidationIssue = { path: string; message: string };

type ApiErrorInit = { status: number; body: ErrorBody; requestId: string | undefined; headers: Headers };

/** Base of every error the SDK throws. `status` is undefined for errors that never reached the API. */
export class AgentWorkforceError extends Error {
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  /** The error body's `type` (`not_found`, `rate_limited`, ...), when the API answered. */
  readonly type: ErrorType | undefined;
  /** The whole error body, when the API answered. */
  readonly body: ErrorBody | undefined;
  readonly headers: Headers | undefined;

  constructor(message: string, init: Partial<ApiErrorInit> & { cause?: unknown } = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.requestId = init.requestId ?? init.body?.request_id;
    this.type = init.body?.type;
    this.body = init.body;
    this.headers = init.headers;
  }
}

/** 401: the API key is missing, malformed, unknown, revoked or expired. */
export class AuthenticationError extends AgentWorkforceError {}

/** 403: the key lacks the scope (`required`, `provided`), or the plan has no API access (`plan`). */
export class PermissionError extends AgentWorkforceError {
  readonly required: string | undefined;
  readonly provided: string[] | undefined;
  readonly plan: string | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.required = init.body.required;
    this.provided = init.body.provided;
    this.plan = init.body.plan;
  }
}

/** 404: no such resource in the key's organization and mode. */
export class NotFoundError extends AgentWorkforceError {}

/** 400: the request failed validation; `issues` name each field (`rows.3.task`). */
export class ValidationError extends AgentWorkforceError {
  readonly issues: ValidationIssue[];
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.issues = init.body.issues ?? [];
  }
}

/** 409: the resource's state does not allow this, or an Idempotency-Key was reused with another body. */
export class ConflictError extends AgentWorkforceError {}

/**
 * 409 `gate_not_passed`: the version has no passed evaluation its release gate requires;
 * nothing was changed. `reasons` says why; `force: true` overrides the gate.
 */
export class GateNotPassedError extends ConflictError {
  readonly reasons: string[];
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.reasons = init.body.reasons ?? [];
  }
}

/**
 * 502 `message_not_delivered`: a review route's test message was refused by the mail server
 * or the chat webhook, or could not reach it. `reason` says what answered.
 */
export class MessageNotDeliveredError extends AgentWorkforceError {
  readonly reason: string | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.reason = init.body.reason;
  }
}

/** 402: the period's credits cannot cover the request; nothing was charged. */
export class InsufficientCreditsError extends AgentWorkforceError {
  readonly creditsRemaining: number | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.creditsRemaining = init.body.credits_remaining;
  }
}

/** 429: a rate limit, the daily call cap or the open-stream cap; retry after `retryAfter` seconds. */
export class RateLimitError extends AgentWorkforceError {
  readonly retryAfter: number | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.retryAfter = init.body.retry_after ?? retryAfterSeconds(init.headers);
  }
}

/**
 * 429 `test_mode_allowance_exhausted`: today's (UTC) test-mode allowance of model-backed runs is
 * used up. Not a rate limit to wait out in a loop: `resetsAt` is the next UTC midnight.
 */
export class TestModeAllowanceError extends RateLimitError {
  readonly allowance: number | undefined;
  readonly used: number | undefined;
  readonly resetsAt: Date | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.allowance = init.body.allowance;
    this.used = init.body.used;
    this.resetsAt = init.body.resets_at === undefined ? undefined : new Date(init.body.resets_at);
  }
}

/** 503: a service the request needs is unavailable; nothing was accepted, retry later. */
export class ServiceUnavailableError extends AgentWorkforceError {
  readonly retryAfter: number | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.retryAfter = retryAfterSeconds(init.headers);
  }
}

/** The API could not be reached (connection refused or reset, DNS) after the retries. */
export class ConnectionError extends AgentWorkforceError {}

/** `runs.wait` / `batches.wait` / `agents.evaluations.wait` gave up after `timeoutMs`. */
export class WaitTimeoutError extends AgentWorkforceError {}

/** `webhooks.verify` refused a delivery: bad or missing signature, stale timestamp, not JSON. */
export class WebhookVerificationError extends AgentWorkforceError {}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), if it has one. */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ErrorBody).type === "string" && typeof (value as ErrorBody).message === "string";
}

/** The typed error for an API answer that is not a success. */
export function errorFromResponse(status: number, headers: Headers, parsed: unknown, text: string): AgentWorkforceError {
  const requestId = headers.get("x-request-id") ?? undefined;
  const body: ErrorBody = isErrorBody(parsed)
    ? parsed
    : { error: "http_error", type: status >= 500 ? "internal_error" : "validation_error", message: text.slice(0, 500) || `HTTP ${status}` };
  const init: ApiErrorInit = { status, body, requestId, headers };
  const message = body.message;
  if (!isErrorBody(parsed)) return new AgentWorkforceError(`HTTP ${status}: ${message}`, { status, requestId, headers });
  switch (body.type) {
    case "authentication_error":
      return new AuthenticationError(message, init);
    case "insufficient_scope":
    case "insufficient_role":
    case "plan_required":
      return new PermissionError(message, init);
    case "not_found":
      return new NotFoundError(message, init);
    case "validation_error":
      return new ValidationError(message, init);
    case "conflict":
      return new ConflictError(message, init);
    case "gate_not_passed":
      return new GateNotPassedError(message, init);
    case "insufficient_credits":
      return new InsufficientCreditsError(message, init);
    case "rate_limited":
      return new RateLimitError(message, init);
    case "test_mode_allowance_exhausted":
      return new TestModeAllowanceError(message, init);
    case "service_unavailable":
      return new ServiceUnavailableError(message, init);
    case "message_not_delivered":
      return new MessageNotDeliveredError(message, init);
    default:
      return new AgentWorkforceError(message, init);
  }
}
